"""Play by clicking the board: synthetic ipyevents clicks at the centres of holes and hollows,
computed from the drawing's own geometry."""
import pytest

from kit import myra, walak
from kit.core.errors import sentence
from kit.games.myra.hexgrid import parse_hollow
from kit.widgets import MoveStepper
from kit.games.myra.play_board import MyraPlayBoard
from kit.games.walak.play_board import WalakPlayBoard

#: Random-game moves after which Blue can gather the chain D8+D7+C6.
TO_CHAIN = ("1:E10-F10", "C1>B1>C2", "3:F10-E9", "1:G2-F2", "E9>D8>D7>C6>B5>A5", "1:H1-G1")


def at(board, target):
    """An ipyevents click event at the centre of a hole or hollow of the board's picture."""
    x, y = board.stepper.drawing.pixel_of(target)
    return {"type": "click", "dataX": x, "dataY": y}


def click(board, target):
    board.stepper.view.handle_event(at(board, target) if target is not None else
                                    {"type": "click", "dataX": 1, "dataY": 1})


def hover(board, target):
    board.stepper.view.handle_event({**at(board, target), "type": "mousemove"})


def unchanged(board):
    return board.position, len(board.history.entries), board.png()


# -- Walak-pussa --------------------------------------------------------------------------------


@pytest.mark.parametrize("hole, letter", [(0, "a"), (2, "c"), (6, "g")])
def test_a_click_on_a_south_hole_sows_it(hole, letter):
    board = WalakPlayBoard()
    click(board, hole)
    assert board.position == walak.start().play(letter)
    assert board.feedback.text.startswith(f"Played South {letter}")  # with its captures, e.g. a's pussa kanawa
    assert "capture 6" in board.feedback.text


@pytest.mark.parametrize("target, why", [(9, "North's c is not South's hole: South is to move"),
                                         (None, "Click one of South's holes to sow it.")])
def test_a_click_on_north_or_beside_the_holes_changes_nothing_and_says_why(target, why):
    board = WalakPlayBoard()
    before = unchanged(board)
    click(board, target)
    assert unchanged(board) == before and board.feedback.text == sentence(why)


def test_a_click_on_an_empty_hole_says_it_is_empty():
    board = WalakPlayBoard(walak.parse_position("S:0 4 4 4 4 4 4 | 4 4 4 4 4 4 4:0-0"))
    before = unchanged(board)
    click(board, 0)
    assert unchanged(board) == before and "South's a is empty" in board.feedback.text


def test_hovering_a_hole_says_what_sowing_it_would_do():
    board = WalakPlayBoard()
    hover(board, 2)
    assert "South c: Pussa kanawa: North's c is empty, capture 6 from North's d." in board.preview_text
    hover(board, 9)
    assert "South is to move" in board.preview_text
    board.stepper.view.handle_event({"type": "mouseleave"})
    assert board.preview_text == "" and board.preview.value == ""
    assert board.position == walak.start()


# -- Myra ---------------------------------------------------------------------------------------


def test_two_clicks_play_a_myra_move_and_the_targets_light_up_between():
    board = MyraPlayBoard()
    start = board.png()
    click(board, parse_hollow("C8"))  # Blue's troop of 2
    assert board.clicked == [parse_hollow("C8")] and board.png() != start
    assert board.feedback.text.startswith("Blue's troop of 2 on C8: 23 moves. Click a lit hollow")
    click(board, parse_hollow("A6"))  # two steps: only the whole troop goes that far
    assert board.position == myra.start().play("C8-B7-A6")
    assert board.clicked == [] and board.feedback.text == "Played Blue C8-B7-A6."


def test_a_target_with_several_kinds_of_move_offers_only_those():
    board = MyraPlayBoard()
    click(board, parse_hollow("C8"))  # Blue's troop of 2
    click(board, parse_hollow("B7"))  # a whole-troop move, a split of one, or lay the troop out from here
    offered = [b.description for b in board.click_choices.children[1:]]
    assert offered == ["move: C8 to B7", "split 1: C8 to B7"]
    heading = board.click_choices.children[0].value  # the kinds offered, in a few words each
    assert heading.startswith("<b>Which move?</b>") and "<i>move</i>: the whole troop" in heading
    assert "<i>split</i>: only that many go" in heading and "unchain" not in heading
    assert board.click_choices.layout.display is None and board.position == myra.start()
    board.click_choices.children[2].click()
    assert board.position == myra.start().play("1:C8-B7")
    assert board.click_choices.children == ()


def test_a_chain_is_laid_by_clicking_its_hollows_in_order():
    position = myra.start()
    for move in TO_CHAIN:
        position = position.play(move)
    board = MyraPlayBoard(position)
    for name in ("D8", "D7", "C6"):
        click(board, parse_hollow(name))
    offered = [b.description for b in board.click_choices.children[1:]]
    assert "chain up: D8+D7+C6" in offered
    board.click_choices.children[1 + offered.index("chain up: D8+D7+C6")].click()
    assert board.position == position.play("D8+D7+C6")


@pytest.mark.parametrize("target, why", [("E5", "E5 is empty"), ("F1", "F1 holds Orange's queen: Blue is to move")])
def test_a_click_on_an_empty_hollow_or_an_enemy_changes_nothing_and_says_why(target, why):
    board = MyraPlayBoard()
    before = unchanged(board)
    click(board, parse_hollow(target))
    assert unchanged(board) == before and board.feedback.text.startswith(why)
    assert board.errors.outputs == ()


def test_a_click_elsewhere_cancels_the_choice():
    board = MyraPlayBoard()
    start = board.png()
    click(board, parse_hollow("C8"))
    click(board, None)
    assert board.clicked == [] and board.png() == start and "cancelled" in board.feedback.text
    click(board, parse_hollow("C8"))
    click(board, parse_hollow("K1"))  # not where C8 can go
    assert board.clicked == [] and board.position == myra.start() and "cancelled" in board.feedback.text


def test_hovering_a_target_previews_the_move():
    board = MyraPlayBoard()
    hover(board, parse_hollow("C8"))
    assert "C8: Blue's troop of 2, 23 moves: click to choose one." in board.preview_text
    click(board, parse_hollow("C8"))
    hover(board, parse_hollow("A6"))
    assert "Blue C8-B7-A6" in board.preview_text and board.position == myra.start()


# -- keys -----------------------------------------------------------------------------------------


def key(widget, name):
    widget.view.handle_event({"type": "keydown", "key": name})


def test_keys_step_jump_and_play_the_stepper():
    stepper = MoveStepper(walak.start(), "c")
    start = stepper.png()
    key(stepper, "ArrowRight")
    assert stepper.step == 1 and stepper.png() != start
    key(stepper, "PageDown")
    key(stepper, "ArrowDown")
    assert stepper.step == 3
    key(stepper, "PageUp")
    key(stepper, "ArrowLeft")
    assert stepper.step == 1
    key(stepper, "End")
    assert stepper.step == stepper.steps
    key(stepper, " ")  # at the end, space starts again from the first step
    assert stepper.play.playing and stepper.step == 0
    key(stepper, " ")
    assert not stepper.play.playing
    key(stepper, "Home")
    key(stepper, "x")  # other keys do nothing
    assert stepper.step == 0 and stepper.png() == start


def test_keys_on_a_play_board_step_through_the_move_just_played():
    board = WalakPlayBoard()
    click(board, 2)
    key(board.stepper, "Home")
    assert board.stepper.step == 0
    key(board.stepper, "ArrowRight")
    assert board.stepper.step == 1 and board.position == walak.start().play("c")


def test_the_chase_ends_on_the_third_repetition_and_the_board_says_why():
    board = WalakPlayBoard(walak.parse_position("S:1,0,0,0,0,0,0/1,0,0,0,0,0,0:27-27"))
    for turn, move in enumerate("aabbccddeeffgg" * 2):  # the lone seeds chase each other round
        click(board, (turn % 2) * 7 + "abcdefg".index(move))
    assert board.position.is_over and board.position.winner is None
    assert "Game over: a draw. The position stood for the third time" in board.status.value
    before = unchanged(board)
    click(board, 0)
    assert unchanged(board) == before and board.feedback.text == "The game is over: press new game."


@pytest.mark.parametrize("board_class, mover", [(WalakPlayBoard, "South"), (MyraPlayBoard, "Blue")])
def test_the_hint_button_suggests_a_legal_move_and_plays_nothing(board_class, mover):
    board = board_class()
    position, entries, picture = unchanged(board)
    board.hint_button.click()
    assert board.feedback.text.startswith(f"Hint for {mover}: ") and board.errors.outputs == ()
    move = board.feedback.text.split(": ")[1]
    assert move in [board.position.notation(m) for m in board.position.legal_moves()]
    assert unchanged(board)[:2] == (position, entries) and board.png() != picture  # marked, not played
