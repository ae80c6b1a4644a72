"""Hints on the play boards: the suggested move marked on the board, the limit a game, explain."""
import pytest

import kit
from kit import myra, walak
from kit.agents.hints import explain, hint
from kit.draw import palette
from kit.games.myra.play_board import MyraPlayBoard
from kit.games.walak.play_board import WalakPlayBoard
from kit.widgets.hints import DEFAULT_HINTS, HintAllowance, marks

CHAIN = "S:2,0,1,0,0,0,1/0,0,3,0,2,0,4:20-23"  # South's g captures a chain of three


def test_a_walak_hint_marks_the_hole_to_sow_and_says_why():
    position = walak.parse_position(CHAIN)
    board = WalakPlayBoard(position)
    board.hint_search = {"depth": 2}
    expected = hint(position, depth=2)
    plain = board.png()
    board.hint_button.click()
    assert board.hinted == position.parse_move(expected.move) and board.hint_marks() == (6,)  # South's g
    assert board.feedback.text == (f"Hint for South: g: {expected.text}. "
                                   f"({DEFAULT_HINTS - 1} hints left in this game)")
    assert board.png() != plain and board.position == position
    drawing = board.stepper.drawing
    assert drawing._hints[6].get_visible() and not any(ring.get_visible() for ring in drawing._hints[:6])
    board.hole_buttons[6].click()  # playing clears the mark
    assert board.hint_marks() == () and not any(ring.get_visible() for ring in drawing._hints)


def test_a_myra_hint_marks_the_piece_and_its_target():
    position = myra.start()
    board = MyraPlayBoard(position)
    board.hint_search = {"depth": 1}
    expected = position.parse_move(hint(position, depth=1).move)
    board.hint_button.click()
    hollows = board.hint_marks()
    assert board.hinted == expected and hollows == board.click_path(expected) == marks(position, expected)
    assert position.hollows[hollows[0]].owner == 0  # the piece first, then where it goes
    rings = board.stepper.drawing._hint_rings
    assert len(rings.get_offsets()) == len(hollows)
    assert board.feedback.text.startswith(f"Hint for Blue: {position.notation(expected)}: ")


def test_hints_count_down_and_refuse_when_used_up_until_a_new_game():
    board = WalakPlayBoard(hints=2)
    board.hint_search = {"depth": 1}
    assert board.hint_button.description == "hint (2 left)"
    board.hint_button.click()
    board.hint_button.click()
    assert board.hint_button.description == "hint (0 left)" and "(0 hints left in this game)" in board.feedback.text
    marked = board.hint_marks()
    board.hint_button.click()
    assert board.feedback.text == "No hints left in this game (2 hints a game): press new game for more."
    assert board.hint_marks() == marked and board.errors.outputs == ()  # the last hint stays marked
    board.new_button.click()
    assert board.hint_button.description == "hint (2 left)" and board.hints.left == 2


def test_unlimited_hints_and_the_setting_through_explore():
    board = kit.explore(myra.start(), hints=None)
    assert board.hint_button.description == "hint" and board.hints.left is None
    assert kit.explore(walak.start(), hints=5).hints.left == 5
    assert WalakPlayBoard().hints.limit == DEFAULT_HINTS
    with pytest.raises(ValueError, match="number of hints"):
        HintAllowance(-1)
    with pytest.raises(TypeError, match="play boards"):
        kit.explore(walak.start(), "c", hints=2)


def test_explain_says_what_the_chosen_move_does_and_the_answer():
    board = WalakPlayBoard()
    board.explain_button.click()
    assert board.feedback.text == "Choose a move to explain first."
    board.why_not.value = "c"
    board.explain_button.click()
    assert board.feedback.text == f"c: {explain(walak.start(), 'c')}"
    assert "the best reply found: North plays" in board.feedback.text


def test_explain_on_the_myra_board_takes_the_typed_or_the_chosen_move():
    board = MyraPlayBoard()
    board.explain_button.click()
    assert board.feedback.text.startswith("Type a move, or choose one")
    board.typed.value = "C8-B7"
    board.explain_button.click()
    assert board.feedback.text == f"C8-B7: {explain(myra.start(), 'C8-B7')}"
    board.typed.value = "Z9-Z8"
    board.explain_button.click()
    assert board.errors.outputs == () and board.position == myra.start()


def test_the_hint_ring_is_its_own_mark():
    assert palette.HINT not in (*palette.PLAYERS, palette.LIFT, palette.SOW, palette.RELAY, palette.CAPTURE,
                                palette.CHANGE, palette.CHOICE, palette.STOP)
    assert palette.PRINT_STYLE.hint == palette.BLACK
