"""The Walak-pussa board drawing: highlights where the events say, frames that change, no pyplot."""
from __future__ import annotations

import numpy as np
import pytest
from matplotlib.figure import Figure

from draw_support import colour_at, near, no_open_figures, pixels  # noqa: F401 (autouse fixture)
from kit import walak
from kit.draw import palette
from kit.games.walak.drawing import WalakBoard, draw, hole_center, position_png
from kit.games.walak import Capture, LapEnd, Lift, Relay, Sow

DPI = 40  # small pictures keep the tests quick; the geometry is the same at any resolution
CHAIN = ("S:1,4,3,9,0,0,1/1,0,2,0,3,8,1:7-16:4", "c")  # a relay, then a capture and a bead-chain link
ENDING = ("N:0,0,0,0,0,0,0/1,0,0,0,0,0,1:18-36:81", "a")  # the last move: a sweep and the game's end


@pytest.fixture(scope="module")
def chain():
    position = walak.parse_position(CHAIN[0])
    return position, position.trace(CHAIN[1])


@pytest.fixture(scope="module")
def frames(chain):
    """The PNG of every step of the chain move, drawn by one board."""
    position, trace = chain
    board = WalakBoard(position, dpi=DPI)
    shots = []
    for step in range(len(trace.events) + 1):
        board.show(position, trace.events, step)
        shots.append(board.png())
    return board, shots


def test_the_chain_example_has_what_the_tests_need(chain):
    _, trace = chain
    kinds = [type(e) for e in trace.events]
    assert Relay in kinds and kinds.count(Capture) == 2
    assert [e.chained for e in trace.events if isinstance(e, Capture)] == [False, True]


def test_hole_centres_show_the_hole_colour_at_the_start():
    position = walak.start()
    board = WalakBoard(position, dpi=DPI)
    png = board.png()
    for hole in range(14):
        assert near(colour_at(png, board.pixel_of(hole)), palette.HOLE), hole


def test_pixel_of_follows_the_board_layout():
    board = WalakBoard(walak.start(), dpi=DPI)
    south = [board.pixel_of(h) for h in range(7)]
    north = [board.pixel_of(h) for h in range(7, 14)]
    assert [c for c, _ in south] == sorted(c for c, _ in south)  # South a..g left to right
    assert [c for c, _ in north] == sorted((c for c, _ in north), reverse=True)  # North a..g right to left
    assert all(row_n < row_s for (_, row_n), (_, row_s) in zip(north, south))  # North on top
    assert hole_center(0) == (0.0, 0.0) and hole_center(7)[0] == 6.0


def test_the_highlight_is_where_the_event_says(chain, frames):
    _, trace = chain
    board, shots = frames
    checked = set()
    for step, event in enumerate(trace.events, 1):
        png = shots[step]
        if isinstance(event, Lift):
            assert near(colour_at(png, board.pixel_of(event.hole)), palette.LIFT)
        elif isinstance(event, Sow):
            assert near(colour_at(png, board.pixel_of(event.hole)), palette.SOW)
        elif isinstance(event, Relay):
            assert near(colour_at(png, board.pixel_of(event.hole)), palette.RELAY)
        elif isinstance(event, LapEnd):
            expected = palette.RELAY if event.goes_on else palette.STOP
            assert near(colour_at(png, board.pixel_of(event.looked_at)), expected)
        elif isinstance(event, Capture):
            assert near(colour_at(png, board.pixel_of(event.hole)), palette.CAPTURE)
            assert near(colour_at(png, board.pixel_of(event.past)), palette.STOP)
        else:
            continue
        checked.add(type(event))
    assert checked == {Lift, Sow, Relay, LapEnd, Capture}


def test_consecutive_frames_differ_where_the_board_changed(chain, frames):
    _, trace = chain
    board, shots = frames
    images = [pixels(png).astype(int) for png in shots]
    for step, event in enumerate(trace.events, 1):
        changed = np.abs(images[step] - images[step - 1]).sum(axis=2) > 30
        assert changed.any(), f"step {step} ({event.text}) changed nothing"
        hole = getattr(event, "hole", None)
        if isinstance(event, (Sow, Lift, Relay, Capture)):
            column, row = board.pixel_of(hole)
            radius = 10
            assert changed[row - radius:row + radius, column - radius:column + radius].any(), event.text


def test_stepping_updates_the_same_artists(chain):
    position, trace = chain
    board = WalakBoard(position, dpi=DPI)
    before = (len(board.axes.get_children()), len(board.figure.get_children()))
    for step in range(len(trace.events) + 1):
        board.show(position, trace.events, step, progress=0.5 if step else 1.0)
    board.png()
    assert (len(board.axes.get_children()), len(board.figure.get_children())) == before


def test_in_between_frames_show_seeds_travelling(chain):
    position, trace = chain
    board = WalakBoard(position, dpi=DPI)
    shots = []
    for progress in (0.0, 0.5, 1.0):
        board.show(position, trace.events, 2, progress=progress)
        shots.append(pixels(board.png()).astype(int))
    assert np.abs(shots[0] - shots[1]).sum() > 0 and np.abs(shots[1] - shots[2]).sum() > 0
    with pytest.raises(ValueError, match="progress"):
        board.show(position, trace.events, 2, progress=1.5)


def test_the_caption_is_the_narration(chain):
    position, trace = chain
    board = WalakBoard(position, dpi=DPI)
    for step in (1, len(trace.events)):
        board.show(position, trace.events, step)
        assert board._caption.get_text().replace("\n", " ") == trace.events[step - 1].text


def test_the_end_of_a_game_is_drawn():
    position = walak.parse_position(ENDING[0])
    trace = position.trace(ENDING[1])
    board = WalakBoard(position, dpi=DPI)
    for step in range(len(trace.events) + 1):
        board.show(position, trace.events, step, progress=0.5 if step else 1.0)
        assert board.png().startswith(b"\x89PNG")
    board.show(trace.after)
    assert "Game over" in board._caption.get_text()


def test_an_endless_sowing_can_be_shown():
    position = walak.parse_position("N:1 0 1 0 1 0 1 | 0 1 0 1 2 1 0:0-0")
    events = position.first_laps("e", 3)
    board = WalakBoard(position, dpi=DPI)
    board.show(position, events, len(events))
    assert board.png().startswith(b"\x89PNG")


def test_convenience_functions_and_repr_png():
    position = walak.start()
    figure = draw(position, position.trace("a").events, 3, dpi=DPI)
    assert isinstance(figure, Figure)
    png = position_png(position)
    assert png.startswith(b"\x89PNG") and position._repr_png_() == png


def test_bad_input_is_named():
    with pytest.raises(ValueError, match="hole"):
        hole_center(14)
    with pytest.raises(ValueError, match="size"):
        WalakBoard(walak.start(), size=0)


def test_an_arrow_shows_the_sowing_direction():
    from matplotlib.patches import FancyArrowPatch

    from kit.games.walak.drawing import MID_Y

    board = WalakBoard(walak.start(), dpi=DPI)
    heads = [patch for patch in board.axes.patches if isinstance(patch, FancyArrowPatch)]
    assert heads
    for head in heads:
        (x0, y0), (x1, y1) = head._posA_posB
        assert (x1 > x0) == (y0 < MID_Y)  # South's side runs right, North's runs left: counter-clockwise
    assert {y0 < MID_Y for head in heads for (_, y0), _ in [head._posA_posB]} == {True, False}


def test_the_troughs_are_labelled_as_captured_seeds():
    board = WalakBoard(walak.start(), dpi=DPI)
    texts = [text.get_text() for text in board.axes.texts]
    assert "captured by South" in texts and "captured by North" in texts
    assert not any("store" in text.lower() for text in texts)


def test_chain_badges_are_as_large_as_the_counts(chain):
    position, trace = chain
    board = WalakBoard(position, dpi=DPI)
    board.show(position, trace.events, len(trace.events))
    shown = [badge for badge in board._badges if badge.get_visible()]
    assert [badge.get_text() for badge in shown] and {badge.get_text() for badge in shown} == {"1", "2"}
    count_size = max(count.get_fontsize() for count in board._counts)
    assert min(badge.get_fontsize() for badge in shown) >= count_size
