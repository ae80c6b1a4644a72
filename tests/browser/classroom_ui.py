"""The classroom page in Voila as a teacher sees it: opening it at a screen size, finding
its board, buttons and texts, clicking the board where a hole or hollow is drawn, and
measuring what the class sees (the picture's displayed size, its type as displayed)."""
from __future__ import annotations

import base64
import io
import re
from contextlib import contextmanager
from typing import Callable, Iterator

import numpy as np
from PIL import Image
from playwright.sync_api import Browser, Locator, Page

from jupyter_servers import JupyterServer
from voila_ui import wait_for_voila
from widgets_ui import eventually, find_widgets, state_of

NOTEBOOK = "lessons/classroom.ipynb"


@contextmanager
def classroom_page(browser: Browser, server: JupyterServer, width: int = 1280, height: int = 720) -> Iterator[Page]:
    """The classroom rendered by Voila in a window of that size, in a kernel of its own; no
    request may leave the machine, and no JavaScript error may happen."""
    context = browser.new_context(viewport={"width": width, "height": height})
    context.set_default_timeout(30_000)
    opened = context.new_page()
    errors: list[str] = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    try:
        opened.goto(server.url(f"voila/render/{NOTEBOOK}"), timeout=120_000)
        wait_for_voila(opened)
        find_widgets(opened, "stepper")
        yield opened
        assert errors == [], f"JavaScript errors on the page: {errors}"
    finally:
        context.close()


#: The games' keys by the names on their buttons.
GAME_KEYS = {"Walak-pussa": "walak", "Myra": "myra"}


def stage(page: Page) -> Locator:
    """The big board shown now (the other game's board is on the page but hidden), once one is."""

    def shown() -> Locator:
        for found in find_widgets(page, "stepper"):
            if found.is_visible():
                return found
        raise AssertionError("no visible board on the page")

    return eventually(shown)


def show_game(page: Page, name: str) -> None:
    """Press the button of the game called ``name`` and wait until the main area shows that
    game's board alone (the side panel may change a moment before the board does)."""
    button(page, name).click()
    page.wait_for_function("""key => {
      const shown = [...document.querySelectorAll('.kit-main > *')].filter(part => part.offsetParent !== null);
      return shown.length > 0 && shown.every(part => part.classList.contains('kit-game-' + key));
    }""", arg=GAME_KEYS[name], timeout=120_000)


def live(page: Page) -> Locator:
    """The live game shown now."""
    return page.locator(".kit-live").filter(visible=True).first


def inside_window(page: Page, element: Locator) -> bool:
    box, size = element.bounding_box(), page.viewport_size
    return box is not None and box["y"] >= 0 and box["x"] >= 0 and \
        box["y"] + box["height"] <= size["height"] + 0.5 and box["x"] + box["width"] <= size["width"] + 0.5


def button(page: Page, name: str) -> Locator:
    """The visible button called ``name`` (an icon before the name is allowed)."""
    return page.get_by_role("button", name=re.compile(rf"^\W*{re.escape(name)}$")).filter(visible=True).first


def image(board: Locator) -> Locator:
    return board.locator("img.widget-image").first


def shown_scale(board: Locator) -> float:
    """Displayed pixels per PNG pixel of the board picture (object-fit: contain)."""
    found = image(board)
    box = found.bounding_box()
    natural = found.evaluate("img => [img.naturalWidth, img.naturalHeight]")
    return min(box["width"] / natural[0], box["height"] / natural[1])


def shown_size(board: Locator) -> tuple[float, float]:
    """The width and height the board picture is displayed at."""
    found = image(board)
    box = found.bounding_box()
    natural = found.evaluate("img => [img.naturalWidth, img.naturalHeight]")
    scale = shown_scale(board)
    assert box is not None
    return natural[0] * scale, natural[1] * scale


def click_on_board(board: Locator, pixel: tuple[int, int]) -> None:
    """Click the shown board picture where the PNG pixel ``pixel`` is (object-fit: contain)."""
    found = image(board)
    # a picture being swapped (its new PNG not yet decoded) has no natural size for a moment
    found.page.wait_for_function("img => img.naturalWidth > 0 && img.naturalHeight > 0", arg=found.element_handle())
    box = found.bounding_box()
    natural = found.evaluate("img => [img.naturalWidth, img.naturalHeight]")
    scale = min(box["width"] / natural[0], box["height"] / natural[1])
    left = (box["width"] - natural[0] * scale) / 2
    top = (box["height"] - natural[1] * scale) / 2
    found.click(position={"x": left + pixel[0] * scale, "y": top + pixel[1] * scale})


def pixels(board: Locator) -> np.ndarray:
    """The board picture shown now, as an RGB array."""
    encoded = image(board).evaluate("""async img => {
      const bytes = new Uint8Array(await (await fetch(img.src)).arrayBuffer());
      let text = "";
      for (const byte of bytes) text += String.fromCharCode(byte);
      return btoa(text);
    }""")
    data = base64.b64decode(encoded)
    return np.asarray(Image.open(io.BytesIO(data)).convert("RGB"), dtype=np.int16)


def wait_for_text(board: Locator, pattern: str, timeout: float = 60.0) -> str:
    """Wait until the board's texts match ``pattern``; the texts."""
    page = board.page
    for _ in range(int(timeout * 10)):
        text = state_of(board).text
        if re.search(pattern, text):
            return text
        page.wait_for_timeout(100)
    raise AssertionError(f"the board never said {pattern!r}; it says {state_of(board).text!r}")


def font_px(element: Locator) -> float:
    """The computed font size of an element, in CSS pixels."""
    return float(element.evaluate("el => parseFloat(getComputedStyle(el).fontSize)"))


def resize(page: Page, width: int, height: int) -> None:
    """Set the window's size and wait until the page has laid itself out at it (two frames drawn)."""
    page.set_viewport_size({"width": width, "height": height})
    laid_out(page)


def laid_out(page: Page) -> None:
    """Wait until the page has drawn two frames: what a click or a resize changed is laid out."""
    page.evaluate("() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")


def click_and_wait_for_change(board: Locator, click: Callable[[], None], timeout: float = 60.0) -> str:
    """Do ``click()`` and wait until the board's texts change; the new texts."""
    before = state_of(board).text
    click()
    return eventually(lambda: _changed(board, before), timeout)


def _changed(board: Locator, before: str) -> str:
    now = state_of(board).text
    assert now != before, f"the board still says {before!r}"
    return now
