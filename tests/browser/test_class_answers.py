"""The class answers in the browser, through the class server as a teacher starts it
(``python -m kit class serve``): the projector's page and three students who joined by the join
page (separate browser contexts, each page its own pooled kernel) on one real class database.

A whole question, twice: the projector stops at a Walak-pussa predict question, then shows a
Myra puzzle; three students answer three different answers on their own screens; the tally
counts them, **show answers** draws them on the board, **reveal** judges and scores them. Then
a student reloads (same name and score), the server restarts (the student's address still
opens the same seat and score), and the export has every answer.
"""
from __future__ import annotations

import csv
import os
import re
import subprocess
import sys
import urllib.parse
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, Page

from class_pages import OPENS_WITHIN_MS, class_context, class_server, join_in_browser, wait_for_app
from classroom_ui import button, click_on_board, inside_window, show_game
from jupyter_servers import JupyterServer
from test_classroom_fresh_eyes import MODES, overflows, page_fits
from test_classroom_lesson import choose
from widgets_ui import shoot

import kit
from kit.classes.answers import ClassAnswers
from kit.classes.db import ClassDB
from kit.classroom.gallery import gallery
from kit.classroom.predict import questions

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
NAMES = ("Ana", "Ben", "Chi")


def text_of(where: Page | Locator, css: str) -> str:
    return where.locator(css).first.inner_text()


def wait_text(page: Page, css: str, pattern: str, timeout: float = 60) -> str:
    """Wait until the element ``css`` says ``pattern``; its text."""
    page.wait_for_function("([css, pattern]) => { const el = document.querySelector(css);"
                           " return el && new RegExp(pattern).test(el.innerText); }", arg=[css, pattern],
                           timeout=timeout * 1000)
    return text_of(page, css)


def click_target(page: Page, game: str, position: object, target: object) -> None:
    """Click the student's board where the game's drawing draws ``target``."""
    pixel = kit.game(game).drawing()(position).pixel_of(target)
    click_on_board(page.locator(".kit-class-answers"), pixel)


def show_answers(teacher: Page) -> None:
    """Press show answers and wait for the board's picture with the answers drawn on it."""
    shown = "[...document.querySelectorAll('.kit-stage img.widget-image')].filter(img => img.offsetParent)"
    before = teacher.evaluate(f"() => {shown}.map(img => img.src).join()")
    button(teacher, "show answers").click()
    wait_text(teacher, ".kit-class-bar", "hide answers")
    teacher.wait_for_function(f"before => {shown}.map(img => img.src).join() !== before", arg=before)


def clickable(game: str, position: object, move: object) -> bool:
    """Whether clicking a move's marks chooses it without a button."""
    picker = kit.game(game).click_picker()
    pick = None
    for target in kit.game(game).marks(position, move):
        pick = picker.click(position, target)
    return pick is not None and pick.move == move


#: How far the page scrolls, in pixels (what does not fit the window).
SCROLLED = "() => { const c = document.querySelector('#rendered_cells'); return c.scrollHeight - c.clientHeight; }"


def open_projector(browser: Browser, server: JupyterServer) -> Page:
    """The projector's page (the teacher's key in its address), its app shown."""
    page = class_context(browser, 1280, 720).new_page()  # a projector
    page.goto(server.projector)
    wait_for_app(page, server)
    return page


def test_a_class_answers_a_predict_question_and_a_puzzle(browser: Browser, tmp_path: Path, screenshots: Path) -> None:
    home = tmp_path / "class-home"
    server = class_server(home, len(NAMES))
    database = home / "class" / "class.sqlite"
    pages: list[Page] = []
    try:
        teacher = open_projector(browser, server)
        pages.append(teacher)
        students = [join_in_browser(class_context(browser, 1280, 800), server, name) for name in NAMES]
        pages.extend(students)
        for page, name in zip(students, NAMES):
            wait_for_app(page, server)
            assert page.locator(".kit-student-name").inner_text() == name
            wait_text(page, ".kit-class-question", "Waiting for the teacher")
        seat_of_ana = students[0].url
        wait_text(teacher, ".kit-class-tally", r"3 joined")

        # -- a Walak-pussa predict question --------------------------------------------------------
        button(teacher, "predict, then reveal").click()
        first = questions(gallery(kit.games()[0])[0].trace())[0]  # the demonstration shown first
        for step in range(1, first.step + 1):  # next until the board asks
            button(teacher, "next").click()
            wait_text(teacher, ".kit-stage .kit-where", rf"step {step} of")
        wait_text(teacher, ".kit-stage .kit-prompt", "Question: " + re.escape(first.text))
        wait_text(teacher, ".kit-class-tally", r"0 of 3 answered")
        answers = ClassAnswers(ClassDB(database))
        asked = answers.current()
        assert asked is not None and asked.kind == "predict"
        problem = asked.problem()
        right = next(iter(problem.question.answers))
        wrong = [t for t in range(14) if t not in problem.question.answers][:2]
        for page in students:
            wait_text(page, ".kit-class-question", re.escape(asked.text))
        for page, target in zip(students, (right, *wrong)):
            click_target(page, asked.game, problem.position, target)
            said = wait_text(page, ".kit-class-status", "Answer sent: ")
            assert "Right" not in said and "wrong" not in said.lower()
        wait_text(teacher, ".kit-class-tally", r"3 of 3 answered")
        show_answers(teacher)
        shoot(teacher, screenshots, "class-answers-01-walak-tally")
        # the class's row takes one row from the board: the reveal stays on the 720-pixel screen
        assert page_fits(teacher), teacher.evaluate(SCROLLED)
        assert inside_window(teacher, button(teacher, "reveal"))
        assert "Ana" not in teacher.inner_text("body") and "Ben" not in teacher.inner_text("body")
        button(teacher, "reveal").click()
        wait_text(teacher, ".kit-class-tally", r"revealed")
        assert wait_text(students[0], ".kit-class-status", "Right!").startswith("Right!")
        for page in students[1:]:
            wait_text(page, ".kit-class-status", "Not this time")
        wait_text(students[0], ".kit-class-score", r"score: 1 of 1")
        wait_text(students[1], ".kit-class-score", r"score: 0 of 1")
        shoot(students[0], screenshots, "class-answers-02-student-right")

        # -- a Myra puzzle -----------------------------------------------------------------------------
        show_game(teacher, "Myra")
        button(teacher, "puzzles").click()
        wait_text(teacher, ".kit-class-tally", r"0 of 3 answered", timeout=120)
        asked = answers.current()
        assert asked is not None and asked.kind == "puzzle" and asked.game == "myra"
        problem = asked.problem()
        position, game = problem.position, asked.game
        moves = [m for m in position.legal_moves() if clickable(game, position, m)]
        by_verdict = {}
        for move in moves:
            by_verdict.setdefault(problem.judge({"move": position.notation(move)}).right, []).append(move)
        chosen = [*(by_verdict.get(True, [])[:1]), *by_verdict[False][:3]][:3]
        for page in students:
            wait_text(page, ".kit-class-question", re.escape(asked.text))
        for page, move in zip(students, chosen):
            for target in kit.game(game).marks(position, move):
                click_target(page, game, position, target)
            wait_text(page, ".kit-class-status", "Answer sent: " + re.escape(kit.game(game).move_words(position, move)))
        wait_text(teacher, ".kit-class-tally", r"3 of 3 answered")
        show_answers(teacher)
        shoot(teacher, screenshots, "class-answers-03-myra-tally")
        button(teacher, "reveal").click()
        wait_text(teacher, ".kit-class-tally", r"revealed")
        for page, move in zip(students, chosen):
            verdict = "Right!" if move in by_verdict.get(True, []) else "Not this time"
            wait_text(page, ".kit-class-status", verdict)
        first_score = wait_text(students[0], ".kit-class-score", r"score: \d+ of 2")

        # -- a student reloads: the same name and score --------------------------------------------------
        students[0].reload(wait_until="commit")  # another pooled kernel runs the page
        wait_for_app(students[0], server)
        assert students[0].locator(".kit-student-name").inner_text() == "Ana"
        assert wait_text(students[0], ".kit-class-score", re.escape(first_score)) == first_score
        for game in ("Walak-pussa", "Myra"):  # every mode of the class's projector fits 1280x720
            for mode in MODES:
                choose(teacher, game, mode)
                shoot(teacher, screenshots, f"class-projector-{game.lower()}-{mode.replace(' ', '-')}")
                assert overflows(teacher) == [] and page_fits(teacher), f"{game} {mode}: {teacher.evaluate(SCROLLED)}"
    finally:
        for page in pages:
            page.context.close()
        server.stop()

    # -- the server restarts: the student's address opens the same seat, every answer is there --------
    again = class_server(home, len(NAMES))
    try:
        page = class_context(browser).new_page()
        seat = urllib.parse.urlsplit(seat_of_ana)  # the same seat at the restarted server's address
        page.goto(f"{again.base}{seat.path}?{seat.query}")
        # the projector's tour of its modes opened a puzzle's question: Ana's page shows it, and hides
        # her own classroom from the start (its notes could answer it)
        wait_text(page, ".kit-class-question", r"\S", timeout=OPENS_WITHIN_MS / 1000)
        assert page.locator(".kit-student-name").inner_text() == "Ana"
        if "Waiting for the teacher" in page.locator(".kit-class-question").inner_text():
            button(page, "next").wait_for()
        else:
            assert not button(page, "next").is_visible()
        assert wait_text(page, ".kit-class-score", re.escape(first_score)) == first_score
        out = tmp_path / "export.csv"
        done = subprocess.run([sys.executable, "-m", "kit", "class", "export", "--csv", str(out)],
                              capture_output=True, text=True, cwd=REPO, timeout=300,
                              env={**os.environ, "KIT_CLASS_DB": str(database)})
        assert done.returncode == 0, done.stderr
        rows = list(csv.DictReader(out.open(encoding="utf-8")))
        answered = [r for r in rows if r["student"] and r["student_answer"]]
        assert len(answered) == 6 and {r["student"] for r in answered} == {"Ana", "Ben", "Chi"}
        assert {r["game"] for r in answered} == {"walak", "myra"} and all(r["right"] in ("yes", "no") for r in answered)
    finally:
        page.context.close()
        again.stop()
