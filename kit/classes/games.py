"""Games between students in the class database: seats, moves, resuming, undo, adjudication.

A class game is a row of ``class_games`` (the game's name, its rules, the start position in the
game's own JSON, whether it is a match of several rounds, its tournament and round if any), a
row of ``class_seats`` per side (a student, or the computer at a level: such games are counted
apart from games between students) and a row of ``class_moves`` per move: its number (1, 2, ...),
its notation and the seat that played it. The key (game, number) makes the database refuse a
second move N, and a move is written in one ``BEGIN IMMEDIATE`` transaction that first checks
the game is still where the mover's kernel saw it: two clicks racing or a page showing an old
position can never fork a game. The mover's kernel checks the move with the engine before.

Every change to a game stamps it with the class's next change number (``version``): a page
waits for the opponent's move by reading that one number (:meth:`ClassGames.version`), the
projector by reading the largest (:meth:`ClassGames.changes`). A page that reloads rebuilds the
game from its moves (:meth:`ClassGames.view`) and comes back to the same move.

>>> import tempfile, pathlib, kit
>>> from kit.classes.db import ClassDB
>>> db = ClassDB(pathlib.Path(tempfile.mkdtemp()) / "class.sqlite")
>>> ana, ben = db.join("Ana"), db.join("Ben")
>>> games = ClassGames(db)
>>> name = kit.games()[0]
>>> number = games.new_game(name, [Seat(ana.id), Seat(ben.id)], key=db.teacher_key)
>>> first = kit.game(name).start().legal_moves()[0]
>>> games.play(ana.token, number, first, 1).moves == (first,)
True
>>> games.play(ana.token, number, first, 2)
Traceback (most recent call last):
...
kit.core.errors.ClassError: It is Ben's move, not yours: wait for it.
"""
from __future__ import annotations

import json
import random
import sqlite3
import time
from collections import deque
from dataclasses import dataclass
from typing import Any, Sequence

from kit.classes.db import ClassDB, Student
from kit.core.errors import ClassError, IllegalMove, RecordError, show
from kit.core.game import Game, Record, game as find_game
from kit.core.limits import MAX_FINISH, MAX_MOVES, MAX_MOVE_TEXT

#: How long a player may be gone (no move, no look at the game) before the teacher may
#: adjudicate their game, in seconds, until the teacher sets another time.
ABSENT_AFTER = 120.0
#: A page whose moves are refused this many times within FLOOD_SECONDS is refused for that long.
FLOOD_REFUSALS = 20
FLOOD_SECONDS = 10.0
#: A page's look at its game is written down at most this often (seconds), to tell who is gone.
SEEN_EVERY = 5.0

_SCHEMA = """
CREATE TABLE IF NOT EXISTS class_games (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    rules TEXT NOT NULL,
    start TEXT NOT NULL,
    is_match INTEGER NOT NULL DEFAULT 0,
    undo INTEGER NOT NULL DEFAULT 1,
    tournament INTEGER,
    round INTEGER,
    time_limit REAL,
    status TEXT NOT NULL CHECK (status IN ('invited', 'playing', 'over')),
    winner INTEGER,
    ending TEXT,
    adjudicated INTEGER NOT NULL DEFAULT 0,
    undo_seat INTEGER,
    undo_number INTEGER,
    created REAL NOT NULL,
    started REAL,
    ended REAL,
    version INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS class_games_version ON class_games (version);
CREATE INDEX IF NOT EXISTS class_games_tournament ON class_games (tournament, round);
CREATE TABLE IF NOT EXISTS class_seats (
    game INTEGER NOT NULL REFERENCES class_games (id),
    seat INTEGER NOT NULL,
    student INTEGER REFERENCES students (id),
    computer TEXT,
    seen REAL NOT NULL,
    PRIMARY KEY (game, seat),
    CHECK ((student IS NULL) <> (computer IS NULL))
);
CREATE INDEX IF NOT EXISTS class_seats_student ON class_seats (student);
CREATE TABLE IF NOT EXISTS class_moves (
    id INTEGER PRIMARY KEY,
    game INTEGER NOT NULL REFERENCES class_games (id),
    number INTEGER NOT NULL CHECK (number >= 1),
    move TEXT NOT NULL,
    seat INTEGER NOT NULL,
    played REAL NOT NULL,
    UNIQUE (game, number)
);
CREATE TABLE IF NOT EXISTS class_taken_back (
    game INTEGER NOT NULL REFERENCES class_games (id),
    number INTEGER NOT NULL,
    move TEXT NOT NULL,
    seat INTEGER NOT NULL,
    played REAL NOT NULL,
    taken_back REAL NOT NULL
);
"""


@dataclass(frozen=True)
class Seat:
    """Who plays a side: a student (by id), or the computer at a strength level."""

    student: int | None = None
    computer: str | None = None

    def __post_init__(self) -> None:
        if (self.student is None) == (self.computer is None):
            raise ValueError("a seat is a student or the computer at a level, not both or neither")

    @classmethod
    def at_level(cls, level: str) -> "Seat":
        """The computer playing at ``level`` (one of the game's strength levels)."""
        return cls(computer=level)


@dataclass(frozen=True)
class SeatInfo:
    """A side of a class game: its seat number and name, and who plays it."""

    seat: int
    side: str  # the game's name for the seat ("South", "Blue")
    student: int | None
    name: str  # the student's display name, or "computer (club)"
    computer: str | None
    seen: float


@dataclass(frozen=True, repr=False)
class ClassGame:
    """A class game as the database holds it now, with its state rebuilt from its moves."""

    id: int
    game: str
    seats: tuple[SeatInfo, ...]
    moves: tuple[str, ...]
    start: Any
    state: Any  # a position, or the game's match state for a match of several rounds
    rounds: tuple[int, ...]  # in a match: the number of moves of each round so far
    status: str  # "invited", "playing" or "over"
    winner: int | None  # the winning seat once over (None: a draw)
    ending: str | None  # why the game ended, in a sentence
    adjudicated: bool
    undo: bool  # whether undo by agreement is allowed (never in a tournament)
    undo_seat: int | None  # the seat asking to take its last move back, if one is asking
    tournament: int | None
    round: int | None
    time_limit: float | None
    started: float | None
    version: int
    last_move: int  # the row id of the last move (0: none), to tell a game changed under a page

    def __repr__(self) -> str:
        names = " v ".join(seat.name for seat in self.seats)
        return f"<ClassGame {self.id}: {self.game}, {names}, {len(self.moves)} moves, {self.status}>"

    @property
    def number(self) -> int:
        """The number of the next move (1 for a game not begun)."""
        return len(self.moves) + 1

    @property
    def position(self) -> Any:
        """The board now (in a match: the current round's, the next round's once one has ended)."""
        return _position(self.ready, self.is_match)

    @property
    def ready(self) -> Any:
        """The state the next move is played in (in a match: the next round set up once one has ended)."""
        return _ready(self.state, self.is_match)

    @property
    def to_move(self) -> int | None:
        """The seat to move, None once the game is over (or waits for an acceptance)."""
        return None if self.status != "playing" else self.position.to_move

    def seat_of(self, student: int) -> int | None:
        """The seat ``student`` plays in this game (None: not theirs)."""
        return next((seat.seat for seat in self.seats if seat.student == student), None)

    @property
    def is_match(self) -> bool:
        """True for a match of several rounds."""
        return bool(self.rounds)

    @property
    def with_computer(self) -> bool:
        """True when the computer plays a side (such games are counted apart)."""
        return any(seat.computer for seat in self.seats)

    def points(self) -> tuple[float, ...] | None:
        """Each seat's points once the game is over (a win 1, a draw shared), None before."""
        return points(self.status, self.winner, len(self.seats))

    def record(self) -> Record:
        """The game as the kit's own record (replayable in ``kit.explore`` and the command line)."""
        names = {seat.side.lower(): seat.name for seat in self.seats}
        return Record(self.game, self.start, self.moves, names, self.rounds if self.rounds else ())

    def says(self) -> str:
        """One line on the game: whose move it is, or how it ended."""
        if self.status == "invited":
            waiting = [seat.name for seat in self.seats if seat.student is not None and not seat.seen]
            return f"Waiting for {' and '.join(waiting)} to accept the game."
        if self.status == "over":
            if self.winner is None:
                return self.ending if self.ending and self.ending.startswith("The teacher") else \
                    f"A draw. {self.ending or ''}".strip()
            return f"{self.seats[self.winner].name} ({self.seats[self.winner].side}) won. {self.ending or ''}".strip()
        seat = self.seats[self.position.to_move]
        return f"{seat.side} to move: {seat.name}."


def points(status: str, winner: int | None, seats: int) -> tuple[float, ...] | None:
    """Each seat's points in a game with ``status`` and ``winner``: a win 1, a draw shared; None before the end.

    >>> points("over", None, 2), points("over", 1, 2), points("playing", None, 2)
    ((0.5, 0.5), (0.0, 1.0), None)
    """
    if status != "over":
        return None
    if winner is None:
        return tuple(1 / seats for _ in range(seats))
    return tuple(1.0 if seat == winner else 0.0 for seat in range(seats))


def _ready(state: Any, match: bool) -> Any:
    """The state the next move is played in: a match's next round once a round has ended."""
    if match and state.round_over and not state.is_over:
        return state.next_round()
    return state


def _position(state: Any, match: bool) -> Any:
    """The board of a state: a match's current round, or the position itself."""
    return state.position if match else state


def _over(state: Any) -> bool:
    return bool(state.is_over)


class ClassGames:
    """The games of one class, in its database (one per kernel, as its :class:`ClassDB`)."""

    def __init__(self, db: ClassDB) -> None:
        self.db = db
        db.ensure(_SCHEMA)
        self._cache: dict[int, ClassGame] = {}
        self._refusals: dict[str, deque[float]] = {}
        self._looked: dict[tuple[int, int], float] = {}

    def __repr__(self) -> str:
        return f"ClassGames({self.db!r})"

    # -- starting a game ---------------------------------------------------------------------------

    def new_game(self, game: str, seats: Sequence[Seat], rules: Any = None, start: Any = None, *,
                 match: bool = False, undo: bool = True, key: str | None = None, token: str | None = None,
                 tournament: int | None = None, round: int | None = None,
                 time_limit: float | None = None) -> int:
        """Start a game of ``game`` between ``seats`` (the first moves first) and return its number.

        The teacher (``key``) pairs any students; a student (``token``) starts a game in which they
        sit: against the computer it starts at once, against classmates it waits until each has
        accepted (:meth:`accept`). ``start`` is a position (default: the game's start under
        ``rules``); ``match`` plays a match of several rounds where the game has them.
        """
        with self.db.transaction() as db:
            return self._new_game(db, game, seats, rules, start, match=match, undo=undo, key=key, token=token,
                                  tournament=tournament, round=round, time_limit=time_limit)

    def _new_game(self, db: sqlite3.Connection, game: str, seats: Sequence[Seat], rules: Any, start: Any, *,
                  match: bool, undo: bool, key: str | None, token: str | None, tournament: int | None,
                  round: int | None, time_limit: float | None) -> int:
        """:meth:`new_game` inside the caller's transaction."""
        teacher = self.db.is_teacher(key)
        student = None if teacher else self.db.student(token)
        if not teacher and student is None:
            raise ClassError("Only the teacher or a student of this class can start a game.")
        description = described(game)
        seats = list(seats)
        if start is None:
            try:
                start = description.start(len(seats), rules)
            except ValueError as error:
                raise ClassError(str(error)) from None
        elif not description.owns(start) or start.num_players != len(seats):
            raise ClassError(f"The start must be a {description.title} position for {len(seats)} players.")
        if start.is_over:
            raise ClassError("That position is already over: start from one where a move can be played.")
        if match and description.match(start) is None:
            raise ClassError(f"{description.title} is played in single games only, not matches of rounds.")
        students = [seat.student for seat in seats if seat.student is not None]
        if len(set(students)) != len(students):
            raise ClassError("A student can sit at one side of a game only.")
        known = {row[0] for row in db.execute("SELECT id FROM students")}
        if any(number not in known for number in students):
            raise ClassError("Every student in a game must have joined the class.")
        levels = description.levels()
        for seat in seats:
            if seat.computer is not None and seat.computer not in levels:
                raise ClassError(f"Unknown level {show(seat.computer)} (levels: {', '.join(levels)}).")
        if student is not None and student.id not in students:
            raise ClassError("A student can start only a game in which they play.")
        others = [number for number in students if student is None or number != student.id]
        status = "invited" if student is not None and others else "playing"
        now = time.time()
        cursor = db.execute(
            "INSERT INTO class_games (game, rules, start, is_match, undo, tournament, round, time_limit, status, "
            "created, started, version) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (description.name, json.dumps(description.rules_json(start.rules)), json.dumps(start.to_json()),
             int(match), int(undo and tournament is None), tournament, round, time_limit, status, now,
             now if status == "playing" else None, _next_version(db)))
        number = cursor.lastrowid
        assert number is not None
        # a seat invited but not yet accepted has not been seen: seen is 0 until it accepts
        db.executemany("INSERT INTO class_seats (game, seat, student, computer, seen) VALUES (?, ?, ?, ?, ?)",
                       [(number, index, seat.student, seat.computer,
                         now if status == "playing" or seat.student in (None, student and student.id) else 0.0)
                        for index, seat in enumerate(seats)])
        return number

    def accept(self, token: str | None, game: int) -> ClassGame:
        """Accept a classmate's game (it starts once every student in it has accepted)."""
        student = self._student(token)
        with self.db.transaction() as db:
            row = _game_row(db, game)
            seat = db.execute("SELECT seat FROM class_seats WHERE game = ? AND student = ?",
                              (game, student.id)).fetchone()
            if seat is None:
                raise ClassError("You are not asked to play in this game.")
            if row["status"] != "invited":
                raise ClassError("This game has already started.")
            now = time.time()
            db.execute("UPDATE class_seats SET seen = ? WHERE game = ? AND seat = ?", (now, game, seat[0]))
            waiting = db.execute("SELECT count(*) FROM class_seats WHERE game = ? AND student IS NOT NULL "
                                 "AND seen = 0", (game,)).fetchone()[0]
            status = "playing" if waiting == 0 else "invited"
            db.execute("UPDATE class_games SET status = ?, started = ?, version = ? WHERE id = ?",
                       (status, now if status == "playing" else None, _next_version(db), game))
        return self.view(game)

    def decline(self, token: str | None, game: int) -> None:
        """Decline a classmate's game, or withdraw one's own invitation: the game is dropped."""
        student = self._student(token)
        with self.db.transaction() as db:
            row = _game_row(db, game)
            if db.execute("SELECT 1 FROM class_seats WHERE game = ? AND student = ?",
                          (game, student.id)).fetchone() is None:
                raise ClassError("You are not asked to play in this game.")
            if row["status"] != "invited":
                raise ClassError("This game has already started: it can be ended by the teacher only.")
            db.execute("DELETE FROM class_seats WHERE game = ?", (game,))
            db.execute("DELETE FROM class_games WHERE id = ?", (game,))
        self._cache.pop(game, None)

    # -- reading -------------------------------------------------------------------------------------

    def version(self, game: int) -> int:
        """The game's change number: it grows whenever a move, an undo or an ending changes it (0: no such game)."""
        row = self.db.query("SELECT version FROM class_games WHERE id = ?", (game,)) if is_row_id(game) else []
        return int(row[0][0]) if row else 0

    def changes(self) -> int:
        """The class's change number: it grows whenever any game changes (what a projector polls)."""
        return int(self.db.query("SELECT coalesce(max(version), 0) FROM class_games")[0][0])

    def stamp(self) -> tuple[int, int, int]:
        """What changes whenever a game changes, starts or is dropped, or a student joins (what a
        page polls to know its lists are out of date): the change number, the games, the students."""
        row = self.db.query("SELECT (SELECT coalesce(max(version), 0) FROM class_games), "
                            "(SELECT count(*) FROM class_games), (SELECT count(*) FROM students)")[0]
        return int(row[0]), int(row[1]), int(row[2])

    def wait(self, game: int, since: int, timeout: float, every: float = 0.1) -> int | None:
        """Wait until the game's change number passes ``since``, reading it every ``every`` seconds:
        the new number, or None after ``timeout`` seconds. (A page's timer does the same without blocking.)"""
        deadline = time.monotonic() + timeout
        while True:
            now = self.version(game)
            if now > since:
                return now
            if time.monotonic() >= deadline:
                return None
            time.sleep(every)

    def view(self, game: int) -> ClassGame:
        """The game as the database holds it now (rebuilt from its moves, or from this kernel's copy
        while nothing has changed)."""
        row = self.db.query("SELECT * FROM class_games WHERE id = ?", (game,)) if is_row_id(game) else []
        if not row:
            raise ClassError(f"There is no game {show(game)} in this class.")
        kept = self._cache.get(game)
        if kept is not None and kept.version == row[0]["version"]:
            return kept
        seats = self.db.query(
            "SELECT seat, student, computer, seen, students.name AS name FROM class_seats "
            "LEFT JOIN students ON students.id = class_seats.student WHERE game = ? ORDER BY seat", (game,))
        if kept is not None and self._still(kept):  # moves added since: play only those
            moves = self.db.query("SELECT id, move FROM class_moves WHERE game = ? AND number > ? ORDER BY number",
                                  (game, len(kept.moves)))
            view = _built(row[0], seats, moves, kept)
        else:
            moves = self.db.query("SELECT id, move FROM class_moves WHERE game = ? ORDER BY number", (game,))
            view = _built(row[0], seats, moves)
        self._cache[game] = view
        return view

    def _still(self, kept: "ClassGame") -> bool:
        """Whether the moves ``kept`` knows are still the game's first moves (none taken back)."""
        if not kept.moves:
            return True
        row = self.db.query("SELECT id FROM class_moves WHERE game = ? AND number = ?", (kept.id, len(kept.moves)))
        return bool(row) and int(row[0][0]) == kept.last_move

    def games(self, *, student: int | None = None, tournament: int | None = None) -> list[ClassGame]:
        """Every game of the class in the order they started (or those of a student, of a tournament)."""
        if student is not None:
            rows = self.db.query("SELECT game FROM class_seats WHERE student = ? ORDER BY game", (student,))
        elif tournament is not None:
            rows = self.db.query("SELECT id FROM class_games WHERE tournament = ? ORDER BY round, id", (tournament,))
        else:
            rows = self.db.query("SELECT id FROM class_games ORDER BY id")
        return [self.view(int(row[0])) for row in rows]

    def my_games(self, token: str | None) -> list[ClassGame]:
        """The games of the student whose page carries ``token``, those going on first."""
        student = self._student(token)
        games = self.games(student=student.id)
        return sorted(games, key=lambda g: (g.status == "over", g.id))

    # -- moving ----------------------------------------------------------------------------------------

    def play(self, token: str | None, game: int, move: str, number: int) -> ClassGame:
        """Play ``move`` (in the game's notation) as move ``number`` of ``game`` for the student whose
        page carries ``token``; the game after it, or a ClassError saying why nothing was changed."""
        self._check_flood(token)
        try:
            return self._play(token, game, move, number)
        except ClassError:
            self._refused(token)
            raise

    def _play(self, token: str | None, game: int, move: str, number: int) -> ClassGame:
        student = self._student(token)
        if not isinstance(move, str) or not move or len(move) > MAX_MOVE_TEXT:
            raise ClassError(f"{show(move)} is not a move.")
        if isinstance(number, bool) or not isinstance(number, int):
            raise ClassError(f"{show(number)} is not a move number.")
        view = self.view(game)
        seat = view.seat_of(student.id)
        if seat is None:
            raise ClassError("This is not your game: you can only move in your own games.")
        _check_open(view)
        if number != view.number:
            raise ClassError(_stale(view, number))
        to_move = view.seats[view.position.to_move]
        if to_move.seat != seat:
            raise ClassError(f"It is {to_move.name}'s move, not yours: wait for it.")
        return self._write(view, seat, move)

    def play_computer(self, game: int) -> ClassGame | None:
        """Play the computer's move where the computer is to move (any page of the game may ask; a
        second page asking at once changes nothing): the game after it, or None if it is not the computer's turn."""
        view = self.view(game)
        if view.status != "playing":
            return None
        seat = view.seats[view.position.to_move]
        if seat.computer is None:
            return None
        move = _computer_move(view, seat.computer)
        try:
            return self._write(view, seat.seat, move)
        except ClassError:
            return None  # another page played it first

    def _write(self, view: ClassGame, seat: int, text: str) -> ClassGame:
        """Check ``text`` with the engine in the game as ``view`` shows it, then write it as the next
        move, provided the game is still as ``view`` shows it."""
        ready = view.ready
        try:
            position = _position(ready, view.is_match)
            move = position.parse_move(text)
            after = ready.play(move)
            notation = position.notation(move)
        except (IllegalMove, RecordError, ValueError) as error:
            raise ClassError(f"{show(text)} cannot be played: {error}.") from None
        if view.number > MAX_MOVES:
            raise ClassError(f"The game has reached {MAX_MOVES:,} moves, the most a record keeps.")
        now = time.time()
        with self.db.transaction() as db:
            row = _game_row(db, view.id)
            last = db.execute("SELECT coalesce(max(id), 0), count(*) FROM class_moves WHERE game = ?",
                              (view.id,)).fetchone()
            if row["status"] != "playing" or (last[0], last[1]) != (view.last_move, len(view.moves)):
                raise ClassError(_stale(view, view.number))
            try:
                db.execute("INSERT INTO class_moves (game, number, move, seat, played) VALUES (?, ?, ?, ?, ?)",
                           (view.id, view.number, notation, seat, now))
            except sqlite3.IntegrityError:
                raise ClassError(_stale(view, view.number)) from None
            db.execute("UPDATE class_seats SET seen = ? WHERE game = ? AND seat = ?", (now, view.id, seat))
            _stamp(db, view.id, after, view.is_match)
        return self.view(view.id)

    # -- undo by agreement -------------------------------------------------------------------------------

    def request_undo(self, token: str | None, game: int) -> ClassGame:
        """Ask to take back one's last move; the other player accepts (:meth:`accept_undo`) or not.
        Against the computer it is taken back at once with the computer's answers to it."""
        student = self._student(token)
        view = self.view(game)
        seat = view.seat_of(student.id)
        if seat is None:
            raise ClassError("This is not your game: you can only move in your own games.")
        _check_open(view)
        if not view.undo:
            raise ClassError("No taking back in this game (tournament games are played as they fall).")
        if view.undo_seat is not None:
            raise ClassError("A take-back is already asked for: wait for the answer.")
        ours = [index for index, seat_of in enumerate(self._movers(view.id)) if seat_of == seat]
        if not ours:
            raise ClassError("You have no move to take back.")
        after = [view.seats[s] for s in self._movers(view.id)[ours[-1] + 1:]]
        if any(s.computer is None for s in after):
            raise ClassError("Your opponent has answered your move already: it can no longer be taken back.")
        humans = [s for s in view.seats if s.student is not None and s.seat != seat]
        with self.db.transaction() as db:
            row = _game_row(db, game)
            if row["version"] != view.version:
                raise ClassError(_stale(view, view.number))
            if humans:
                db.execute("UPDATE class_games SET undo_seat = ?, undo_number = ?, version = ? WHERE id = ?",
                           (seat, ours[-1], _next_version(db), game))
            else:
                _take_back(db, view, ours[-1])
        return self.view(game)

    def accept_undo(self, token: str | None, game: int) -> ClassGame:
        """Accept the other player's request to take their last move back."""
        return self._answer_undo(token, game, accept=True)

    def decline_undo(self, token: str | None, game: int) -> ClassGame:
        """Decline the other player's request: the move stands."""
        return self._answer_undo(token, game, accept=False)

    def _answer_undo(self, token: str | None, game: int, accept: bool) -> ClassGame:
        student = self._student(token)
        view = self.view(game)
        seat = view.seat_of(student.id)
        if seat is None:
            raise ClassError("This is not your game: you can only move in your own games.")
        if view.undo_seat is None or view.status != "playing":
            raise ClassError("Nobody asks to take a move back.")
        if view.undo_seat == seat:
            raise ClassError("Your opponent answers your own request, not you.")
        with self.db.transaction() as db:
            row = _game_row(db, game)
            if row["version"] != view.version:
                raise ClassError(_stale(view, view.number))
            if accept:
                _take_back(db, view, row["undo_number"])
            else:
                db.execute("UPDATE class_games SET undo_seat = NULL, undo_number = NULL, version = ? WHERE id = ?",
                           (_next_version(db), game))
        return self.view(game)

    def _movers(self, game: int) -> list[int]:
        return [int(row[0]) for row in self.db.query("SELECT seat FROM class_moves WHERE game = ? ORDER BY number",
                                                     (game,))]

    # -- who is here, and the teacher's adjudication -----------------------------------------------------

    def look(self, token: str | None, game: int) -> ClassGame:
        """A player's page looks at its game (it is written down, at most every SEEN_EVERY seconds,
        so that the teacher sees who is gone): the game now."""
        student = self._student(token)
        view = self.view(game)
        seat = view.seat_of(student.id)
        if seat is not None:
            self._look(view, seat)
        return view

    def _look(self, view: ClassGame, seat: int) -> None:
        now = time.time()
        if now - self._looked.get((view.id, seat), 0.0) < SEEN_EVERY:
            return
        self._looked[(view.id, seat)] = now
        with self.db.transaction() as db:
            db.execute("UPDATE class_seats SET seen = max(seen, ?) WHERE game = ? AND seat = ?", (now, view.id, seat))

    def absent_after(self) -> float:
        """How long a player may be gone before the teacher may adjudicate their game (seconds)."""
        try:
            return float(self.db.meta("games_absent_after"))
        except KeyError:
            return ABSENT_AFTER

    def set_absent_after(self, key: str | None, seconds: float) -> None:
        """The teacher sets how long a player may be gone before their game may be adjudicated."""
        self._teacher(key)
        if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not 0 <= seconds <= 86_400:
            raise ClassError(f"A time from 0 to 86,400 seconds, please, not {show(seconds)}.")
        with self.db.transaction() as db:
            db.execute("INSERT OR REPLACE INTO meta VALUES ('games_absent_after', ?)", (repr(float(seconds)),))

    def gone(self, game: int, now: float | None = None) -> list[SeatInfo]:
        """The students of a game going on who have been gone longer than :meth:`absent_after`."""
        self._cache.pop(game, None)  # the seats' times are read afresh
        view = self.view(game)
        now = time.time() if now is None else now
        limit = self.absent_after()
        return [seat for seat in view.seats
                if seat.student is not None and view.status == "playing" and now - seat.seen > limit]

    def adjudicate(self, key: str | None, game: int, outcome: int | str, level: str = "club",
                   now: float | None = None) -> ClassGame:
        """The teacher ends a game whose player is gone (or whose time is up): ``outcome`` is the
        winning seat, ``"draw"``, or ``"computer"`` (the computer plays it out at ``level`` for every seat)."""
        self._teacher(key)
        view = self.view(game)
        if view.status != "playing":
            raise ClassError("Only a game going on can be adjudicated.")
        now = time.time() if now is None else now
        late = view.time_limit is not None and view.started is not None and now - view.started > view.time_limit
        if not late and not self.gone(game, now):
            limit = self.absent_after()
            raise ClassError(f"Every player of this game was here less than {limit:g} s ago: a game can be "
                             f"adjudicated once a player is gone that long (or its time is up).")
        moves: list[tuple[str, int]] = []
        if outcome == "computer":
            if level not in find_game(view.game).levels():
                raise ClassError(f"Unknown level {show(level)} (levels: {', '.join(find_game(view.game).levels())}).")
            moves, state = _finish(view, level)
            winner = state.winner if _over(state) else None
            ending = (f"Finished by the computer ({level})" + (": " + _ending(state, view.is_match) if _over(state) else
                                                               ", then drawn for length."))
        elif outcome == "draw":
            winner, ending = None, "The teacher adjudicated it a draw."
        elif isinstance(outcome, int) and not isinstance(outcome, bool) and 0 <= outcome < len(view.seats):
            winner, ending = outcome, f"The teacher adjudicated it a win for {view.seats[outcome].name}."
        else:
            raise ClassError(f"Adjudicate as a win for a seat (0 to {len(view.seats) - 1}), \"draw\" or "
                             f"\"computer\", not {show(outcome)}.")
        with self.db.transaction() as db:
            row = _game_row(db, game)
            if row["version"] != view.version:
                raise ClassError(_stale(view, view.number))
            stamp = time.time()
            for offset, (text, seat) in enumerate(moves):
                db.execute("INSERT INTO class_moves (game, number, move, seat, played) VALUES (?, ?, ?, ?, ?)",
                           (game, view.number + offset, text, seat, stamp))
            db.execute("UPDATE class_games SET status = 'over', winner = ?, ending = ?, adjudicated = 1, ended = ?, "
                       "undo_seat = NULL, undo_number = NULL, version = ? WHERE id = ?",
                       (winner, ending, stamp, _next_version(db), game))
        return self.view(game)

    # -- who asks ----------------------------------------------------------------------------------

    def _student(self, token: str | None) -> Student:
        student = self.db.student(token)
        if student is None:
            raise ClassError("This page is not a student's page of this class: join the class first.")
        return student

    def _teacher(self, key: str | None) -> None:
        if not self.db.is_teacher(key):
            raise ClassError("Only the teacher's page can do that.")

    def _check_flood(self, token: str | None) -> None:
        times = self._refusals.get(str(token)[:64])
        if times is None:
            return
        now = time.monotonic()
        while times and now - times[0] > FLOOD_SECONDS:
            times.popleft()
        if len(times) >= FLOOD_REFUSALS:
            raise ClassError(f"Too many moves refused at once: wait {FLOOD_SECONDS:g} seconds, then play your move.")

    def _refused(self, token: str | None) -> None:
        if len(self._refusals) > 10_000:
            self._refusals.clear()
        self._refusals.setdefault(str(token)[:64], deque(maxlen=FLOOD_REFUSALS)).append(time.monotonic())


# -- helpers -----------------------------------------------------------------------------------------


def described(name: str) -> Game:
    """The game called ``name``, or a ClassError listing the games."""
    try:
        return find_game(name)
    except ValueError as error:
        raise ClassError(str(error)) from None


def _next_version(db: sqlite3.Connection) -> int:
    """The class's next change number."""
    return int(db.execute("SELECT coalesce(max(version), 0) + 1 FROM class_games").fetchone()[0])


def is_row_id(value: object) -> bool:
    """Whether ``value`` can be a row's number (a whole number SQLite can hold)."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 < value < 2 ** 63


def _game_row(db: sqlite3.Connection, game: int) -> sqlite3.Row:
    row = db.execute("SELECT * FROM class_games WHERE id = ?", (game,)).fetchone() if is_row_id(game) else None
    if row is None:
        raise ClassError(f"There is no game {show(game)} in this class.")
    return row


def _check_open(view: ClassGame) -> None:
    if view.status == "invited":
        raise ClassError("The game has not started: it waits for every player to accept.")
    if view.status == "over":
        raise ClassError("The game is over: no more moves.")


def _stale(view: ClassGame, number: int) -> str:
    return (f"Your board was out of date (it showed move {number}; the game has moved on): "
            "it now shows the game as it is.")


def _stamp(db: sqlite3.Connection, game: int, after: Any, match: bool) -> None:
    """After a move: the game's new change number, and its ending if the move ended it."""
    if _over(after):
        db.execute("UPDATE class_games SET status = 'over', winner = ?, ending = ?, ended = ?, undo_seat = NULL, "
                   "undo_number = NULL, version = ? WHERE id = ?",
                   (after.winner, _ending(after, match), time.time(), _next_version(db), game))
    else:
        db.execute("UPDATE class_games SET undo_seat = NULL, undo_number = NULL, version = ? WHERE id = ?",
                   (_next_version(db), game))


def _ending(state: Any, match: bool) -> str:
    if match:
        return f"the match ended after {len(state.rounds) + 1} rounds"
    return state.end_reason or "the game is over"


def _take_back(db: sqlite3.Connection, view: ClassGame, keep: int) -> None:
    """Take back every move after the first ``keep``, keeping them in class_taken_back."""
    now = time.time()
    db.execute("INSERT INTO class_taken_back SELECT game, number, move, seat, played, ? FROM class_moves "
               "WHERE game = ? AND number > ?", (now, view.id, keep))
    db.execute("DELETE FROM class_moves WHERE game = ? AND number > ?", (view.id, keep))
    db.execute("UPDATE class_games SET undo_seat = NULL, undo_number = NULL, version = ? WHERE id = ?",
               (_next_version(db), view.id))


def _built(row: sqlite3.Row, seats: list[sqlite3.Row], moves: list[sqlite3.Row],
           kept: ClassGame | None = None) -> ClassGame:
    """A game from its rows: the start read back and every move replayed by the engine (or, given
    ``kept``, the game as this kernel knew it, with the moves played since)."""
    description = find_game(row["game"])
    texts: tuple[str, ...] = ()
    if kept is None:
        start = description.position_from_json(row["start"])
        state, rounds, last = description.match(start) if row["is_match"] else start, [0], 0
    else:
        start, state, texts, last = kept.start, kept.state, kept.moves, kept.last_move
        rounds = list(kept.rounds or (0,))
    added = tuple(str(move["move"]) for move in moves)
    for text in added:
        if row["is_match"] and state.round_over:
            state = state.next_round()
            rounds.append(0)
        state = state.play(text)
        rounds[-1] += 1
    sides = description.player_names(start.num_players)
    infos = tuple(SeatInfo(int(seat["seat"]), sides[seat["seat"]], seat["student"],
                           seat["name"] if seat["student"] is not None else f"computer ({seat['computer']})",
                           seat["computer"], float(seat["seen"])) for seat in seats)
    return ClassGame(int(row["id"]), row["game"], infos, texts + added, start, state,
                     tuple(rounds) if row["is_match"] else (), row["status"], row["winner"], row["ending"],
                     bool(row["adjudicated"]), bool(row["undo"]), row["undo_seat"], row["tournament"], row["round"],
                     row["time_limit"], row["started"], int(row["version"]),
                     int(moves[-1]["id"]) if moves else last)


def _computer_move(view: ClassGame, level: str) -> str:
    """The move the computer chooses at ``level`` (seeded by the game and move number: the same choice on any page)."""
    from kit.agents.factory import make_agent

    agent = make_agent(level, view.game, seed=view.id * 100_003 + view.number)
    position = view.position
    return str(position.notation(agent.choose(position)))


def _finish(view: ClassGame, level: str) -> tuple[list[tuple[str, int]], Any]:
    """The computer plays a game out for every seat: the moves with their seats, and the state at the end."""
    from kit.agents.factory import make_agent

    limit = find_game(view.game).agent_ply_limit or MAX_FINISH
    agent = make_agent(level, view.game, seed=random.Random(view.id).getrandbits(32))
    state, moves = view.state, list[tuple[str, int]]()
    while not _over(state) and len(moves) < min(limit, MAX_FINISH, MAX_MOVES - len(view.moves)):
        state = _ready(state, view.is_match)
        position = _position(state, view.is_match)
        text = position.notation(agent.choose(position))
        moves.append((text, position.to_move))
        state = state.play(text)
    return moves, state
