"""The students' page: who it is for (the seat or the teacher's key in its address, read from
the class database), and what it shows (the name line, the class's panels, the app)."""
from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import ipywidgets as widgets
import pytest

from kit.classes.db import ClassDB
from kit.classes.page import StudentPage, Teacher, student_page, who


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> ClassDB:
    database = ClassDB(tmp_path / "class.sqlite")
    monkeypatch.setenv("KIT_CLASS_DB", str(database.path))
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)  # a page started for its request
    return database


def test_the_seat_in_the_address_is_the_student(db: ClassDB, monkeypatch: pytest.MonkeyPatch) -> None:
    ana = db.join("Ana")
    monkeypatch.setenv("QUERY_STRING", f"seat={ana.token}")
    assert who() == ana
    monkeypatch.setenv("QUERY_STRING", f"key={db.teacher_key}")
    assert who() == Teacher()
    for forged in ("seat=forged", "key=forged", "", f"seat={ana.token[:-1]}", "name=Ana"):
        monkeypatch.setenv("QUERY_STRING", forged)
        assert who() is None, forged


def test_only_the_query_string_is_trusted(db: ClassDB, monkeypatch: pytest.MonkeyPatch) -> None:
    ana = db.join("Ana")
    monkeypatch.setenv("VOILA_REQUEST_URL", f"http://x/voila/render/student.ipynb?seat={ana.token}")
    monkeypatch.setenv("QUERY_STRING", "")  # another page's address left behind says nothing
    assert who() is None


def test_the_page_names_its_student_above_the_answer_panel_and_the_app(db: ClassDB,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    from kit.classes.student import AnswerPanel

    ana = db.join("Ana <b>")
    monkeypatch.setenv("QUERY_STRING", f"seat={ana.token}")
    app = widgets.Label("the app")
    page = student_page(app)
    name, panels, shown = page.children
    assert "Ana &lt;b&gt;" in name.value and shown is app
    (panel,) = panels.children
    assert isinstance(panel, AnswerPanel) and panel.student == ana


def test_a_page_for_nobody_shows_no_app(db: ClassDB, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("QUERY_STRING", "")
    page = student_page(widgets.Label("the app"))
    (name,) = page.children
    assert "open the address your teacher gave the class" in name.value


def test_a_panel_goes_under_the_name() -> None:
    page = StudentPage(widgets.Label("the app"))
    panel = widgets.Label("a question")
    page.add(panel)
    assert page.widget.children[1].children == (panel,)


def test_the_projector_connects_the_class_only_for_the_teacher_s_key(db: ClassDB,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    import kit.classroom

    monkeypatch.setenv("QUERY_STRING", f"seat={db.join('Ana').token}")
    assert kit.classroom.app().class_tally is None  # a student's seat steers nothing
    monkeypatch.setenv("QUERY_STRING", f"key={db.teacher_key}")
    projector = kit.classroom.app()
    assert projector.class_tally is not None and projector.children[2] is projector.class_tally


def test_the_student_s_own_classroom_hides_while_a_question_waits_for_its_reveal(db: ClassDB,
                                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    from kit.classes.student import AnswerPanel

    monkeypatch.setenv("QUERY_STRING", f"seat={db.join('Ana').token}")
    app = widgets.Label("the app")
    (panel,) = student_page(app).children[1].children
    assert isinstance(panel, AnswerPanel)
    for state, shown in (("open", False), ("closed", False), ("revealed", True)):
        panel._tell(SimpleNamespace(state=state))
        assert (app.layout.display != "none") is shown, state
    panel._tell(None)
    assert app.layout.display != "none"
