"""The Myra play board, driven as a user would: hollow, action, target; undo; records; computer."""
import base64
import json

import pytest

import kit
from kit import myra
from kit.games.myra.hexgrid import parse_hollow
from kit.games.myra.play_board import MyraPlayBoard

from entering import type_and_press_enter

C8 = parse_hollow("C8")  # Blue's troop of 2 at the start


def choose(board, hollow, action, move):
    board.hollow.value = parse_hollow(hollow)
    board.action.value = action
    board.choice.value = board.position.parse_move(move)


def test_explore_gives_the_play_board_for_two_or_three_players():
    assert isinstance(kit.explore(myra.start()), MyraPlayBoard)
    board = kit.explore(myra.start(3))
    assert board.players.value == 3 and [d.description for d in board.seats.dropdowns] == ["Blue", "Orange", "Green"]
    board.players.value = 2
    assert board.position == myra.start(2) and len(board.seats.dropdowns) == 2


def test_only_legal_choices_are_offered_and_the_targets_are_highlighted():
    board = MyraPlayBoard()
    legal = myra.start().legal_moves()
    offered = {hollow for _, hollow in board.hollow.options if hollow is not None}
    assert offered == {m.hollows[0] for m in legal}
    assert board.action.options == () and board.choice.options == ()
    board.hollow.value = C8
    from_c8 = [m for m in legal if m.hollows[0] == C8]
    assert board.action.value is None
    assert [action for _, action in board.action.options] == [k for k in myra.ACTIONS if any(m.action == k for m in from_c8)]
    assert set(board.highlighted()) == {hollow for m in from_c8 for hollow in (m.hollows[1:] if m.action == "unchain" else m.hollows[-1:])}
    board.action.value = "split"
    assert board.count.options == (("1", 1),) and board.count.value == 1  # a lone choice is taken
    assert {m for _, m in board.choice.options} == {m for m in from_c8 if m.action == "split"}
    board.choice.value = board.choice.options[0][1]
    assert board.highlighted() == board.choice.value.hollows and not board.play_button.disabled


def test_the_drawing_rings_where_the_chosen_piece_can_go():
    board = MyraPlayBoard()
    before = board.png()
    board.hollow.value = C8
    after = board.png()
    assert after != before
    board.hollow.value = None
    assert board.png() == before


def test_choosing_and_playing_a_move_shows_it_in_the_stepper():
    board = MyraPlayBoard()
    choose(board, "C8", "move", "C8-B7-A6")
    board.play_button.click()
    trace = myra.start().trace("C8-B7-A6")
    assert board.position == trace.after and board.stepper.traces == (trace,)
    assert board.stepper.text == trace.events[-1].text
    assert [label for label, _ in board.moves.options] == ["1. Blue C8-B7-A6"]
    assert board.hollow.value is None and "Orange to move" in board.status.value


def test_an_illegal_typed_move_shows_a_message_and_changes_nothing():
    board = MyraPlayBoard()
    picture = board.png()
    board.typed.value = "C8-A1"
    board.typed_button.click()
    assert "Blue cannot play" in board.feedback.text
    board.typed.value = "Z99"
    board.typed_button.click()
    assert "not a hollow name" in board.feedback.text
    assert board.position == myra.start() and len(board.history.entries) == 1 and board.png() == picture
    board.typed.value = "c8-b7"
    board.typed_button.click()
    assert board.position == myra.start().play("C8-B7")


def test_enter_in_the_move_box_plays_the_move_typed():
    board = MyraPlayBoard()
    type_and_press_enter(board.typed, "C8-A1")
    assert "Blue cannot play" in board.feedback.text and board.position == myra.start()
    type_and_press_enter(board.typed, "C8-B7")
    assert board.position == myra.start().play("C8-B7")


def test_undo_restores_the_position():
    board = MyraPlayBoard()
    choose(board, "C8", "move", "C8-B7")
    board.play_button.click()
    board.undo_button.click()
    assert board.position == myra.start() and not board.redo_button.disabled
    board.redo_button.click()
    assert board.position == myra.start().play("C8-B7")


def test_a_saved_record_reloads_to_the_same_position():
    board = MyraPlayBoard(players=3)
    for move in ("C8-B7", "2:A2-A3"):
        board.typed.value = move
        board.typed_button.click()
    board.records.save_button.click()
    position = board.position
    assert json.loads(board.records.text.value)["moves"] == ["C8-B7", "2:A2-A3"]
    board.new_button.click()
    assert board.position == myra.start(3)
    board.records.load_button.click()
    assert board.position == position and len(board.moves.options) == 2


def test_the_computer_can_play_any_side():
    board = MyraPlayBoard()
    board.seats.dropdowns[0].value = "beginner"  # Blue opens: the computer moves at once (on its own thread)
    board.wait()
    assert board.position.ply == 1 and board.position.to_move == 1
    board.seats.dropdowns[0].value = "person"
    board.seats.dropdowns[1].value = "beginner"
    board.wait()
    assert board.position.ply == 2
    board.typed.value = board.position.notation(board.position.legal_moves()[0])
    board.typed_button.click()
    board.wait()
    assert board.position.ply == 4 and len(board.stepper.traces) == 2


def test_every_button_says_what_it_does_and_the_png_fallback_is_there():
    board = MyraPlayBoard()
    for control in (board.undo_button, board.redo_button, board.new_button, board.computer_button,
                    board.play_button, board.typed_button, board.records.save_button, board.records.load_button):
        assert control.description and control.tooltip, control
    assert base64.b64decode(board._repr_mimebundle_()["image/png"]) == board.png()


def test_a_walak_record_is_refused_by_the_myra_board():
    board = MyraPlayBoard()
    board.records.text.value = '{"game": "walak", "moves": ["c"]}'
    board.records.load_button.click()
    assert "Myra game record" in board.feedback.text and board.position == myra.start()


def test_a_wrong_kind_of_start_is_refused():
    with pytest.raises(TypeError, match="Myra position"):
        MyraPlayBoard(kit.walak.start())


def test_the_lists_follow_a_click_on_the_board():
    from kit import myra
    from kit.games.myra.play_board import MyraPlayBoard

    board = MyraPlayBoard(myra.start())
    f10 = myra.parse_hollow("F10")
    board.click(f10)  # Blue's troop of 3: the hollow list chooses it, the actions it has are offered
    assert board.hollow.value == f10 and "move" in [value for _, value in board.action.options]
    board.click(None)  # a click elsewhere cancels: the lists are cleared too
    assert board.hollow.value is None and board.clicked == []


def test_the_action_buttons_are_named_as_the_glossary_names_the_moves_and_hide_when_empty():
    from kit.games.myra.moves import ACTION_NAMES

    glossary = (kit.__path__[0] + "/../docs/glossary.md")
    with open(glossary, encoding="utf-8") as text:
        words = text.read()
    for name in ACTION_NAMES.values():  # each a bold entry: **Build up** (German *Aufbauen*) ...
        assert f"**{name[0].upper()}{name[1:]}**" in words, name
    board = MyraPlayBoard()
    assert board.action.layout.display == "none"  # no hollow chosen: no action row (an emptied row kept its buttons)
    choose(board, "C8", "move", "C8-C7")
    assert ("build up", "build") in board.action.options and board.action.layout.display is None
    board.play_button.click()
    assert board.hollow.value is None and board.action.value is None and board.action.options == ()
    assert board.action.layout.display == "none" and board.count.layout.display == "none"
    board.hollow.value = next(hollow for _, hollow in board.hollow.options if hollow is not None)
    assert board.action.layout.display is None
    board.hollow.value = None  # the hollow choice cleared: the rows go with it
    assert board.action.layout.display == "none" and board.action.value is None


def test_a_click_on_a_piece_survives_choosing_its_action_in_the_lists():
    """Lesson 9's review: C8 clicked, then "move" chosen in the action buttons, left the hollows lit
    but forgot the click, so that a click on a lit hollow was refused ("C8 is empty...")."""
    board = MyraPlayBoard()
    board.click(parse_hollow("C8"))
    lit = board.picker.lit(board.position)
    board.action.value = "move"
    assert board.clicked == [parse_hollow("C8")] and board.picker.lit(board.position) == lit
    board.click(parse_hollow("B7"))
    assert "empty" not in board.feedback.text and board.clicked == [parse_hollow("C8"), parse_hollow("B7")]
    assert "Choose one of the move buttons" in board.feedback.text  # the way goes on, or a button ends it
