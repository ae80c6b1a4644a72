"""Fixtures of the browser tests: headless Chromium, JupyterLab (which serves Notebook 7
too) and Voila servers, the opened notebooks, and screenshots in ``screenshots/`` at the repository top.

Servers and the browser live for the whole session (under pytest-xdist: each worker that
runs a browser test has its own browser and servers, on free ports in its own temporary folders) and are always stopped at its end; the
notebook pages live for one test module. When a test fails, or a notebook cannot be opened
and run, the page is saved as ``screenshots/FAILED-<what>.png`` and the server log's tail is
printed.
"""
from __future__ import annotations

import fcntl
import os
import re
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

import pytest
from playwright.sync_api import Browser, sync_playwright

from jupyter_servers import JupyterServer
from jupyterlab_ui import JUPYTERLAB, NOTEBOOK7, Frontend, open_notebook, run_all_cells
from notebook_pages import OpenedNotebook
from targets import LAB, VOILA
from voila_ui import OFF_MACHINE, wait_for_voila

REPO = Path(__file__).resolve().parents[2]
SCREENSHOTS = REPO / "screenshots"

#: Debian's Chromium (``apt-get install chromium``); Playwright's own browsers are not used.
CHROMIUM = Path(os.environ.get("KIT_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
]
#: Tall enough for a whole play board: JupyterLab scrolls the notebook inside a panel, so a
#: widget taller than the panel could not be photographed whole.
VIEWPORT = {"width": 1400, "height": 1800}


@pytest.fixture(scope="session")
def chromium() -> Path:
    """The Chromium executable; the tests skip without it (fail when CI is set)."""
    if not CHROMIUM.exists():
        reason = f"{CHROMIUM} not found: the browser tests need Debian's chromium package (apt-get install chromium)"
        if os.environ.get("CI"):
            pytest.fail(f"{reason}; CI is set, so this is an error", pytrace=False)
        pytest.skip(reason)
    return CHROMIUM


@pytest.fixture(scope="session")
def browser(chromium: Path) -> Iterator[Browser]:
    """Headless Chromium driven by Playwright (a fresh temporary profile)."""
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(chromium), args=CHROMIUM_ARGS, timeout=60_000)
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture(scope="session")
def screenshots(testrun_uid: str) -> Path:
    """The screenshot folder, emptied of the previous run's pictures.

    Under pytest-xdist every worker asks for it: the first of this run (``testrun_uid``, one
    for all the workers of a run) empties the folder, under a file lock, and notes the run in
    ``.run``; the others find the note and keep what was shot meanwhile."""
    SCREENSHOTS.mkdir(exist_ok=True)
    with (SCREENSHOTS / ".lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        note = SCREENSHOTS / ".run"
        if not note.exists() or note.read_text() != testrun_uid:
            for old in SCREENSHOTS.glob("*.png"):
                if old.name.startswith(("lab-", "nb7-", "voila-", "FAILED-")):
                    old.unlink()
            note.write_text(testrun_uid)
    return SCREENSHOTS


def _server(kind: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[JupyterServer]:
    server = JupyterServer(kind, REPO, tmp_path_factory.mktemp(f"jupyter-{kind}"))
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def lab_server(chromium: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[JupyterServer]:
    """``jupyter lab`` serving the repository, stopped at the end of the session."""
    yield from _server("lab", tmp_path_factory)


@pytest.fixture(scope="session")
def voila_server(chromium: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[JupyterServer]:
    """``voila`` serving the repository, stopped at the end of the session."""
    yield from _server("voila", tmp_path_factory)


@contextmanager
def _opened(browser: Browser, server: JupyterServer, notebook: str, surface: str) -> Iterator[OpenedNotebook]:
    """A fresh browser context with one page for ``notebook`` in ``surface`` ("lab", "nb7",
    "voila"); checks at the end that the notebook file was not changed (JupyterLab and
    Notebook 7 must never save it)."""
    path = REPO / notebook
    assert path.is_file(), f"the notebook to test, {notebook}, does not exist"
    saved = path.read_bytes()
    context = browser.new_context(viewport=VIEWPORT)
    context.set_default_timeout(30_000)
    context.route(OFF_MACHINE, lambda route: route.abort())
    opened = OpenedNotebook(context.new_page(), server, path)
    opened.page.on("pageerror", lambda error: opened.page_errors.append(str(error)))
    try:
        yield opened  # exceptions arrive here from the fixture's setup only, not from tests
    except BaseException:
        _save_evidence(opened, f"opening-{Path(notebook).stem}-in-{surface}")
        raise
    finally:
        context.close()
        assert path.read_bytes() == saved, f"{notebook} was changed on disk by the browser test"


def _run_in(browser: Browser, server: JupyterServer, frontend: Frontend) -> Iterator[OpenedNotebook]:
    """``targets.LAB``'s notebook open in ``frontend``, all its cells run in a fresh kernel."""
    with _opened(browser, server, LAB.notebook, frontend.name) as opened:
        opened.own_errors = frontend.own_errors
        server.end_sessions()  # JupyterLab and Notebook 7 would share the kernel otherwise
        open_notebook(opened.page, server, frontend, LAB.notebook)
        run_all_cells(opened.page)
        yield opened


@pytest.fixture(scope="module")
def lab_notebook(browser: Browser, lab_server: JupyterServer) -> Iterator[OpenedNotebook]:
    """``targets.LAB``'s notebook open in JupyterLab, all its cells run."""
    yield from _run_in(browser, lab_server, JUPYTERLAB)


@pytest.fixture(scope="module")
def nb7_notebook(browser: Browser, lab_server: JupyterServer) -> Iterator[OpenedNotebook]:
    """``targets.LAB``'s notebook open in Notebook 7 (served by the JupyterLab server), all
    its cells run."""
    yield from _run_in(browser, lab_server, NOTEBOOK7)


@pytest.fixture(scope="module")
def voila_notebook(browser: Browser, voila_server: JupyterServer) -> Iterator[OpenedNotebook]:
    """``targets.VOILA``'s notebook rendered by Voila, its widgets shown."""
    with _opened(browser, voila_server, VOILA.notebook, "voila") as opened:
        opened.page.goto(voila_server.url(f"voila/render/{VOILA.notebook}"), timeout=120_000)
        wait_for_voila(opened.page)
        yield opened


#: The notebook of the click tests: a Walak-pussa play board, a Myra play board, a stepper.
CLICKS = "tests/browser/clicks.ipynb"
#: It is the browser tests' page, not a lesson: nbval does not run it on its own.
collect_ignore = ["clicks.ipynb", "layout.ipynb"]  # layout.ipynb: the layout test's page


@pytest.fixture(scope="module")
def clicks_notebook(browser: Browser, voila_server: JupyterServer) -> Iterator[OpenedNotebook]:
    """The click tests' notebook rendered by Voila, its widgets shown."""
    with _opened(browser, voila_server, CLICKS, "voila") as opened:
        opened.page.goto(voila_server.url(f"voila/render/{CLICKS}"), timeout=120_000)
        wait_for_voila(opened.page)
        yield opened


_FAILED = pytest.StashKey[bool]()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo) -> Iterator[pytest.TestReport]:
    report = yield
    if report.when == "call":
        item.stash[_FAILED] = report.failed
    return report


@pytest.fixture(autouse=True)
def _evidence_on_failure(request: pytest.FixtureRequest) -> Iterator[None]:
    """After a failed test: a screenshot of its page and the tail of its server's log."""
    yield
    if request.node.stash.get(_FAILED, False):
        for name in ("lab_notebook", "nb7_notebook", "voila_notebook", "clicks_notebook"):
            if name in request.fixturenames:
                _save_evidence(request.getfixturevalue(name), f"{request.node.module.__name__}-{request.node.name}")


def _save_evidence(opened: OpenedNotebook, what: str) -> None:
    """Save the page as ``screenshots/FAILED-<what>.png``; print the server log's tail and
    the page's JavaScript errors (pytest shows them with the failure)."""
    SCREENSHOTS.mkdir(exist_ok=True)
    path = SCREENSHOTS / ("FAILED-" + re.sub(r"[^\w.-]+", "-", what) + ".png")
    try:
        opened.page.screenshot(path=str(path), full_page=True)
    except Exception as error:  # noqa: BLE001 - the evidence is a bonus, the failure is reported anyway
        print(f"no failure screenshot: {error}")
    print(f"--- {opened.server.kind} server log (tail), {opened.server.log_path} ---\n{opened.server.log_tail()}")
    if opened.page_errors:
        print("--- JavaScript errors on the page ---\n" + "\n".join(opened.page_errors))
