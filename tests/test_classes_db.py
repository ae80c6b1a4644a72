"""The class database: a real SQLite file that two pages share and a restart keeps."""
from __future__ import annotations

import multiprocessing
from pathlib import Path

import pytest

from kit.classes.db import ClassDB
from kit.core.limits import MAX_STUDENT_NAME
from kit.core.errors import ClassError


def test_a_student_joins_once_and_is_found_again_after_a_restart(tmp_path: Path) -> None:
    db = ClassDB(tmp_path / "class.sqlite")
    ana = db.join("Ana")
    code, key = db.class_code, db.teacher_key
    db.close()
    again = ClassDB(tmp_path / "class.sqlite")
    assert again.student(ana.token) == ana
    assert (again.class_code, again.teacher_key) == (code, key)
    assert again.students() == [ana]


def test_a_name_taken_in_any_case_is_refused_with_a_word(tmp_path: Path) -> None:
    db = ClassDB(tmp_path / "class.sqlite")
    db.join("Ana Perera")
    with pytest.raises(ClassError, match='"ANA PERERA" is taken'):
        db.join("  ANA   PERERA")
    assert len(db.students()) == 1


@pytest.mark.parametrize("name, word", [("", "Type your name"), ("x" * (MAX_STUDENT_NAME + 1), "at most"),
                                        ("Ana\x00", "cannot be shown")])
def test_a_malformed_name_is_refused_and_nothing_is_kept(tmp_path: Path, name: str, word: str) -> None:
    db = ClassDB(tmp_path / "class.sqlite")
    with pytest.raises(ClassError, match=word):
        db.join(name)
    assert db.students() == []


def test_a_forged_or_unknown_token_finds_nobody(tmp_path: Path) -> None:
    db = ClassDB(tmp_path / "class.sqlite")
    db.join("Ana")
    assert db.student("forged") is None and db.student(None) is None and db.student("x" * 10_000) is None
    assert not db.is_teacher("forged") and not db.is_teacher(None) and db.is_teacher(db.teacher_key)


def _join_many(path: str, prefix: str, count: int) -> None:
    db = ClassDB(path)
    for number in range(count):
        db.join(f"{prefix}{number}")


def test_pages_in_separate_processes_join_at_once_and_none_is_lost(tmp_path: Path) -> None:
    path = str(tmp_path / "class.sqlite")
    ClassDB(path).close()
    workers = [multiprocessing.get_context("spawn").Process(target=_join_many, args=(path, p, 25)) for p in "abcd"]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(120)
        assert worker.exitcode == 0
    assert len(ClassDB(path).students()) == 100
