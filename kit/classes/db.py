"""The class database: one SQLite file a class, the one state the class's pages share.

Every page of a class (the projector's and each student's) runs in a kernel of its own; what
one page does reaches the others through this file. It is opened in WAL mode with a busy
timeout, each change is one short ``BEGIN IMMEDIATE`` transaction, so a crash or a restart of
the server loses nothing that was committed. Open one :class:`ClassDB` per kernel (a
connection is not shared between threads: :meth:`ClassDB.reopen` gives a thread its own).

>>> import tempfile, pathlib
>>> db = ClassDB(pathlib.Path(tempfile.mkdtemp()) / "class.sqlite")
>>> ana = db.join("Ana")
>>> ana.name, db.student(ana.token) == ana
('Ana', True)
>>> db.join(" ana ")
Traceback (most recent call last):
...
kit.core.errors.ClassError: The name "ana" is taken in this class: choose another (add an initial, say).
"""
from __future__ import annotations

import hmac
import secrets
import sqlite3
import time
import unicodedata
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

from kit.core.errors import ClassError, show
from kit.core.limits import MAX_STUDENT_NAME

#: The environment variable naming the class database of a class server's pages.
CLASS_DB = "KIT_CLASS_DB"
#: How long a page waits for another page's write before giving up, in milliseconds.
BUSY_TIMEOUT_MS = 10_000

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS students (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    folded TEXT NOT NULL UNIQUE,
    token TEXT NOT NULL UNIQUE,
    joined REAL NOT NULL
);
"""


@dataclass(frozen=True)
class Student:
    """A student who joined the class: a display name, and the token their page carries."""

    id: int
    name: str
    token: str

    def __repr__(self) -> str:
        return f"Student({self.id}, {self.name!r})"


def display_name(text: str) -> str:
    """A name as typed, made a display name (spaces collapsed), or a ClassError saying what is wrong.

    >>> display_name("  Ana   Perera ")
    'Ana Perera'
    """
    name = " ".join(unicodedata.normalize("NFC", str(text)).split())
    if not name:
        raise ClassError("Type your name to join the class.")
    if len(name) > MAX_STUDENT_NAME:
        raise ClassError(f"A name of at most {MAX_STUDENT_NAME} characters, please (this one has {len(name)}).")
    if any(unicodedata.category(c).startswith("C") for c in name):
        raise ClassError(f"The name {show(name)} has characters that cannot be shown: use letters, digits and spaces.")
    return name


def _folded(name: str) -> str:
    """What two names that are the same name share ("Ana" and "ANA")."""
    return name.casefold()


class ClassDB:
    """The database of one class, kept in the SQLite file at ``path`` (made on first use)."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_MS / 1000,
                                   isolation_level=None, check_same_thread=True)
        self._db.row_factory = sqlite3.Row
        self._db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        self._db.execute("PRAGMA journal_mode = WAL")
        self._db.execute("PRAGMA synchronous = NORMAL")
        self._db.execute("PRAGMA foreign_keys = ON")
        self.ensure(_SCHEMA)
        with self.transaction() as db:
            for key in ("class_code", "teacher_key", "secret"):
                size = 4 if key == "class_code" else 16
                value = secrets.token_hex(size) if key == "class_code" else secrets.token_urlsafe(size)
                db.execute("INSERT OR IGNORE INTO meta VALUES (?, ?)", (key, value))
            db.execute("INSERT OR IGNORE INTO meta VALUES ('created', ?)", (repr(time.time()),))

    def __repr__(self) -> str:
        return f"ClassDB({str(self.path)!r})"

    def reopen(self) -> "ClassDB":
        """Another connection to the same file (for another thread)."""
        return ClassDB(self.path)

    def close(self) -> None:
        """Close the connection (what was committed stays in the file)."""
        self._db.close()

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """One write transaction (``BEGIN IMMEDIATE``): all of it is kept, or none of it."""
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield self._db
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        self._db.execute("COMMIT")

    def ensure(self, schema: str) -> None:
        """Create the tables and indexes of ``schema`` (``CREATE ... IF NOT EXISTS`` statements)."""
        with self.transaction() as db:
            for statement in schema.split(";"):
                if statement.strip():
                    db.execute(statement)

    def query(self, sql: str, params: tuple[object, ...] = ()) -> list[sqlite3.Row]:
        """The rows ``sql`` reads (no write)."""
        return self._db.execute(sql, params).fetchall()

    def meta(self, key: str) -> str:
        """One of the class's settings (``class_code``, ``teacher_key``, ``secret``, ``created``)."""
        row = self._db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        if row is None:
            raise KeyError(key)
        return str(row[0])

    @property
    def class_code(self) -> str:
        """The code in the address the class is given."""
        return self.meta("class_code")

    @property
    def teacher_key(self) -> str:
        """The key of the teacher's pages (the projector); never shown to students."""
        return self.meta("teacher_key")

    def is_code(self, code: str | None) -> bool:
        """Whether ``code`` is the class code (compared in constant time)."""
        return bool(code) and hmac.compare_digest(str(code).encode(), self.class_code.encode())

    def is_teacher(self, key: str | None) -> bool:
        """Whether ``key`` is the teacher's key (compared in constant time)."""
        return bool(key) and hmac.compare_digest(str(key).encode(), self.teacher_key.encode())

    def join(self, name: str) -> Student:
        """Join the class as ``name``; a ClassError if the name is taken or malformed."""
        shown = display_name(name)
        token = secrets.token_urlsafe(16)
        try:
            with self.transaction() as db:
                cursor = db.execute("INSERT INTO students (name, folded, token, joined) VALUES (?, ?, ?, ?)",
                                    (shown, _folded(shown), token, time.time()))
        except sqlite3.IntegrityError:
            raise ClassError(f"The name {show(shown)} is taken in this class: "
                             "choose another (add an initial, say).") from None
        assert cursor.lastrowid is not None
        return Student(cursor.lastrowid, shown, token)

    def student(self, token: str | None) -> Student | None:
        """The student whose page carries ``token`` (None: no such student)."""
        if not token or len(token) > 64:
            return None
        row = self._db.execute("SELECT id, name, token FROM students WHERE token = ?", (str(token),)).fetchone()
        return Student(row["id"], row["name"], row["token"]) if row else None

    def students(self) -> list[Student]:
        """Everyone who joined, in the order they joined."""
        rows = self._db.execute("SELECT id, name, token FROM students ORDER BY id").fetchall()
        return [Student(row["id"], row["name"], row["token"]) for row in rows]
