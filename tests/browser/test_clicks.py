"""Play by clicking the board, in Voila with a real mouse and keyboard: a click on a South
hole plays it, two clicks play a Myra move, Arrow Right steps a stepper.

The point to click is computed from the drawing's own geometry (``pixel_of`` of a board drawn
as the widget draws it), scaled from the PNG's pixels to the picture's size on the page.
"""
from __future__ import annotations

import time
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page

from kit import myra, walak
from kit.draw.myra import MyraBoard
from kit.draw.walak import WalakBoard
from kit.myra.hexgrid import parse_cell
from notebook_pages import OpenedNotebook
from widgets_ui import shoot

pytestmark = pytest.mark.browser

#: The board pictures of the notebook, in page order.
WALAK_BOARD, MYRA_BOARD, STEPPER = 0, 1, 2


def picture(page: Page, index: int) -> Locator:
    """The ``index``-th board picture (a BoardView) on the page."""
    pictures = page.locator("img.kit-board-view")
    pictures.nth(2).wait_for(state="visible")
    return pictures.nth(index)


def widget_of(image: Locator) -> Locator:
    """The outermost widget box around a board picture (the play board or the stepper)."""
    return image.locator("xpath=ancestor::div[contains(@class, 'jupyter-widgets')"
                         " and contains(@class, 'widget-container')][last()]")


def point_of(image: Locator, pixel: tuple[int, int]) -> tuple[float, float]:
    """The page point over a PNG pixel of the picture, as shown (scaled) on the page."""
    image.scroll_into_view_if_needed()
    box = image.bounding_box()
    natural = image.evaluate("img => [img.naturalWidth, img.naturalHeight]")
    assert box is not None and natural[0] > 0, "the board picture is not shown"
    scale = box["width"] / natural[0]
    return box["x"] + (pixel[0] + 0.5) * scale, box["y"] + (pixel[1] + 0.5) * scale


def wait_for_text(widget: Locator, text: str, timeout: float = 30.0) -> str:
    """Wait until the widget's visible text contains ``text``; its text then."""
    deadline = time.monotonic() + timeout
    shown = ""
    while time.monotonic() < deadline:
        shown = widget.inner_text()
        if text in shown:
            return shown
        widget.page.wait_for_timeout(150)
    raise AssertionError(f"{text!r} never appeared; the widget shows: {shown[:600]!r}")


def wait_for_new_picture(image: Locator, before: str, timeout: float = 30.0) -> str:
    """Wait until the picture's ``src`` differs from ``before``; the new ``src``."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        src = image.get_attribute("src") or ""
        if src != before:
            return src
        image.page.wait_for_timeout(100)
    raise AssertionError("the board picture did not change")


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
    page.mouse.click(*point_of(image, WalakBoard(walak.start()).pixel_of(2)))  # South's c
    wait_for_text(board, "Played South c.")
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
    page.mouse.click(*point_of(image, drawing.pixel_of(parse_cell("C8"))))
    wait_for_text(board, "Blue's troop of 2 on C8")
    lit = wait_for_new_picture(image, before)  # the targets light up
    shoot(board, screenshots, "voila-clicks-03-myra-targets-lit")
    page.mouse.click(*point_of(image, drawing.pixel_of(parse_cell("A6"))))
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
    page.mouse.move(*point_of(image, (20, 20)))  # keys reach the board while the pointer is over it
    page.keyboard.press("ArrowRight")
    wait_for_new_picture(image, before)
    wait_for_text(stepper, "South lifts 4 seeds from South's c.")
    shoot(stepper, screenshots, "voila-clicks-06-stepper-step1")
    page.keyboard.press("End")
    wait_for_text(stepper, "The move ends")
    shoot(stepper, screenshots, "voila-clicks-07-stepper-end")
    clicks_notebook.assert_no_errors()
