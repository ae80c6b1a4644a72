"""Homework as nbgrader assignments: the course ``kit homework`` lays out, and a class of four
graded by nbgrader's own commands (generate_assignment, autograde, generate_feedback, export)
with its SQLite gradebook."""
import ast
import csv
import dataclasses
import html
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from kit.cli.main import main
from kit.exercises import EXERCISES, check_answer, find_exercise, forget_answers
from kit.homework import NO_ANSWER, WIDTH, grade
from kit.homework.assignment import CLAIM_TAG, HomeworkError, Lesson, build, exercise_keys, model_answer, read_notebook
from kit.homework.course import EXCHANGE, MANIFEST, _fingerprint, homework_lessons

# nbgrader 0.9 warns about its own sessions under SQLAlchemy 2.1 while autograding; the grades are right
pytestmark = pytest.mark.filterwarnings("ignore::sqlalchemy.exc.SAWarning")

ROOT = Path(__file__).resolve().parents[1]
ASSIGNMENTS = ("lesson-02", "lesson-08")  # one of each game
WRONG = "0"  # every student of the wrong kind answers this (checked to be wrong below)
NBGRADER_FOLDERS = ("release", "submitted", "autograded", "feedback")


def nbgrader(course, *args):
    """Run one of nbgrader's commands in the course, as ``nbgrader ARGS`` typed there would (in this
    process, to spare each command nbgrader's start-up), with this checkout's kit in the kernels."""
    from jupyter_core.application import NoStart
    from nbgrader.apps import NbGraderApp

    saved = os.getcwd(), os.environ.get("PYTHONPATH")
    os.chdir(course)
    os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), saved[1]]))
    app = NbGraderApp.instance()
    try:
        app.initialize(list(args))
        app.start()
    except NoStart:  # how a command that ran says it is done
        pass
    finally:
        app.reset()
        os.chdir(saved[0])
        if saved[1] is None:
            del os.environ["PYTHONPATH"]
        else:
            os.environ["PYTHONPATH"] = saved[1]


def cells(path):
    return read_notebook(path)["cells"]


def source(cell):
    return cell["source"] if isinstance(cell["source"], str) else "".join(cell["source"])


def nbgrader_meta(cell):
    return cell["metadata"].get("nbgrader", {})


# -- the assignments ---------------------------------------------------------------------------


def test_every_exercise_has_an_answer_its_checker_accepts():
    find_exercise("walak-start-1")  # loads every game's exercises
    assert len(EXERCISES) > 30
    for key, exercise in EXERCISES.items():
        assert exercise.answer is not None, f"{key} has no answer="
        assert check_answer(key, exercise.answer()), key
        assert check_answer(key, ast.literal_eval(model_answer(key))), key  # as the teacher's copy writes it


@pytest.mark.parametrize("answer, words", [(lambda: 10, "not right"), (None, "has no answer"),
                                           (lambda: object(), "cannot be written")])
def test_an_answer_the_homework_cannot_use_stops_it(monkeypatch, answer, words):
    exercise = find_exercise("walak-sowing-1")
    monkeypatch.setitem(EXERCISES, "walak-sowing-1", dataclasses.replace(exercise, answer=answer))
    with pytest.raises(HomeworkError, match=words):
        model_answer("walak-sowing-1")


def test_every_lesson_with_exercises_becomes_an_assignment():
    lessons = homework_lessons()
    assert [lesson.number for lesson in lessons] == list(range(1, 12))
    for lesson in lessons:
        keys = exercise_keys(read_notebook(lesson.path))
        notebook = build(lesson)
        answers = [c for c in notebook["cells"] if nbgrader_meta(c).get("solution")]
        tests = [c for c in notebook["cells"] if nbgrader_meta(c).get("grade")]
        assert [nbgrader_meta(c)["grade_id"] for c in tests] == keys
        assert [source(c) for c in answers] == [f"answer = {model_answer(key)}" for key in keys]
        assert not any(CLAIM_TAG in c["metadata"].get("tags", []) for c in notebook["cells"]), "no claim cell"
        assert "assert " not in "\n".join(source(c) for c in notebook["cells"])
        setup = notebook["cells"][1]
        assert setup["metadata"]["jupyter"] == {"source_hidden": True} and source(setup).startswith("import kit")
        assert all(line.startswith(("import ", "from ")) or " = " in line for line in source(setup).splitlines())
        assert all(nbgrader_meta(c)["points"] == 1 and nbgrader_meta(c)["locked"] for c in tests)
        others = [c for c in notebook["cells"] if c not in answers]
        assert all(nbgrader_meta(c)["locked"] for c in others), "every cell but the answers is locked"
        assert all(not c.get("outputs") for c in notebook["cells"])
        text = "\n".join(source(c) for c in notebook["cells"])
        assert text.count("check_answer(") == 0 and text.count("### BEGIN HIDDEN TESTS") == len(keys)
        for key in keys:  # each question once, with its answer cell right after it
            assert text.count(f'check("{key}")') == 1


def test_a_play_board_comes_with_its_picture():
    """Widgets do not show on nbgrader's feedback page: the position's picture does."""
    for number in (4, 9):
        played = [source(c) for c in build(homework_lessons([number])[0])["cells"]
                  if c["cell_type"] == "code" and "kit.explore(" in source(c)]
        assert played and all(text.startswith("display(") for text in played), number


def test_an_assignment_keeps_only_what_its_cells_use(tmp_path):
    def cell(kind, text, tags=()):
        return {"cell_type": kind, "id": f"c{len(lesson)}", "metadata": {"tags": list(tags)} if tags else {},
                "source": text, **({"outputs": [], "execution_count": None} if kind == "code" else {})}
    lesson: list = []
    lesson += [cell("markdown", "# Lesson 2 · A lesson")]
    lesson += [cell("code", "%matplotlib inline\nimport kit\nfrom kit import walak\nfrom kit.exercises import check_answer\n"
                            "import math\nwalak.start()")]
    lesson += [cell("code", 'move = "z"\nlapping = walak.parse_position("S:15,0,0,0,0,0,0/0,0,0,0,0,0,0:0-0")\nprint(lapping)')]
    lesson += [cell("code", "unused = math.pi")]
    lesson += [cell("code", "assert lapping.board[0] == 15", tags=[CLAIM_TAG])]
    lesson += [cell("markdown", "## Exercises\n\n**Exercise 1.** Where does the last seed of `a` fall?")]
    lesson += [cell("code", 'for move in lapping.legal_moves():\n    print(move)')]
    lesson += [cell("code", "assert lapping.to_move == 0", tags=[CLAIM_TAG])]
    lesson += [cell("code", 'answer = ...\ncheck_answer("walak-sowing-3", answer)')]
    path = tmp_path / "02-a-lesson.ipynb"
    path.write_text(json.dumps({"cells": lesson, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}))
    notebook = build(Lesson(2, path))
    assert source(notebook["cells"][1]) == ('import kit\nfrom kit import walak\n'
                                            'lapping = walak.parse_position("S:15,0,0,0,0,0,0/0,0,0,0,0,0,0:0-0")')
    assert [source(c) for c in notebook["cells"][2:4]] == [lesson[5]["source"], lesson[6]["source"]]
    assert [nbgrader_meta(c)["grade_id"] for c in notebook["cells"][4:]] == ["walak-sowing-3-answer", "walak-sowing-3"]


def test_grade_prints_the_kits_feedback(capsys):
    forget_answers()
    grade("walak-sowing-1", 9)
    right = capsys.readouterr()
    assert right.out == "Right!\n" and right.err == ""  # no explanation: it could answer another exercise
    grade("walak-sowing-1", 2)
    wrong = capsys.readouterr()
    hint = f"Not yet. Hint: {find_exercise('walak-sowing-1').hints[0]}"
    assert wrong.out == "" and " ".join(wrong.err.split()) == " ".join(hint.split())
    grade("walak-sowing-1", ...)
    blank = capsys.readouterr()
    assert blank.out == "" and " ".join(blank.err.split()) == " ".join(NO_ANSWER.split()) and '"D9"' in NO_ANSWER
    assert all(len(line) <= WIDTH for line in (wrong.err + blank.err).splitlines())


def test_the_config_and_the_docs_name_one_exchange(tmp_path):
    assert main(["homework", str(tmp_path / "course"), "--lessons", "2"]) == 0
    assert f'c.Exchange.root = "{EXCHANGE}"' in (tmp_path / "course" / "nbgrader_config.py").read_text()
    docs = (ROOT / "docs" / "homework.md").read_text()
    assert f"sudo mkdir -p {EXCHANGE}" in docs and f'c.Exchange.root = "{EXCHANGE}"' in docs


# -- the course on disk ------------------------------------------------------------------------


def test_a_rerun_keeps_the_teachers_edits_unless_forced(tmp_path, capsys):
    course = tmp_path / "course"
    assert main(["homework", str(course), "--lessons", "2", "3"]) == 0
    lesson_2 = course / "source" / "lesson-02" / "02-walak-board-and-sowing.ipynb"
    assert "wrote source/lesson-02/02-walak-board-and-sowing.ipynb (3 exercises, 3 points)" in capsys.readouterr().out
    for folder in NBGRADER_FOLDERS:  # what nbgrader keeps: the kit never touches it
        (course / folder / "ada" / "lesson-02").mkdir(parents=True)
        (course / folder / "ada" / "lesson-02" / "02-walak-board-and-sowing.ipynb").write_text("{}")
    (course / "gradebook.db").write_bytes(b"SQLite format 3\x00")
    untouched = {path: path.read_bytes() for path in course.rglob("*")
                 if path.is_file() and path.parts[len(course.parts)] in NBGRADER_FOLDERS + ("gradebook.db",)}

    # running it and saving it with outputs is no edit
    notebook = read_notebook(lesson_2)
    notebook["cells"][1]["outputs"] = [{"output_type": "stream", "name": "stdout", "text": "ran"}]
    lesson_2.write_text(json.dumps(notebook))
    assert main(["homework", str(course), "--lessons", "2", "3"]) == 0
    out = capsys.readouterr().out
    assert "kept source/lesson-02/02-walak-board-and-sowing.ipynb (up to date)" in out
    assert "Nothing changed" in out and "generate_assignment" not in out

    # a source an older kit wrote, unedited, is brought up to date
    notebook["cells"][0]["source"] = "# Homework as an older kit wrote it"
    lesson_2.write_text(json.dumps(notebook))
    manifest = json.loads((course / MANIFEST).read_text())
    manifest["source/lesson-02/02-walak-board-and-sowing.ipynb"] = _fingerprint(".ipynb", lesson_2.read_text())
    (course / MANIFEST).write_text(json.dumps(manifest))
    assert main(["homework", str(course), "--lessons", "2", "3"]) == 0
    out = capsys.readouterr().out
    assert "replaced source/lesson-02" in out and "kept source/lesson-03/03-relay-sowing.ipynb (up to date)" in out

    # a teacher's edit (points, a question's words) is kept: nothing is written
    notebook = read_notebook(lesson_2)
    nbgrader_meta(next(c for c in notebook["cells"] if nbgrader_meta(c).get("grade")))["points"] = 2
    lesson_2.write_text(json.dumps(notebook))
    edited = lesson_2.read_bytes()
    (course / "source" / "lesson-03" / "03-relay-sowing.ipynb").unlink()
    assert main(["homework", str(course)]) == 2
    error = capsys.readouterr().err
    assert error.startswith("error: source/lesson-02/02-walak-board-and-sowing.ipynb") and "--force" in error
    assert lesson_2.read_bytes() == edited
    assert not (course / "source" / "lesson-03" / "03-relay-sowing.ipynb").exists()
    assert not (course / "source" / "lesson-04").exists()

    # a config the kit did not write is the teacher's too
    (course / "nbgrader_config.py").write_text("c = get_config()\n")
    assert main(["homework", str(course), "--lessons", "3"]) == 2
    assert "nbgrader_config.py" in capsys.readouterr().err

    (course / "release" / "lesson-02").mkdir()
    assert main(["homework", str(course), "--force"]) == 0
    out = capsys.readouterr().out
    assert "replaced source/lesson-02" in out and "lesson-02 was released before" in out
    assert "nbgrader generate_assignment lesson-01 and the others" in out
    assert read_notebook(lesson_2) == build(homework_lessons([2])[0])
    assert len(list((course / "source").iterdir())) == 11
    assert {path: path.read_bytes() for path in untouched} == untouched
    assert set(json.loads((course / MANIFEST).read_text())) == {"nbgrader_config.py"} | {
        str(path.relative_to(course)) for path in (course / "source").rglob("*.ipynb")}


@pytest.mark.parametrize("args, words", [
    (["--lessons", "12"], "lesson 12 has no exercises"),
    (["--lessons", "13"], "lesson 13 does not exist"),
    (["--lessons", "0"], "must be from 1 to 99"),
])
def test_bad_lessons_are_one_line_errors(tmp_path, capsys, args, words):
    try:
        status = main(["homework", str(tmp_path / "course"), *args])
    except SystemExit as stop:  # argparse's refusal
        status = stop.code
    assert status == 2
    error = capsys.readouterr().err
    assert words in error and error.count("\n") == 1
    assert not (tmp_path / "course").exists()


def test_a_file_is_not_a_course(tmp_path, capsys):
    (tmp_path / "course").write_text("")
    assert main(["homework", str(tmp_path / "course")]) == 2
    assert "is not a folder" in capsys.readouterr().err


# -- a class graded by nbgrader ------------------------------------------------------------------


def answers(student, keys):
    """What each student writes in the answer cells."""
    right = [f"answer = {model_answer(key)}" for key in keys]
    if student == "ada":  # everything right
        return right
    if student == "bo":  # everything wrong
        return [f"answer = {WRONG}"] * len(keys)
    if student == "cy":  # nothing written
        return ["answer = ..."] * len(keys)
    # dee: a syntax error, an import that does nothing, the rest right
    return [f"answer = = {model_answer(keys[0])}", f"import os\n{right[1]}"] + right[2:]


STUDENTS = {"ada": lambda points: points, "bo": lambda points: 0, "cy": lambda points: 0,
            "dee": lambda points: points - 1}


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    """A course of every lesson's homework; two assignments released, handed in by four students,
    autograded, fed back and exported."""
    course = tmp_path_factory.mktemp("homework") / "course"
    assert main(["homework", str(course)]) == 0
    nbval = run_nbval(course)  # every teacher's notebook, run while nbgrader grades the class
    nbgrader(course, "generate_assignment", "lesson-0[28]")
    for assignment in ASSIGNMENTS:
        (released,) = (course / "release" / assignment).glob("*.ipynb")
        keys = [nbgrader_meta(c)["grade_id"] for c in cells(released) if nbgrader_meta(c).get("grade")]
        for student in STUDENTS:  # where `nbgrader collect` puts a hand-in
            notebook = read_notebook(released)
            written = iter(answers(student, keys))
            for cell in notebook["cells"]:
                if nbgrader_meta(cell).get("solution"):
                    cell["source"] = next(written)
            folder = course / "submitted" / student / assignment
            folder.mkdir(parents=True)
            (folder / released.name).write_text(json.dumps(notebook), encoding="utf-8")
            (folder / "timestamp.txt").write_text("2026-12-01 10:00:00.000000 UTC")
    nbgrader(course, "autograde", "lesson-0[28]")
    nbgrader(course, "generate_feedback", "lesson-0[28]")
    nbgrader(course, "export")
    yield course, nbval
    nbval.kill()


def test_the_release_holds_no_solution_and_no_hidden_test(graded):
    graded, _ = graded
    for assignment in ASSIGNMENTS:
        (released,) = (graded / "release" / assignment).glob("*.ipynb")
        (source_notebook,) = (graded / "source" / assignment).glob("*.ipynb")
        text = "\n".join(source(c) for c in cells(released))
        for cell in cells(source_notebook):
            if nbgrader_meta(cell).get("solution"):
                assert source(cell) not in text
            if nbgrader_meta(cell).get("grade"):
                hidden = source(cell).split("### BEGIN HIDDEN TESTS")[1]
                assert all(line not in text for line in hidden.splitlines() if line.strip())
        for cell in cells(released):
            if nbgrader_meta(cell).get("solution"):
                assert source(cell) == "answer = ..."
            if nbgrader_meta(cell).get("grade"):
                assert source(cell).startswith("# The autograder checks your answer here")
        assert "check(" not in text and "HIDDEN" not in text


def test_the_gradebook_and_the_csv_hold_the_exact_scores(graded):
    graded, _ = graded
    from nbgrader.api import Gradebook

    with open(graded / "grades.csv", newline="") as file:
        rows = {(row["assignment"], row["student_id"]): row for row in csv.DictReader(file)}
    with Gradebook(f"sqlite:///{graded / 'gradebook.db'}") as gradebook:
        for assignment in ASSIGNMENTS:
            points = gradebook.find_assignment(assignment).max_score
            assert points == 3
            for student, expected in STUDENTS.items():
                assert gradebook.find_submission(assignment, student).score == expected(points)
                row = rows[(assignment, student)]
                assert float(row["score"]) == expected(points) and float(row["max_score"]) == points
    assert len(rows) == len(ASSIGNMENTS) * len(STUDENTS)


def test_the_feedback_gives_the_kits_hints(graded):
    graded, _ = graded
    for assignment in ASSIGNMENTS:
        (feedback,) = (graded / "feedback" / "bo" / assignment).glob("*.html")
        text = html.unescape(feedback.read_text(encoding="utf-8"))
        keys = exercise_keys(read_notebook(next((ROOT / "lessons").glob(f"{assignment[-2:]}-*.ipynb"))))
        for key in keys:  # each notebook is graded in a kernel of its own: the first wrong answer's hint
            forget_answers()
            hint = check_answer(key, ast.literal_eval(WRONG))
            assert not hint and textwrap.fill(str(hint), WIDTH) in text
        assert "most recent call last" not in text and "AssertionError" not in text
        (full,) = (graded / "feedback" / "ada" / assignment).glob("*.html")
        right = html.unescape(full.read_text(encoding="utf-8"))
        assert right.count("Right!") == len(keys)
        assert not any(find_exercise(key).explanation in right for key in keys), "no explanation: it could answer"
        (blank,) = (graded / "feedback" / "cy" / assignment).glob("*.html")
        assert html.unescape(blank.read_text(encoding="utf-8")).count(textwrap.fill(NO_ANSWER, WIDTH)) == len(keys)


def run_nbval(course):
    """Start pytest with nbval on the course's source notebooks (with the model answers in); its output goes to a file."""
    notebooks = sorted((course / "source").rglob("*.ipynb"))
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    with open(course.parent / "nbval.log", "w") as log:
        return subprocess.Popen([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-o", "addopts=",
                                 "--rootdir", str(course), "--nbval-lax", "--nbval-current-env", "-q",
                                 *map(str, notebooks)], cwd=course, env=env, stdout=log, stderr=subprocess.STDOUT)


def test_the_teachers_notebooks_run_clean_under_nbval(graded):
    course, nbval = graded
    nbval.wait(timeout=300)
    output = (course.parent / "nbval.log").read_text()
    assert nbval.returncode == 0, output
    code_cells = sum(c["cell_type"] == "code" for path in (course / "source").rglob("*.ipynb") for c in cells(path))
    assert f"{code_cells} passed" in output  # every cell ran
