"""The classroom's puzzle mode, free hints and the live game's hover line, driven by synthetic
clicks at the centres of holes and hollows (from the drawing's own geometry)."""
from __future__ import annotations

import pytest

from kit import walak
from kit.agents.hints import hint
from kit.classroom.room import Classroom
from kit.games.walak import hole_index
from kit.games.myra.clicks import click_path


@pytest.fixture(scope="module")
def room() -> Classroom:
    return Classroom(seed=3)


def click(stage, target) -> None:  # noqa: ANN001 - a Stage and a hole or hollow
    x, y = stage.controller.drawing.pixel_of(target)
    stage.view.handle_event({"type": "click", "dataX": x, "dataY": y})


def test_puzzle_mode_shows_the_puzzle_and_its_question(room: Classroom) -> None:
    room.game.value, room.mode.value = "walak", "puzzles"
    panel, stage = room.puzzles["walak"], room.stages["walak"]
    assert [p for p in room.main.children if p.layout.display != "none"] == [stage]
    assert room.side.children[0] is panel and stage.controller.clicks is panel.click
    assert stage.prompt_text == panel.puzzle.question and stage.controller.position == panel.puzzle.position
    assert panel.puzzle.question in panel.question.value and stage.predict.layout.display == "none"


def test_a_wrong_click_is_not_yet_and_a_right_one_is_right(room: Classroom) -> None:
    panel, stage = room.puzzles["walak"], room.stages["walak"]
    puzzle = panel.puzzle
    right = (hole_index(puzzle.position.to_move, puzzle.answer) if puzzle.kind == "most-captured"
             else walak.hole_index(*_side_and_letter(puzzle.answer)))
    wrong = next(h for h in range(14) if h != right and (puzzle.kind == "relay-end" or
                                                          puzzle.position.why_illegal(h) is None))
    click(stage, wrong)
    assert stage.feedback.text.startswith("Not yet") and panel.session.tally() == "score 0 of 1 · streak 0 (best 0)"
    click(stage, right)  # told so, not scored again
    assert stage.feedback.text.startswith("Right!") and panel.session.score == 0
    panel.next_button.click()
    puzzle = panel.puzzle
    right = (hole_index(puzzle.position.to_move, puzzle.answer) if puzzle.kind == "most-captured"
             else walak.hole_index(*_side_and_letter(puzzle.answer)))
    click(stage, right)
    assert stage.feedback.text.startswith("Right!")
    assert "score <b>1</b> of 2 · streak <b>1</b> (best 1)" in panel.tally.value


def _side_and_letter(name: str) -> tuple[int, str]:
    side, letter = name.split("'s ")
    return (0 if side == "South" else 1), letter


def test_reveal_animates_the_solution_and_next_moves_on(room: Classroom) -> None:
    panel, stage = room.puzzles["walak"], room.stages["walak"]
    puzzle = panel.puzzle
    tried = panel.session.tried
    panel.reveal_button.click()
    assert stage.trace is not None and stage.trace.move == puzzle.move and stage.play.playing
    assert stage.feedback.text.startswith(f"The answer: {puzzle.answer_text}. Watch the solution")
    assert stage.controls.layout.display is None and panel.session.tried == tried
    click(stage, 0)  # after the reveal a click is no answer
    assert "press next puzzle" in stage.feedback.text
    panel.next_button.click()
    assert panel.puzzle != puzzle and stage.trace is None and stage.prompt_text == panel.puzzle.question
    panel.reveal_button.click()  # revealed before any answer: tried, not solved, the streak broken
    assert panel.session.tried == tried + 1 and panel.session.streak == 0


def test_the_level_chooser_draws_a_puzzle_of_that_level(room: Classroom) -> None:
    panel = room.puzzles["walak"]
    tried = panel.session.tried
    panel.level_choice.value = 2
    assert panel.puzzle.level == 2 and panel.session.tried == tried  # changing the level is no answer
    panel.level_choice.value = 1


def test_myra_puzzles_are_answered_by_clicking_the_piece_and_its_target(room: Classroom) -> None:
    room.game.value, room.mode.value = "myra", "puzzles"
    panel, stage = room.puzzles["myra"], room.stages["myra"]
    assert stage.controller.clicks is panel.click
    assert room.stages["walak"].controller.clicks is room.puzzles["walak"].click
    puzzle = panel.puzzle
    position = puzzle.position
    move = position.parse_move(puzzle.move)
    path = click_path(position, move)
    for hollow in path:
        click(stage, hollow)
        if panel.choices.children:  # one target, several moves: press the right one
            wanted = next(b for b in panel.choices.children[1:] if b.description.split(": ")[1].split()[0]
                          == position.notation(move))
            wanted.click()
            break
    assert stage.feedback.text.startswith("Right!"), stage.feedback.text
    assert panel.session.score == 1


def test_demonstrations_come_back_after_the_puzzles(room: Classroom) -> None:
    room.mode.value = "demos"
    stage = room.stages["myra"]
    assert stage.trace is not None and stage.trace.before == room.chosen["myra"].start()
    assert stage.controller.clicks == stage.click
    assert stage.predict.layout.display is None and stage.controls.layout.display is None
    room.game.value = "walak"


def test_the_live_game_has_free_hints_that_mark_the_board(room: Classroom) -> None:
    room.game.value, room.mode.value = "walak", "live"
    board = room.board("walak")
    board.hint_search = {"depth": 2}
    assert board.hints.left is None and board.hint_button.description == "hint"
    for _ in range(5):
        board.hint_button.click()
        assert board.feedback.text.startswith("Hint for South: ") and "left" not in board.feedback.text
    assert board.hint_marks() == (hole_index(0, hint(board.position, depth=2).move),)
    assert board.hint_button in board.toolbar.children and board.toolbar in room.live["walak"].main.children


def test_the_live_game_says_what_a_hovered_hole_would_do_in_large_type(room: Classroom) -> None:
    board = room.board("walak")
    x, y = board.stepper.drawing.pixel_of(2)
    board.stepper.view.handle_event({"type": "mousemove", "dataX": x, "dataY": y})
    assert board.preview_text.startswith("South c: ")
    assert "kit-preview" in board.preview._dom_classes and board.preview in room.live["walak"].main.children
    board.stepper.view.handle_event({"type": "mouseleave"})
    assert board.preview_text == ""


def test_the_set_up_has_a_free_hint_that_marks_the_move(room: Classroom) -> None:
    room.mode.value = "setup"
    panel, stage = room.setups["walak"], room.stages["walak"]
    panel.hint_search = {"depth": 2}
    panel.start_button.click()
    for _ in range(4):
        panel.hint_button.click()
    expected = hint(walak.start(), depth=2)
    assert stage.feedback.text == f"Hint for South: {expected.move}: {expected.text}."
    assert stage.controller.drawing._hints[hole_index(0, expected.move)].get_visible()
    room.mode.value = "demos"


def test_the_live_game_explains_a_move_chosen_beside_the_board(room: Classroom) -> None:
    room.game.value, room.mode.value = "walak", "live"
    board = room.board("walak")
    board.new_button.click()
    board.why_not.value = "c"
    board.explain_button.click()
    assert board.feedback.text.startswith("c: ") and "the best reply found: North plays" in board.feedback.text
    assert any(board.explain_button in getattr(part, "children", ()) for part in room.live["walak"].side.children)
    room.mode.value = "demos"


def test_a_relay_end_puzzle_rings_the_hole_of_its_move() -> None:
    from kit.draw import palette
    from kit.puzzles import make_puzzles
    from kit.puzzles.board import draw_puzzle
    from kit.games.walak.drawing import WalakBoard

    puzzle = make_puzzles("walak", "relay-end", count=1, seed=1)[0]
    drawing = WalakBoard(puzzle.position)
    draw_puzzle(drawing, puzzle)
    face = drawing._faces[puzzle.position.parse_move(puzzle.move)]
    assert face.get_edgecolor()[:3] == tuple(c / 255 for c in palette.rgb(palette.LIFT))


def test_the_first_puzzle_is_drawn_with_no_other_board_in_sight(monkeypatch) -> None:  # noqa: ANN001
    import kit.puzzles.board
    from kit.puzzles.session import PuzzleSession

    room = Classroom(seed=3)
    room.mode.value = "setup"
    stage = room.stages["walak"]
    seen = []

    def session(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202 - the session, noting what the room shows meanwhile
        seen.append((stage.view.layout.visibility, stage.feedback.text, stage.prompt_text))
        return PuzzleSession(*args, **kwargs)

    monkeypatch.setattr(kit.puzzles.board, "PuzzleSession", session)
    room.mode.value = "puzzles"
    assert seen == [("hidden", "Drawing a puzzle…", "")]
    assert stage.view.layout.visibility is None and stage.controller.position == room.puzzles["walak"].puzzle.position


def test_a_first_puzzle_drawn_in_the_background_is_awaited_with_the_board_hidden(monkeypatch) -> None:  # noqa: ANN001
    import threading

    import kit.classroom.room
    from kit.puzzles.session import PuzzleSession

    go_on, seen = threading.Event(), []
    room = Classroom(seed=3)
    stage = room.stages["walak"]

    def session(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202 - a session drawn slowly
        go_on.wait(10)
        return PuzzleSession(*args, **kwargs)

    monkeypatch.setattr(kit.classroom.room, "PuzzleSession", session)
    room.prepare("walak")
    join = room.first_puzzles["walak"].thread.join

    def joined(*args) -> None:  # noqa: ANN002 - what the room shows while it waits
        seen.append((stage.view.layout.visibility, stage.feedback.text))
        go_on.set()
        join(*args)

    room.first_puzzles["walak"].thread.join = joined
    room.mode.value = "puzzles"
    assert seen == [("hidden", "Drawing a puzzle…")] and stage.view.layout.visibility is None
