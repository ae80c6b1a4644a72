"""The class answers: the projector asks, each student's panel answers, the tally, the reveal,
scores and the export; every page on its own connection to a real SQLite file."""
from __future__ import annotations

import csv
import io
import json
import multiprocessing
import subprocess
import sys
import time
from pathlib import Path

import pytest
from PIL import Image

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
    assert "score: <b>1</b> of 1" in panels[0].score.value and "score: <b>0</b> of 1" in panels[1].score.value
    assert "Ana" not in tally.count.value  # the projector shows counts, never names


def test_a_projector_opened_again_takes_up_the_question_left_open(path: Path) -> None:
    """The projector reloaded (or the server restarted) while a question was open: the new page
    shows its tally, closes it, and reveals it with a button of its own (its board is not shown)."""
    teacher_db = ClassDB(path)
    students = [teacher_db.join(name) for name in ("Ana", "Ben")]
    room = Classroom(first_game_with_predict(), seed=1, class_db=teacher_db, teacher_key=teacher_db.teacher_key)
    assert room.class_tally.reveal_button.layout.display == "none"
    predict_at_first_question(room)
    room.class_tally.poll()
    question = room.stage.question
    panels = [answer_panel(ClassDB(path), student) for student in students]
    for panel, target in zip(panels, (next(iter(question.answers)), next(t for t in range(6) if t not in question.answers))):
        panel.poll()
        click(panel.boards[room.class_tally.asked.game], target)
    again = Classroom(first_game_with_predict(), seed=1, class_db=ClassDB(path), teacher_key=teacher_db.teacher_key)
    tally = again.class_tally
    assert tally.asked is not None and tally.asked.text == question.text and tally.left_over
    assert "2 of 2 answered" in tally.count.value and "asked before this page opened" in tally.count.value
    assert tally.reveal_button.layout.display is None and tally.show_button.disabled and not tally.close_button.disabled
    tally.close_answers()
    assert tally.asked.state == "closed" and tally.left_over
    tally.reveal_button.click()
    assert tally.asked.state == "revealed" and not tally.left_over and tally.reveal_button.layout.display == "none"
    assert tally.feedback.text.startswith("Revealed: 1 of 2 answers right")
    for panel in panels:
        panel.poll()
    assert panels[0].status_text.startswith("Right!") and panels[1].status_text.startswith("Not this time")
    tally.reveal_button.click()  # nothing left to reveal: a word, nothing changed
    assert tally.feedback.text.startswith("Reveal on the board")


def _ask_a_predict_question(db: ClassDB, answers: ClassAnswers):
    """The teacher asks the first predict question of the first move that has one."""
    start = kit.game(first_game_with_predict()).start()
    trace = next(start.trace(m) for m in start.legal_moves() if kit.classroom.predict.questions(start.trace(m)))
    return answers.ask_predict(db.teacher_key, trace, 0)


def test_one_change_then_it_stands_and_a_flood_changes_nothing(path: Path) -> None:
    db = ClassDB(path)
    ana = db.join("Ana")
    answers = ClassAnswers(db)
    asked = _ask_a_predict_question(db, answers)
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
    asked = _ask_a_predict_question(db, answers)
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
    asked = _ask_a_predict_question(db, answers)
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


def test_the_students_panel_says_it_plainly_above_a_capped_board_and_marks_the_answer(path: Path) -> None:
    from kit.classes.student import BOARD_HEIGHT, CLOSED

    db = ClassDB(path)
    ana = db.join("Ana")
    room = Classroom(first_game_with_predict(), seed=1, class_db=db, teacher_key=db.teacher_key)
    tally = room.class_tally
    panel = answer_panel(ClassDB(path), ana)
    assert panel.score.value == "<span>Ana · score: none yet</span>"
    predict_at_first_question(room)
    tally.poll()
    panel.poll()
    order = list(panel.children)
    assert order.index(panel.status) < order.index(panel.board_box) and order.index(panel.score) < order.index(panel.board_box)
    assert "Click the board where the answer is." in panel.how.value and "<small>" not in panel.how.value + panel.heading.value
    board = panel.boards[tally.asked.game]
    assert board.view.layout.max_height == f"{BOARD_HEIGHT}px"
    width, height = __import__("kit.widgets.pictures", fromlist=["png_size"]).png_size(board.png())
    assert f"{round(BOARD_HEIGHT * width / height)}px" in board.view.layout.max_width
    question = room.stage.question
    right = next(iter(question.answers))
    wrong = next(t for t in range(6) if t not in question.answers and on_board(tally.asked.game, t))
    unmarked = board.png()
    click(board, wrong)
    assert board.marks == (wrong,) and board.png() != unmarked  # the hole clicked is ringed
    panel.answers._last.clear()
    click(board, right)
    assert board.marks == (right,) and panel.status_text.endswith("This is your final answer.")
    tally.close_answers()
    panel.poll()
    assert CLOSED in panel.notice.value and panel.status_text == f"Your answer: {panel.answers.sent(ana, tally.asked.id).said}."
    assert panel.how.value == ""
    room.stage.reveal()
    tally.poll()
    panel.poll()
    assert panel.notice.value == "" and panel.how.value == "" and panel.status_text.startswith("Right!")
    assert board.marks == (right,)  # still marked while the solution plays


def test_a_myra_puzzle_says_moves_as_the_buttons_do_and_the_projector_shows_the_class_result(path: Path) -> None:
    from kit.classes.student import YOUR_ANSWER

    game = "myra"
    db = ClassDB(path)
    students = [db.join(name) for name in ("Ana", "Ben", "Chi")]
    room = Classroom(game, seed=2, class_db=db, teacher_key=db.teacher_key)
    room.mode.value = "puzzles"
    tally, board = room.class_tally, room.puzzles[game]
    tally.poll()
    assert "class: 0 of 3 answered" in board.tally.value and "score" not in board.tally.value
    puzzle = board.puzzle
    panels = [AnswerPanel(ClassDB(path), s) for s in students]
    position = puzzle.position
    wrong = next(m for m in position.legal_moves() if position.notation(m) != puzzle.move)
    for panel, move in zip(panels, (puzzle.move, puzzle.move, position.notation(wrong))):
        panel.poll()
        drawing = panel.boards[game].drawing
        assert drawing._key_names["hint"].get_text() == YOUR_ANSWER and "hint" not in [
            t.get_text() for t in drawing._key_names.values()]
        parsed = position.parse_move(move)
        for target in kit.game(game).marks(position, parsed):
            click(panel.boards[game], target)
        if panel.choices.children:
            said = kit.game(game).move_words(position, parsed)
            assert any(getattr(b, "description", "").startswith(said) for b in panel.choices.children)
            assert "move buttons" in panel.status_text and "beside" not in panel.status_text
            panel.send(move)
        assert panel.status_text.startswith(f"Answer sent: {kit.game(game).move_words(position, parsed)}.")
        assert panel.boards[game].marks == tuple(kit.game(game).marks(position, parsed))
    tally.poll()
    tally.toggle_shown()
    assert tally.asked.shown
    center = room.stage.controller.drawing.pixel_of(kit.game(game).marks(position, position.parse_move(puzzle.move))[-1])
    shown = Image.open(io.BytesIO(room.stage.controller.view.png())).convert("RGB")
    tally.asked = tally.answers.show(db.teacher_key, tally.asked.id, False)
    tally._refresh()
    plain = Image.open(io.BytesIO(room.stage.controller.view.png())).convert("RGB")
    assert shown.getpixel(center) == plain.getpixel(center)  # the count stands beside the target, not on it
    tally.toggle_shown()
    board.reveal()
    tally.poll()
    assert tally.asked.state == "revealed" and not tally.asked.shown  # the solution plays on a clean board
    assert "class: 2 of 3 right" in board.tally.value and "streak" not in board.tally.value
    panels[2].poll()
    assert "Hint:" not in panels[2].status_text


def test_the_export_tells_questions_and_rows_apart_and_keeps_the_first_answer(path: Path) -> None:
    from kit.classes.export import ANSWER_COLUMNS, answers_csv

    db = ClassDB(path)
    ana, ben = db.join("Ana"), db.join("Ben")
    room = Classroom(first_game_with_predict(), seed=1, class_db=db, teacher_key=db.teacher_key)
    tally = room.class_tally
    predict_at_first_question(room)
    tally.poll()
    question = room.stage.question
    wrong = [t for t in range(6) if t not in question.answers and on_board(tally.asked.game, t)]
    answers = ClassAnswers(db)
    answers.answer(ana.token, tally.asked.id, wrong[0])
    answers._last.clear()
    answers.answer(ana.token, tally.asked.id, wrong[1])
    answers._last.clear()
    answers.answer(ben.token, tally.asked.id, wrong[1])
    room.stage.reveal()
    tally.poll()
    rows = list(csv.DictReader(io.StringIO(answers_csv(db))))
    assert ANSWER_COLUMNS[0] == "row" and [r["row"] for r in rows] == ["student", "student", "summary"]
    demo = room.chosen[tally.asked.game]
    assert {r["about"] for r in rows} == {f"{demo.title}, step {question.step}"}
    said = [kit.game(tally.asked.game).target_name(t) for t in wrong[:2]]
    assert (rows[0]["student"], rows[0]["first_answer"], rows[0]["student_answer"]) == ("Ana", said[0], said[1])
    assert rows[1]["first_answer"] == ""  # not changed
    assert rows[2]["right_count"] == "0" and rows[2]["answered"] == "2"


def test_a_class_kept_from_before_gains_the_first_answer_column(path: Path) -> None:
    from kit.classes.answers import SCHEMA

    db = ClassDB(path)
    db.ensure(SCHEMA.replace("    first_said TEXT,\n", ""))
    assert "first_said" not in {row[1] for row in db.query("PRAGMA table_info(answers)")}
    ClassAnswers(ClassDB(path))
    assert "first_said" in {row[1] for row in db.query("PRAGMA table_info(answers)")}


def test_a_question_asked_on_one_board_is_shown_and_revealed_only_there(path: Path) -> None:
    """A teacher's review: after a Walak-pussa question, Myra's board offered **show answers**,
    which drew nothing; the row now says where the question is, and the button waits for it."""
    teacher_db = ClassDB(path)
    teacher_db.join("Ana")
    room = Classroom(first_game_with_predict(), seed=1, class_db=teacher_db, teacher_key=teacher_db.teacher_key)
    tally = room.class_tally
    predict_at_first_question(room)
    tally.poll()
    assert tally.on_board and not tally.show_button.disabled
    other = next(name for name in kit.games() if name != room.game.value and name in room.stages)
    room.game.value = other
    tally.poll()
    assert not tally.on_board and tally.show_button.disabled and "go back there to reveal" in tally.count.value
    room.game.value = tally.asked.game
    tally.poll()
    assert tally.on_board and not tally.show_button.disabled and "go back" not in tally.count.value


class _EachPlace:
    """A problem whose answers are the places themselves (for drawing answers without a question)."""

    def result_key(self, value):  # noqa: ANN001, ANN201 - a place
        return value

    def marks(self, value):  # noqa: ANN001, ANN201 - a place
        return (value,)


@pytest.mark.parametrize("row", ["A", "F", "K"])  # the top, the widest (its names of three letters), the bottom
def test_the_count_of_answers_beside_a_myra_hollow_covers_no_hollow_s_name(row: str) -> None:
    import numpy as np

    from kit import myra
    from kit.classes.tally import draw_answers
    from kit.classroom.room import SIZES
    from kit.games.myra.drawing import MyraBoard
    from kit.games.myra.hexgrid import HOLLOWS, hollow_name

    drawing = MyraBoard(myra.start(), size=SIZES["myra"], projector=True)
    png = drawing.png()
    before = np.asarray(Image.open(io.BytesIO(png)).convert("RGB"), dtype=int)
    height = before.shape[0]
    names = []
    for label in drawing._labels:  # each hollow's name, where the drawing put it (pixels, row 0 at the top)
        box = label.get_window_extent()
        names.append((label.get_text(), int(box.x0) + 1, int(height - box.y1) + 1, int(box.x1) - 1, int(height - box.y0) - 1))
    hollows = [hollow for hollow in HOLLOWS if hollow_name(hollow)[0] == row]
    for hollow in hollows:
        after = np.asarray(Image.open(io.BytesIO(draw_answers(png, drawing, _EachPlace(), [hollow] * 3))).convert("RGB"),
                           dtype=int)
        for name, left, top, right, bottom in names:
            area = before[top:bottom, left:right]
            changed = (np.abs(after[top:bottom, left:right] - area).sum(axis=2) > 30).mean()
            assert changed < 0.05, f"the count beside {hollow} covers {changed:.0%} of {name}'s name"


def test_a_student_page_opened_while_a_question_is_open_hides_its_classroom_at_once(path: Path) -> None:
    """The student's own classroom (its notes, captions and step buttons would answer the question)
    is hidden on a page opened after the question was asked, not only on pages open before."""
    import ipywidgets as widgets

    from kit.classes.page import StudentPage

    teacher_db = ClassDB(path)
    ana = teacher_db.join("Ana")
    room = Classroom(first_game_with_predict(), seed=1, class_db=teacher_db, teacher_key=teacher_db.teacher_key)
    predict_at_first_question(room)
    room.class_tally.poll()
    app = widgets.VBox()
    page = StudentPage(app)
    panel = answer_panel(ClassDB(path), ana)  # the page opens now: the question is already open
    assert room.stage.question.text in panel.heading.value
    panel.follow(page.follow_question)
    assert app.layout.display == "none"
    room.stage.reveal()
    room.class_tally.poll()
    panel.poll()
    assert app.layout.display is None
