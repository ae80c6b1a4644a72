"""The repetition ruling: a position standing for the third time ends the game (RULINGS, End of game)."""
import pytest

import kit
from kit import walak
from kit.core.errors import IllegalMove, RecordError
from kit.games.myra import make_position, start as myra_start
from kit.games.walak.match import Match
from kit.games.walak.solver import BudgetExceeded, solve_walak

CHASE = "S:1,0,0,0,0,0,0/1,0,0,0,0,0,0:27-27"
# each seed steps on; North steps its own seed (the last letter) rather than the crossed one
CHASE_MOVES = list("aabbccddeeffgg") * 2


def chase(rules=None):
    p = walak.parse_position(CHASE, rules)
    positions = [p]
    for move in CHASE_MOVES:
        positions.append(positions[-1].play(move))
    return positions


def test_the_chase_ends_on_the_third_occurrence_as_a_draw():
    positions = chase()
    assert [p.repetitions for p in positions[::14]] == [1, 2, 3]
    assert not any(p.is_over for p in positions[:-1])
    end = positions[-1]
    assert end.to_string() == CHASE + ":28"  # the position itself stands
    assert end.is_over and end.repeated and end.legal_moves() == []
    assert end.score == (28, 28) and end.winner is None and end.returns() == [0.0, 0.0]
    assert end.end_reason == "The position stood for the third time: each player took the seeds in their own row."
    with pytest.raises(IllegalMove, match="the game is over: the position stood for the third time"):
        end.play("a")
    assert positions[-2].end_reason is None


def test_the_traced_move_narrates_the_repetition():
    before = chase()[-2]
    trace = before.trace(CHASE_MOVES[-1])
    assert trace.after.repeated
    assert trace.narration()[-2:] == [
        "The position stands for the third time: South takes the 1 seed in their row, North the 1 in theirs.",
        "Game over: a draw, 28-28."]
    assert isinstance(trace.events[-2], walak.Repetition)
    snapshot = walak.state_at(before, trace.events, len(trace.events))
    assert snapshot.board == (0,) * 14 and snapshot.captured == (28, 28)


def test_own_rows_decide_the_winner():
    p = walak.parse_position("S:1,0,0,0,0,0,0/1,0,0,0,0,0,0:30-24")
    for move in CHASE_MOVES:
        p = p.play(move)
    assert p.repeated and p.score == (31, 25) and p.winner == 0


def test_a_capture_clears_the_history():
    assert chase()[1].key()[4] != frozenset()
    p = walak.start().play("c")  # South captures at once
    assert p.captured[0] > 0 and p.repetitions == 1 and p.key()[4] == frozenset()


def test_repetition_off_keeps_going():
    positions = chase({"repetition": False})
    assert not positions[-1].is_over and positions[-1].legal_moves() == ["a"]
    assert all(p.repetitions == 1 for p in positions)
    assert walak.Rules().repetition and all(rules.repetition for rules in walak.PRESETS.values())


def test_key_tells_apart_the_same_position_with_another_history():
    fresh, again = walak.parse_position(CHASE), chase()[14]
    assert (fresh.board, fresh.captured, fresh.to_move) == (again.board, again.captured, again.to_move)
    assert fresh.key() != again.key() and fresh != again
    assert chase({"repetition": False})[14].key() == walak.parse_position(CHASE, {"repetition": False}).key()


def test_a_record_reaching_a_third_repetition_replays_to_the_same_end():
    game = kit.game("walak")
    record = game.record_from_json(game.record(walak.parse_position(CHASE), CHASE_MOVES).to_json())
    end = record.final
    assert end.repeated and end.score == (28, 28) and end.winner is None
    with pytest.raises(RecordError, match=r"move 29 \(a\).*the game is over: the position stood"):
        game.record_from_json({**record.to_json(), "moves": CHASE_MOVES + ["a"]})


def test_a_match_round_ended_by_repetition_goes_on_to_the_next_round():
    match = Match(walak.parse_position(CHASE))
    for move in CHASE_MOVES:
        match = match.play(move)
    assert match.round_over and match.position.repeated and match.holdings == (28, 28)
    assert not match.is_over
    nxt = match.next_round()
    assert nxt.round_number == 2 and nxt.position.board == (4,) * 14 and nxt.opened_by == 1


def test_the_solver_honours_the_ruling():
    # two seeds in each row: repeating pays South more than chasing round for ever
    text = "N:0,0,0,1,0,1,0/0,0,0,0,1,1,0:26-26"
    assert solve_walak(walak.parse_position(text)).margin == 4
    assert solve_walak(walak.parse_position(text, {"repetition": False})).margin == 2
    # the value depends on the history: one more standing of the chase start ends the game
    assert solve_walak(chase()[14]).margin == solve_walak(walak.parse_position(CHASE)).margin == -2
    assert solve_walak(chase()[-1]).margin == 0 and solve_walak(chase()[-1]).move is None
    with pytest.raises(BudgetExceeded, match="storing 1,000 positions"):
        solve_walak(2, max_positions=1000)


@pytest.mark.parametrize("args, message", [
    (([57] + [0] * 13,), "each 0..56"),
    (([4] * 14, (1, 0)), "more than the 56 seeds"),
    (([-1] + [0] * 13,), "each 0..56"),
    (([1.0] + [0] * 13,), "each 0..56"),
    (([True] + [0] * 13,), "each 0..56"),
    (([1] * 14, (0, -1)), "captured must be two whole numbers"),
    (([1] * 14, (False, 0)), "captured must be two whole numbers"),
    (([1] * 14, (0, 0), True), "to_move"),
    (([1] * 14, (0, 0), 0, None, -1), "ply must be"),
    (([1] * 14, (0, 0), 0, None, True), "ply must be"),
    (("44444444444444",), "a board is 14 whole numbers"),
])
def test_values_that_cannot_occur_are_refused(args, message):
    with pytest.raises(ValueError, match=message):
        walak.Position(*args)


def test_fewer_than_56_seeds_is_allowed():
    assert walak.Position([1] * 14).score == (0, 0)
    assert walak.Position([0] * 13 + [56]).to_move == 0


def test_long_position_strings_are_refused():
    with pytest.raises(ValueError, match="too long"):
        walak.parse_position("S:" + "0," * 10_000 + ":0-0")


def test_myra_positions_say_why_the_game_ended():
    assert myra_start().end_reason is None
    limited = myra_start(2, {"ply_limit": 1})
    assert limited.play(limited.legal_moves()[0]).end_reason == "The ply limit of 1 was reached: a draw."

    two = make_position({"F6": "BQ", "F7": "OQ"})
    assert two.play("F6-F7").end_reason == "Orange's queen was captured: Blue wins."


def test_json_keeps_the_positions_since_the_last_capture():
    middle = chase()[20]
    data = middle.to_json()
    assert len(data["history"]) == 20 and data["history"][0] == {"board": [1] + [0] * 6 + [1] + [0] * 6, "to_move": 0}
    again = kit.game("walak").position_from_json(data)
    assert again == middle and again.key() == middle.key() and again.repetitions == middle.repetitions
    assert "history" not in walak.start().to_json()
    with pytest.raises(RecordError, match="history entry 1 holds 14 seeds"):
        kit.game("walak").position_from_json({**data, "history": [{"board": [1] * 14, "to_move": 0}]})


def test_animations_carry_each_row_to_its_owner():
    from kit.games.walak.drawing import WalakBoard

    repetition = chase()[-2].trace(CHASE_MOVES[-1]).events[-2]
    assert WalakBoard.travels(repetition) and WalakBoard.holds(repetition)
