"""The class server as the teacher starts it (``python -m kit class serve``): only the class gets
in (the class code, a seat, the teacher's key), nobody else starts a kernel, a flood from one
address leaves room for the class, a pooled page opens prepared, a page whose kernel stopped
says to reload, a closed page ends its kernel (the XSRF check on).
"""
from __future__ import annotations

import os
import re
import signal
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

import pytest
from playwright.sync_api import Browser, Page

from class_pages import (OPENS_WITHIN_MS, class_context, class_server, get_from, join, join_in_browser,
                         kernel_ids, page_kernel, wait_for_app)
from classroom_ui import button
from jupyter_servers import JupyterServer
from test_classroom_fresh_eyes import galleries_show_whole

pytestmark = pytest.mark.browser

#: The class: its size (the pool) and the pages one address may hold open (the class's five
#: browsers share one address here, and a page reloaded holds two kernels for a moment).
STUDENTS, PER_ADDRESS = 6, 7
#: Requests of the flood, from one address other than the browsers'.
FLOOD, FLOOD_FROM = 200, "127.0.0.2"
#: Pages of the class opened after the flood.
CLASS_PAGES = 5
#: A generous limit (the machine is shared): a kernel ends.
ENDS_WITHIN = 60.0


@pytest.fixture(scope="module")
def klass(chromium: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[JupyterServer]:
    """The class server for a class of ``STUDENTS``, its pool prepared."""
    server = class_server(tmp_path_factory.mktemp("class"), STUDENTS, f"--per-address={PER_ADDRESS}")
    try:
        yield server
    finally:
        server.stop()


def _used(server: JupyterServer) -> set[str]:
    """The kernels the server handed to a page (its log says so)."""
    return set(re.findall(r"Using pre-heated kernel: ([-0-9a-f]{36})", server.log_tail(100_000)))


def test_without_the_code_a_request_starts_no_kernel(klass: JupyterServer) -> None:
    before = kernel_ids(klass)
    refused = [klass.base + "/", klass.base + "/?code=wrong", klass.base + "/voila/render/student.ipynb",
               klass.base + "/voila/render/student.ipynb?seat=forged",
               klass.base + "/voila/render/classroom.ipynb?key=forged", klass.base + "/voila/render/01-start-here.ipynb",
               klass.base + "/voila/tree"]
    for url in refused:
        status, text, headers = get_from(url)
        if status == 302:  # to the join page, which says how to join
            status, text, _ = get_from(klass.base + headers["Location"])
        assert status == 403 and "open the address your teacher gives the class" in text, (url, status, text[:500])
    assert get_from(klass.base + "/api/kernels/00000000-0000-4000-8000-000000000000")[0] == 403
    assert get_from(klass.base + "/voila/static/voila.js")[0] == 200  # the page's files are open to all
    assert kernel_ids(klass) == before and not _used(klass), "a request without the class code took a kernel"


@dataclass
class Flood:
    answers: list[int]
    kernels: set[str]  # the kernels the flood's pages took


@pytest.fixture(scope="module")
def flood(klass: JupyterServer) -> Flood:
    """``FLOOD`` requests for a student's page at once, all from ``FLOOD_FROM``."""
    seat = join(klass, "Flood", FLOOD_FROM)
    with ThreadPoolExecutor(20) as pool:
        answers = list(pool.map(lambda _: get_from(seat, FLOOD_FROM)[0], range(FLOOD)))
    return Flood(answers, _used(klass))


@pytest.fixture(scope="module")
def pages(browser: Browser, klass: JupyterServer, flood: Flood) -> Iterator[list[Page]]:
    """``CLASS_PAGES`` students who joined in browsers of their own after the flood."""
    contexts = [class_context(browser) for _ in range(CLASS_PAGES)]
    try:
        opened = [join_in_browser(context, klass, f"Student {n}") for n, context in enumerate(contexts, 1)]
        for page in opened:
            wait_for_app(page, klass)
        yield opened
    finally:
        for context in contexts:
            context.close()


def test_a_flood_from_one_address_leaves_the_class_its_pages(flood: Flood, pages: list[Page]) -> None:
    assert flood.answers.count(200) == PER_ADDRESS, sorted(set(flood.answers))
    assert flood.answers.count(429) == FLOOD - PER_ADDRESS
    for number, page in enumerate(pages, 1):  # each opened, as its own student
        assert page.locator(".kit-student-name").inner_text() == f"Student {number}"
        assert "seat=" in page.url


def test_a_pooled_pages_first_click_answers_and_it_prepares_the_rest(pages: list[Page]) -> None:
    page = pages[0]
    image = page.locator("img.widget-image").filter(visible=True).first
    before = image.get_attribute("src")
    button(page, "next").click()  # the page's first click: its widgets are live
    page.wait_for_function("src => [...document.querySelectorAll('img.widget-image')]"
                           ".some(img => img.offsetParent && img.src !== src)", arg=before)
    page.wait_for_selector(".kit-prepared", state="attached", timeout=OPENS_WITHIN_MS)  # as a fresh page does
    button(page, "live game").click()
    button(page, "computer move").wait_for()


def test_a_student_comes_back_to_the_same_seat(klass: JupyterServer, pages: list[Page]) -> None:
    page = pages[1]
    seat = page.url
    page.goto(klass.students)  # the class's address again, from the same browser
    wait_for_app(page, klass)
    assert page.url == seat and page.locator(".kit-student-name").inner_text() == "Student 2"
    page.goto(klass.base + "/voila/render/classroom.ipynb")  # the projector's page: not the students'
    wait_for_app(page, klass)
    assert page.url == seat


def test_a_taken_name_is_refused_in_words(browser: Browser, klass: JupyterServer, pages: list[Page]) -> None:
    context = class_context(browser)
    try:
        page = join_in_browser(context, klass, "student 3")
        assert "is taken in this class" in page.locator(".kit-refusal").inner_text()
        assert page.get_by_label("Your name").input_value() == "student 3"
    finally:
        context.close()


def test_the_projector_opens_with_the_teachers_key(browser: Browser, klass: JupyterServer) -> None:
    context = class_context(browser)
    try:
        page = context.new_page()
        page.goto(klass.projector)
        wait_for_app(page, klass)
        assert page.locator(".kit-student-name").count() == 0
        galleries_show_whole(page)  # the class's row above them: every demonstration's list still shows whole
        page.goto(klass.base + "/voila/render/classroom.ipynb")  # the key is remembered
        wait_for_app(page, klass)
        # and put back in the address: the projector's kernel knows the teacher by its address alone
        assert "key=" in page.url
    finally:
        context.close()


def test_a_page_whose_kernel_stopped_says_reload(klass: JupyterServer, pages: list[Page]) -> None:
    page = pages[2]
    pid = kernel_ids(klass)[page_kernel(page)]
    os.kill(pid, signal.SIGKILL)
    banner = page.locator(".kit-lost")
    banner.wait_for(timeout=60_000)
    assert "Reload the page" in banner.inner_text()
    page.reload(wait_until="commit")  # then waited for as a page opening (its log kept if it does not)
    wait_for_app(page, klass)
    assert page.locator(".kit-student-name").inner_text() == "Student 3"
    assert page.locator(".kit-lost").count() == 0


def test_a_pooled_kernel_that_stopped_is_not_handed_out(klass: JupyterServer, pages: list[Page]) -> None:
    waiting = set(kernel_ids(klass)) - _used(klass)
    assert waiting, "no kernel waits in the pool"
    for kernel_id, pid in kernel_ids(klass).items():
        if kernel_id in waiting:
            os.kill(pid, signal.SIGKILL)
    page = pages[3]
    page.reload(wait_until="commit")  # then waited for as a page opening (its log kept if it does not)
    wait_for_app(page, klass)
    assert page_kernel(page) not in waiting
    assert "had stopped (or had not waited for its page); it is replaced" in klass.log_tail(100_000)


def test_closed_pages_end_their_kernels(klass: JupyterServer, pages: list[Page]) -> None:
    kernels = {page_kernel(page) for page in pages}
    for page in pages:
        page.close(run_before_unload=True)  # the page asks the server to shut its kernel down
    deadline = time.monotonic() + ENDS_WITHIN
    while kernels & set(kernel_ids(klass)) and time.monotonic() < deadline:
        time.sleep(0.5)
    assert not kernels & set(kernel_ids(klass)), f"closed pages left their kernels:\n{klass.log_tail()}"
    said = klass.log_tail(100_000)
    assert "403 POST /voila/api/shutdown" not in said
    assert "503 POST /voila/api/shutdown" not in said, "a refill the cap refused failed the pages' closes"
