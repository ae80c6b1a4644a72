"""The board view: clicks, hover and keys mapped through the drawing's own geometry."""
import pytest

from kit import myra, walak
from kit.games.myra.drawing import MyraBoard
from kit.games.walak.drawing import WalakBoard
from kit.games.myra.hexgrid import HOLLOWS
from kit.widgets.board_view import BoardView
from kit.widgets.pictures import png_size


@pytest.fixture(scope="module")
def walak_board():
    return WalakBoard(walak.start())


@pytest.fixture(scope="module")
def myra_board():
    return MyraBoard(myra.start())


def test_every_hole_and_hollow_centre_maps_back_to_itself(walak_board, myra_board):
    assert [walak_board.hole_at(*walak_board.pixel_of(h)) for h in range(14)] == list(range(14))
    assert all(myra_board.hollow_at(*myra_board.pixel_of(c)) == c for c in HOLLOWS)
    assert walak_board.hole_at(1, 1) is None and myra_board.hollow_at(1, 1) is None


def test_a_click_on_the_scaled_picture_finds_the_hole(walak_board):
    clicked = []
    view = BoardView(walak_board, on_click=clicked.append)
    width, height = png_size(view.png())
    x, y = walak_board.pixel_of(3)
    for shown in (0.5, 1.0, 1.7):  # the picture drawn at half, full and 1.7 times its size
        view.handle_event({"type": "click", "relativeX": x * shown, "relativeY": y * shown,
                           "boundingRectWidth": width * shown, "boundingRectHeight": height * shown})
    # letterboxed: a box twice as tall as the picture centres it vertically (object-fit: contain)
    view.handle_event({"type": "click", "relativeX": x, "relativeY": y + height / 2,
                       "boundingRectWidth": width, "boundingRectHeight": 2 * height})
    view.handle_event({"type": "click", "dataX": x, "dataY": y})
    view.handle_event({"type": "click", "dataX": 2, "dataY": 2})     # the corner: no hole
    view.handle_event({"type": "click", "dataX": -5, "dataY": 10})   # off the picture
    assert clicked == [3, 3, 3, 3, 3, None, None]


def test_hover_reports_each_new_target_once_and_none_on_leaving(myra_board):
    hovered = []
    view = BoardView(myra_board, on_hover=hovered.append)
    hollow = HOLLOWS[40]
    x, y = myra_board.pixel_of(hollow)
    for dx in (0, 1, 2):
        view.handle_event({"type": "mousemove", "dataX": x + dx, "dataY": y})
    view.handle_event({"type": "mouseleave"})
    assert hovered == [hollow, None]


def test_keys_are_passed_on_by_name(walak_board):
    keys = []
    view = BoardView(walak_board, on_key=keys.append)
    for key in ("ArrowRight", "PageDown", "Home", " "):
        view.handle_event({"type": "keydown", "key": key})
    view.handle_event({"type": "keydown"})  # no key name: ignored
    assert keys == ["ArrowRight", "PageDown", "Home", " "]


def test_update_swaps_the_picture_and_the_layout_scales(walak_board, myra_board):
    view = BoardView(walak_board)
    assert (view.layout.width, view.layout.height) == ("100%", "auto")
    view.update(myra_board.png())
    assert view.png() == myra_board.png()
