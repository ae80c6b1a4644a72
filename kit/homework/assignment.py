"""A lesson's exercises as an nbgrader assignment notebook.

The assignment holds the lesson's ``## Exercises`` section up to the next heading of that level:
the boards the questions are about, and the questions, each stated once. It leaves out the
lesson's claim cells (code cells tagged ``claim``: the lesson's checks of its own figures, not
exercises). Above them, one folded setup cell holds what those cells need from the lesson before
the section: the imports and definitions (``example = ...`` of a position) whose names
they use, statement by statement, and nothing else (no board shown, nothing printed).

Each exercise cell of the lesson (``answer = ...`` then ``check_answer("KEY", answer)``) becomes
two cells:

- an answer cell, an nbgrader solution cell: the model answer in the teacher's copy,
  ``answer = ...`` in the students' (the course's ``ClearSolutions.code_stub``); the model
  answer is the exercise's own right answer (``@exercise(..., answer=...)``), computed by the
  engine, written as a student would type it;
- a test cell with points, locked, whose hidden test ``check("KEY")`` (:func:`kit.homework.check`)
  checks ``answer`` and then takes it out of the way: an answer cell that breaks leaves no
  answer behind for the next exercise's test.

A cell that is only ``kit.explore(POSITION)`` (a play board, with or without options) also displays the position's
picture: widgets do not show on nbgrader's feedback page.

Every other cell is locked (read-only), so the autograder puts it back as the teacher wrote it.
Which exercises a lesson has is read from the lesson itself: its ``check_answer`` calls.
"""
from __future__ import annotations

import ast
import builtins
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kit.exercises import check_answer, find_exercise, typed

POINTS = 1  # each exercise's points
SCHEMA_VERSION = 3  # nbgrader's cell metadata schema

_LESSON_FILE = re.compile(r"^(\d\d)-[a-z0-9-]+\.ipynb$")
_EXERCISE_CELL = re.compile(r'^answer = \.\.\.\s*\ncheck_answer\("([a-z0-9-]+)", answer\)\s*$')
_HEADING = re.compile(r"^## ", re.MULTILINE)
_MAGIC = re.compile(r"^\s*[%!].*$", re.MULTILINE)  # IPython's %magic and !shell lines
CLAIM_TAG = "claim"  # a lesson's check of its own figures (tests/test_lesson_claims.py)


class HomeworkError(ValueError):
    """A lesson that cannot become homework, or a course that would be damaged; the message says why."""


@dataclass(frozen=True)
class Lesson:
    """A lesson notebook, ``lessons/NN-name.ipynb``."""

    number: int
    path: Path

    @property
    def assignment(self) -> str:
        """The assignment's name in the course: ``lesson-02``."""
        return f"lesson-{self.number:02d}"

    @property
    def notebook(self) -> str:
        """The assignment notebook's file name: the lesson's."""
        return self.path.name


def lessons_directory() -> Path:
    """The kit's lessons: ``lessons/`` beside the ``kit`` package in a checkout."""
    return Path(__file__).resolve().parents[2] / "lessons"


def find_lessons(directory: Path | None = None) -> dict[int, Lesson]:
    """The numbered lessons in ``directory`` (the kit's by default), by number."""
    directory = lessons_directory() if directory is None else directory
    if not directory.is_dir():
        raise HomeworkError(f"no lessons at {directory}: homework is made from the lessons of a checkout of the kit")
    found = {}
    for path in sorted(directory.iterdir()):
        match = _LESSON_FILE.match(path.name)
        if match:
            found[int(match.group(1))] = Lesson(int(match.group(1)), path)
    return found


def read_notebook(path: Path) -> dict[str, Any]:
    """A notebook file as JSON."""
    with open(path, encoding="utf-8") as file:
        notebook: dict[str, Any] = json.load(file)
    return notebook


def exercise_keys(notebook: dict[str, Any]) -> list[str]:
    """The keys of the exercises a lesson notebook asks, in order."""
    return [key for cell in notebook["cells"] if (key := _exercise_key(cell)) is not None]


def build(lesson: Lesson) -> dict[str, Any]:
    """The assignment notebook of a lesson, with the model answers in (the teacher's source)."""
    notebook = read_notebook(lesson.path)
    cells, keys = notebook["cells"], exercise_keys(notebook)
    if not keys:
        raise HomeworkError(f"lesson {lesson.number} ({lesson.path.name}) has no exercises")
    section = [cell for cell in _exercise_section(lesson, cells) if not _is_claim(cell)]
    asked = {_exercise_key(cell) for cell in section}
    missing = [key for key in keys if key not in asked]
    if missing:
        raise HomeworkError(f"lesson {lesson.number}: exercise {', '.join(missing)} is not in its \"## Exercises\" section")
    out = [_locked(_markdown("homework-intro", _introduction(lesson, cells[0])))]
    start = next(i for i, cell in enumerate(cells) if cell.get("id") == section[0].get("id"))
    setup = _setup(lesson, cells[:start], section)
    if setup:
        out.append(_locked(_code("homework-setup", setup, {"jupyter": {"source_hidden": True}})))
    for cell in section:
        key = _exercise_key(cell)
        if key is not None:
            out += [_answer_cell(key), _test_cell(key)]
        elif cell["cell_type"] == "code" and "check_answer" in _source(cell):
            raise HomeworkError(f"lesson {lesson.number}: an exercise cell is `answer = ...` and then "
                                f"`check_answer(\"KEY\", answer)`, nothing else; cell {cell.get('id')} is not")
        else:
            out.append(_locked(_with_picture(_copy(cell))))
    return {"cells": out, "metadata": {key: notebook["metadata"][key] for key in ("kernelspec", "language_info")
                                       if key in notebook["metadata"]},
            "nbformat": 4, "nbformat_minor": 5}


def model_answer(key: str) -> str:
    """The right answer to exercise ``key`` as a student writes it after ``answer =`` (``56``,
    ``"North's c"``, ``["a", "e"]``), from the exercise's own ``answer=``; HomeworkError if it
    has none, or if what is written is not that answer or its checker does not accept it."""
    exercise = find_exercise(key)
    if exercise.answer is None:
        raise HomeworkError(f"exercise {key!r} has no answer: give its @exercise(...) an answer=lambda: ...")
    value = exercise.answer()
    text = typed(value)
    try:
        written = ast.literal_eval(text)
    except (ValueError, SyntaxError):
        written = None
    if written != value:
        raise HomeworkError(f"exercise {key!r}: its answer {value!r} cannot be written after `answer =` as a student would")
    feedback = check_answer(key, written)
    if not feedback:
        raise HomeworkError(f"exercise {key!r}: its answer {text} is not right by its own checker: {feedback}")
    return text


def points(notebook: dict[str, Any]) -> int:
    """The points of an assignment notebook's test cells."""
    return sum(cell["metadata"].get("nbgrader", {}).get("points", 0) for cell in notebook["cells"])


# -- the parts of an assignment ------------------------------------------------------------------


def _introduction(lesson: Lesson, first: dict[str, Any]) -> str:
    title = _source(first).splitlines()[0].lstrip("# ").strip()
    return (f"# Homework: {title}\n\n"
            "Answer each exercise in the cell below it: replace the `...` after `answer =` with your "
            "answer, written as in the lesson: a number as it is (`12`), a word or a name in quotes "
            "(`\"like this\"`), several in brackets (`[\"a\", \"b\"]`). Write nothing else in an answer cell.\n\n"
            "The other cells are locked. To try things out, add a cell of your own anywhere, "
            "for instance `kit.explore(position, move)` for a stepper through a move or `kit.explore(position)` "
            f"for a play board, as in the lesson (`lessons/{lesson.path.name}`). The questions are the lesson's "
            "own: where one points at something \"above\", it is in the lesson.\n\n"
            "When you are done, run all cells (*Run → Run All Cells*), save, and hand the notebook in. "
            "Your teacher's autograder checks each answer; the feedback says which are right and gives a "
            "hint for the others.")


def _exercise_section(lesson: Lesson, cells: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The cells from the ``## Exercises`` heading to the next ``## `` heading, cut at both."""
    section: list[dict[str, Any]] = []
    for cell in cells:
        text = _source(cell)
        if not section:
            start = re.search(r"^## Exercises\s*$", text, re.MULTILINE) if cell["cell_type"] == "markdown" else None
            if start:
                section.append({**cell, "source": _without_how_to_answer(text[start.start():])})
            continue
        end = _HEADING.search(text) if cell["cell_type"] == "markdown" else None
        if end:
            if text[:end.start()].strip():
                section.append({**cell, "source": text[:end.start()].rstrip()})
            break
        section.append(cell)
    if not section:
        raise HomeworkError(f"lesson {lesson.number} ({lesson.path.name}) has no \"## Exercises\" heading")
    return section


def _without_how_to_answer(text: str) -> str:
    """A lesson's text without its own how-to-answer paragraph (``Replace the `...` ...``):
    the homework says how to answer in its introduction."""
    paragraphs = text.split("\n\n")
    return "\n\n".join(p for p in paragraphs if not ("Replace" in p and "`...`" in p)).rstrip()


def _is_claim(cell: dict[str, Any]) -> bool:
    return cell["cell_type"] == "code" and CLAIM_TAG in cell.get("metadata", {}).get("tags", [])


def _setup(lesson: Lesson, before: list[dict[str, Any]], section: list[dict[str, Any]]) -> str:
    """The statements of the lesson's code before its exercises (claim cells left out) that bind
    a name the exercises' cells use, and those they need in turn, in the lesson's order."""
    statements = [(statement, text) for cell in before if cell["cell_type"] == "code" and not _is_claim(cell)
                  for statement, text in _statements(lesson, _source(cell))]
    needed = {"kit"}  # the introduction suggests kit.explore(...) for trying things out
    bound: set[str] = set()
    for cell in section:
        if cell["cell_type"] == "code" and _exercise_key(cell) is None:
            for statement, _ in _statements(lesson, _source(cell)):
                needed |= _used(statement) - bound
                bound |= _bound(statement)
    chosen: set[int] = set()
    while True:
        more = {i for i, (statement, _) in enumerate(statements) if i not in chosen and _bound(statement) & needed}
        if not more:
            break
        chosen |= more
        for i in more:
            needed |= _used(statements[i][0])
    return "\n".join(text for i, (_, text) in enumerate(statements) if i in chosen)


def _statements(lesson: Lesson, source: str) -> list[tuple[ast.stmt, str]]:
    """A code cell's top-level statements, each with its source (IPython's magics left out)."""
    code = _MAGIC.sub("", source)
    try:
        tree = ast.parse(code)
    except SyntaxError as error:
        raise HomeworkError(f"lesson {lesson.number}: a code cell is not Python: {error}") from None
    return [(statement, ast.get_source_segment(code, statement) or "") for statement in tree.body]


def _bound(statement: ast.stmt) -> set[str]:
    """The names a top-level statement binds (imports, assignments, definitions)."""
    if isinstance(statement, (ast.Import, ast.ImportFrom)):
        return {alias.asname or alias.name.split(".")[0] for alias in statement.names}
    if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return {statement.name}
    if isinstance(statement, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
        targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
        return {node.id for target in targets for node in ast.walk(target) if isinstance(node, ast.Name)}
    return set()


def _used(statement: ast.stmt) -> set[str]:
    """The names a statement reads from outside it: builtins, loop and comprehension variables,
    ``with ... as`` names and a function's parameters left out."""
    own = {node.id for target in _local_targets(statement) for node in ast.walk(target) if isinstance(node, ast.Name)}
    own |= {node.arg for node in ast.walk(statement) if isinstance(node, ast.arg)}
    return {node.id for node in ast.walk(statement) if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load)
            and node.id not in own and not hasattr(builtins, node.id)}


def _local_targets(statement: ast.stmt) -> list[ast.expr]:
    """The targets of a statement's loops, comprehensions and ``with ... as``."""
    targets: list[ast.expr] = []
    for node in ast.walk(statement):
        if isinstance(node, (ast.For, ast.AsyncFor, ast.comprehension)):
            targets.append(node.target)
        elif isinstance(node, ast.withitem) and node.optional_vars is not None:
            targets.append(node.optional_vars)
    return targets


def _exercise_key(cell: dict[str, Any]) -> str | None:
    match = _EXERCISE_CELL.match(_source(cell)) if cell["cell_type"] == "code" else None
    return match.group(1) if match else None


def _answer_cell(key: str) -> dict[str, Any]:
    return _code(f"{key}-answer", f"answer = {model_answer(key)}",
                 {"nbgrader": _nbgrader(f"{key}-answer", solution=True)})


def _test_cell(key: str) -> dict[str, Any]:
    source = ("# The autograder checks your answer here.\n"
              "### BEGIN HIDDEN TESTS\n"
              "from kit.homework import check\n"
              f'check("{key}")\n'
              "### END HIDDEN TESTS")
    return _code(key, source, {"nbgrader": _nbgrader(key, grade=True, locked=True, points=POINTS)})


def _nbgrader(grade_id: str, *, solution: bool = False, grade: bool = False, locked: bool = False,
              points: int | None = None) -> dict[str, Any]:
    meta: dict[str, Any] = {"grade": grade, "grade_id": grade_id, "locked": locked,
                            "schema_version": SCHEMA_VERSION, "solution": solution, "task": False}
    if points is not None:
        meta["points"] = points
    return meta


def _locked(cell: dict[str, Any]) -> dict[str, Any]:
    """The cell, read-only in the students' copy and put back by the autograder."""
    return {**cell, "metadata": {**cell["metadata"], "nbgrader": _nbgrader(f"locked-{cell['id']}", locked=True)}}


def _copy(cell: dict[str, Any]) -> dict[str, Any]:
    """A lesson cell without outputs and without the lesson's nbval tags (the homework records no outputs)."""
    metadata = dict(cell.get("metadata", {}))
    tags = [tag for tag in metadata.pop("tags", []) if not tag.startswith("nbval-")]
    if tags:
        metadata["tags"] = tags
    copy = {"cell_type": cell["cell_type"], "id": cell["id"], "metadata": metadata, "source": _source(cell)}
    if cell["cell_type"] == "code":
        copy.update(execution_count=None, outputs=[])
    return copy


def _with_picture(cell: dict[str, Any]) -> dict[str, Any]:
    """A code cell that is only ``kit.explore(POSITION)`` (a play board), with the position's
    picture shown above the board: the feedback page, where widgets do not show, keeps the picture."""
    try:
        tree = ast.parse(cell["source"]) if cell["cell_type"] == "code" else None
    except SyntaxError:
        return cell
    if tree is None or len(tree.body) != 1 or not isinstance(tree.body[0], ast.Expr):
        return cell
    call = tree.body[0].value
    if not (isinstance(call, ast.Call) and ast.unparse(call.func) == "kit.explore" and len(call.args) == 1):
        return cell
    position = ast.get_source_segment(cell["source"], call.args[0])
    board = ast.get_source_segment(cell["source"], call)  # with its options (hints=0, ...)
    return {**cell, "source": f"display({position})  # its picture (the feedback page shows it too)\n"
                              f"{board}  # the play board"}


def _markdown(cell_id: str, text: str) -> dict[str, Any]:
    return {"cell_type": "markdown", "id": cell_id, "metadata": {}, "source": text}


def _code(cell_id: str, source: str, metadata: dict[str, Any]) -> dict[str, Any]:
    return {"cell_type": "code", "execution_count": None, "id": cell_id, "metadata": metadata,
            "outputs": [], "source": source}


def _source(cell: dict[str, Any]) -> str:
    source = cell.get("source", "")
    return source if isinstance(source, str) else "".join(source)
