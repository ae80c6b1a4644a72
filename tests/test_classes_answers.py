"""The class answers: the projector asks, each student's panel answers, the tally, the reveal,
scores and the export; every page on its own connection to a real SQLite file."""
from __future__ import annotations

import csv
import json
import multiprocessing
import subprocess
import sys
import time
from pathlib import Path

import pytest

import kit
from kit.classes.answers import ClassAnswers, on_board
from kit.core.limits import MAX_SENT
from kit.classes.db import ClassDB
from kit.classes.student import AnswerPanel, answer_panel
from kit.classroom.room import Classroom
from kit.core.errors import ClassError

REPO = Path(__file__).resolve().parent.parent


def click(controller, target) -> None:  # noqa: ANN001 - a BoardController and a hole or hollow
    x, y = controller.drawing.pixel_of(target)
    controller.view.handle_event({"type": "click", "dataX": x, "dataY": y})


def first_game_with_predict() -> str:
    return kit.games()[0]


@pytest.fixture()
def path(tmp_path: Path) -> Path:
    return tmp_path / "class.sqlite"


def predict_at_first_question(room: Classroom) -> None:
    stage = room.stage
    stage.predict.value = True
    for _ in range(stage.controller.steps):
        if stage.question is not None:
            return
        stage.forward()
    assert stage.question is not None


def test_a_whole_predict_question_from_ask_to_scores(path: Path) -> None:
    teacher_db = ClassDB(path)
    students = [teacher_db.join(name) for name in ("Ana", "Ben", "Chi")]
    room = Classroom(first_game_with_predict(), seed=1, class_db=teacher_db, teacher_key=teacher_db.teacher_key)
    tally = room.class_tally
    panels = [answer_panel(ClassDB(path), student) for student in students]  # each page its own connection
    assert all("Waiting" in panel.heading.value for panel in panels)
    told: list[object] = []
    panels[0].on_question.append(told.append)
    predict_at_first_question(room)
    tally.poll()
    question = room.stage.question
    assert tally.asked is not None and tally.asked.text == question.text and "0 of 3" in tally.count.value
    for panel in panels:
        panel.poll()
        assert question.text in panel.heading.value and panel.boards and "kit-class-open" in panel._dom_classes
    assert [asked.text for asked in told] == [question.text]
    right = next(iter(question.answers))
    wrong = [t for t in (0, 1, 2, 3, 4, 5) if t not in question.answers]
    for panel, target in zip(panels, (right, wrong[0], wrong[1])):
        click(panel.boards[tally.asked.game], target)
        assert panel.status_text.startswith("Answer sent: ") and "Right" not in panel.status_text
    tally.poll()
    assert "3 of 3 answered" in tally.count.value
    before = room.stage.controller.view.png()
    tally.show_button.click()
    assert tally.asked.shown and room.stage.controller.view.png() != before  # counts drawn on the board
    room.stage.reveal()  # the projector's own reveal
    tally.poll()
    assert tally.asked.state == "revealed"
    for panel in panels:
        panel.poll()
    assert panels[0].status_text.startswith("Right!") and panels[1].status_text.startswith("Not this time")
    assert "score <b>1</b> of 1" in panels[0].score.value and "score <b>0</b> of 1" in panels[1].score.value
    assert "Ana" not in tally.count.value  # the projector shows counts, never names


def test_one_change_then_it_stands_and_a_flood_changes_nothing(path: Path) -> None:
    db = ClassDB(path)
    ana = db.join("Ana")
    answers = ClassAnswers(db)
    start = kit.game(first_game_with_predict()).start()
    trace = next(start.trace(m) for m in start.legal_moves() if kit.classroom.predict.questions(start.trace(m)))
    asked = answers.ask_predict(db.teacher_key, trace, 0)
    targets = [t for t in range(6) if on_board(asked.game, t)]
    answers.clock = lambda: 100.0  # two answers at the same moment
    answers.answer(ana.token, asked.id, targets[0])
    with pytest.raises(ClassError, match="Too many answers"):
        answers.answer(ana.token, asked.id, targets[1])
    answers._last.clear()
    answers.answer(ana.token, asked.id, targets[1])
    refused = 0
    for n in range(1000):  # a thousand answers, as fast as a script sends them
        answers._last.clear() if n % 2 else None
        try:
            answers.answer(ana.token, asked.id, targets[2])
        except ClassError:
            refused += 1
    assert refused == 1000
    sent = answers.sent(ana, asked.id)
    assert sent is not None and sent.sent == MAX_SENT and sent.value == {"target": targets[1]}
    assert db.query("SELECT count(*) FROM answers")[0][0] == 1


def test_hostile_requests_are_refused_with_a_word_and_change_nothing(path: Path) -> None:
    db = ClassDB(path)
    ana, ben = db.join("Ana"), db.join("Ben")
    answers = ClassAnswers(db)
    start = kit.game(first_game_with_predict()).start()
    trace = next(start.trace(m) for m in start.legal_moves() if kit.classroom.predict.questions(start.trace(m)))
    with pytest.raises(ClassError, match="Only the teacher"):
        answers.ask_predict(ana.token, trace, 0)  # a student's token is no teacher key
    asked = answers.ask_predict(db.teacher_key, trace, 0)
    for command in (answers.close, answers.reveal, answers.drop, answers.show):
        with pytest.raises(ClassError, match="Only the teacher"):
            command(ana.token, asked.id)
        with pytest.raises(ClassError, match="Only the teacher"):
            command(None, asked.id)
    with pytest.raises(ClassError, match="not a student's seat"):
        answers.answer("forged-token", asked.id, 1)
    with pytest.raises(ClassError, match="not a student's seat"):
        answers.answer("Ben", asked.id, 1)  # someone else's name is no seat
    for not_there in (99, -1, True, "b", None, [1, 2], (1, 2, 3), 2 ** 70):
        answers._last.clear()
        with pytest.raises(ClassError, match="not a place on the board"):
            answers.answer(ana.token, asked.id, not_there)
    with pytest.raises(ClassError):
        ClassAnswers(db).answer(ben.token, asked.id + 1, 1)
    assert db.query("SELECT count(*) FROM answers")[0][0] == 0
    assert answers.question(asked.id).state == "open"
    with pytest.raises(ClassError, match="teacher's key"):
        Classroom(first_game_with_predict(), class_db=db, teacher_key=ana.token)
    with pytest.raises(ClassError, match="not a student's seat"):
        answer_panel(db, type(ana)(ana.id, "Ana", "forged"))


def test_a_myra_puzzle_is_answered_with_moves_and_grouped_by_result(path: Path) -> None:
    names = kit.games()
    game = next(n for n in names if kit.game(n).click_picker() is not None)
    db = ClassDB(path)
    students = [db.join(name) for name in ("Ana", "Ben", "Chi")]
    room = Classroom(game, seed=2, class_db=db, teacher_key=db.teacher_key)
    room.mode.value = "puzzles"
    tally = room.class_tally
    tally.poll()
    puzzle = room.puzzles[game].puzzle
    assert tally.asked.kind == "puzzle" and tally.asked.text == puzzle.question
    panels = [AnswerPanel(ClassDB(path), s) for s in students]
    position = puzzle.position
    wrong = next(m for m in position.legal_moves() if position.notation(m) != puzzle.move)
    for panel, move in zip(panels, (puzzle.move, puzzle.move, position.notation(wrong))):
        panel.poll()
        board = panel.boards[game]
        for target in kit.game(game).marks(position, position.parse_move(move)):
            click(board, target)
        if panel.choices.children:  # one click allowed several moves: the buttons choose
            panel.send(move)
        assert panel.status_text.startswith("Answer sent: "), panel.status_text
    tally.poll()
    from kit.classes.tally import groups

    found = groups(tally.asked.problem(), tally.answers.values(tally.asked.id))
    assert [count for count, _ in found] == [2, 1]
    tally.toggle_shown()
    room.puzzles[game].reveal()
    tally.poll()
    for panel in panels:
        panel.poll()
    assert [p.status_text.split(":")[0].split("!")[0] for p in panels] == ["Right", "Right", "Not this time"]


def _student_process(path: str, token: str, number: int, answer: int, ready: "multiprocessing.Queue[str]") -> None:
    answers = ClassAnswers(ClassDB(path))
    answers.answer(token, number, answer)
    ready.put(token)


def test_answers_from_other_processes_reach_the_tally_and_survive_a_restart(path: Path, tmp_path: Path) -> None:
    db = ClassDB(path)
    students = [db.join(f"Student {n}") for n in range(4)]
    answers = ClassAnswers(db)
    start = kit.game(first_game_with_predict()).start()
    trace = next(start.trace(m) for m in start.legal_moves() if kit.classroom.predict.questions(start.trace(m)))
    asked = answers.ask_predict(db.teacher_key, trace, 0)
    right = next(iter(asked.problem().question.answers))
    given = [right, *(t for t in range(20) if t != right and on_board(asked.game, t))][:len(students)]
    queue: multiprocessing.Queue[str] = multiprocessing.get_context("spawn").Queue()
    context = multiprocessing.get_context("spawn")
    workers = [context.Process(target=_student_process, args=(str(path), s.token, asked.id, target, queue))
               for target, s in zip(given, students)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(120)
        assert worker.exitcode == 0
    assert answers.tally(asked.id) == (4, 4)
    answers.reveal(db.teacher_key, asked.id)
    db.close()  # the server stops; a new one opens the same file
    out = tmp_path / "answers.csv"
    done = subprocess.run([sys.executable, "-m", "kit", "class", "export", str(path), "--csv", str(out)],
                          capture_output=True, text=True, cwd=REPO, timeout=300)
    assert done.returncode == 0, done.stderr
    rows = list(csv.DictReader(out.open(encoding="utf-8")))
    per_student = [r for r in rows if r["student"]]
    assert sorted(r["student"] for r in per_student) == [s.name for s in students]
    assert {r["right"] for r in per_student} <= {"yes", "no"} and sum(r["right"] == "yes" for r in per_student) == 1
    summary = [r for r in rows if not r["student"]]
    assert len(summary) == 1 and summary[0]["answered"] == "4" and summary[0]["right_count"] == "1"
    assert json.loads(summary[0]["question_id"]) == asked.id


def test_the_export_names_a_missing_database_and_writes_nothing(tmp_path: Path) -> None:
    env = {k: v for k, v in __import__("os").environ.items() if k != "KIT_CLASS_DB"}
    out = tmp_path / "answers.csv"
    for extra, word in (([], "name the class database"), ([str(tmp_path / "none.sqlite")], "no class database")):
        done = subprocess.run([sys.executable, "-m", "kit", "class", "export", *extra, "--csv", str(out)],
                              capture_output=True, text=True, cwd=REPO, timeout=300, env=env)
        assert done.returncode == 2 and word in done.stderr and not out.exists()
    assert not (tmp_path / "none.sqlite").exists()  # an export never makes an empty class


def test_a_thousand_clicks_on_a_students_board_keep_one_answer(path: Path) -> None:
    db = ClassDB(path)
    ana = db.join("Ana")
    answers = ClassAnswers(db)
    start = kit.game(first_game_with_predict()).start()
    trace = next(start.trace(m) for m in start.legal_moves() if kit.classroom.predict.questions(start.trace(m)))
    asked = answers.ask_predict(db.teacher_key, trace, 0)
    panel = AnswerPanel(ClassDB(path), ana)
    panel.poll()
    board = panel.boards[asked.game]
    targets = [t for t in range(20) if on_board(asked.game, t)]
    said: list[str] = []
    say = panel._say
    panel._say = lambda text, kind="info": (said.append(text), say(text, kind))  # type: ignore[method-assign]
    for n in range(1000):  # however long they take, at most the first answer and one change are kept
        click(board, targets[n % len(targets)])
    sent = answers.sent(ana, asked.id)
    assert sent is not None and sent.sent <= MAX_SENT
    refused = [text for text in said if text.startswith(("Too many answers at once", "You changed your answer"))]
    assert len(said) == 1000 and len(refused) >= 1000 - MAX_SENT
    assert db.query("SELECT count(*) FROM answers")[0][0] == 1
