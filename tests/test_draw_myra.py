"""The Myra board drawing: highlights where the events say, frames that change, panels, no pyplot."""
from __future__ import annotations

import numpy as np
import pytest
from matplotlib.figure import Figure

import kit.games.myra as myra
from draw_support import colour_around, colour_at, near, no_open_figures, pixels  # noqa: F401 (autouse fixture)
from kit.draw import palette
from kit.draw.animate import frames_for, save_gif
from kit.games.myra.drawing import MyraBoard, hollow_center, draw, position_png
from kit.games.myra.events import Capture, Gather, Lift, QueenCaptured
from kit.games.myra.hexgrid import HOLLOWS, neighbours

DPI = 40


def make(players: int, pieces: list[tuple[str, int, object]]) -> myra.Position:
    """A position from (hollow name, owner, "Q" or troop size), the first player to move."""
    hollows = []
    for name, owner, what in pieces:
        q, r = myra.parse_hollow(name)
        hollows.append({"q": q, "r": r, "owner": owner, "queen": what == "Q", "count": 1 if what == "Q" else what})
    return myra.position_from_json({"game": "myra", "players": players, "to_move": 0, "reserve": [25] * players,
                               "eliminated": [], "cells": hollows})


# Blue: queen F11, a 3-troop on F8, a chain H5 H6 H7, a 4-troop on D8; Orange: queen F1, a soldier on F6, a fortress
TWO = make(2, [("F11", 0, "Q"), ("F8", 0, 3), ("H5", 0, 1), ("H6", 0, 1), ("H7", 0, 1), ("D8", 0, 4),
               ("F1", 1, "Q"), ("F6", 1, 1), ("C3", 1, 5)])
# Blue takes Green's queen on K1: Green is out and Green's soldiers change sides
THREE = make(3, [("F11", 0, "Q"), ("J1", 0, 1), ("A1", 1, "Q"), ("K1", 2, "Q"), ("K3", 2, 1), ("H2", 2, 2)])
MOVES = ("F8-F7-F6", "H5+H6+H7", "*F10", "D8>D7>D6>D5>D4", "H5-H6")


def shots(position, move, dpi=DPI):
    """The board and the PNG of every step of a move."""
    trace = position.trace(move)
    board = MyraBoard(position, dpi=dpi)
    pictures = []
    for step in range(len(trace.events) + 1):
        board.show(position, trace.events, step)
        pictures.append(board.png())
    return board, trace, pictures


def test_empty_hollows_show_the_hollow_colour():
    board = MyraBoard(TWO, dpi=DPI)
    png = board.png()
    for hollow in [myra.parse_hollow(name) for name in ("A1", "F5", "K6", "E10")]:
        assert near(colour_at(png, board.pixel_of(hollow)), palette.HOLE), hollow


@pytest.mark.parametrize("move", ["F8-F7-F6", "H5+H6+H7", "J1-K1"])
def test_the_highlight_is_where_the_event_says(move):
    position = THREE if move == "J1-K1" else TWO
    board, trace, pictures = shots(position, move)
    checked = set()
    for step, event in enumerate(trace.events, 1):
        if isinstance(event, Lift):
            hollow, colour = event.hollow, palette.LIFT
        elif isinstance(event, (Capture, QueenCaptured)):
            hollow, colour = event.hollow, palette.CAPTURE
        elif isinstance(event, Gather):
            hollow, colour = event.to, palette.RELAY
        else:
            continue
        assert near(colour_around(pictures[step], board.pixel_of(hollow)), colour), event.text
        checked.add(type(event))
    assert Lift in checked and len(checked) == 2


def board_area(board: MyraBoard) -> tuple[slice, slice]:
    """The picture's rows and columns that hold the hollows (half a hollow's spacing around
    them): the board itself, without the caption and the players' panel."""
    centres = np.array([board.pixel_of(hollow) for hollow in HOLLOWS])
    a, b = (board.pixel_of(hollow) for hollow in ((0, 0), neighbours((0, 0))[0]))
    pad = int(np.hypot(a[0] - b[0], a[1] - b[1]) / 2) + 1
    (left, top), (right, bottom) = centres.min(axis=0), centres.max(axis=0)
    return slice(max(0, top - pad), bottom + pad + 1), slice(max(0, left - pad), right + pad + 1)


@pytest.mark.parametrize("move", MOVES)
def test_consecutive_frames_differ_on_the_board(move):
    board, trace, pictures = shots(TWO, move)
    rows, columns = board_area(board)
    images = [pixels(png).astype(int)[rows, columns] for png in pictures]
    for step in range(1, len(images)):
        assert np.abs(images[step] - images[step - 1]).sum() > 0, f"only the caption changed: {trace.events[step - 1].text}"


def test_the_board_area_leaves_the_caption_out():
    board, trace, pictures = shots(TWO, "F8-F7-F6")
    rows, columns = board_area(board)
    whole = pixels(pictures[0]).astype(int)
    assert 0 < rows.stop - rows.start < whole.shape[0] and 0 < columns.stop - columns.start <= whole.shape[1]
    board.show(TWO, trace.events, 0)
    board._caption.set_text("a caption that is not the board")  # the caption alone changed
    changed = pixels(board.png()).astype(int)
    assert np.abs(changed - whole).sum() > 0 and np.abs(changed[rows, columns] - whole[rows, columns]).sum() == 0


def test_in_between_frames_move_the_hand_and_keep_the_artists():
    trace = TWO.trace("F8-F7-F6")
    board = MyraBoard(TWO, dpi=DPI)
    children = len(board.axes.get_children())
    frames = frames_for(trace, inbetween=2, hold=0)
    pictures = []
    for frame in frames[:4]:
        board.show(TWO, trace.events, frame.step, progress=frame.progress)
        pictures.append(pixels(board.png()).astype(int))
    assert all(np.abs(a - b).sum() > 0 for a, b in zip(pictures, pictures[1:]))
    assert len(board.axes.get_children()) == children


def test_the_panel_shows_reserves_turn_and_players_out():
    trace = THREE.trace("J1-K1")
    board = MyraBoard(THREE, dpi=DPI)
    board.show(THREE, trace.events, len(trace.events))
    names = [text.get_text() for text in board._names]
    assert names == ["Blue moved", "Orange", "Green \u2014 out"]
    assert [text.get_text() for text in board._reserves] == ["reserve: 25", "reserve: 25", "reserve: 0"]
    board.show(THREE)
    assert board._names[0].get_text() == "Blue to move"
    board.show(TWO)
    assert not board._names[2].get_visible()


def test_labels_toggle():
    board = MyraBoard(TWO, dpi=DPI)
    with_labels = pixels(board.png()).astype(int)
    board.set_labels(False)
    without = pixels(board.png()).astype(int)
    assert np.abs(with_labels - without).sum() > 0
    assert pixels(position_png(TWO, labels=False)).shape[1] > 0


def test_captions_and_convenience():
    trace = TWO.trace("*F10")
    board = MyraBoard(TWO, dpi=DPI)
    board.show(TWO, trace.events, 1)
    assert board._caption.get_text().replace("\n", " ") == trace.events[0].text
    assert isinstance(draw(TWO, trace.events, 1, dpi=DPI), Figure)
    assert position_png(myra.start()).startswith(b"\x89PNG")
    with pytest.raises(ValueError, match="hollow"):
        hollow_center((9, 9))


def test_a_myra_gif(tmp_path):
    from PIL import Image

    count = save_gif(TWO, "F8-F7-F6", tmp_path / "capture.gif", inbetween=1, dpi=24)
    with Image.open(tmp_path / "capture.gif") as gif:
        assert gif.n_frames == count


def test_hollows_can_be_pointed_at():
    board = MyraBoard(TWO, dpi=DPI)
    target = myra.parse_hollow("E5")
    board.show(TWO, highlight=[target])
    column, row = board.pixel_of(target)
    ring = pixels(board.png())[row, column:column + 20]  # the ring crosses the row to the right of the centre
    assert any(near(tuple(int(v) for v in colour), palette.CHOICE, 30) for colour in ring)
    assert not any(near(tuple(int(v) for v in colour), palette.SOW, 30) for colour in ring)
    with pytest.raises(ValueError, match="hollow"):
        board.show(TWO, highlight=[(7, 7)])


def test_the_key_gives_each_mark_one_meaning():
    from kit.games.myra.drawing import KEY

    names = [name for name, _, _ in KEY]
    looks = [(kind, getattr(palette.WOOD_STYLE, role)) for _, kind, role in KEY]
    assert len(set(names)) == len(names) and len(set(looks)) == len(looks)
    colours = [colour for _, colour in looks]
    assert len(set(colours)) == len(colours)  # no colour stands for two marks
    assert not set(colours) & set(palette.PLAYERS)
    drawn = {text.get_text() for text in MyraBoard(TWO, dpi=DPI).axes.texts}
    assert set(names) <= drawn


def test_choices_and_changed_sides_have_their_own_rings():
    board = MyraBoard(TWO, dpi=80)
    board.show(TWO, highlight=[myra.parse_hollow("E5")], chosen=[myra.parse_hollow("F8")])
    column, row = board.pixel_of(myra.parse_hollow("F8"))
    ring_row = pixels(board.png())[row, column:column + 40]
    assert any(near(tuple(int(v) for v in colour), palette.LIFT, 30) for colour in ring_row)
    assert palette.CHOICE not in (palette.SOW, palette.CAPTURE, palette.LIFT)
    trace = THREE.trace("J1-K1")
    board = MyraBoard(THREE, dpi=80)
    board.show(THREE, trace.events, len(trace.events))  # the last event: Green's troops change sides
    png = board.png()
    assert "change sides" in board._caption.get_text().replace("\n", " ")
    for name in ("K3", "H2"):
        column, row = board.pixel_of(myra.parse_hollow(name))
        ring_row = pixels(png)[row, column:column + 40]  # crosses the ring to the right of the piece
        assert any(near(tuple(int(v) for v in colour), palette.CHANGE, 30) for colour in ring_row), name
        assert not any(near(tuple(int(v) for v in colour), palette.CAPTURE, 30) for colour in ring_row), name


def test_no_piece_hides_a_hollow_name():
    board = MyraBoard(TWO, dpi=DPI)
    trace = TWO.trace("D8>D7>D6>D5>D4")
    renderer = board.figure.canvas.get_renderer()
    for step in (0, 2):  # a still board, then soldiers in hand mid-move
        board.show(TWO, trace.events, step)
        board.png()
        piece_boxes = [path.get_extents(board.axes.transData) for collection in (board._pieces, board._hand)
                       for path in collection.get_paths()]
        for label in board._labels:
            box = label.get_window_extent(renderer)
            assert not any(box.overlaps(piece) for piece in piece_boxes), label.get_text()


def test_the_path_runs_under_the_pieces_and_their_numbers():
    board = MyraBoard(TWO, dpi=DPI)
    assert board._planned.get_zorder() < board._path.get_zorder() < board._pieces.get_zorder()
    assert board._head.get_zorder() < board._pieces.get_zorder() < board._numbers.get_zorder()
    assert min(text.get_fontsize() for text in board._labels) >= 10  # names readable on a projector


def test_names_can_be_shown_large_over_faded_pieces():
    board = MyraBoard(TWO, dpi=DPI)
    normal = board._labels[0].get_fontsize()
    board.set_labels("large")
    board.show(TWO)
    assert board._labels[0].get_fontsize() >= 1.5 * normal and board._pieces.get_alpha() < 1
    large = pixels(board.png()).astype(int)
    board.set_labels(True)
    board.show(TWO)
    assert board._pieces.get_alpha() is None and np.abs(pixels(board.png()).astype(int) - large).sum() > 0
    with pytest.raises(ValueError, match="large"):
        board.set_labels("huge")


def test_rings_never_hide_a_hollow_name():
    """However many hollows a choice rings, each one's name is drawn over its ring, on a halo."""
    position = myra.make_position({"F11": "BQ", "F1": "OQ", "F6": "B4"})
    reach = [move.hollows[-1] for move in position.legal_moves() if move.action == "move" and move.hollows[0] == (0, 0)]
    board = MyraBoard(position)
    board.show(position, highlight=reach, chosen=[(0, 0)])
    named = {text.get_text() for text in board._mark_labels if text.get_visible()}
    assert len(reach) == 60 and named == {myra.hollow_name(hollow) for hollow in [*reach, (0, 0)]}
    assert all(text.get_path_effects() for text in board._mark_labels if text.get_visible())
