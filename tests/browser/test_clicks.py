"""Play by clicking the board, in Voila with a real mouse and keyboard: a click on a South
hole plays it, two clicks play a Myra move, Arrow Right steps a stepper, Enter checks a
puzzle's answer.

The point to click is computed from the drawing's own geometry (``pixel_of`` of a board drawn
as the widget draws it), scaled from the PNG's pixels to the picture's size on the page.
"""
from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect

from kit import myra, walak
from kit.puzzles.session import PuzzleSession
from kit.games.myra.drawing import MyraBoard
from kit.games.walak.drawing import WalakBoard
from kit.games.myra.hexgrid import parse_hollow
from notebook_pages import OpenedNotebook
from widgets_ui import board_point, shoot, wait_for_new_picture, wait_for_text

pytestmark = pytest.mark.browser

#: The board pictures of the notebook, in page order.
WALAK_BOARD, MYRA_BOARD, STEPPER, PUZZLE = 0, 1, 2, 3


def picture(page: Page, index: int) -> Locator:
    """The ``index``-th board picture (a BoardView) on the page."""
    pictures = page.locator("img.kit-board-view")
    pictures.nth(2).wait_for(state="visible")
    return pictures.nth(index)


def widget_of(image: Locator) -> Locator:
    """The outermost widget box around a board picture (the play board or the stepper)."""
    return image.locator("xpath=ancestor::div[contains(@class, 'jupyter-widgets')"
                         " and contains(@class, 'widget-container')][last()]")


def point_of(image: Locator, drawing: WalakBoard | MyraBoard, target: object) -> tuple[float, float]:
    """The page point over the centre of a hole or hollow of the picture."""
    return board_point(image, drawing.pixel_of(target), drawing.figure.bbox.width)


def test_the_boards_render_without_errors(clicks_notebook: OpenedNotebook, screenshots: Path) -> None:
    picture(clicks_notebook.page, STEPPER)
    shoot(clicks_notebook.page, screenshots, "voila-clicks-00-rendered")
    clicks_notebook.assert_no_errors()


def test_a_mouse_click_on_a_south_hole_plays_it(clicks_notebook: OpenedNotebook, screenshots: Path) -> None:
    page = clicks_notebook.page
    image = picture(page, WALAK_BOARD)
    board = widget_of(image)
    shoot(board, screenshots, "voila-clicks-01-walak-start")
    before = image.get_attribute("src") or ""
    page.mouse.click(*point_of(image, WalakBoard(walak.start()), 2))  # South's c
    wait_for_text(board, "Played South c (Pussa kanawa")  # the move, with its capture
    wait_for_new_picture(image, before)
    assert "North to move" in board.inner_text()
    shoot(board, screenshots, "voila-clicks-02-walak-after-c")
    clicks_notebook.assert_no_errors()


def test_two_mouse_clicks_play_a_myra_move(clicks_notebook: OpenedNotebook, screenshots: Path) -> None:
    page = clicks_notebook.page
    image = picture(page, MYRA_BOARD)
    board = widget_of(image)
    drawing = MyraBoard(myra.start())
    before = image.get_attribute("src") or ""
    page.mouse.click(*point_of(image, drawing, parse_hollow("C8")))
    wait_for_text(board, "Blue's troop of 2 on C8")
    lit = wait_for_new_picture(image, before)  # the targets light up
    shoot(board, screenshots, "voila-clicks-03-myra-targets-lit")
    page.mouse.click(*point_of(image, drawing, parse_hollow("A6")))
    wait_for_text(board, "Played Blue C8-B7-A6.")
    wait_for_new_picture(image, lit)
    shoot(board, screenshots, "voila-clicks-04-myra-after-move")
    clicks_notebook.assert_no_errors()


def test_arrow_right_steps_the_stepper(clicks_notebook: OpenedNotebook, screenshots: Path) -> None:
    page = clicks_notebook.page
    image = picture(page, STEPPER)
    stepper = widget_of(image)
    shoot(stepper, screenshots, "voila-clicks-05-stepper-start")
    before = image.get_attribute("src") or ""
    page.mouse.move(*point_of(image, WalakBoard(walak.start()), 0))  # keys reach the board while the pointer is over it
    page.keyboard.press("ArrowRight")
    wait_for_new_picture(image, before)
    wait_for_text(stepper, "South lifts 4 seeds from South's c.")
    shoot(stepper, screenshots, "voila-clicks-06-stepper-step1")
    page.keyboard.press("End")
    wait_for_text(stepper, "The move ends")
    shoot(stepper, screenshots, "voila-clicks-07-stepper-end")
    clicks_notebook.assert_no_errors()


def test_a_target_with_several_moves_offers_a_choice(clicks_notebook: OpenedNotebook, screenshots: Path) -> None:
    page = clicks_notebook.page
    image = picture(page, MYRA_BOARD)
    board = widget_of(image)
    wait_for_text(board, "Played Blue C8-B7-A6.")  # after the two-click test: Orange to move
    position = myra.start().play("C8-B7-A6")
    ends: dict[tuple, list] = {}
    for move in position.legal_moves():
        if move.action in ("move", "split"):
            ends.setdefault((move.hollows[0], move.hollows[-1]), []).append(move)
    origin, target = next(pair for pair, moves in ends.items() if len(moves) > 1)
    drawing = MyraBoard(position)
    actions = board.locator(".widget-toggle-buttons").filter(has=page.locator(".widget-label", has_text="action"))
    expect(actions).to_be_hidden()  # no hollow chosen: no action row
    page.mouse.click(*point_of(image, drawing, origin))
    expect(actions).to_be_visible()  # the piece clicked: its actions are offered
    page.mouse.click(*point_of(image, drawing, target))
    wait_for_text(board, "Which move?")
    shoot(board, screenshots, "voila-clicks-08-myra-choice")
    choice = board.get_by_role("button", name="move: ", exact=False).first
    label = choice.inner_text().split(": ", 1)[1].strip()  # "C1 to C2": the path's ends in words
    choice.click()
    wait_for_text(board, f"Played Orange {label.replace(' to ', '-')}.")
    expect(actions).to_be_hidden()  # after the move no action of the last piece is left on show
    shoot(board, screenshots, "voila-clicks-09-myra-chosen")
    clicks_notebook.assert_no_errors()


def test_enter_in_the_answer_box_checks_a_puzzle(clicks_notebook: OpenedNotebook, screenshots: Path) -> None:
    page = clicks_notebook.page
    puzzle = widget_of(picture(page, PUZZLE))
    shown = PuzzleSession("walak", "most-captured", 1, 1).puzzle  # the notebook's puzzle (seed 1)
    wrong = next(move for move in shown.position.legal_moves() if move != shown.answer)
    box = puzzle.locator("input[type=text]")
    box.fill(wrong)
    box.press("Enter")
    wait_for_text(puzzle, f"Not yet: {wrong} captures")
    box.press("Enter")  # the same answer again: the verdict says it was checked again
    wait_for_text(puzzle, f"Not yet (2nd try): {wrong} captures")
    box.fill(shown.answer)
    box.press("Enter")
    wait_for_text(puzzle, "Right!")
    shoot(puzzle, screenshots, "voila-clicks-10-puzzle-enter")
    clicks_notebook.assert_no_errors()
