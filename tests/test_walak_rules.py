"""One test per rule sentence of the Walak-pussa source text, on positions worked out by hand.

Boards are written in global order: South a..g (indices 0..6), then North a..g (7..13).
The German sentence each test checks is quoted in its docstring.
"""
import pytest

from kit import walak
from kit.core.errors import IllegalMove
from kit.games.walak import Capture, Endless, LapEnd, Lift, Relay, Sow, Sweep

P = walak.Position


def captures(trace):
    """(hole, count, chained) of every capture event of a traced move."""
    return [(e.hole, e.count, e.chained) for e in trace.events if isinstance(e, Capture)]


def test_start_position():
    """'Löcher pro Reihe: 7 ... Figuren pro Loch zu Beginn: 4 (56 Samen insgesamt)'"""
    p = walak.start()
    assert p.board == (4,) * 14 and sum(p.board) == 56
    assert p.captured == (0, 0) and p.to_move == 0 and not p.is_over
    assert p.legal_moves() == list("abcdefg")


def test_hole_names_and_indexing():
    """Each player names their own holes a..g from their own left (RULINGS: South's c is 2, North's c is 9)."""
    assert walak.hole_index(0, "c") == 2 and walak.hole_index(1, "c") == 9
    assert walak.hole_name(9) == "North's c" and walak.hole_name(0) == "South's a"


def test_lift_all_seeds_and_sow_counter_clockwise():
    """'alle Figuren aus einem beliebigen besetzten Schacht seiner Seite aufnimmt und sie gegen den
    Uhrzeigersinn verteilt, einen Samen pro Loch'"""
    t = P([3, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0]).trace("a")
    assert t.events[0] == Lift(0, 0, 3)
    assert [e.hole for e in t.events if isinstance(e, Sow)] == [1, 2, 3]
    assert t.after.board == (0, 1, 1, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0)


def test_singleton_may_be_played():
    """A single seed may be played under the default rules (RULINGS, step 1)."""
    assert P([1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0]).legal_moves() == ["a"]


def test_relay_lifts_the_next_hole():
    """'Ist der letzte Samen der Hand in ein Loch gesät, nimmt der Spieler den gesamten Inhalt des
    unmittelbar nächsten Lochs auf und sät in einem weiteren Umlauf weiter.'"""
    t = P([2, 0, 3, 2, 0, 0, 0, 3, 0, 0, 0, 0, 0, 1]).trace("a")
    relays = [e for e in t.events if isinstance(e, Relay)]
    assert relays == [Relay(3, 2, 2)]  # last seed in c, so d (2 seeds) is lifted; c keeps its 4
    assert t.after.board == (0, 1, 4, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 1)
    assert captures(t) == [(7, 3, False)]


def test_relay_through_many_laps_ends_in_a_seven_link_chain():
    """A relay through seven laps, then a bead chain that clears the board (worked by hand)."""
    t = P([1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 2, 1, 0], to_move=1).trace("f")
    assert [e.hole for e in t.events if isinstance(e, Relay)] == [0, 2, 4, 6, 8, 10]
    assert captures(t) == [(13, 1, False), (1, 1, True), (3, 1, True), (5, 1, True),
                           (7, 1, True), (9, 1, True), (11, 3, True)]
    assert t.after.is_over and t.after.score == (0, 9) and t.after.winner == 1


def test_lap_ends_when_next_hole_is_empty():
    """'Ist das Loch nach der letzten gelegten Figur leer, endet der Umlauf der Aussaat.'"""
    t = P([2, 0, 3, 0, 0, 0, 0, 2, 0, 1, 0, 0, 0, 1]).trace("a")
    assert not any(isinstance(e, Relay) for e in t.events)
    lap_end = [e for e in t.events if isinstance(e, LapEnd)]
    assert lap_end == [LapEnd(2, 1, 3, False)]
    assert t.after.board == (0, 1, 4, 0, 0, 0, 0, 2, 0, 1, 0, 0, 0, 1) and captures(t) == []


def test_lapping_with_fifteen_seeds_does_not_skip_the_origin():
    """15 seeds lap the board; the origin gets a seed (RULINGS: origin not skipped)."""
    t = P([15, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]).trace("a")
    sown = [e.hole for e in t.events if isinstance(e, Sow)][:15]
    assert sown == list(range(1, 14)) + [0, 1]
    assert captures(t) == [(3, 2, False), (5, 2, True), (7, 2, True), (9, 2, True),
                           (11, 2, True), (13, 2, True), (1, 3, True)]
    assert t.after.score == (15, 0) and t.after.winner == 0


def test_single_capture_pussa_kanawa():
    """'Fällt der letzte Same in ein Loch, dem ein leeres Loch folgt, und enthält das Loch unmittelbar
    hinter diesem leeren Loch Samen, wird der gesamte Inhalt dieses besetzten Lochs geschlagen.'"""
    t = P([1, 0, 0, 5, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0]).trace("a")
    assert captures(t) == [(3, 5, False)]
    assert t.after.board == (0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0) and t.after.captured == (5, 0)
    assert "Pussa kanawa: South's c is empty, capture 5 from South's d." in t.narration()


def test_bead_chain_of_two_on_south_side():
    """'Folgt auf das soeben geschlagene Loch zuerst ein leeres und dann ein besetztes Loch, wird auch
    der Inhalt dieses folgenden besetzten Lochs geschlagen.'"""
    t = P([1, 0, 0, 5, 0, 3, 0, 0, 0, 1, 0, 0, 0, 0]).trace("a")
    assert captures(t) == [(3, 5, False), (5, 3, True)] and t.after.captured == (8, 0)
    assert "Bead chain: capture 3 from South's f (past empty South's e)." in t.narration()


def test_bead_chain_of_three_on_north_side():
    """'Fänge können in Schächten auf beiden Seiten des Bretts stattfinden.' (South captures on North's side)"""
    t = P([0, 0, 0, 0, 0, 0, 1, 0, 0, 2, 0, 3, 0, 5]).trace("g")
    assert captures(t) == [(9, 2, False), (11, 3, True), (13, 5, True)]
    assert t.after.captured == (10, 0)


def test_bead_chain_of_three_on_south_side_by_north():
    """North's chain of three runs through South's holes."""
    t = P([0, 0, 2, 0, 3, 0, 5, 0, 0, 0, 0, 0, 0, 1], to_move=1).trace("g")
    assert captures(t) == [(2, 2, False), (4, 3, True), (6, 5, True)]
    assert t.after.captured == (0, 10) and t.after.board == (1,) + (0,) * 13


def test_bead_chain_runs_across_both_sides():
    """'Diese Verkettung läuft entlang der Bahn weiter': a chain crosses from North's side to South's."""
    t = P([2, 0, 0, 0, 0, 0, 2, 0, 0, 0, 4, 0, 3, 0]).trace("g")
    assert captures(t) == [(10, 4, False), (12, 3, True), (0, 2, True)]


def test_chain_broken_by_two_empty_holes():
    """'... bis die Folge durch zwei aufeinanderfolgende leere Löcher ... unterbrochen wird.'"""
    t = P([1, 0, 0, 5, 0, 0, 4, 1, 0, 0, 0, 0, 0, 0]).trace("a")
    assert captures(t) == [(3, 5, False)] and t.after.board[6] == 4


def test_chain_broken_by_an_occupied_hole():
    """'... oder durch ein unmittelbar folgendes nicht leeres Loch unterbrochen wird.'"""
    t = P([1, 0, 0, 5, 2, 0, 4, 1, 0, 0, 0, 0, 0, 0]).trace("a")
    assert captures(t) == [(3, 5, False)] and t.after.board[4] == 2 and t.after.board[6] == 4


def test_move_ends_after_the_capture():
    """'Der Zug endet unmittelbar nach jedem ausgeführten Fang.' The turn passes; no further sowing."""
    t = P([1, 0, 0, 5, 0, 3, 0, 0, 0, 1, 0, 0, 0, 0]).trace("a")
    assert type(t.events[-1]).__name__ == "MoveEnd" and t.after.to_move == 1


def test_no_legal_move_ends_the_game_and_the_opponent_sweeps():
    """'Steht ein Spieler zu Beginn seines Zugs ohne legalen Zug auf seiner Seite, endet das Spiel, und
    alle verbliebenen Figuren auf dem Brett fallen seinem Gegner zu.'"""
    p = P([2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0], (20, 31))
    t = p.trace("a")
    after = t.after
    assert after.is_over and after.board == (0,) * 14 and after.captured == (25, 31)
    assert after.board_before_sweep == (0, 1, 1, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0)
    assert Sweep(0, 5) in t.events and after.winner == 1


def test_position_with_no_move_is_over_and_scores_the_board_for_the_opponent():
    """A hand-built position whose mover has no seeds: over, the opponent is credited the board."""
    p = P([3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], (10, 43), to_move=1)
    assert p.is_over and p.legal_moves() == [] and p.score == (13, 43) and p.winner == 1


def test_most_captured_wins_and_28_28_is_a_draw():
    """'Wer die meisten geschlagenen Steine zusammengebracht hat, wird zum Sieger erklärt.' 28-28: draw."""
    after = P([2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0], (23, 28)).play("a")
    assert after.is_over and after.score == (28, 28) and after.winner is None
    assert after.returns() == [0.0, 0.0]


def test_endless_example_of_the_rulings():
    """RULINGS: North's a relays through tens of millions of laps; every other hole ends."""
    p = walak.parse_position("N:5 4 3 6 3 4 3 | 5 2 7 6 1 4 3:0-0")
    assert p.endless_moves() == ["a"] and p.legal_moves() == list("bcdefg")
    with pytest.raises(IllegalMove, match="endless"):
        p.play("a")


def test_small_endless_example_returns_to_its_start_after_98_relays():
    """RULINGS: North's e of '1 0 1 0 1 0 1 | 0 1 0 1 2 1 0' repeats its starting state after 98 relays."""
    p = P([1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 2, 1, 0], to_move=1)
    assert "e" in p.endless_moves()
    events = p.first_laps("e", 99)
    # a state: the board with the hand just lifted, and where the hand is
    states = [(walak.state_at(p, events, i + 1).board, e.hole)
              for i, e in enumerate(events) if isinstance(e, (Lift, Relay))]
    assert states[98] == states[0] and len(set(states[:98])) == 98
    assert isinstance(events[-1], Endless) and events[-1].laps == 10_000


def test_endless_limit_is_a_rule_option():
    """With a small lap limit a long relay counts as endless; a player with only endless holes cannot move."""
    rules = walak.Rules(endless_laps=3)
    p = P([1, 0, 1, 0, 1, 0, 1, 0, 0, 0, 0, 0, 1, 0], to_move=1, rules=rules)
    assert p.endless_moves() == ["f"] and p.is_over


def test_illegal_moves_raise_and_change_nothing():
    p = walak.start().play("c")
    before = p.to_string()
    for move, reason in [("z", "not a hole letter"), ("d", "is empty"), (3, "not one of North's holes")]:
        with pytest.raises(IllegalMove, match=reason):
            p.play(move)
    assert p.to_string() == before


def test_play_accepts_letter_or_global_index():
    p = walak.start()
    assert p.play("c") == p.play(2) == p.play("C")
    assert p.notation(2) == "c"


def test_positions_are_immutable():
    p = walak.start()
    with pytest.raises(AttributeError):
        p.board = (0,) * 14


# -- variants ---------------------------------------------------------------------------

def test_skip_origin_variant():
    """Variant: a hand that laps the board skips the hole it was lifted from (worked by hand)."""
    t = P([15, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], rules="skip-origin").trace("a")
    assert [e.hole for e in t.events if isinstance(e, Sow)][:15] == list(range(1, 14)) + [1, 2]
    assert captures(t) == [(8, 2, False), (10, 2, True), (12, 2, True), (0, 1, True), (2, 3, True)]
    assert t.after.board_before_sweep == (0, 0, 0, 1, 0, 1, 3, 0, 0, 0, 0, 0, 0, 0)
    assert t.after.score == (15, 0)


def test_ludii_variant_relays_from_the_landing_hole_and_captures_after_an_empty_one():
    """Ludii reading: a last seed in an occupied hole lifts it; in an empty hole, capture the next."""
    t = P([2, 0, 3, 0, 0, 0, 0, 2, 0, 1, 0, 0, 0, 1], rules="ludii").trace("a")
    assert [e for e in t.events if isinstance(e, Relay)] == [Relay(2, 4, 2)]
    assert captures(t) == [(7, 2, False), (9, 1, True)]
    assert t.after.board == (0, 1, 0, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 1)
    assert "Pussa kanawa: the last seed fell into empty South's g, capture 2 from North's a." in t.narration()


def test_ludii_variant_forbids_singletons_after_the_opening():
    board = [1, 0, 3, 0, 0, 0, 0, 2, 0, 1, 0, 0, 0, 1]
    assert P(board, rules="ludii").legal_moves() == ["a", "c"]
    later = P(board, rules="ludii", ply=1)
    assert later.legal_moves() == ["c"]
    with pytest.raises(IllegalMove, match="singleton"):
        later.play("a")
    assert P([1, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0], rules="ludii", ply=5).legal_moves() == ["a"]


def test_rule_options_and_presets():
    assert walak.as_rules("ludii") == walak.Rules(relay="landing", no_singletons=True)
    assert walak.as_rules({"skip_origin": True}).name == "skip-origin"
    assert walak.Rules(endless_laps=5).name == "custom"
    with pytest.raises(ValueError, match="unknown Walak-pussa rule option 'skip'"):
        walak.as_rules({"skip": True})
    with pytest.raises(ValueError, match="unknown Walak-pussa rule preset 'parker'"):
        walak.start("parker")
    with pytest.raises(ValueError, match="relay must be"):
        walak.Rules(relay="previous")


def test_the_smallest_lap_limit_is_allowed_and_below_it_refused():
    """endless_laps is a positive whole number: 1 is allowed (a relay of a second lap is then endless), 0 refused."""
    rules = walak.Rules(endless_laps=1)
    p = P([2, 0, 3, 2, 0, 0, 0, 3, 0, 0, 0, 0, 0, 1], rules=rules)  # a: lap 1 ends in c and relays from d
    assert p.endless_moves() == ["a"] and p.legal_moves() == ["c", "d"]
    for bad in (0, -1, True, 1.5):
        with pytest.raises(ValueError, match="endless_laps must be a positive whole number"):
            walak.Rules(endless_laps=bad)


def test_first_laps_stops_after_the_laps_asked_for():
    """The first laps of the rulings' small endless sowing, as many as asked for (at least one)."""
    p = P([1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 2, 1, 0], to_move=1)
    for laps in (1, 2, 5):
        events = p.first_laps("e", laps)
        assert sum(isinstance(e, LapEnd) for e in events) == laps
        assert isinstance(events[-1], Endless) and events[-1].laps == 10_000
    assert p.first_laps("e", 0) == p.first_laps("e", 1)


# -- positions: what they show, and what they refuse ------------------------------------------

def test_a_position_draws_itself_as_text_and_as_a_picture():
    p = P([2, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 3, 0, 0], (20, 30), to_move=1)
    text = str(p)
    assert "North: 30 captured  <- to move" in text and "South: 20 captured" in text
    assert "[ 3]" in text.splitlines()[1] and "[ 2]" in text.splitlines()[2]
    assert p._repr_png_().startswith(b"\x89PNG\r\n\x1a\n")


def test_the_largest_ply_is_read_and_one_more_refused():
    from kit.core.limits import MAX_PLY

    assert walak.parse_position(f"S:4,4,4,4,4,4,4/4,4,4,4,4,4,4:0-0:{MAX_PLY}").ply == MAX_PLY
    with pytest.raises(ValueError, match="the ply must be 0 to"):
        walak.parse_position(f"S:4,4,4,4,4,4,4/4,4,4,4,4,4,4:0-0:{MAX_PLY + 1}")


@pytest.mark.parametrize("entry", [5, "ab", ([1] * 14, 0, 1), ([1] * 14,)])
def test_a_history_entry_is_a_board_and_a_mover(entry):
    with pytest.raises(ValueError, match="history entry 1 is a \\(board, to_move\\) pair"):
        P([1] * 14, history=[entry])


def test_a_position_given_a_history_where_it_stood_twice_stands_for_the_third_time():
    board = [1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0]
    other = [0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0]
    once = P(board, (27, 27), history=[(board, 0), (other, 1)])
    assert once.repetitions == 2 and not once.is_over
    twice = P(board, (27, 27), history=[(board, 0), (other, 1), (board, 0), (other, 1)])
    assert twice.repetitions == 3 and twice.repeated and twice.is_over and twice.score == (28, 28)


def test_a_long_list_is_quoted_by_its_first_fifteen_items():
    with pytest.raises(ValueError) as refused:
        P(list(range(20)))
    assert "[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, ...]" in str(refused.value)
    with pytest.raises(ValueError) as refused:
        P(list(range(15)))
    assert "[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]" in str(refused.value)


def test_the_end_reason_says_whether_the_board_was_swept_after_a_move():
    after = P([2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0], (20, 31)).play("a")
    assert after.end_reason == "North had no legal move: South took the 5 seeds left on the board."
    built = P([3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], (10, 43), to_move=1)
    assert built.end_reason == "North has no legal move: South takes the 3 seeds left on the board."
