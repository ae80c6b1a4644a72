"""An nbgrader course of homework: ``nbgrader_config.py`` and ``source/<assignment>/<notebook>.ipynb``.

:func:`write_course` writes only those files. nbgrader's own folders (``release/``,
``submitted/``, ``autograded/``, ``feedback/``) and its gradebook (``gradebook.db``) are
never touched. A file it wrote before is replaced only while it is as it was written: the
course remembers each file's fingerprint in ``.kit-homework.json`` (for a notebook: its cells'
kinds, sources and nbgrader settings, so running it or saving it in JupyterLab is no change).
A file the teacher changed, or one the kit did not write, is replaced only with ``force``;
without it nothing at all is written and the refusal names every such file.
"""
from __future__ import annotations

import hashlib
import json
import os
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from kit.homework.assignment import HomeworkError, Lesson, build, exercise_keys, find_lessons, points, read_notebook

CONFIG = "nbgrader_config.py"
MANIFEST = ".kit-homework.json"
EXCHANGE = "/srv/nbgrader/exchange"  # the exchange folder docs/homework.md has the administrator make

_CONFIG_TEXT = '''"""nbgrader's settings for this course (written by `python -m kit homework`; see docs/homework.md)."""
c = get_config()  # noqa: F821 (nbgrader defines get_config)

# The course's name: JupyterHub's exchange keeps its assignments under it.
c.CourseDirectory.course_id = "{course_id}"

# The exchange, the folder all users can write to that release_assignment, fetch, submit and collect
# copy through (only on a shared machine or a JupyterHub). It must exist; each student's
# ~/.jupyter/nbgrader_config.py names the same folder (docs/homework.md, "Hand it out").
c.Exchange.root = "{exchange}"

# In the students' copy an answer cell holds only this, for the student to fill in.
c.ClearSolutions.code_stub = {{"python": "answer = ..."}}

# A test cell missing from a hand-in is put back and graded.
c.OverwriteCells.add_missing_cells = True

# The longest a cell may run when autograding, in seconds (an exercise's check takes well under one).
c.Execute.timeout = 60
'''


def homework_lessons(numbers: Sequence[int] | None = None) -> list[Lesson]:
    """The lessons to make homework of: those numbered (each must have exercises), or every lesson that has some."""
    lessons = find_lessons()
    with_exercises = {n: lesson for n, lesson in lessons.items() if exercise_keys(read_notebook(lesson.path))}
    if numbers is None:
        return list(with_exercises.values())
    chosen = []
    for n in dict.fromkeys(numbers):
        if n not in with_exercises:
            why = "has no exercises" if n in lessons else "does not exist"
            raise HomeworkError(f"lesson {n} {why}; the lessons with exercises are {_numbers(with_exercises)}")
        chosen.append(with_exercises[n])
    return chosen


def write_course(directory: Path, numbers: Sequence[int] | None = None, force: bool = False) -> list[str]:
    """Lay out (or bring up to date) the course in ``directory`` with the homework of the lessons
    numbered (default: all with exercises); return one line per file saying what was done."""
    if directory.exists() and not directory.is_dir():
        raise HomeworkError(f"{directory} is not a folder")
    planned: dict[str, tuple[str, str]] = {CONFIG: (_CONFIG_TEXT.format(course_id=_course_id(directory), exchange=EXCHANGE), "")}
    lessons = homework_lessons(numbers)
    for lesson in lessons:
        notebook = build(lesson)
        keys = sum(1 for cell in notebook["cells"] if cell["metadata"].get("nbgrader", {}).get("grade"))
        planned[f"source/{lesson.assignment}/{lesson.notebook}"] = (
            json.dumps(notebook, indent=1, ensure_ascii=False) + "\n", f" ({keys} exercises, {points(notebook)} points)")
    known = _read_manifest(directory)
    existing = {name: _fingerprint(name, (directory / name).read_text(encoding="utf-8", errors="replace"))
                for name in planned if (directory / name).is_file()}
    changed = [name for name, (text, _) in planned.items()
               if name in existing and existing[name] not in (known.get(name), _fingerprint(name, text))]
    if changed and not force:
        raise HomeworkError(f"{', '.join(changed)} in {directory} changed since `kit homework` wrote "
                            f"{'them' if len(changed) > 1 else 'it'} (or {'were' if len(changed) > 1 else 'was'} "
                            "not written by it): nothing was written; run again with --force to replace "
                            f"{'them' if len(changed) > 1 else 'it'}")
    report, written = [], []
    for name, (text, note) in planned.items():
        fingerprint = _fingerprint(name, text)
        if existing.get(name) == fingerprint:
            report.append(f"kept {name} (up to date)")
        else:
            _write(directory / name, text)
            report.append(f"{'replaced' if name in existing else 'wrote'} {name}{note}")
            written.append(name)
        known[name] = fingerprint
    _write(directory / MANIFEST, json.dumps(known, indent=1, sort_keys=True) + "\n")
    return report + _next_steps(directory, [lesson.assignment for lesson in lessons
                                            if f"source/{lesson.assignment}/{lesson.notebook}" in written])


def _next_steps(directory: Path, assignments: list[str]) -> list[str]:
    """What the teacher does next with the assignments whose sources were just written."""
    if not assignments:
        return ["Nothing changed: every source was up to date."]
    released = [name for name in assignments if (directory / "release" / name).exists()]
    new = [name for name in assignments if name not in released]
    steps = []
    if new:
        others = " and the others" if len(new) > 1 else ""
        steps.append(f"Next, in {directory}: nbgrader generate_assignment {new[0]}{others} "
                     "(docs/homework.md says every step)")
    if released:
        steps.append(f"{', '.join(released)} {'were' if len(released) > 1 else 'was'} released before: "
                     "the students have the earlier version and nbgrader grades it with the tests generated "
                     "then (docs/homework.md, \"Make the course\")")
    return steps


def _course_id(directory: Path) -> str:
    """The course's name for nbgrader: the folder's name, in letters, digits, - and _."""
    return re.sub(r"[^A-Za-z0-9_-]+", "-", directory.resolve().name).strip("-") or "homework"


def _numbers(lessons: dict[int, Lesson]) -> str:
    return ", ".join(str(n) for n in lessons)


def _fingerprint(name: str, text: str) -> str:
    """What makes a file the teacher's: for a notebook its cells' kinds, sources and nbgrader
    settings (not outputs or other metadata); for any other file, or a notebook that is not JSON, all of it."""
    content: Any = text
    if name.endswith(".ipynb"):
        try:
            cells = json.loads(text)["cells"]
            content = [[cell["cell_type"], _joined(cell.get("source", "")), cell.get("metadata", {}).get("nbgrader")]
                       for cell in cells]
        except (ValueError, KeyError, TypeError, AttributeError):
            pass
    return hashlib.sha256(json.dumps(content, sort_keys=True).encode()).hexdigest()


def _joined(source: Any) -> str:
    return source if isinstance(source, str) else "".join(source)


def _read_manifest(directory: Path) -> dict[str, str]:
    try:
        data = json.loads((directory / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return {str(k): str(v) for k, v in data.items()} if isinstance(data, dict) else {}


def _write(path: Path, text: str) -> None:
    """Write a file whole or not at all."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.tmp")
    with open(temporary, "w", encoding="utf-8", newline="\n") as file:
        file.write(text)
    os.replace(temporary, path)
