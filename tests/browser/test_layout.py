"""Layout at 1366 x 768 in JupyterLab: the Myra move chooser beside the board, two steppers
side by side within the notebook's width (both as the lessons show them), the Walak-pussa
play board's holes, undo / new game and the message line after a click on one screen."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Iterator

import pytest
from playwright.sync_api import Browser, Locator

from conftest import _opened
from jupyter_servers import JupyterServer
from jupyterlab_ui import JUPYTERLAB, open_notebook, run_all_cells
from notebook_pages import OpenedNotebook
from widgets_ui import click_board, steady_box

from kit import myra
from kit.games.myra.drawing import MyraBoard

pytestmark = pytest.mark.browser

LAYOUT = "tests/browser/layout.ipynb"
SCREEN = {"width": 1366, "height": 768}


@pytest.fixture(scope="module")
def layout_notebook(browser: Browser, lab_server: JupyterServer) -> Iterator[OpenedNotebook]:
    """The layout notebook open in JupyterLab on a 1366 x 768 screen, its cells run."""
    with _opened(browser, lab_server, LAYOUT, "lab") as opened:
        opened.own_errors = JUPYTERLAB.own_errors
        opened.page.set_viewport_size(SCREEN)
        lab_server.end_sessions()
        open_notebook(opened.page, lab_server, JUPYTERLAB, LAYOUT)
        run_all_cells(opened.page)
        yield opened


def box(locator: Locator) -> dict[str, float]:
    locator.scroll_into_view_if_needed()
    found = locator.bounding_box()
    assert found is not None and found["width"] > 0
    return found


def test_the_myra_move_chooser_sits_beside_the_board(layout_notebook: OpenedNotebook, screenshots: Path) -> None:
    page = layout_notebook.page
    board = box(page.locator("img.kit-board-view").first)
    chooser = box(page.locator(".widget-dropdown", has_text="hollow").first)
    panel = box(page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-WindowedPanel-outer, "
                             ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook").first)
    page.screenshot(path=str(screenshots / "layout-myra-1366.png"))
    assert chooser["x"] >= board["x"] + board["width"] - 2, "the chooser is not to the right of the board"
    assert chooser["y"] < board["y"] + board["height"], "the chooser is below the board"
    assert chooser["x"] + chooser["width"] <= panel["x"] + panel["width"] + 1, "the chooser runs off the notebook"
    # with a hollow chosen, the actions show as a row of buttons: still beside the board
    page.locator(".widget-dropdown", has_text="hollow").first.locator("select").select_option(index=2)
    actions = page.locator(".widget-toggle-buttons", has_text="action").first.locator("button")
    actions.first.wait_for(state="visible")
    board, last_action = box(page.locator("img.kit-board-view").first), box(actions.last)
    page.screenshot(path=str(screenshots / "layout-myra-actions-1366.png"))
    assert box(actions.first)["x"] >= board["x"] + board["width"] - 2 and box(actions.first)["y"] < board["y"] + board["height"]
    assert last_action["x"] + last_action["width"] <= panel["x"] + panel["width"] + 1, "the actions run off the notebook"
    layout_notebook.assert_no_errors()


def test_the_myra_move_buttons_leave_the_board_its_size(layout_notebook: OpenedNotebook, screenshots: Path) -> None:
    """Clicking a troop and a hollow two of its moves end at offers "Which move?" buttons beside the
    board, within the column's width: the board under the pointer keeps its size (it shrank as the
    buttons' line widened the column)."""
    page = layout_notebook.page
    image = page.locator(".jp-Cell").nth(6).locator("img.kit-board-view").first  # lists=False: clicks only
    drawing = MyraBoard(myra.start())
    image.scroll_into_view_if_needed()
    before = steady_box(image)
    for hollow in ("G10", "H9"):
        click_board(image, drawing.pixel_of(myra.parse_hollow(hollow)), drawing.figure.bbox.width)
    heading = page.locator(".widget-html", has_text="Which move?").first
    heading.wait_for(state="visible")
    page.get_by_role("button", name="split 1: G10 to H9").first.wait_for(state="visible")
    page.screenshot(path=str(screenshots / "layout-myra-which-move-1366.png"))
    after = steady_box(image)  # (its top follows the message line above it, the reply to each click)
    assert all(abs(after[k] - before[k]) <= 1 for k in ("x", "width", "height")), f"the board shrank: {before} then {after}"
    assert box(heading)["x"] >= before["x"] + before["width"] - 2, "the buttons are not beside the board"
    page.get_by_role("button", name="split 1: G10 to H9").first.click()
    image.page.wait_for_function("() => !document.body.innerText.includes('Which move?')")
    layout_notebook.assert_no_errors()


def test_two_steppers_side_by_side_fit_the_notebook(layout_notebook: OpenedNotebook, screenshots: Path) -> None:
    page = layout_notebook.page
    pictures = page.locator("img.kit-board-view")
    left, right = box(pictures.nth(1)), box(pictures.nth(2))
    panel = box(page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-WindowedPanel-outer, "
                             ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook").first)
    page.screenshot(path=str(screenshots / "layout-side-by-side-1366.png"))
    assert abs(left["y"] - right["y"]) < 2 and right["x"] >= left["x"] + left["width"]
    assert right["x"] + right["width"] <= panel["x"] + panel["width"] + 1, "the right board runs off the notebook"


def test_the_walak_holes_and_undo_fit_one_screen(layout_notebook: OpenedNotebook, screenshots: Path) -> None:
    page = layout_notebook.page
    panel = box(page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-WindowedPanel-outer, "
                             ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook").first)
    board = page.locator(".jp-Cell").last
    north, south = board.get_by_role("button", name="g · 4").first, board.get_by_role("button", name="a · 4").last
    undo = board.get_by_role("button", name=re.compile("undo")).first
    new_game = board.get_by_role("button", name=re.compile("new game")).first
    parts = [box(what) for what in (north, south, undo, new_game)]
    page.screenshot(path=str(screenshots / "layout-walak-board-1366.png"))
    top, bottom = min(part["y"] for part in parts), max(part["y"] + part["height"] for part in parts)
    assert bottom - top <= panel["height"], f"holes and undo span {bottom - top:.0f}px, the notebook shows {panel['height']:.0f}px"
    assert not board.get_by_role("button", name=re.compile("load")).first.is_visible(), "the record box is not folded"
    # the reply to a click (the message line) is seen with the board's controls: within the notebook area
    board.get_by_role("button", name="c · 4").last.click()
    message = board.locator(".widget-html", has_text="Played South c").first
    message.wait_for(state="visible")
    north = board.get_by_role("button", name=re.compile(r"^g · \d+")).first  # the seed counts changed
    south = board.get_by_role("button", name=re.compile(r"^a · \d+")).last
    parts = [box(what) for what in (north, south, undo, new_game, message)]
    page.screenshot(path=str(screenshots / "layout-walak-message-1366.png"))
    top, bottom = min(part["y"] for part in parts), max(part["y"] + part["height"] for part in parts)
    assert bottom - top <= panel["height"], f"the board and its message span {bottom - top:.0f}px, the notebook shows {panel['height']:.0f}px"
    shown = box(message)
    assert panel["y"] <= shown["y"] and shown["y"] + shown["height"] <= panel["y"] + panel["height"], "the message is off screen"
    layout_notebook.assert_no_errors()


def test_the_puzzle_board_fits_the_notebook_area(layout_notebook: OpenedNotebook, screenshots: Path) -> None:
    page = layout_notebook.page
    panel = box(page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-WindowedPanel-outer, "
                             ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook").first)
    cell = page.locator(".jp-Cell").nth(4)
    widget = cell.locator(".jp-OutputArea-output .widget-vbox").first
    found = box(widget)
    page.screenshot(path=str(screenshots / "layout-puzzle-board-1366.png"))
    assert found["height"] <= panel["height"], f"the puzzle board is {found['height']:.0f}px tall, the notebook shows {panel['height']:.0f}px"
    assert found["x"] + found["width"] <= panel["x"] + panel["width"] + 1, "the puzzle board runs off the notebook"
    layout_notebook.assert_no_errors()


def test_a_myra_stepper_shows_its_step_buttons_with_its_picture(layout_notebook: OpenedNotebook, screenshots: Path) -> None:
    """Issue 36.6: the Myra stepper of lessons 9 and 10 was as tall as the notebook area, its buttons below it."""
    page = layout_notebook.page
    panel = box(page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-WindowedPanel-outer, "
                             ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook").first)
    stepper = page.locator(".jp-Cell").nth(5).locator(".jp-OutputArea-output .widget-vbox").first
    picture = stepper.locator("img.kit-board-view").first
    box(picture)
    picture.evaluate("element => element.scrollIntoView({block: 'start'})")
    last = box(stepper.get_by_role("button", name=re.compile("last")).first)
    shown = picture.bounding_box()
    page.screenshot(path=str(screenshots / "layout-myra-stepper-1366.png"))
    assert shown is not None and shown["y"] >= panel["y"] - 1
    assert last["y"] + last["height"] <= panel["y"] + panel["height"], (
        f"the step buttons end {last['y'] + last['height'] - panel['y']:.0f}px below the picture's top, "
        f"the notebook shows {panel['height']:.0f}px")
    assert shown["height"] >= 300, "the picture is still a readable size"
    layout_notebook.assert_no_errors()


def test_the_myra_move_box_shows_its_whole_placeholder(layout_notebook: OpenedNotebook) -> None:
    page = layout_notebook.page
    typed = page.locator("input[placeholder*='type a move']").first
    box(typed)
    room, needed = typed.evaluate("""input => {
        const style = getComputedStyle(input);
        const context = document.createElement('canvas').getContext('2d');
        context.font = style.font;
        const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return [room, context.measureText(input.placeholder).width];
    }""")
    assert needed <= room, f"the placeholder needs {needed:.0f}px, the box shows {room:.0f}px"


def test_the_walak_play_board_keeps_its_step_controls_on_one_row(layout_notebook: OpenedNotebook,
                                                                 screenshots: Path) -> None:
    page = layout_notebook.page
    board = page.locator(".jp-Cell").last
    first = box(board.get_by_role("button", name=re.compile("first")).first)
    speed = box(board.locator(".widget-dropdown", has_text="speed").first)
    page.screenshot(path=str(screenshots / "layout-walak-step-controls-1366.png"))
    assert abs((speed["y"] + speed["height"] / 2) - (first["y"] + first["height"] / 2)) < first["height"], (
        "the speed control wraps onto a row of its own")


def test_the_puzzle_board_is_drawn_large(layout_notebook: OpenedNotebook) -> None:
    page = layout_notebook.page
    picture = box(page.locator(".jp-Cell").nth(4).locator("img.kit-board-view").first)
    assert picture["width"] >= 500, f"the puzzle's board is {picture['width']:.0f}px wide"


def test_the_puzzle_board_keeps_its_step_controls_on_one_row(layout_notebook: OpenedNotebook,
                                                             screenshots: Path) -> None:
    """Issue 37: at 560 px the puzzle's step buttons wrapped the speed list onto a second row."""
    page = layout_notebook.page
    board = page.locator(".jp-Cell").nth(4)
    first = box(board.get_by_role("button", name=re.compile("first")).first)
    speed = box(board.locator(".widget-dropdown", has_text="speed").first)
    page.screenshot(path=str(screenshots / "layout-puzzle-step-controls-1366.png"))
    assert abs((speed["y"] + speed["height"] / 2) - (first["y"] + first["height"] / 2)) < first["height"], (
        "the puzzle board's speed control wraps onto a row of its own")
