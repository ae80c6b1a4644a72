"""Proof that the generic packages know no game: Nim (tests/third_game), registered here and
nowhere else, plays through the play board, the stepper, the computer players, a
tournament, analysis, records and the classroom's live game without a line of its own in them."""
from __future__ import annotations

import dataclasses
import io
import json
from contextlib import redirect_stdout

import pytest

import kit
from kit.agents import make_agent
from kit.agents.analyse import analyse
from kit.agents.hints import explain, hint
from kit.agents.protocol import AGENTS
from kit.agents.reasons import Reasons
from kit.agents.tournament import match, random_play_stats
from kit.classroom.live import LiveGame
from kit.classroom.stage import Stage
from kit.cli.main import main
from kit.core.errors import IllegalMove, RecordError
from kit.draw.animate import frames_for, save_gif
from kit.widgets import MoveStepper
from kit.widgets.board_view import BoardView
from tests.third_game.drawing import NimBoard
from tests.third_game.evaluation import nim_sum
from tests.third_game.game import NIM
from tests.third_game.play_board import NimPlayBoard
from tests.third_game.position import Position, Take, start

pytestmark = pytest.mark.usefixtures("third_game")

HINT = {"depth": 3}  # hints searched to a fixed depth: quick and repeatable


def click(view: BoardView, target: tuple[int, int], kind: str = "click") -> None:
    """A click (or pointer move) on the picture at the centre of a hollow, as the browser sends it."""
    x, y = view.board.pixel_of(target)
    view.handle_event({"type": kind, "dataX": x, "dataY": y})


def test_the_game_is_registered_and_found_by_its_positions(third_game):
    assert kit.games()[:2] == ["walak", "myra"] and kit.games()[-1] == "nim" and kit.game("nim") is third_game
    assert kit.game_of(start()) is third_game and third_game.start().heaps == (3, 4, 5)
    assert third_game.rules_json(third_game.as_rules({"heaps": [1, 2, 3]})) == "small"
    assert isinstance(kit.explore(start()), NimPlayBoard) and isinstance(kit.explore(start(), "c2"), MoveStepper)


def test_a_click_on_a_stone_takes_it_and_the_stones_right_of_it():
    board = NimPlayBoard(size=5)
    view = board.stepper.view
    before = board.png()
    click(view, (2, 3), "mousemove")  # the fourth stone of heap c: taking it leaves 3
    assert board.preview_text == "First c2: First takes a stone from heap c (3 left there)."
    click(view, (2, 3))
    assert board.position == start().play(Take(2, 2)) and board.png() != before
    assert board.stepper.traces == (start().trace("c2"),) and board.stepper.text == start().trace("c2").narration()[-1]
    assert [label for label, _ in board.moves.options] == ["1. First c2"]
    click(view, (2, 4))  # an empty hollow: nothing happens, the message says why
    assert "no stone there" in board.feedback.text and board.position.ply == 1
    view.handle_event({"type": "click", "dataX": 1, "dataY": 1})  # off the board
    assert "Click a stone" in board.feedback.text
    assert board.errors.outputs == ()


def test_undo_redo_hint_explain_and_the_computer_on_the_play_board():
    board = NimPlayBoard(hints=None)
    board.hint_search = HINT
    board.hint()
    assert board.feedback.text.startswith("Hint for First: ") and board.hinted is not None
    assert nim_sum(board.position.play(board.hinted)) == 0
    assert board.hint_marks() == kit.game("nim").marks(board.position, board.hinted)
    click(board.stepper.view, board.hint_marks()[0])  # the marked stone plays the hinted move
    assert nim_sum(board.position) == 0 and board.position.ply == 1
    board.undo()
    assert board.position == start()
    board.redo()
    assert board.position.ply == 1
    board.why_not.value = board.why_not.options[0]
    board.explain()
    assert board.feedback.text.startswith(board.why_not.value + ": ")
    board.seats.seat(0, "strong")  # the computer plays First from now on
    board.computer_move()  # Second's move (at club strength), and First's answer
    board.wait()  # the computer thinks on a thread of its own
    assert board.position.ply == 3 and nim_sum(board.position) == 0
    board.new_game()  # the computer opens for First
    board.wait()
    assert board.position.ply == 1 and nim_sum(board.position) == 0 and board.errors.outputs == ()


def test_a_game_record_saved_from_the_board_loads_again():
    board = NimPlayBoard(rules="small")
    for target in ((2, 0), (1, 1), (0, 0), (1, 0)):
        click(board.stepper.view, target)
    assert board.position.is_over and "Second wins" in board.status.value
    saved = board.record_json()
    other = NimPlayBoard()
    other.load_record(saved)
    assert other.position == board.position and other.record_json() == saved
    with pytest.raises(RecordError, match="d1"):
        other.load_record('{"game": "nim", "moves": ["d1"]}')
    assert other.position == board.position


def test_the_stepper_and_the_animation_step_through_a_move(tmp_path):
    trace = start().trace("c5")
    stepper = MoveStepper(start(), "c5")
    assert stepper.steps == len(trace.events) == 6  # five stones picked, the heap emptied
    seen = []
    for _ in range(stepper.steps):
        stepper.next_button.click()
        seen.append(stepper.text)
    assert seen == trace.narration() and stepper.png() != MoveStepper(start()).png()
    frames = frames_for(trace, inbetween=2, hold=1)
    assert len(frames) == 5 * (2 + 1) + 1 + 1  # each stone flies in two in-between frames; the end is held
    last = Position((0, 0, 1), (3, 4)).trace("c1")
    assert save_gif(last.before, "c1", tmp_path / "win.gif", inbetween=1, hold=2) == 4  # flying, picked, emptied, won


def test_the_drawing_maps_every_hollow_to_its_pixel_and_back():
    board = NimBoard(start(), size=5)
    assert all(board.target_at(*board.pixel_of((h, p))) == (h, p) for h in range(5) for p in range(9))
    assert board.target_at(1, 1) is None


@pytest.mark.parametrize("name", [*AGENTS, "beginner", "club", "strong"])
def test_every_computer_player_plays_legal_moves_to_the_end(name):
    agent = make_agent(name, "nim", seed=1, playouts=60) if name == "mcts" else make_agent(name, "nim", seed=1)
    position = start("small")
    while not position.is_over:
        move = agent.choose(position)
        assert move in position.legal_moves()
        position = position.play(move)
    assert position.winner in (0, 1)


def test_the_searching_players_find_the_winning_move():
    position = Position((2, 4, 5))  # only a1 leaves a nim-sum of 0
    assert make_agent("alphabeta", "nim", depth=2).choose(position) == Take(0, 1)
    assert make_agent("mcts", "nim", playouts=400).choose(Position((0, 0, 2))) == Take(2, 2)  # the last stones


def test_a_tournament_and_random_play_statistics():
    result = match("nim", ["alphabeta", "random"], games=4, depth=2, processes=1, progress=False)
    assert result.wins() == {"alphabeta": 4, "random": 0} and result.draws == 0
    assert "4 games of nim" in result.table()
    stats = random_play_stats("nim", games=20, processes=1, progress=False)
    assert stats.games == 20 and sum(stats.wins_by_seat) == 20 and "random games of Nim" in stats.summary()


def test_analyse_and_hints_speak_of_the_game():
    found = analyse(start(), seconds=None, depth=12)  # deep enough to see every game to its end
    assert nim_sum(start().play(found.best)) == 0 and found.words == "First wins by force"
    assert found.pv[0] == found.best and f"best move: {found.best}" in found.text()
    shallow = analyse(start(), seconds=None, depth=2)
    assert shallow.words == "First is ahead by about 1 stone"  # the game's unit, from the registry
    suggestion = hint(start(), depth=3)
    assert nim_sum(start().play(suggestion.move)) == 0
    assert suggestion.text == "leaves heaps whose nim-sum is 0: every answer can be answered back to 0"
    assert explain(start(), "a1").startswith("The move a1 takes 1 stone; the best reply found: Second plays ")


class ScoredNim(type(NIM)):
    """Nim declared as a game without captures whose evaluation is a score of its own."""

    def reasons(self):
        return Reasons(lambda position, move: None, lambda trace: None)


def test_a_game_whose_evaluation_is_a_score_and_that_captures_nothing_is_said_so(monkeypatch):
    scored = ScoredNim(**{**{f.name: getattr(NIM, f.name) for f in dataclasses.fields(NIM)},
                          "score_unit": "points", "captures": False})
    for module in ("kit.agents.analyse", "kit.agents.hints"):
        monkeypatch.setattr(f"{module}.game_of", lambda position: scored)
    shallow = analyse(start(), seconds=None, depth=2)
    assert shallow.words == "First is ahead by about 1 point" and "value: First is ahead by about 1 point (+0.70)\n" in shallow.text()
    found = analyse(start(), seconds=None, depth=12)
    assert found.words == "First wins by force" and "value: First wins by force\ndepth: " in found.text()  # no win constant
    assert found.to_json()["result"] == "win" and found.to_json()["value"] > 1000
    said = explain(start(), "a1")
    assert said.startswith("The move a1; the best reply found: Second plays ") and "nothing" not in said
    assert "nothing" not in hint(start(), **HINT).text


def test_the_command_line_analyses_plays_a_tournament_and_writes_a_gif(tmp_path):
    out = io.StringIO()
    with redirect_stdout(out):
        status = main(["analyse", "nim", "c1", "--depth", "4", "--json"])
    assert status == 0 and json.loads(out.getvalue())["best"] == "a3"  # the only move leaving a nim-sum of 0
    out = io.StringIO()
    with redirect_stdout(out):
        status = main(["tournament", "nim", "greedy", "random", "--games", "2", "--processes", "1", "--json"])
    assert status == 0 and json.loads(out.getvalue())["games"] == 2
    out = io.StringIO()
    with redirect_stdout(out):
        status = main(["analyse", "nim", "--position", json.dumps(Position((2, 4, 5)).to_json()), "--depth", "2"])
    assert status == 0 and "best move: a1" in out.getvalue()
    out = io.StringIO()
    with redirect_stdout(out):  # a command every game has, with the generic position options
        status = main(["nim", "gif", "c3", "--rules", "small", "--inbetween", "0", "--out", str(tmp_path / "c3.gif")])
    assert status == 0 and (tmp_path / "c3.gif").exists() and out.getvalue().startswith("4 frames written")


def test_records_round_trip_through_json_and_refuse_bad_input(third_game):
    moves = ["c2", "a3", "b1"]
    record = third_game.record(start(), moves, first="Ann", second="Ben")
    data = json.loads(json.dumps(record.to_json()))
    assert data == {"game": "nim", "players": 2, "rules": "default", "start": start().to_json(), "moves": moves,
                    "names": {"first": "Ann", "second": "Ben"}}
    assert third_game.record_from_json(json.dumps(data)) == record
    finished = third_game.record(Position((0, 0, 2)), ["c2"])
    assert finished.to_json()["result"] == {"winner": 0}
    assert third_game.record_from_json(finished.to_json()).final.is_over
    bad = {"wrong game": {**data, "game": "walak"}, "illegal move": {**data, "moves": ["c9"]},
           "bad heaps": {**data, "start": {**data["start"], "heaps": [3, 4]}},
           "bad rules": {**data, "rules": {"heaps": [1, 2, 3, 4, 5, 6]}},
           "false result": {**data, "result": {"winner": 1}}}
    for what, wrong in bad.items():
        with pytest.raises(RecordError):
            third_game.record_from_json(wrong)
    with pytest.raises(IllegalMove):
        start().play("f1")


def test_the_classroom_live_game_plays_it():
    live = LiveGame("nim", size=6)
    board = live.board
    assert isinstance(board, NimPlayBoard) and board.hints.limit is None
    assert board.stepper.view in live.main.children and board.seats in live.side.children
    click(board.stepper.view, (0, 0))
    assert board.position.heaps == (0, 4, 5) and board.errors.outputs == ()


def test_the_classroom_stage_steps_through_a_move_and_a_position_shows_itself():
    stage = Stage(start(), size=6)
    trace = start().trace("b4")
    stage.show(trace)
    stage.forward()
    assert stage.step == 1 and stage.controller.text == trace.narration()[0]
    stage.click((1, 0))  # no question asked (Nim has none to predict): the click changes nothing
    assert stage.step == 1 and stage.controller.feedback.errors.outputs == ()
    assert start()._repr_png_()[:4] == b"\x89PNG" and kit.game("nim").target_name((1, 2)) == "heap b, stone 3"


def test_a_game_without_puzzles_says_so(capsys):
    with pytest.raises(ValueError, match="Nim has no puzzles"):
        kit.puzzle("nim")
    assert main(["puzzles", "nim"]) == 2 and capsys.readouterr().err == "error: Nim has no puzzles\n"


def test_a_position_file_that_is_not_there_is_said_so_for_a_game_without_a_text_form(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(["nim", "moves", "--position", "nosuch.json"]) == 2
    assert capsys.readouterr().err == "error: cannot read the position file nosuch.json: No such file or directory\n"
    assert main(["nim", "moves", "--position", json.dumps(Position((0, 1, 0)).to_json())]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "legal: b1"
    with pytest.raises(SystemExit):
        main(["nim", "moves", "--help"])
    said = " ".join(capsys.readouterr().out.split())
    assert "a position file, or the position itself (JSON)" in said and "text form" not in said


def test_the_tournament_help_lists_the_games_without_a_ply_limit_as_a_list(capsys):
    with pytest.raises(SystemExit):
        main(["tournament", "--help"])
    said = " ".join(capsys.readouterr().out.split())
    assert ("a game still going after N plies is a draw (myra: default 200); Walak-pussa and Nim take none: their "
            "games end by their own rules") in said


def test_a_position_shows_its_picture_in_jupyter_through_its_game_and_none_without_one(monkeypatch):
    assert "_repr_png_" not in vars(Position)  # Abilities gives it: the game's picture
    assert start()._repr_png_() == kit.game("nim").picture(start())
    plain = dataclasses.replace(NIM, parts={k: v for k, v in NIM.parts.items() if k not in ("drawing", "picture")})
    monkeypatch.setattr("kit.core.game.game_of", lambda state: plain)
    assert start()._repr_png_() is None


def test_a_class_game_ended_by_a_ruling_says_so_under_a_board_that_cannot_show_it():
    from kit.classes.shared_board import show_ended
    from kit.games.walak.drawing import WalakBoard
    from kit import walak

    board = NimBoard(start())  # its show takes no ending: the caption says it
    show_ended(board, start(), "The teacher adjudicated it a draw.")
    assert board._caption.get_text() == "The teacher adjudicated it a draw."
    walak_board = WalakBoard(walak.start())  # one that can: nobody is marked to move either
    show_ended(walak_board, walak.start(), "A draw. Agreed by both players.")
    assert walak_board._caption.get_text() == "A draw. Agreed by both players."
    assert not any(name.get_bbox_patch() for name in walak_board._names)
