"""The class answers in the browser: one teacher's page and three students' pages (separate
browser contexts, each page its own kernel) on one Voila server and one real class database.

A whole question, twice: the projector stops at a Walak-pussa predict question, then shows a
Myra puzzle; three students answer three different answers on their own screens; the tally
counts them, **show answers** draws them on the board, **reveal** judges and scores them. Then
a student reloads (same name and score), the server restarts, and the export still has every
answer. The pages here are small test notebooks built from seats minted with ``ClassDB.join``
(the class server's join page does that for real).
"""
from __future__ import annotations

import csv
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Iterator

import pytest
from playwright.sync_api import Browser, Locator, Page

from classroom_ui import button, click_on_board
from jupyter_servers import JupyterServer
from voila_ui import OFF_MACHINE, wait_for_voila
from widgets_ui import shoot

import kit
from kit.classes.answers import ClassAnswers
from kit.classes.db import ClassDB
from kit.classroom.gallery import gallery
from kit.classroom.predict import questions

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]

_OPEN_DB = """import os
from urllib.parse import parse_qs
from voila.utils import get_query_string
from kit.classes import ClassDB
query = parse_qs(get_query_string() or os.environ.get("QUERY_STRING", ""))
db = ClassDB(os.environ["KIT_CLASS_DB"])
"""
TEACHER = _OPEN_DB + """import kit.classroom
kit.classroom.app(seed=1, class_db=db, teacher_key=query.get("key", [None])[0])
"""
STUDENT = _OPEN_DB + """import html, ipywidgets as widgets
from kit.classes.student import answer_panel
student = db.student(query.get("seat", [None])[0])
widgets.VBox([widgets.HTML(f"<b>You are {html.escape(student.name)}</b>"), answer_panel(db, student)])
"""


def notebook(source: str) -> str:
    return json.dumps({"nbformat": 4, "nbformat_minor": 5, "metadata": {
        "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
        "cells": [{"cell_type": "code", "id": "c1", "metadata": {}, "execution_count": None, "outputs": [],
                   "source": source}]})


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    served = tmp_path_factory.mktemp("class-pages")
    (served / "teacher.ipynb").write_text(notebook(TEACHER))
    (served / "student.ipynb").write_text(notebook(STUDENT))
    return served


def start_server(folder: Path, home: Path, database: Path, monkeypatch: pytest.MonkeyPatch) -> JupyterServer:
    monkeypatch.setenv("KIT_CLASS_DB", str(database))
    return JupyterServer("voila", folder, home)


def open_page(browser: Browser, server: JupyterServer, path: str, query: str) -> Page:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.set_default_timeout(60_000)
    context.route(OFF_MACHINE, lambda route: route.abort())
    page = context.new_page()
    page.goto(server.url(path, query), timeout=180_000)
    wait_for_voila(page, 180)
    return page


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


def test_a_class_answers_a_predict_question_and_a_puzzle(browser: Browser, folder: Path, tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch, screenshots: Path) -> None:
    database = tmp_path / "class" / "class.sqlite"
    db = ClassDB(database)
    seats = [db.join(name) for name in ("Ana", "Ben", "Chi")]
    server = start_server(folder, tmp_path / "server-1", database, monkeypatch)
    pages: list[Page] = []
    try:
        teacher = open_page(browser, server, "voila/render/teacher.ipynb", f"key={db.teacher_key}")
        pages.append(teacher)
        students = [open_page(browser, server, "voila/render/student.ipynb", f"seat={seat.token}") for seat in seats]
        pages.extend(students)
        for page, seat in zip(students, seats):
            assert f"You are {seat.name}" in page.inner_text("body")
            wait_text(page, ".kit-class-question", "Waiting for the teacher")
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
        button(teacher, "Myra").click()
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
        students[0].reload(timeout=180_000)  # a new kernel runs the page again
        wait_for_voila(students[0], 180)
        assert "You are Ana" in students[0].inner_text("body")
        assert wait_text(students[0], ".kit-class-score", re.escape(first_score)) == first_score
    finally:
        for page in pages:
            page.context.close()
        server.stop()

    # -- the server restarts: every answer is still there ----------------------------------------------
    again = start_server(folder, tmp_path / "server-2", database, monkeypatch)
    try:
        out = tmp_path / "export.csv"
        done = subprocess.run([sys.executable, "-m", "kit", "class", "export", "--csv", str(out)],
                              capture_output=True, text=True, cwd=REPO, timeout=300,
                              env={**__import__("os").environ, "KIT_CLASS_DB": str(database)})
        assert done.returncode == 0, done.stderr
        rows = list(csv.DictReader(out.open(encoding="utf-8")))
        answered = [r for r in rows if r["student"] and r["student_answer"]]
        assert len(answered) == 6 and {r["student"] for r in answered} == {"Ana", "Ben", "Chi"}
        assert {r["game"] for r in answered} == {"walak", "myra"} and all(r["right"] in ("yes", "no") for r in answered)
    finally:
        again.stop()
