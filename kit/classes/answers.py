"""The class answers: questions the projector asks, every student's answer, verdicts and scores.

The teacher's page asks (a predict-then-reveal question of a move, or a puzzle), closes,
and reveals; each student's page answers for its own student only. All of it is kept in the
class database (:class:`~kit.classes.db.ClassDB`), each change one short transaction, so a
restart of the server loses nothing answered; the pages see each other's changes by reading
the database (:meth:`ClassAnswers.current`, :meth:`ClassAnswers.tally`).

A question is stored in each game's own forms: the position as its JSON, a move in its
notation, a board target (a hole, a hollow) as JSON. :class:`Problem` rebuilds it on any page
and judges an answer with the kit's own judges (:func:`kit.classroom.predict.check`,
:func:`kit.puzzles.answers.judge`).

Every refusal is a :class:`~kit.core.errors.ClassError` naming the problem, raised before
anything is written: a teacher's command without the teacher's key, a page whose seat is not
a student of the class, a target that is not on the board, an answer to a closed question,
a second change, answers faster than :data:`MIN_GAP` seconds apart.
"""
from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass
from functools import cache
from typing import Any

import kit
from kit.classes.db import ClassDB, Student
from kit.core.errors import ClassError, IllegalMove
from kit.core.limits import MAX_SENT, MIN_GAP
from kit.core.verdict import Verdict

#: The states of a question: open (answers taken), closed (no more answers), revealed (judged
#: and scored), dropped (the teacher moved on without revealing it: kept, never scored).
STATES = ("open", "closed", "revealed", "dropped")


SCHEMA = """
CREATE TABLE IF NOT EXISTS questions (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('predict', 'puzzle')),
    text TEXT NOT NULL,
    data TEXT NOT NULL,
    state TEXT NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'closed', 'revealed', 'dropped')),
    shown INTEGER NOT NULL DEFAULT 0,
    answer TEXT NOT NULL,
    asked REAL NOT NULL,
    closed REAL,
    revealed REAL
);
CREATE TABLE IF NOT EXISTS answers (
    question INTEGER NOT NULL REFERENCES questions(id),
    student INTEGER NOT NULL REFERENCES students(id),
    value TEXT NOT NULL,
    said TEXT NOT NULL,
    first_said TEXT,
    sent INTEGER NOT NULL DEFAULT 1,
    first REAL NOT NULL,
    at REAL NOT NULL,
    right INTEGER,
    verdict TEXT,
    PRIMARY KEY (question, student)
);
CREATE INDEX IF NOT EXISTS answers_by_student ON answers (student, question)
"""


def _tupled(value: Any) -> Any:
    """A target read back from JSON: lists become tuples again (a hollow is a pair)."""
    return tuple(_tupled(v) for v in value) if isinstance(value, list) else value


@cache
def _drawing(game: str) -> Any:
    """One drawing of a game, for its geometry (which targets are on the board)."""
    description = kit.game(game)
    return description.drawing()(description.start())


def on_board(game: str, target: Any) -> bool:
    """Whether ``target`` is one of the game's board targets (a hole, a hollow that exists):
    the game's own drawing finds it again where it draws it."""
    if isinstance(target, bool) or not isinstance(target, (int, tuple)):
        return False
    if isinstance(target, tuple) and not all(isinstance(v, int) and not isinstance(v, bool) for v in target):
        return False
    drawing = _drawing(game)
    try:
        x, y = drawing.pixel_of(target)
    except (ValueError, TypeError, IndexError, KeyError):
        return False
    return bool(drawing.target_at(x + 0.5, y + 0.5) == target)


@dataclass(frozen=True)
class Asked:
    """A question as the database holds it: its id, game, kind (predict or puzzle), text, the data
    that rebuilds it (:class:`Problem`), its state, whether the answers are shown on the
    projector, the answer in words, and when it was asked."""

    id: int
    game: str
    kind: str
    text: str
    data: dict[str, Any]
    state: str
    shown: bool
    answer: str
    asked: float

    @property
    def open(self) -> bool:
        return self.state == "open"

    @property
    def about(self) -> str:
        """What the question is about, to tell questions apart: "Single capture, step 4", "puzzle: Capture"."""
        if self.kind == "puzzle":
            return f"puzzle: {self.data.get('heading', '')}".rstrip(": ")
        step = f"step {self.data['step']}" if "step" in self.data else ""
        return ", ".join(part for part in (str(self.data.get("title") or ""), step) if part)

    def problem(self) -> "Problem":
        """The question rebuilt, to show and to judge."""
        return Problem.of(self)


@dataclass(frozen=True)
class Sent:
    """A student's answer to a question: the value (JSON), how it is said, how many were sent,
    and, once revealed, whether it was right and the kit's explanation."""

    value: Any
    said: str
    sent: int
    right: bool | None
    verdict: str | None


class Problem:
    """A question rebuilt from its stored form: the board to show, and the judge of an answer."""

    def __init__(self, asked: Asked) -> None:
        self.asked = asked
        self.game = kit.game(asked.game)
        data = asked.data
        self.puzzle: Any = None
        self.question: Any = None
        self.trace: Any = None
        if asked.kind == "predict":
            from kit.classroom.predict import questions

            start = self.game.position_from_json(data["position"])
            self.trace = start.trace(start.parse_move(data["move"]))
            self.question = questions(self.trace)[data["index"]]
            self.position = start
        else:
            from kit.puzzles.puzzle import Puzzle

            self.puzzle = Puzzle.from_json(asked.game, data["puzzle"])
            self.position = self.puzzle.position

    @classmethod
    def of(cls, asked: Asked) -> "Problem":
        """The question rebuilt (once per page: rebuilding traces a move or reads a puzzle)."""
        key = (asked.id, asked.game, asked.kind, json.dumps(asked.data, sort_keys=True))
        if key not in _PROBLEMS:
            if len(_PROBLEMS) > 32:
                _PROBLEMS.clear()
            _PROBLEMS[key] = cls(asked)
        return _PROBLEMS[key]

    @property
    def moves(self) -> bool:
        """Whether an answer is a move chosen by clicks (else one target clicked)."""
        return self.puzzle is not None and self.game.click_picker() is not None

    def value_of(self, answer: Any) -> dict[str, Any]:
        """An answer (a target, or a move) as stored: ``{"target": ...}`` or ``{"move": notation}``;
        a ClassError if it is no answer to this question."""
        if self.moves:
            try:
                move = self.position.parse_move(answer) if isinstance(answer, str) else answer
                notation = self.position.notation(move)
                why = self.position.why_illegal(move)
            except (IllegalMove, ValueError, TypeError, KeyError, AttributeError, IndexError):
                raise ClassError("That is not a move on this board: click a piece, then where it goes.") from None
            if why is not None:
                raise ClassError(f"{notation} cannot be played here: {why}.")
            return {"move": notation}
        if answer is None or not on_board(self.game.name, _tupled(answer)):
            raise ClassError("That is not a place on the board: click the board where your answer is.")
        target = _tupled(answer)
        if self.puzzle is not None:  # a target a puzzle cannot take ("not one of North's holes") is no answer
            verdict = self._judge_puzzle(target)
            if not verdict.final:
                raise ClassError(verdict.text)
        return {"target": target}

    def said(self, value: dict[str, Any]) -> str:
        """An answer in the players' words, as the board's buttons say it: "South's b", "F7", "move: J5 to I6"."""
        if "move" in value:
            return self.game.move_words(self.position, self.position.parse_move(value["move"]))
        return self.game.target_name(_tupled(value["target"]))

    def _judge_puzzle(self, answer: Any) -> Verdict:
        from kit.puzzles.answers import judge

        try:
            return judge(self.puzzle, answer)
        except ValueError as error:
            return Verdict(False, f"{str(error)[:1].upper()}{str(error)[1:]}.", final=False)

    def judge(self, value: dict[str, Any]) -> Verdict:
        """The verdict on a stored answer, with the kit's own explanation (a predict question's:
        the narration of the step that shows the answer; a puzzle's: its judge's words)."""
        if self.question is not None:
            from kit.classroom.predict import check

            right = check(self.question, _tupled(value["target"])).right
            return Verdict(right, self.trace.events[self.question.reveal_step - 1].text)  # the step that shows it
        answer = self.position.parse_move(value["move"]) if "move" in value else _tupled(value["target"])
        return self._judge_puzzle(answer)

    def marks(self, value: dict[str, Any]) -> tuple[Any, ...]:
        """The board targets an answer names: its target, or the hollows a move is clicked by."""
        if "move" in value:
            return tuple(self.game.marks(self.position, self.position.parse_move(value["move"])))
        return (_tupled(value["target"]),)

    def result_key(self, value: dict[str, Any]) -> Any:
        """What answers that come to the same share: the target, or the position a move leads to."""
        if "move" in value:
            return self.position.play(self.position.parse_move(value["move"])).key()
        return _tupled(value["target"])


_PROBLEMS: dict[tuple[Any, ...], Problem] = {}


def _asked(row: Any) -> Asked:
    return Asked(row["id"], row["game"], row["kind"], row["text"], json.loads(row["data"]), row["state"],
                 bool(row["shown"]), row["answer"], row["asked"])


class ClassAnswers:
    """The questions and answers of the class in ``db`` (its tables are made on first use)."""

    def __init__(self, db: ClassDB) -> None:
        self._dbs = {threading.get_ident(): db}
        db.ensure(SCHEMA)
        with db.transaction() as writing:  # a class kept from before the first answer was kept
            if "first_said" not in {row[1] for row in writing.execute("PRAGMA table_info(answers)")}:
                writing.execute("ALTER TABLE answers ADD COLUMN first_said TEXT")
        self._last: dict[str, float] = {}  # when a seat last tried an answer (on this page), for floods
        self.clock = time.monotonic  # the clock of that pace

    @property
    def db(self) -> ClassDB:
        """The class database, on a connection of the calling thread's own (a kernel delivers some
        widget messages on another thread; a connection serves one thread)."""
        thread = threading.get_ident()
        if thread not in self._dbs:
            self._dbs[thread] = next(iter(self._dbs.values())).reopen()
        return self._dbs[thread]

    # -- reading (every page) --------------------------------------------------------------

    def current(self) -> Asked | None:
        """The last question asked (None: none yet)."""
        rows = self.db.query("SELECT * FROM questions ORDER BY id DESC LIMIT 1")
        return _asked(rows[0]) if rows else None

    def question(self, number: int) -> Asked:
        """The question with id ``number``."""
        rows = self.db.query("SELECT * FROM questions WHERE id = ?", (number,))
        if not rows:
            raise ClassError(f"There is no question {number} in this class.")
        return _asked(rows[0])

    def questions(self) -> list[Asked]:
        """Every question, in the order asked."""
        return [_asked(row) for row in self.db.query("SELECT * FROM questions ORDER BY id")]

    def stamp(self) -> tuple[Any, ...]:
        """A cheap summary that changes whenever the last question or its answers change (pages poll it)."""
        row = self.db.query("SELECT q.id, q.state, q.shown, (SELECT count(*) FROM answers a WHERE a.question = q.id),"
                            " (SELECT max(at) FROM answers a WHERE a.question = q.id),"
                            " (SELECT count(*) FROM students) FROM questions q ORDER BY q.id DESC LIMIT 1")
        return tuple(row[0]) if row else ((self.db.query("SELECT count(*) FROM students")[0][0]),)

    def tally(self, number: int) -> tuple[int, int]:
        """(how many answered, how many are in the class) for question ``number``."""
        row = self.db.query("SELECT (SELECT count(*) FROM answers WHERE question = ?), (SELECT count(*) FROM students)",
                            (number,))[0]
        return int(row[0]), int(row[1])

    def right(self, number: int) -> int:
        """How many answered question ``number`` right (0 until it is revealed)."""
        return int(self.db.query("SELECT count(*) FROM answers WHERE question = ? AND right = 1", (number,))[0][0])

    def values(self, number: int) -> list[dict[str, Any]]:
        """Every answer's value to question ``number`` (no names: what the projector may show)."""
        return [json.loads(row[0]) for row in self.db.query("SELECT value FROM answers WHERE question = ?", (number,))]

    def sent(self, student: Student, number: int) -> Sent | None:
        """The student's answer to question ``number`` (None: none)."""
        rows = self.db.query("SELECT value, said, sent, right, verdict FROM answers WHERE question = ? AND student = ?",
                             (number, student.id))
        if not rows:
            return None
        row = rows[0]
        return Sent(json.loads(row["value"]), row["said"], row["sent"],
                    None if row["right"] is None else bool(row["right"]), row["verdict"])

    def score(self, student: Student) -> tuple[int, int]:
        """(right answers, questions revealed since the student joined)."""
        row = self.db.query(
            "SELECT (SELECT count(*) FROM answers a JOIN questions q ON q.id = a.question"
            "        WHERE a.student = ? AND a.right = 1 AND q.state = 'revealed'),"
            "       (SELECT count(*) FROM questions q WHERE q.state = 'revealed'"
            "        AND q.asked >= (SELECT joined FROM students WHERE id = ?))", (student.id, student.id))[0]
        return int(row[0]), int(row[1])

    # -- the teacher's commands ------------------------------------------------------------

    def _teacher(self, key: str | None) -> None:
        if not self.db.is_teacher(key):
            raise ClassError("Only the teacher's page asks, closes, shows and reveals questions.")

    def ask(self, key: str | None, game: str, kind: str, text: str, data: dict[str, Any], answer: str) -> Asked:
        """Ask the class a question (the one open before is dropped unless revealed)."""
        self._teacher(key)
        if kind not in ("predict", "puzzle"):
            raise ClassError(f"A question is a predict question or a puzzle, not {kind!r}.")
        now = time.time()
        with self.db.transaction() as db:
            db.execute("UPDATE questions SET state = 'dropped', closed = coalesce(closed, ?) "
                       "WHERE state IN ('open', 'closed')", (now,))
            cursor = db.execute("INSERT INTO questions (game, kind, text, data, answer, asked) VALUES (?, ?, ?, ?, ?, ?)",
                                (game, kind, text, json.dumps(data), answer, now))
        assert cursor.lastrowid is not None
        return self.question(cursor.lastrowid)

    def ask_predict(self, key: str | None, trace: Any, index: int, title: str = "") -> Asked:
        """Ask the ``index``-th predict question of a traced move (``title``: the demonstration's)."""
        from kit.classroom.predict import questions

        question = questions(trace)[index]
        before = trace.before
        data = {"position": before.to_json(), "move": before.notation(trace.move), "index": index,
                "step": question.step, "title": title}
        return self.ask(key, question.game, "predict", question.text, data, question.answer_names)

    def ask_puzzle(self, key: str | None, puzzle: Any) -> Asked:
        """Ask a puzzle."""
        return self.ask(key, puzzle.game, "puzzle", puzzle.question, {"puzzle": puzzle.to_json(),
                                                                      "heading": puzzle.heading}, puzzle.answer_text)

    def close(self, key: str | None, number: int) -> Asked:
        """No more answers to question ``number``."""
        self._teacher(key)
        with self.db.transaction() as db:
            db.execute("UPDATE questions SET state = 'closed', closed = ? WHERE id = ? AND state = 'open'",
                       (time.time(), number))
        return self.question(number)

    def show(self, key: str | None, number: int, shown: bool = True) -> Asked:
        """Mark question ``number``'s answers as shown on the projector (or hidden again)."""
        self._teacher(key)
        with self.db.transaction() as db:
            db.execute("UPDATE questions SET shown = ? WHERE id = ?", (int(shown), number))
        return self.question(number)

    def reveal(self, key: str | None, number: int) -> Asked:
        """Close question ``number``, judge every answer and score it: one transaction."""
        self._teacher(key)
        asked = self.question(number)
        if asked.state in ("revealed", "dropped"):
            return asked
        problem = asked.problem()
        rows = self.db.query("SELECT student, value FROM answers WHERE question = ?", (number,))
        verdicts = [(problem.judge(json.loads(row["value"])), row["student"]) for row in rows]
        now = time.time()
        with self.db.transaction() as db:
            db.executemany("UPDATE answers SET right = ?, verdict = ? WHERE question = ? AND student = ?",
                           [(int(v.right), v.text, number, student) for v, student in verdicts])
            db.execute("UPDATE questions SET state = 'revealed', closed = coalesce(closed, ?), revealed = ? "
                       "WHERE id = ?", (now, now, number))
        return self.question(number)

    def drop(self, key: str | None, number: int) -> Asked:
        """The teacher moved on: question ``number`` is kept, never scored."""
        self._teacher(key)
        with self.db.transaction() as db:
            db.execute("UPDATE questions SET state = 'dropped', closed = coalesce(closed, ?) "
                       "WHERE id = ? AND state IN ('open', 'closed')", (time.time(), number))
        return self.question(number)

    # -- a student's answer ----------------------------------------------------------------

    def answer(self, token: str | None, number: int, answer: Any) -> Sent:
        """The answer of the student whose page carries ``token`` to question ``number``: a board
        target, or a move; the first answer and one change are kept, while the question is open."""
        now = self.clock()
        last = self._last.get(str(token)[:64])
        if last is not None and now - last < MIN_GAP:  # refused before the database is read
            raise ClassError("Too many answers at once: one click is enough.")
        student = self.db.student(token)
        if student is None:
            raise ClassError("This page is not a student's seat in this class: join the class again.")
        self._last[student.token] = now
        asked = self.question(number)
        if not asked.open:
            raise ClassError("This question is closed: no more answers.")
        before = self.sent(student, number)
        if before is not None and before.sent >= MAX_SENT:
            raise ClassError(f"You changed your answer once already: {before.said} stands.")
        problem = asked.problem()
        value = problem.value_of(answer)
        said = problem.said(value)
        if before is not None and before.value == json.loads(json.dumps(value)):
            return before
        stamp = time.time()
        with self.db.transaction() as db:
            state = db.execute("SELECT state FROM questions WHERE id = ?", (number,)).fetchone()[0]
            if state != "open":
                raise ClassError("This question is closed: no more answers.")
            db.execute("INSERT INTO answers (question, student, value, said, first_said, first, at) "
                       "VALUES (?, ?, ?, ?, ?, ?, ?) "
                       "ON CONFLICT (question, student) DO UPDATE SET value = excluded.value, said = excluded.said, "
                       "sent = sent + 1, at = excluded.at WHERE sent < ?",
                       (number, student.id, json.dumps(value), said, said, stamp, stamp, MAX_SENT))
        sent = self.sent(student, number)
        assert sent is not None
        return sent
