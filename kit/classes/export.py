"""The teacher's record of a class, as a spreadsheet: one row per student and question, and a
summary row per question (``python -m kit class export FILE --csv``).

Per student and question: the question (number, when asked, game, kind, text, the answer),
the student's name, their answer, when it was given, whether it was changed, and whether it
was right (``yes``/``no`` once revealed; empty while open or when the teacher moved on). A
student who joined before a question and did not answer gets a row with no answer. The summary
rows leave the student's columns empty and count who answered and who was right.
"""
from __future__ import annotations

import csv
import datetime
from typing import IO

from kit.classes.answers import ClassAnswers
from kit.classes.db import ClassDB

COLUMNS = ("question_id", "asked", "game", "kind", "question", "answer", "state", "student", "student_answer",
           "answered_at", "changed", "right", "answered", "right_count", "in_class")


def _when(stamp: float | None) -> str:
    return "" if stamp is None else datetime.datetime.fromtimestamp(stamp).isoformat(sep=" ", timespec="seconds")


def rows(db: ClassDB) -> list[dict[str, object]]:
    """The export's rows, question by question: each student's row, then the question's summary."""
    answers = ClassAnswers(db)
    students = db.query("SELECT id, name, joined FROM students ORDER BY id")
    found: list[dict[str, object]] = []
    for asked in answers.questions():
        common = {"question_id": asked.id, "asked": _when(asked.asked), "game": asked.game, "kind": asked.kind,
                  "question": asked.text, "answer": asked.answer, "state": asked.state}
        given = {row["student"]: row for row in db.query(
            "SELECT student, said, sent, at, right FROM answers WHERE question = ?", (asked.id,))}
        in_class = [s for s in students if s["id"] in given or s["joined"] <= asked.asked]
        right_count = 0
        for student in in_class:
            row = given.get(student["id"])
            right = "" if asked.state != "revealed" else ("yes" if row is not None and row["right"] else "no")
            right_count += right == "yes"
            found.append({**common, "student": student["name"], "student_answer": "" if row is None else row["said"],
                          "answered_at": "" if row is None else _when(row["at"]),
                          "changed": "" if row is None else ("yes" if row["sent"] > 1 else "no"), "right": right})
        found.append({**common, "answered": len(given), "right_count": right_count if asked.state == "revealed" else "",
                      "in_class": len(in_class)})
    return found


def write_csv(db: ClassDB, out: IO[str]) -> int:
    """Write the export as CSV to ``out``; the number of rows written."""
    writer = csv.DictWriter(out, COLUMNS, restval="")
    writer.writeheader()
    found = rows(db)
    writer.writerows(found)
    return len(found)
