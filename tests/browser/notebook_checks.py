"""A teacher's path through ``targets.LAB``'s notebook once all its cells have run, the same
in every front end that runs it (JupyterLab, Notebook 7): the page shows no error, the
move steppers step, the play board plays. Screenshots are named ``<prefix>-01-after-run``,
``<prefix>-02-stepper<i>-step<n>``, ``<prefix>-03-board<i>-<n>-<move>``.
"""
from __future__ import annotations

import re
from pathlib import Path

from kit import walak
from kit.games.walak.drawing import WalakBoard
from notebook_pages import OpenedNotebook
from targets import LAB
from widgets_ui import board_point, find_widgets, hole_buttons, play_holes, shoot, step_through, wait_for_text

#: How many times "next" is pressed on each stepper.
NEXT_CLICKS = 3


def check_ran_without_errors(opened: OpenedNotebook, screenshots: Path, prefix: str) -> None:
    """The page after Run All Cells shows no error."""
    shoot(opened.page, screenshots, f"{prefix}-01-after-run")
    opened.assert_no_errors()


def check_steppers(opened: OpenedNotebook, screenshots: Path, prefix: str) -> None:
    """Each of ``LAB.steppers`` changes its board image and narration at every "next"."""
    steppers = find_widgets(opened.page, "stepper", at_least=max(LAB.steppers) + 1)
    for index in LAB.steppers:
        states = step_through(steppers[index], screenshots, f"{prefix}-02-stepper{index}", NEXT_CLICKS)
        assert len({s.src for s in states}) == len(states), "a board image came back unchanged"
        assert len({s.text for s in states}) == len(states), "a narration came back unchanged"
    opened.assert_no_errors()


def check_play_board(opened: OpenedNotebook, screenshots: Path, prefix: str) -> None:
    """``LAB.play_board`` plays a move for each side, each changing its image and texts."""
    assert LAB.play_board is not None, "targets.LAB names no play board"
    boards = find_widgets(opened.page, "board", at_least=LAB.play_board + 1)
    play_holes(boards[LAB.play_board], screenshots, f"{prefix}-03-board{LAB.play_board}")
    opened.assert_no_errors()


def check_click_on_board(opened: OpenedNotebook, screenshots: Path, prefix: str) -> None:
    """A real mouse click on the picture of a hole the side to move can play plays it."""
    assert LAB.play_board is not None, "targets.LAB names no play board"
    board = find_widgets(opened.page, "board", at_least=LAB.play_board + 1)[LAB.play_board]
    titles = [b.get_attribute("title") or "" for b in hole_buttons(board).all()]
    playable = [m.groups() for m in (re.match(r"play (South|North)'s ([a-g])\b", t) for t in titles) if m]
    assert playable, f"no hole to play (the buttons say {titles!r})"
    side, letter = playable[0]
    hole = "abcdefg".index(letter) + (7 if side == "North" else 0)
    drawing = WalakBoard(walak.start())
    image = board.locator("img.widget-image").first
    opened.page.mouse.click(*board_point(image, drawing.pixel_of(hole), drawing.figure.bbox.width))
    wait_for_text(board, f"Played {side} {letter}")
    shoot(board, screenshots, f"{prefix}-04-board{LAB.play_board}-clicked-{side}-{letter}")
    opened.assert_no_errors()
