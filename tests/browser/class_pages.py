"""The class server's pages as a class uses them (``python -m kit class serve``): the server for a
class, a student joining by the join page (in a browser of their own, or without a browser),
the projector, and the server's kernels. Shared by the browser tests of the class."""
from __future__ import annotations

import http.client
import os
import re
import signal
import urllib.parse
from pathlib import Path

from playwright.sync_api import Browser, BrowserContext, Page

from classroom_ui import button
from jupyter_servers import JupyterServer
from voila_ui import OFF_MACHINE, wait_for_voila
from tests.waiting import until

REPO = Path(__file__).resolve().parents[2]
#: A generous limit (the machine is shared): a class page opens.
OPENS_WITHIN_MS = 300_000


def class_server(home: Path, students: int, *options: str) -> JupyterServer:
    """``python -m kit class serve`` for a class of ``students`` kept under ``home``, once its pool is
    prepared (a second server on the same ``home`` is the same class, restarted)."""
    server = JupyterServer("class", REPO, home, options=(f"--students={students}", *options))
    try:
        server.wait_for_log("The class is ready")
    except BaseException:
        server.stop()
        raise
    return server


def class_code(server: JupyterServer) -> str:
    return server.students.split("code=", 1)[1]


def get_from(url: str, source: str = "127.0.0.1", cookie: str = "") -> tuple[int, str, dict[str, str]]:
    """A GET from the address ``source`` (redirects not followed): status, text, headers."""
    parts = urllib.parse.urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=300, source_address=(source, 0))
    try:
        connection.request("GET", parts.path + (f"?{parts.query}" if parts.query else ""),
                           headers={"Cookie": cookie} if cookie else {})
        answer = connection.getresponse()
        return answer.status, answer.read().decode(errors="replace"), dict(answer.getheaders())
    finally:
        connection.close()


def join(server: JupyterServer, name: str, source: str = "127.0.0.1") -> str:
    """Join the class as ``name`` without a browser; the address of the student's page."""
    _, _, headers = get_from(server.students, source)
    xsrf = re.search(r"_xsrf=([^;]+)", headers["Set-Cookie"]).group(1)
    parts = urllib.parse.urlsplit(server.students)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=60, source_address=(source, 0))
    body = urllib.parse.urlencode({"code": class_code(server), "name": name, "_xsrf": xsrf})
    connection.request("POST", "/join", body=body, headers={
        "Content-Type": "application/x-www-form-urlencoded", "Cookie": f"_xsrf={xsrf}"})
    answer = connection.getresponse()
    assert answer.status == 303, answer.read()
    return f"{server.base}{answer.getheader('Location')}"


def kernel_ids(server: JupyterServer) -> dict[str, int]:
    """The server's kernels: kernel id (from its connection file's name) and process id."""
    found = {}
    for pid in server.kernels():
        try:
            command = Path(f"/proc/{pid}/cmdline").read_bytes().decode()
        except OSError:
            continue
        match = re.search(r"kernel-([-0-9a-f]{36})\.json", command)
        if match:
            found[match.group(1)] = pid
    return found


def page_kernel(page: Page) -> str:
    """The kernel id of a Voila page."""
    return page.evaluate("JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")


def class_context(browser: Browser, width: int = 1280, height: int = 720) -> BrowserContext:
    """A browser of its own (cookies apart), requests off the machine refused."""
    context = browser.new_context(viewport={"width": width, "height": height})
    context.set_default_timeout(60_000)
    # a page opened (or reloaded) when no pooled kernel is ready waits for one to start
    context.set_default_navigation_timeout(OPENS_WITHIN_MS)
    context.route(OFF_MACHINE, lambda route: route.abort())
    return context


def join_in_browser(context: BrowserContext, server: JupyterServer, name: str) -> Page:
    """Open the class's address, type ``name`` and join (the page then opens the student's page)."""
    page = context.new_page()
    page.goto(server.students)
    page.get_by_label("Your name").fill(name)
    page.get_by_role("button", name="Join").click()
    return page


def wait_for_app(page: Page, server: JupyterServer) -> None:
    """Wait until the page shows the classroom app (saving a picture of it if it does not)."""
    try:
        wait_for_voila(page, OPENS_WITHIN_MS / 1000)
        button(page, "next").wait_for(timeout=OPENS_WITHIN_MS)
    except Exception:
        page.screenshot(path=str(REPO / "screenshots" / "FAILED-class-page.png"))
        try:
            kernel = page_kernel(page)
        except Exception:  # the page has no Voila config (yet)
            kernel = "none"
        pid = kernel_ids(server).get(kernel)
        if pid is not None:  # where its kernel's threads are, into the server's log
            dumped = server.log_tail(100_000).count("Current thread")
            os.kill(pid, signal.SIGUSR1)
            try:
                until(lambda: server.log_tail(100_000).count("Current thread") > dumped, "the kernel's stacks", seconds=10)
            except AssertionError:  # no stacks came: the log says what it says
                pass
        print(page.url, f"kernel {kernel}, {len(page.content())} characters of HTML",
              page.locator("body").inner_text()[:2000], server.log_tail(400), sep="\n")
        raise
