"""The classroom served as the teacher's command serves it (``voila lessons/classroom.ipynb``
from the repository top, reading the kit's ``voila.json``): offline, one kernel per page
that ends when the page does, a cap with a friendly page, no page kept waiting by another.
"""
from __future__ import annotations

import asyncio
import re
import threading
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Locator, Page, Route
from tornado.httpclient import HTTPClientError
from tornado.websocket import websocket_connect

from jupyter_servers import JupyterServer
from voila_ui import OFF_MACHINE, wait_for_voila

from kit.classroom.server import PROTOCOL

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
#: Three pages are opened and closed, and ten plain requests made without a browser.
PAGES, PLAIN_GETS = 3, 10
#: Kernels of closed pages and of plain requests end within this many seconds.
CULLED_WITHIN = 90.0
#: The set-up's paste box gets this: 40 KB of escaped quotes that never close a string.
LONG_PASTE = '{"a": "' + '\\"' * 20_000
#: A click on one page is answered within this many seconds while another page works: a generous
#: limit (an answer takes 0.3-0.5 s, 1.4 s at worst on a machine shared with a class server and four
#: browsers), which a server held up by the other page's 40 KB message would still pass only by luck.
ANSWERED_WITHIN = 5.0


@pytest.fixture(scope="module")
def classroom(chromium: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[JupyterServer]:
    """The classroom server with the kit's shipped settings."""
    server = JupyterServer("classroom", REPO, tmp_path_factory.mktemp("classroom"))
    try:
        assert server.kernels() == [], "the server started a kernel before any page was asked for"
        yield server
    finally:
        server.stop()


def _plain_get(url: str) -> str:
    """Ask for the page as a script would; the page, read whole."""
    with urllib.request.urlopen(url, timeout=180) as response:
        return response.read().decode()


@dataclass(frozen=True)
class PlainRequests:
    """What ``PLAIN_GETS`` requests for the page, made at once without a browser, left:
    when the last was answered, the kernels' processes and one kernel's id."""

    answered: float
    kernels: set[int]
    kernel_id: str


@pytest.fixture(scope="module")
def plain_requests(classroom: JupyterServer) -> PlainRequests:
    """The page asked for ``PLAIN_GETS`` times at once, as ``curl`` would."""
    with ThreadPoolExecutor(PLAIN_GETS) as pool:
        pages = list(pool.map(_plain_get, [classroom.url("")] * PLAIN_GETS))
    kernel_id = re.search(r'"kernelId": "([-0-9a-f]+)"', pages[0])
    assert kernel_id, "a page without its kernel's id"
    return PlainRequests(time.monotonic(), set(classroom.kernels()), kernel_id.group(1))


@pytest.fixture(scope="module")
def outside() -> list[str]:
    """The addresses off this machine that any page asked for (each was refused)."""
    return []


@pytest.fixture(scope="module")
def pages(browser: Browser, classroom: JupyterServer, outside: list[str]) -> Iterator[list[Page]]:
    """``PAGES`` classroom pages, each in a browser context of its own (as on the students'
    machines), every request off this machine refused and recorded; opened at once."""
    contexts: list[BrowserContext] = []
    try:
        opened = []
        for _ in range(PAGES):
            context = browser.new_context(viewport={"width": 1280, "height": 720})
            context.set_default_timeout(30_000)
            context.route(OFF_MACHINE, lambda route: _refuse(route, outside))
            contexts.append(context)
            page = context.new_page()
            page.goto(classroom.url(""), wait_until="commit", timeout=120_000)
            opened.append(page)
        for page in opened:
            wait_for_voila(page)
            _button(page, "next").wait_for(timeout=60_000)
        yield opened
    finally:
        for context in contexts:
            context.close()


def _refuse(route: Route, seen: list[str]) -> None:
    seen.append(route.request.url)
    route.abort()


def _button(page: Page, name: str) -> Locator:
    """The visible button called ``name`` (an icon before the name is allowed)."""
    return page.get_by_role("button", name=re.compile(rf"^\W*{re.escape(name)}$")).filter(visible=True).first


def _click_and_time(page: Page, name: str) -> float:
    """Click the button ``name`` and wait until the board picture changes; the seconds it took."""
    image = page.locator("img.widget-image").filter(visible=True).first
    before = image.get_attribute("src")
    start = time.monotonic()
    _button(page, name).click()
    page.wait_for_function("src => [...document.querySelectorAll('img.widget-image')]"
                           ".some(img => img.offsetParent && img.src !== src)", arg=before, timeout=30_000)
    return time.monotonic() - start


#: Each shown Font Awesome icon's glyph and whether the font it is drawn in has loaded.
_ICONS = """() => [...document.querySelectorAll("i.fa")].filter(i => i.offsetParent).map(i => {
  const style = getComputedStyle(i, "::before");
  const family = style.fontFamily.split(",")[0].replace(/["']/g, "").trim();
  const loaded = [...document.fonts].some(f => f.family.replace(/["']/g, "") === family && f.status === "loaded");
  return {icon: i.className, glyph: style.content, family, loaded};
})"""


def test_plain_requests_start_a_kernel_each(plain_requests: PlainRequests) -> None:
    assert len(plain_requests.kernels) == PLAIN_GETS  # and they end: see the last tests


async def _connect(server: JupyterServer, kernel_id: str, protocols: list[str]) -> None:
    url = server.base.replace("http", "ws", 1) + f"/api/kernels/{kernel_id}/channels?session_id=test"
    socket = await websocket_connect(url, subprotocols=protocols)
    socket.close()


def _run_apart(coroutine: Any) -> None:
    """Run a coroutine to its end on a thread of its own (Playwright's sync API keeps an event
    loop running on this one), raising what it raised."""
    failed: list[BaseException] = []

    def run() -> None:
        try:
            asyncio.run(coroutine)
        except BaseException as error:  # handed back to the test's thread
            failed.append(error)

    worker = threading.Thread(target=run)
    worker.start()
    worker.join()
    if failed:
        raise failed[0]


def test_only_the_pages_websocket_protocol_is_let_in(classroom: JupyterServer, plain_requests: PlainRequests) -> None:
    """A client of the legacy protocol would hang the whole server at the first picture sent."""
    with pytest.raises(HTTPClientError) as refused:
        _run_apart(_connect(classroom, plain_requests.kernel_id, []))
    assert refused.value.code == 400
    assert "Uncaught exception in write_error" not in classroom.log_tail(100_000)  # one line, no traceback
    _run_apart(_connect(classroom, plain_requests.kernel_id, [PROTOCOL]))  # as Voila's page does


def test_the_page_works_offline_with_its_icons(pages: list[Page], outside: list[str]) -> None:
    for page in pages:
        icons = page.evaluate(_ICONS)
        assert len(icons) >= 4, f"the page shows only {len(icons)} icons"
        for icon in icons:
            assert icon["glyph"] not in ("none", "normal", '""'), f"{icon['icon']} has no glyph: {icon}"
            assert icon["loaded"], f"{icon['icon']}'s font {icon['family']!r} is not loaded: {icon}"
        assert _click_and_time(page, "next") < 20
        assert _click_and_time(page, "back") < 20
    assert outside == [], f"the classroom asked for addresses off this machine: {sorted(set(outside))}"


def test_a_long_paste_keeps_no_other_page_waiting(pages: list[Page]) -> None:
    busy, other = pages[0], pages[1]
    for page in pages:  # each page has made its games' boards in the background, once it was quiet
        page.wait_for_selector(".kit-prepared", state="attached", timeout=60_000)
    _button(busy, "set up").click()
    box = busy.locator("textarea").filter(visible=True).first
    box.fill(LONG_PASTE)
    before = busy.evaluate("() => document.body.innerText")
    _button(busy, "paste back").click()
    start = time.monotonic()
    answers = []
    for name in ("next", "back") * 3:
        answers.append(_click_and_time(other, name))
    busy.wait_for_function("before => document.body.innerText !== before", arg=before, timeout=120_000)
    paste = time.monotonic() - start
    assert max(answers) < ANSWERED_WITHIN, \
        f"while one page pasted ({paste:.1f} s), another page's clicks took {[round(a, 2) for a in answers]} s"


def test_closed_pages_end_their_kernels_at_once(classroom: JupyterServer, pages: list[Page],
                                                plain_requests: PlainRequests) -> None:
    opened = set(classroom.kernels()) - plain_requests.kernels
    assert len(opened) == PAGES
    for page in pages:
        page.close(run_before_unload=True)  # Voila asks the server to shut the page's kernel down
    deadline = time.monotonic() + 15  # well before the culling would end them
    while opened & set(classroom.kernels()) and time.monotonic() < deadline:
        time.sleep(0.5)
    assert not opened & set(classroom.kernels()), f"closed pages left their kernels:\n{classroom.log_tail()}"
    assert " 403 " not in classroom.log_tail(1000), f"the server refused a request:\n{classroom.log_tail()}"


def test_kernels_of_plain_requests_end(classroom: JupyterServer, plain_requests: PlainRequests) -> None:
    while classroom.kernels() and time.monotonic() < plain_requests.answered + CULLED_WITHIN:
        time.sleep(1)
    assert classroom.kernels() == [], \
        f"{len(classroom.kernels())} kernels still run {CULLED_WITHIN:.0f} s after the plain requests were answered"


def test_a_full_classroom_says_so(chromium: Path, tmp_path_factory: pytest.TempPathFactory) -> None:
    server = JupyterServer("classroom", REPO, tmp_path_factory.mktemp("full"),
                           options=("--ClassroomKernelManager.max_kernels=1",))
    try:
        with urllib.request.urlopen(server.url(""), timeout=60) as first:  # its kernel starts...
            assert first.status == 200
            with pytest.raises(urllib.error.HTTPError) as refused:  # ...and the next page finds no room
                urllib.request.urlopen(server.url(""), timeout=60)
        text = refused.value.read().decode()
        assert refused.value.code == 503
        assert "The classroom is full" in text and "try again in a minute" in text, text
        assert len(server.kernels()) == 1
    finally:
        server.stop()
