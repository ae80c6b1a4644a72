"""The classroom app in Voila, as a teacher at a projector sees it: it fits the screen, the
arrow keys step, Myra's captures step through, and predict mode asks and reveals.

Screenshots of each state land in ``screenshots/classroom-*.png``.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Iterator

import pytest
from playwright.sync_api import Browser, Page

from classroom_ui import (button, classroom_page, click_and_wait_for_change, click_on_board, eventually,
                          inside_window, resize, show_game, stage, wait_for_text)
from jupyter_servers import JupyterServer
from widgets_ui import click_until_changed, shoot, state_of, step_through

from kit.classroom.room import SIZES
from kit.games.walak.drawing import WalakBoard
from kit.games.myra.demos import demo as myra_demo
from kit.games.walak.demos import demo as walak_demo

pytestmark = pytest.mark.browser

SCREENS = ((1280, 720), (1366, 768), (1920, 1080))


@pytest.fixture(scope="module")
def page(browser: Browser, voila_server: JupyterServer) -> Iterator[Page]:
    """The classroom rendered by Voila in a 1280x720 window."""
    with classroom_page(browser, voila_server) as opened:
        yield opened


def test_the_board_and_the_controls_fit_the_screen(page: Page, screenshots: Path) -> None:
    for width, height in SCREENS:
        resize(page, width, height)
        board = stage(page)
        image = board.locator("img.widget-image").first

        def fits() -> None:
            for what in (image, button(page, "next"), button(page, "last"), board.locator(".kit-where").first,
                         page.locator(".kit-note").filter(visible=True).first):
                assert inside_window(page, what), f"at {width}x{height} {what} is not wholly on the screen"

        eventually(fits)
        box = image.bounding_box()
        natural = image.evaluate("img => img.naturalWidth / img.naturalHeight")
        assert box["width"] > 0.55 * width, f"at {width}x{height} the board is only {box['width']:.0f} px wide"
        shown = image.evaluate("img => [img.clientWidth, img.clientHeight]")
        assert shown[0] / shown[1] >= natural * 0.98  # contain: the picture keeps its aspect ratio
        shoot(page, screenshots, f"classroom-01-walak-{width}x{height}")
    resize(page, 1280, 720)


def test_arrow_right_steps_the_board(page: Page, screenshots: Path) -> None:
    board = stage(page)
    click_until_changed(board, button(page, "Chain of two, South's side"))
    image = board.locator("img.widget-image").first
    image.hover()
    before = state_of(board)
    page.keyboard.press("ArrowRight")
    page.wait_for_function("src => document.querySelector('.kit-stage img.widget-image') && "
                           "[...document.querySelectorAll('.kit-stage img.widget-image')].some("
                           "img => img.offsetParent && img.src !== src)", arg=before.src, timeout=20_000)
    assert "step 1 of" in wait_for_text(board, r"step 1 of")
    shoot(page, screenshots, "classroom-02-arrow-right")


def test_myra_capture_demonstration_steps_to_its_capture(page: Page, screenshots: Path) -> None:
    show_game(page, "Myra")
    button(page, myra_demo("capture-3").title).wait_for()  # Myra's gallery is shown
    board = stage(page)
    assert board.locator("img.widget-image").first.is_visible()
    click_until_changed(board, button(page, myra_demo("capture-3").title))
    assert inside_window(page, board.locator("img.widget-image").first) and inside_window(page, button(page, "next"))
    shoot(page, screenshots, "classroom-03-myra")
    step_through(board, screenshots, "classroom-03-myra-capture", 10, until=r"captures Orange's troop of 3")
    shoot(page, screenshots, "classroom-03-myra-captured")
    show_game(page, "Walak-pussa")
    button(page, walak_demo("single").title).wait_for()  # Walak-pussa's gallery is back


def test_predict_mode_asks_and_reveals(page: Page, screenshots: Path) -> None:
    board = stage(page)
    click_until_changed(board, button(page, walak_demo("single").title))
    button(page, "predict, then reveal").click()
    button(page, "next").click()
    wait_for_text(board, r"Where does the last seed fall\?")
    shoot(page, screenshots, "classroom-04-predict-asks")
    drawing = WalakBoard(walak_demo("single").start(), size=SIZES["walak"])
    click_on_board(board, drawing.pixel_of(1))  # South's b
    wait_for_text(board, r"Right: South's b")
    shoot(page, screenshots, "classroom-04-predict-right")
    button(page, "next").click()
    wait_for_text(board, r"What does South capture\?")
    click_on_board(board, drawing.pixel_of(4))  # South's e: not yet, one more try
    wait_for_text(board, r"Not yet: not South's e\. One more try")
    click_on_board(board, drawing.pixel_of(5))  # South's f: wrong again, the answer
    wait_for_text(board, r"Not yet\. Not South's f\. The answer: South's d")
    shoot(page, screenshots, "classroom-04-predict-not-yet")
    button(page, "predict, then reveal").click()


def test_myra_predict_reveal_button(page: Page, screenshots: Path) -> None:
    show_game(page, "Myra")
    button(page, myra_demo("fortress").title).wait_for()
    board = stage(page)
    click_until_changed(board, button(page, myra_demo("fortress").title))
    button(page, "predict, then reveal").click()
    button(page, "next").click()
    wait_for_text(board, r"What does Blue capture\?")
    button(page, "reveal").click()
    wait_for_text(board, r"The answer: F6")
    shoot(page, screenshots, "classroom-05-myra-revealed")
    for width, height in SCREENS[1:]:
        resize(page, width, height)
        eventually(lambda: _on_screen(page, board.locator("img.widget-image").first, button(page, "next")))
        shoot(page, screenshots, f"classroom-05-myra-{width}x{height}")
    resize(page, 1280, 720)


def _on_screen(page: Page, *elements) -> None:
    for element in elements:
        assert inside_window(page, element), f"{element} is not wholly on the screen"


def test_live_game_and_set_up_on_the_big_board(page: Page, screenshots: Path) -> None:
    show_game(page, "Walak-pussa")
    button(page, "live game").click()
    live = page.locator(".kit-live").filter(visible=True).first
    live.wait_for()
    image = live.locator("img.widget-image").first
    eventually(lambda: _on_screen(page, image, button(page, "new game")))
    shoot(page, screenshots, "classroom-06-live-start")
    drawing = WalakBoard(walak_demo("opening").start(), size=SIZES["walak"])
    click_on_board(live, drawing.pixel_of(2))  # South's c
    wait_for_text(live, r"Played South c")
    shoot(page, screenshots, "classroom-06-live-played")
    button(page, "set up").click()
    button(page, "clear board").wait_for()  # the set-up panel is shown
    board = stage(page)
    click_and_wait_for_change(board, button(page, "clear board").click)
    for hole in (0, 3, 3):  # each click answered before the next
        click_and_wait_for_change(board, lambda: click_on_board(board, drawing.pixel_of(hole)))
    wait_for_text(board, r"South's d: 2 seeds\. 3 of 56 seeds in play\.")
    shoot(page, screenshots, "classroom-07-set-up")
    button(page, "demonstrations").click()
    button(page, walak_demo("single").title).wait_for()


def test_puzzle_mode_fits_the_screen_and_a_real_click_answers(page: Page, screenshots: Path) -> None:
    page.set_viewport_size({"width": 1280, "height": 720})
    show_game(page, "Walak-pussa")
    button(page, "puzzles").click()
    board = stage(page)
    wait_for_text(board, r"which hole|In which hole")
    image = board.locator("img.widget-image").first
    question = board.locator(".kit-prompt").first
    for what in (image, question, button(page, "reveal"), button(page, "next puzzle")):
        assert inside_window(page, what), f"in puzzle mode {what} is not wholly on the screen"
    assert page.evaluate("document.scrollingElement.scrollHeight <= window.innerHeight + 1")
    shoot(page, screenshots, "classroom-08-puzzle")
    drawing = WalakBoard(walak_demo("opening").start(), size=SIZES["walak"])
    for hole in (*range(7), *range(7, 14)):  # the mover's holes first: an empty hole is no answer
        click_on_board(board, drawing.pixel_of(hole))
        try:
            wait_for_text(board, r"Right!|Not yet", timeout=10)  # a busy kernel (drawing Myra's first puzzle) answers late
            break
        except AssertionError:
            continue
    text = wait_for_text(board, r"Right!|Not yet")
    assert re.search(r"score <?b?>?\d|score \d", page.locator(".kit-tally").filter(visible=True).first.inner_text())
    shoot(page, screenshots, "classroom-08-puzzle-answered")
    button(page, "reveal").click()
    wait_for_text(board, r"The answer: ")
    shoot(page, screenshots, "classroom-08-puzzle-revealed")
    assert text
    show_game(page, "Myra")

    def myra_puzzle() -> object:  # drawing the first Myra puzzle takes a few seconds
        shown = stage(page)
        assert re.search(r"which move captures", shown.inner_text())
        return shown

    board = eventually(myra_puzzle, timeout=120)
    wait_for_text(board, r"which move captures")
    for what in (board.locator("img.widget-image").first, board.locator(".kit-prompt").first,
                 button(page, "next puzzle")):
        assert inside_window(page, what), f"in Myra's puzzle mode {what} is not wholly on the screen"
    shoot(page, screenshots, "classroom-08-puzzle-myra")
    show_game(page, "Walak-pussa")
    button(page, "live game").click()
    live = page.locator(".kit-live").filter(visible=True).first
    live.wait_for()
    button(page, "hint").click()
    wait_for_text(live, r"Hint for (South|North): ", timeout=30)
    assert inside_window(page, live.locator("img.widget-image").first)
    shoot(page, screenshots, "classroom-09-live-hint")
    button(page, "demonstrations").click()
    button(page, walak_demo("single").title).wait_for()
