"""The classroom app driven from Python as a teacher would: demonstrations, keys, predict
mode answered by synthetic clicks at hole and hollow centres, set-up, live game."""
from __future__ import annotations

import html
import json
import threading

import pytest

import kit
from kit import myra, walak
from kit.classroom import app
from kit.classroom.room import Classroom
from kit.puzzles.session import PuzzleSession
from kit.widgets.feedback import CALLBACK_LOCK
from tests.waiting import until
from kit.games.myra.demos import demo as myra_demo
from kit.games.walak.demos import demo as walak_demo


@pytest.fixture(scope="module")
def room() -> Classroom:
    return app()


def click(stage, target) -> None:  # noqa: ANN001 - a Stage and a hole or hollow
    """A synthetic click at the centre of a hole or hollow of the stage's picture."""
    x, y = stage.controller.drawing.pixel_of(target)
    stage.view.handle_event({"type": "click", "dataX": x, "dataY": y})


def visible(room: Classroom) -> list:
    return [part for part in room.main.children if part.layout.display != "none"]


def test_the_app_shows_the_walak_gallery_first(room: Classroom) -> None:
    stage = room.stage
    assert room.game.value == "walak" and room.mode.value == "demos"
    assert visible(room) == [stage] and room.side.children[0] is room.notes["walak"]
    assert "Single capture." in room.notes["walak"].value
    assert stage.trace.before == walak_demo("single").start() and stage.step == 0
    with pytest.raises(ValueError, match="walak, myra"):
        Classroom("chess")


def test_keys_step_and_jump(room: Classroom) -> None:
    room.galleries["walak"].buttons["chain-2-south"].click()
    stage = room.stage
    before = stage.png()
    for key, step in (("ArrowRight", 1), ("PageDown", 2), ("PageUp", 1), ("End", stage.controller.steps), ("Home", 0)):
        stage.view.handle_event({"type": "keydown", "key": key})
        assert stage.step == step, key
    stage.view.handle_event({"type": "keydown", "key": "ArrowRight"})
    assert stage.png() != before


def test_predict_stops_asks_and_checks_clicks(room: Classroom) -> None:
    room.galleries["walak"].buttons["single"].click()
    stage = room.stage
    stage.predict.value = True
    stage.last_button.click()  # stops at the first question, not at the end
    assert stage.step == 1 and stage.prompt_text == "Question: Where does the last seed fall?"
    stage.next_button.click()  # no further until answered
    assert stage.step == 1 and "click the board to answer" in stage.prompt_text
    stage.view.handle_event({"type": "click", "dataX": 2, "dataY": 2})  # beside the holes: no answer
    assert stage.step == 1 and stage.question is not None
    click(stage, 1)  # South's b
    assert stage.prompt_text.startswith("Right: South's b.") and stage.step == 3
    stage.next_button.click()
    assert stage.prompt_text == "Question: What does South capture?"
    assert stage.next_button.disabled and stage.last_button.disabled and stage.play.disabled
    assert not stage.reveal_button.disabled
    click(stage, 10)  # North's d: not yet, one more try
    assert stage.prompt_text == "Not yet: not North's d. One more try: What does South capture?"
    assert stage.question is not None and stage.step == 3
    click(stage, 11)  # North's e: wrong again, the answer
    assert stage.prompt_text.startswith("Not yet. Not North's e. The answer: South's d.") and stage.step == 4
    assert not stage.next_button.disabled
    stage.last_button.click()
    assert stage.step == stage.controller.steps
    stage.predict.value = False


def test_the_reveal_button_and_myra(room: Classroom) -> None:
    room.game.value = "myra"
    assert visible(room) == [room.stages["myra"]]
    room.galleries["myra"].buttons["fortress"].click()
    stage = room.stage
    stage.predict.value = True
    stage.forward()
    assert stage.prompt_text == "Question: What does Blue capture?"
    drawing = stage.controller.drawing
    assert not drawing.way_shown and not len(drawing._planned.get_xdata())  # no dashed way to the answer
    stage.reveal_button.click()
    assert drawing.way_shown
    assert stage.prompt_text.startswith("The answer: F6.")
    stage.predict.value = False
    room.galleries["myra"].buttons["sides"].click()
    stage.predict.value = True
    stage.forward()
    click(stage, myra.parse_hollow("K1"))
    assert stage.prompt_text.startswith("Right: K1.")
    stage.forward()
    assert stage.prompt_text == ""  # the verdict goes with the next step
    stage.forward()
    assert "change sides" in stage.prompt_text
    click(stage, myra.parse_hollow("J2"))
    assert stage.prompt_text.startswith("Right: J2.")
    stage.predict.value = False
    room.game.value = "walak"


def test_walak_set_up_by_clicking_holes(room: Classroom) -> None:
    room.mode.value = "setup"
    panel, stage = room.setups["walak"], room.stage
    assert room.side.children == (panel, stage.feedback.message)  # its messages wrap beside it
    heading = panel.children[0]
    assert "Click a hole to add a seed" in heading.value
    panel.click_does.value = "move"  # the heading says what a click does now
    assert "Click the board to play a move" in heading.value and "add a seed" not in heading.value
    panel.click_does.value = "edit"
    assert "Click a hole to add a seed" in heading.value
    panel.empty_button.click()
    click(stage, 0)
    assert "South's a: 1 seed. 1 of 56 seeds in play." in stage.feedback.text  # one seed: singular
    for hole in (3, 3, 3, 3, 3):
        click(stage, hole)
    assert panel.position.board[:4] == (1, 0, 0, 5)
    assert "South's d: 5 seeds. 6 of 56 seeds in play." in stage.feedback.text
    panel.action.value = "remove"
    click(stage, 3)
    assert panel.position.board[3] == 4
    click(stage, 5)
    assert stage.feedback.text == "South's f is empty: there is no seed to take out."
    panel.to_move.value = 1  # North has no seeds
    assert stage.feedback.text == "North is to move but has no move here: change the turn or the board."
    panel.to_move.value = 0
    panel.start_button.click()
    panel.action.value = "add"
    click(stage, 2)
    assert "56 already" in stage.feedback.text and sum(panel.position.board) == 56
    panel.empty_button.click()
    click(stage, 0)
    assert "South's a: 1 seed. 1 of 56 seeds in play." in stage.feedback.text  # one seed: singular
    for hole in (3, 3, 3, 3, 3):
        click(stage, hole)
    panel.click_does.value = "move"
    click(stage, 7)  # North's hole: South is to move
    assert stage.feedback.text.startswith("Click one of South's holes")
    click(stage, 0)  # South's a: a click on the board demonstrates it
    assert "capture 5 from South's d" in " ".join(stage.trace.narration())
    panel.click_does.value = "edit"
    text = panel.copy_out()
    assert json.loads(text) == panel.position.to_json()
    panel.text.value = "S:9,9,9,9,9,9,9/0,0,0,0,0,0,0:0-0"
    panel.paste_button.click()
    assert "63 seeds" in stage.feedback.text and panel.position.board[0] == 1  # refused, unchanged
    panel.text.value = text
    panel.paste_button.click()
    assert panel.position.board[:4] == (1, 0, 0, 5)
    room.mode.value = "demos"
    assert room.stage.trace is not None and room.stage.controller.clicks == room.stage.click


def test_myra_set_up_by_clicking_hollows(room: Classroom) -> None:
    room.game.value = "myra"
    room.mode.value = "setup"
    panel, stage = room.setups["myra"], room.stage
    panel.empty_button.click()
    panel.owner.value, panel.piece.value = 0, (False, 3)
    click(stage, myra.parse_hollow("F6"))
    assert panel.setup.pieces[myra.parse_hollow("F6")] == myra.Piece(0, 3)
    panel.piece.value = (True, 1)
    click(stage, myra.parse_hollow("F5"))
    assert stage.feedback.text.startswith("Blue has a queen on F11 already")
    panel.piece.value = None
    click(stage, myra.parse_hollow("F11"))  # Blue's queen off: the position cannot be played
    assert "Blue has no queen" in stage.feedback.text
    panel.piece.value = (True, 1)
    click(stage, myra.parse_hollow("F11"))
    panel.click_does.value = "move"
    click(stage, myra.parse_hollow("F6"))
    assert stage.trace is None
    click(stage, myra.parse_hollow("F9"))
    assert stage.trace.after.hollows[myra.parse_hollow("F9")] == myra.Piece(0, 3)
    panel.edit_button.click()  # back to set-up: a click on the board builds again
    assert panel.click_does.value == "edit" and stage.trace is None
    text = panel.copy_out()
    panel.players.value = 3  # the start position of a 3-player game at once: no player out
    assert panel.playable() == myra.start(3) and not panel.draft().eliminated
    assert stage.feedback.text.startswith("The start position of a 3-player game")
    panel.players.value = 2
    assert panel.playable() == myra.start(2)
    panel.text.value = text
    panel.paste_button.click()
    assert panel.setup.players == 2 and panel.playable().to_json() == json.loads(text)
    room.mode.value = "demos"
    room.game.value = "walak"


def test_a_question_comes_back_with_its_mode(room: Classroom) -> None:
    """A question open in the demonstrations is asked again after the live game or the other game."""
    room.galleries["walak"].buttons["single"].click()
    stage = room.stages["walak"]
    stage.predict.value = True
    stage.forward()
    asked = stage.prompt_text
    assert asked == "Question: Where does the last seed fall?"
    for away in ((room.mode, "live"), (room.game, "myra")):
        away[0].value = away[1]
        assert stage.prompt_text == ""
        away[0].value = "demos" if away[0] is room.mode else "walak"
        assert stage.prompt_text == asked and stage.question is not None
        assert stage.next_button.disabled and not stage.reveal_button.disabled
    stage.reveal_button.click()
    assert stage.prompt_text.startswith("The answer: ")
    stage.predict.value = False


def test_live_games_reuse_the_play_boards(room: Classroom) -> None:
    room.mode.value = "live"
    board = room.board()
    assert visible(room) == [room.live["walak"].main]
    board.seats.seat(1, "beginner")
    search, go_on = board.seats.choose, threading.Event()
    board.seats.choose = lambda position: go_on.wait(10) and search(position)  # a search that waits for us
    board.play_move("c")  # the computer answers on a thread of its own
    assert board.thinking and board.feedback.text == "South plays c… North (computer, beginner) is thinking…"
    assert board.position.ply == 1 and board.undo_button.disabled and not board.stop_button.layout.display
    # the person's move is animated meanwhile: the status names the player the picture shows
    assert board.stepper.traces[0].move == "c" and board.animating and "South" in board.status.value
    board.stepper.view.on_click(None)
    assert board.feedback.text.startswith("Wait: North (computer, beginner) is thinking")
    go_on.set()
    until(lambda: not board.thinking, "the computer's move")
    assert board.position.to_move == 0 and board.position.ply == 2
    del board.seats.choose
    board.undo_button.click()
    assert board.position == walak.start()
    room.game.value = "myra"
    assert visible(room) == [room.live["myra"].main]
    room.board("myra").players.value = 3
    assert room.board("myra").position.num_players == 3
    room.mode.value = "demos"
    room.game.value = "walak"


def test_the_rules_opened_take_the_live_game_s_settings_place(room: Classroom) -> None:
    """A fresh teacher opened the rules in the live game: the settings and the move list then
    scrolled in a box of their own. The settings give the rules their place meanwhile."""
    room.summaries["walak"].selected_index = 0  # opened before the live game is shown: the same
    room.mode.value = "live"
    live = room.live["walak"]
    shown = lambda: [part.layout.display != "none" for part in live.settings]  # noqa: E731
    assert not any(shown()) and live.rules_note.layout.display is None
    assert live.board.hover_preview in live.side.children and live.board.moves in live.side.children  # they stay
    room.summaries["walak"].selected_index = None
    assert all(shown()) and live.rules_note.layout.display == "none"
    room.summaries["walak"].selected_index = 0
    live._hide_settings("choosing", True)  # "Which move?" buttons too: closing the rules keeps them hidden
    room.summaries["walak"].selected_index = None
    assert not any(shown()) and live.rules_note.layout.display == "none"
    live._hide_settings("choosing", False)
    assert all(shown())
    room.mode.value = "demos"


def test_demos_of_set_up_positions_keep_questions(room: Classroom) -> None:
    stage = room.stages["myra"]
    stage.show(myra_demo("capture-1").trace())
    stage.predict.value = True
    stage.forward()
    assert stage.question is not None
    stage.predict.value = False
    assert stage.question is None


def test_the_notebook_is_one_hidden_cell_that_makes_the_app() -> None:
    from pathlib import Path

    notebook = json.loads((Path(__file__).parents[1] / "lessons" / "classroom.ipynb").read_text(encoding="utf-8"))
    (cell,) = notebook["cells"]
    assert cell["cell_type"] == "code" and cell["outputs"] == [] and cell["metadata"]["jupyter"]["source_hidden"]
    assert "kit.classroom.app()" in "".join(cell["source"]) and "widgets" not in notebook["metadata"]


def test_a_click_while_a_move_is_animated_is_refused() -> None:
    from kit.classroom.live import LiveGame

    board = LiveGame("walak", 6).board
    board.play_move("c")  # two people: the move is played step by step
    assert board.animating and board.stepper.step < board.stepper.steps
    board.stepper.view.on_click(1)  # North's b: the picture still shows the board before c
    assert board.feedback.text == "Wait for the move to finish, then click the board."
    assert board.position.ply == 1
    board.stepper.play.playing = False
    board.stepper.go(board.stepper.steps)  # played to its end: the position is shown, clicks count again
    assert not board.animating


def messages(room: Classroom) -> list[str]:
    """Every message line, question line and preview the app has, shown or not."""
    lines = [room.feedback.message.value]
    for stage in room.stages.values():
        lines += [stage.prompt.value, stage.feedback.message.value]
    for live in room.live.values():
        lines += [live.board.message.value, live.board.preview.value]
    return lines


def test_every_mode_switch_leaves_no_message_behind() -> None:
    """Every mode after every other mode, of both games: the messages of the mode left go
    ("Move taken back." no longer waits in the live game for the class to come back)."""
    room = app(seed=1)
    modes = [mode for _, mode in room.mode.options]
    for game in ("walak", "myra"):
        room.game.value = game
        for left in modes:
            for shown in modes:
                if left == shown:
                    continue
                room.mode.value = left
                room.stage.say("left behind")
                room.stage.feedback.say("left behind")
                if left == "live":
                    room.board().feedback.say("Move taken back. left behind")
                    room.board().preview.value = "left behind"
                room.mode.value = shown
                assert not [line for line in messages(room) if "left behind" in line], (game, left, shown)


def test_the_side_panel_holds_the_set_up_and_puzzle_messages() -> None:
    """Long set-up messages and puzzle verdicts wrap in the side panel, not below the screen."""
    room = app(seed=1)
    stage = room.stage
    for mode in ("setup", "puzzles"):
        room.mode.value = mode
        assert stage.feedback.message in room.side.children and "kit-messages-beside" in stage._dom_classes
    room.mode.value = "demos"
    assert stage.feedback.message not in room.side.children and "kit-messages-beside" not in stage._dom_classes


def test_prepare_makes_the_live_game_and_the_first_puzzle_beforehand() -> None:
    room = app(seed=1)
    room.prepare("myra")
    assert "myra" in room.live and room.live["myra"].main in room.main.children
    assert room.live["myra"].main.layout.display == "none" and visible(room) == [room.stage]
    room.game.value = "myra"
    room.mode.value = "puzzles"
    assert "myra" not in room.first_puzzles  # handed over: the one the panel would have drawn itself
    assert room.puzzles["myra"].puzzle.position == PuzzleSession("myra", level=1, seed=1).puzzle.position


def test_the_background_waits_for_a_quiet_moment() -> None:
    from kit.classroom.room import PAGE_SETTLE
    from kit.widgets.feedback import quiet_for

    room = app(seed=1)
    room.stage.next_button.click()  # a click: the preparing waits PAGE_SETTLE seconds after it
    assert quiet_for() < PAGE_SETTLE


def test_the_screen_readers_narration_names_only_the_mover_while_a_question_is_open() -> None:
    from kit.classroom.stage import Stage
    from kit.widgets.games import move_label

    trace = walak_demo("single").trace()
    stage = Stage(trace.before)
    stage.show(trace)
    assert move_label(trace) in stage.controller.narration.value  # "South a"
    stage.predict.value = True
    for step in (0, 1):
        spoken = stage.controller.narration.value
        assert move_label(trace) not in spoken and "South's move" in spoken, step
        stage.forward(stage.controller.steps)  # stops at the first question
    assert stage.question is not None
    stage.predict.value = False
    assert move_label(trace) in stage.controller.narration.value


def test_a_click_while_a_past_move_is_replayed_is_refused_and_brings_the_game_back() -> None:
    board = kit.explore(walak.start())
    board.play_move("c")
    board.play_move("b")
    first = board.moves.options[0][1]
    board.moves.value = first  # watch South's c again
    board.controller.play.playing = False
    board.controller.go(board.controller.steps)
    board.controller.view.on_click(3)  # South's d, on a picture of the board after c: refused
    assert board.feedback.text.startswith("The board showed a past move") and board.position.ply == 2
    assert board.controller.traces == () and board.controller.position == board.position
    board.controller.view.on_click(3)  # the game is shown again: the click plays
    assert board.position.ply == 3


def test_the_game_s_last_move_selected_again_is_the_game() -> None:
    board = kit.explore(walak.start())
    board.play_move("c")
    board.moves.value = None
    board.moves.value = board.moves.options[-1][1]
    board.controller.play.playing = False
    board.controller.go(board.controller.steps)
    board.controller.view.on_click(8)  # North's b, judged on the board shown
    assert board.position.ply == 2


def test_a_live_move_is_animated_in_seconds_and_the_next_player_named_after_it() -> None:
    from kit.classroom.live import LiveGame

    board = LiveGame("walak", 6).board
    board.seats.choose = lambda position: max(position.legal_moves(), key=lambda move: len(position.trace(move).events))
    board.seats.seat(1, "beginner")
    board.seats.seat(0, "beginner")  # South, to move, is the computer now: it plays its longest move
    until(lambda: not board.thinking, "the computer's move")
    with CALLBACK_LOCK:  # the move found is played under the lock
        controller = board.controller
    steps = controller.steps
    assert board.animating and steps > 10
    # its first step is shown at once: the others, one interval each, within the limit
    assert controller._interval is not None and controller._interval * (steps - 1) <= board.longest_move_ms <= 8000
    # the picture shows South moving: nobody else is named until it has played the move
    assert "South" in board.status.value and "North (computer" not in board.feedback.text
    controller.play.playing = False
    controller.go(steps)
    assert "North (computer) is to move" in board.feedback.text and "North to move" in board.status.value
    del board.seats.choose


def test_the_myra_side_names_every_player_legibly() -> None:
    """Beside the projector's Myra board each name, a player out too, is at least 4.5:1 on white."""
    import re

    from kit.draw import palette
    from kit.games.myra.drawing import MyraBoard
    from kit.games.myra.projector import side_html

    position = myra.start(3)
    drawing = MyraBoard(position, projector=True)
    drawing.show(position.trace(position.legal_moves()[0]).after)
    drawing.panel_lines = [(2, "Green \u2014 out", False, True, 0), *drawing.panel_lines[:2]]
    shown = side_html(drawing)
    assert "opacity" not in shown
    for colour in re.findall(r'<b style="color:(#[0-9A-Fa-f]{6})', shown):
        assert palette.contrast(colour, "#FFFFFF") >= 4.5, colour
    for background, text in re.findall(r'<b style="background:(#[0-9A-Fa-f]{6});color:(#[0-9A-Fa-f]{6})', shown):
        assert palette.contrast(background, text) >= 4.5, (background, text)


@pytest.mark.parametrize("game, name", [("walak", "single"), ("myra", "sides")])
def test_what_to_watch_for_gives_nothing_away_while_a_question_is_open(game, name) -> None:
    """Issue 35: "Where does the last seed fall?" beside "The last seed falls into South's b";
    "What does Blue capture?" beside "Blue takes Green's queen"."""
    room = app(game)
    demo = next(demo for demo in room.galleries[game].demos if demo.name == name)
    room.galleries[game].buttons[demo.name].click()
    stage = room.stage
    assert html.escape(demo.note) in room.notes[game].value
    tooltips = lambda: [button.tooltip for button in room.galleries[game].buttons.values()]  # noqa: E731
    assert any(demo.note in tip for tip in tooltips())
    stage.predict.value = True  # before the first question, and between two, the note would answer them too
    assert html.escape(demo.note) not in room.notes[game].value and demo.title not in room.notes[game].value
    assert "with questions" in room.notes[game].value  # a title may name the answer, and its number the title
    marked = lambda: [b.description for b in room.galleries[game].buttons.values() if b.button_style]  # noqa: E731
    assert marked() == []
    for _ in range(20):
        if not stage.questions_to_come:
            break
        assert html.escape(demo.note) not in room.notes[game].value
        assert not any(demo.note in tip for tip in tooltips()), "a pointer on the demonstration would answer"
        if stage.question is None:
            stage.forward(stage.controller.steps)  # stops at the next question
        else:
            stage.reveal_button.click()
    assert html.escape(demo.note) in room.notes[game].value  # the last answer shown: what to watch for is back
    assert any(demo.note in tip for tip in tooltips()) and marked() == [demo.title]
