"""Finding, reading and clicking the kit's widgets on a rendered page (JupyterLab or Voila).

Widgets are found by what a person sees, not by kit internals:

- a *move stepper* is the largest widget box around a button whose tooltip (``title``) or
  text starts with "next" that shows one board image (``img.widget-image``);
- a *play board* is the largest widget box around the hole buttons (tooltips starting with
  "play", e.g. "play South's c: lift its 4 seeds") that shows one board image.

A play board holds a stepper of its own (it shows the moves played), so it is counted among
the steppers too, in page order.

Each found widget is tagged with a ``data-browser-test`` attribute ("stepper-0", "board-0",
in page order), and so are its marker buttons ("stepper-button", "board-button"), so the
tests can address them with ordinary locators.
"""
from __future__ import annotations

import re
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, TypeVar

from playwright.sync_api import Locator, Page

T = TypeVar("T")

#: The buttons that mark a widget: a JavaScript regular expression matched against a
#: button's tooltip and its text ("next: one step on", "next ▶"; "play South's c: ...").
#: The play board's "next round" button is no stepper's.
MARKER_BUTTONS = {
    "stepper": r"^next(\W|$)(?!\s*round)",
    "board": r"^play\b",
}

_TAG_WIDGETS = """([kind, pattern]) => {
  const marker = new RegExp(pattern, "i");
  const roots = [];
  for (const button of document.querySelectorAll("button.widget-button")) {
    const words = [button.title || "", button.innerText || ""].map(s => s.trim());
    if (!words.some(w => marker.test(w))) {
      if (button.getAttribute("data-browser-test") === `${kind}-button`) button.removeAttribute("data-browser-test");
      continue;
    }
    button.setAttribute("data-browser-test", `${kind}-button`);
    // the largest widget box around the button that shows one board image
    const boards = el => el.querySelectorAll("img.widget-image").length;
    let root = null;
    for (let el = button.parentElement; el && !el.matches(".jp-OutputArea-output"); el = el.parentElement) {
      if (!el.matches(".jupyter-widgets.widget-container")) continue;
      if (boards(el) > 1) break;
      if (boards(el) === 1) root = el;
    }
    if (root && !roots.includes(root)) roots.push(root);
  }
  roots.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING) ? -1 : 1);
  roots.forEach((el, i) => el.setAttribute("data-browser-test", `${kind}-${i}`));
  return roots.length;
}"""

_TEXTS = """root => [...root.querySelectorAll(".jupyter-widgets.widget-html, .jupyter-widgets.widget-label")]
  .map(el => el.innerText.trim()).filter(Boolean).join(" | ")"""

#: Error outputs: stderr streams and tracebacks (JupyterLab and Voila render both with the
#: stderr MIME type), widgets that failed to render, and errors the kit's widgets report.
_ERRORS = """() => {
  const found = [];
  for (const el of document.querySelectorAll('[data-mime-type="application/vnd.jupyter.stderr"]')) {
    found.push("stderr/error output: " + el.innerText.trim().slice(0, 1500));
  }
  const bad = /Error displaying widget|Error rendering output|Something went wrong/;
  for (const el of document.querySelectorAll(".jp-OutputArea-output, .jupyter-widgets.widget-html")) {
    if (bad.test(el.innerText) && !el.querySelector(".jp-OutputArea-output")) {
      found.push("widget error: " + el.innerText.trim().slice(0, 500));
    }
  }
  return found;
}"""


def find_widgets(page: Page, kind: str, at_least: int = 1, timeout: float = 30.0) -> list[Locator]:
    """The widgets of ``kind`` ("stepper" or "board") on the page, in page order, once at
    least ``at_least`` of them are rendered."""
    deadline = time.monotonic() + timeout
    while True:
        count = _tag(page, kind)
        if count >= at_least:
            return [page.locator(f'[data-browser-test="{kind}-{i}"]') for i in range(count)]
        if time.monotonic() > deadline:
            raise AssertionError(f"found {count} {kind} widget(s) on {page.url}, expected at least {at_least}")
        page.wait_for_timeout(250)


def next_button(stepper: Locator) -> Locator:
    """The stepper's "next" button."""
    return stepper.locator('button[data-browser-test="stepper-button"]').first


def hole_buttons(board: Locator) -> Locator:
    """The play board's hole buttons that can be pressed now (tooltips change with the
    side to move, so the buttons are tagged afresh)."""
    _tag(board.page, "board")
    return board.locator('button[data-browser-test="board-button"]:enabled')


def _tag(page: Page, kind: str) -> int:
    """Tag the widgets of ``kind`` and their marker buttons; how many widgets there are."""
    return page.evaluate(_TAG_WIDGETS, [kind, MARKER_BUTTONS[kind]])


@dataclass(frozen=True)
class WidgetState:
    """What a person sees of a widget: the board image (its ``src`` and its pixels) and its
    texts (narration, status, messages) joined by " | "."""

    src: str
    pixels: bytes
    text: str


def state_of(widget: Locator) -> WidgetState:
    """The widget's board image and texts now."""
    image = widget.locator("img.widget-image").first
    return WidgetState(image.get_attribute("src") or "", image.screenshot(), widget.evaluate(_TEXTS))


def click_until_changed(widget: Locator, button: Locator, timeout: float = 60.0, settle: float = 0.3) -> WidgetState:
    """Click ``button`` and wait until the widget's board image and its text have both
    changed and then stayed still for ``settle`` seconds; the state reached."""
    before = state_of(widget)
    image = widget.locator("img.widget-image").first
    label = (button.get_attribute("title") or button.inner_text()).strip()
    button.click()
    deadline = time.monotonic() + timeout
    last, still_since = None, time.monotonic()
    while time.monotonic() < deadline:
        now = (image.get_attribute("src"), widget.evaluate(_TEXTS))
        if now != last:
            last, still_since = now, time.monotonic()
        elif now[0] != before.src and now[1] != before.text and time.monotonic() - still_since >= settle:
            after = state_of(widget)
            assert after.pixels != before.pixels, f"the board image was replaced by the same picture ({after.text!r})"
            return after
        widget.page.wait_for_timeout(100)
    raise AssertionError(
        f"clicking {label!r} did not change both the board image"
        f" and the text within {timeout:.0f} s; text before {before.text!r}, now {last[1] if last else '?'!r}"
    )


def board_point(image: Locator, pixel: tuple[float, float], png_width: float) -> tuple[float, float]:
    """The page point over ``pixel`` of a board drawing whose PNG is ``png_width`` pixels wide,
    as the picture is shown (scaled) on the page, once the picture has stopped moving: a line
    of text above it that grows as a move ends would otherwise move the hole from under a click."""
    image.scroll_into_view_if_needed()
    box = steady_box(image)
    scale = box["width"] / png_width
    return box["x"] + (pixel[0] + 0.5) * scale, box["y"] + (pixel[1] + 0.5) * scale


def click_board(image: Locator, pixel: tuple[float, float], png_width: float) -> None:
    """Click a board picture over ``pixel`` of its drawing (a PNG ``png_width`` pixels wide), at
    a point relative to the picture itself: Playwright finds the picture where it is at the
    moment of the click, so a page that scrolled or a line above that grew since cannot move
    the hole from under it. The pointer first rests over the hole, as a hand's would: the
    picture takes the keyboard focus when the pointer enters it, and the notebook around it
    may then scroll its cell into view, which would move the hole between Playwright's move
    and its click."""
    point_at_board(image, pixel, png_width)
    image.click(position=_point(image, pixel, png_width))


def point_at_board(image: Locator, pixel: tuple[float, float], png_width: float) -> None:
    """Rest the pointer over ``pixel`` of a board picture (see :func:`click_board`)."""
    image.scroll_into_view_if_needed()
    image.hover(position=_point(image, pixel, png_width))


def _point(image: Locator, pixel: tuple[float, float], png_width: float) -> dict[str, float]:
    scale = steady_box(image)["width"] / png_width
    return {"x": (pixel[0] + 0.5) * scale, "y": (pixel[1] + 0.5) * scale}


def steady_box(element: Locator) -> dict[str, float]:
    """The element's bounding box once two readings a quarter second apart agree."""
    def unmoved() -> dict[str, float]:
        first = element.bounding_box()
        element.page.wait_for_timeout(250)
        second = element.bounding_box()
        assert first is not None and first["width"] > 0, "the board picture is not shown"
        assert first == second, f"the picture still moves: {first} then {second}"
        return second

    return eventually(unmoved, timeout=20.0)


def wait_for_text(widget: Locator, text: str, timeout: float = 60.0) -> str:
    """Wait until the widget's visible text contains ``text``; its text then."""
    deadline = time.monotonic() + timeout
    shown = ""
    while time.monotonic() < deadline:
        shown = widget.inner_text()
        if text in shown:
            return shown
        widget.page.wait_for_timeout(150)
    raise AssertionError(f"{text!r} never appeared; the widget shows: {shown[:600]!r}")


def wait_for_new_picture(image: Locator, before: str, timeout: float = 60.0) -> str:
    """Wait until the picture's ``src`` differs from ``before``; the new ``src``."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        src = image.get_attribute("src") or ""
        if src != before:
            return src
        image.page.wait_for_timeout(100)
    raise AssertionError("the board picture did not change")


def error_outputs(page: Page) -> list[str]:
    """Every error shown on the page: stderr/traceback outputs and widget errors."""
    return page.evaluate(_ERRORS)


def shoot(target: Page | Locator, folder: Path, name: str) -> Path:
    """Save a screenshot of the page (whole) or of one widget as ``folder/name.png``."""
    path = folder / f"{name}.png"
    if isinstance(target, Page):
        target.screenshot(path=str(path), full_page=True)
    else:
        target.scroll_into_view_if_needed()
        target.screenshot(path=str(path))
    return path


def step_through(stepper: Locator, folder: Path, name: str, clicks: int, until: str | None = None) -> list[WidgetState]:
    """Click the stepper's "next" button ``clicks`` times, or (with ``until``, a regular
    expression) until the narration matches it, at most ``clicks`` times; every click must
    change the board image and the text. Each state is saved as ``name-stepN.png``; returns
    the states from the start on."""
    stepper.scroll_into_view_if_needed()
    states = [state_of(stepper)]
    shoot(stepper, folder, f"{name}-step0")
    for click in range(1, clicks + 1):
        states.append(click_until_changed(stepper, next_button(stepper)))
        shoot(stepper, folder, f"{name}-step{click}")
        if until and re.search(until, states[-1].text, re.IGNORECASE):
            break
    else:
        assert until is None, f"the narration never matched {until!r} in {clicks} clicks: {states[-1].text!r}"
    return states


def play_holes(board: Locator, folder: Path, name: str, moves: int = 2,
               check: Callable[[str], Callable[[], None]] | None = None) -> list[WidgetState]:
    """Press the first hole button that can be pressed, ``moves`` times (one move for each
    side with two people playing); every press must change the board image and the texts.
    The board before and after each move is saved as ``name-0-start.png``,
    ``name-<n>-<hole>.png``; returns the states from the start on. ``check(title)``, if
    given, is called with the pressed button's tooltip before the press, and what it returns
    after the press (to check what the press did)."""
    board.scroll_into_view_if_needed()
    states = [state_of(board)]
    shoot(board, folder, f"{name}-0-start")
    for move in range(1, moves + 1):
        at_rest(board)  # a press while a move is still played would wait, not play
        holes = hole_buttons(board)
        assert holes.count(), f"the play board offers no hole to play for move {move}"
        hole = holes.first
        label = re.sub(r"\W+", "_", (hole.get_attribute("title") or hole.inner_text()).split(":")[0].strip())
        after = check(hole.get_attribute("title") or "") if check else None
        states.append(click_until_changed(board, hole, settle=1.0))  # a computer may answer
        if after:
            after()
        shoot(board, folder, f"{name}-{move}-{label}")
    return states


def eventually(check: Callable[[], T], timeout: float = 60.0) -> T:
    """Run ``check`` until it passes (no AssertionError) and return what it returns: a state
    waited for, as Playwright's ``expect`` waits (a layout after a resize, a mode after a
    click). ``timeout`` only ends a wait for a state that never comes."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            return check()
        except AssertionError:
            if time.monotonic() > deadline:
                raise
        time.sleep(0.1)


def at_rest(board: Locator) -> None:
    """Wait until the board's picture has played its moves to the end ("step 23 of 23", or no
    move shown yet): a click on a hole while a move is played is answered with "Wait"."""
    def still() -> None:
        text = board.evaluate(_TEXTS)
        step = re.search(r"step (\d+) of (\d+)", text)
        assert step is None or step[1] == step[2], f"the board is still playing: {step[0]}"

    eventually(still)
