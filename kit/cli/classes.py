"""The ``class`` command: serve the classroom to a class at its own screens, and export what it kept.

``python -m kit class serve [--students N] [--folder DIR] [--port P] [--ip IP] [--per-address N] [--new]``
starts the class server (:func:`kit.classroom.server.serve`) on the kit's ``lessons/`` and prints
the students' address (the class code in it), the projector's (the teacher's key in it) and what
the machine's memory holds. The class (its code, key, the students who joined, their answers and
games) is kept in ``DIR/class.sqlite``, so a restart keeps the students' address; ``--new``
starts a new class (the old file is kept beside it, renamed).

``python -m kit class export [CLASS_DB] [--out DIR] [--force]`` writes every answer (one row per
student and question, a summary row per question), every game played in the class as the kit's
own JSON record, an index of the games and each tournament's standings, as CSV
(:mod:`kit.classes.export`), into DIR (default: beside the database, named after it with
``-export``). ``--csv FILE`` writes the answers alone into one CSV file (``-``: the terminal).
The class database is CLASS_DB, else the one named by the environment variable ``KIT_CLASS_DB``
(the one the class server uses).
"""
from __future__ import annotations

import argparse
import os
import sqlite3
import sys
import time
from pathlib import Path

from kit.classes.db import CLASS_DB
from kit.cli.args import UsageError, whole_in

#: The class database's file name in the class folder.
DATABASE = "class.sqlite"


def add_commands(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register the top-level ``class`` command and its ``serve`` and ``export`` actions."""
    group = subparsers.add_parser("class", help="serve the classroom to a class; export what it kept",
                                  description="Serve the classroom to a class at its own screens, or export what "
                                              "the class kept (docs/classroom.md).")
    actions = group.add_subparsers(dest="action", required=True, metavar="ACTION")
    serve = actions.add_parser("serve", help="start the class server and print the class's and the projector's address",
                               description="Start the class server: the students join at the printed address "
                                           "(the class code in it); the projector opens the teacher's address.")
    serve.add_argument("--students", type=whole_in(1, 500), default=30, metavar="N",
                       help="how many students (default 30): students' pages are prepared for them before they ask")
    serve.add_argument("--folder", metavar="DIR",
                       help="where the class is kept (default: the folder 'class' beside 'lessons')")
    serve.add_argument("--port", type=whole_in(1, 65535), default=8866, help="the port (default 8866)")
    serve.add_argument("--ip", default="0.0.0.0",
                       help="the address to listen on (default 0.0.0.0: every network of this machine)")
    serve.add_argument("--per-address", type=whole_in(1, 500), default=None, metavar="N",
                       help="pages one machine may hold open at once (default 4)")
    serve.add_argument("--new", action="store_true",
                       help="start a new class: a new class code and teacher key (the old class is kept, renamed)")
    serve.set_defaults(func=run_serve)
    export = actions.add_parser(
        "export", help="every answer and the standings as CSV, every game as a JSON record",
        description="Write answers.csv (one row per student and question, and a summary row per question), "
                    "every game of the class as the kit's JSON game record (games/game-0001.json ...), "
                    "games.csv (who played, results, how each game ended) and each tournament's standings "
                    "(tournament-1-standings.csv ...); all readable in a spreadsheet.")
    export.add_argument("file", metavar="CLASS_DB", nargs="?",
                        help=f"the class database, a .sqlite file (default: ${CLASS_DB})")
    export.add_argument("--out", metavar="DIR", help="the folder to write (default: CLASS_DB's name with -export)")
    export.add_argument("--csv", metavar="FILE", help="write only the answers, into this CSV file ('-': the terminal)")
    export.add_argument("--force", action="store_true", help="replace files an earlier export wrote")
    export.set_defaults(func=run_export)


def lessons_folder() -> Path:
    """The kit's ``lessons/``: the current folder's, else the one beside the ``kit`` package."""
    here = Path.cwd() / "lessons"
    if (here / "student.ipynb").is_file():
        return here
    beside = Path(__file__).resolve().parents[2] / "lessons"
    if (beside / "student.ipynb").is_file():
        return beside
    raise UsageError("no lessons/student.ipynb here: run the command from the kit's folder (the one holding README.md)")


def run_serve(args: argparse.Namespace) -> int:
    """Start the class server (until Ctrl-C)."""
    from kit.classroom.server import PER_ADDRESS, serve

    lessons = lessons_folder()
    folder = Path(args.folder) if args.folder else lessons.parent / "class"
    if folder.resolve().is_relative_to(lessons.resolve()):
        raise UsageError(f"the class folder {folder} is inside the served folder {lessons}: choose another")
    database = folder / DATABASE
    if args.new and database.exists():
        kept = folder / f"class-{time.strftime('%Y%m%d-%H%M%S')}.sqlite"
        _checkpoint(database)
        database.rename(kept)
        print(f"The old class is kept in {kept}.")
    try:
        serve(lessons, database, args.students, args.port, args.ip, args.per_address or PER_ADDRESS)
    except OSError as error:
        raise UsageError(f"cannot serve the class: {error.strerror or error}") from None
    return 0


def _checkpoint(database: Path) -> None:
    """Fold the write-ahead log into the database file, so that the file alone is the class."""
    import sqlite3

    with sqlite3.connect(database) as db:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    for extra in ("-wal", "-shm"):
        Path(f"{database}{extra}").unlink(missing_ok=True)


def class_db_path(given: str | None) -> Path:
    """The class database named on the command line or by ``KIT_CLASS_DB``; UsageError if none, or
    if it is not a class database (it is read without being changed or made)."""
    named = given or os.environ.get(CLASS_DB)
    if not named:
        raise UsageError(f"name the class database (a .sqlite file), or set {CLASS_DB}")
    path = Path(named)
    if not path.is_file():
        raise UsageError(f"no class database at {str(path)!r}")
    if not _is_class(path):
        raise UsageError(f"{str(path)!r} is not a class database (the file the class server keeps for a class)")
    return path


def run_export(args: argparse.Namespace) -> int:
    """Export the class; say what was written."""
    from kit.classes.db import ClassDB
    from kit.classes.export import answers_csv, export_class
    from kit.core.files import OutputError, atomic_path

    source = class_db_path(args.file)
    db = ClassDB(source)
    try:
        if args.csv == "-":
            sys.stdout.write(answers_csv(db))
            return 0
        if args.csv:
            text = answers_csv(db)
            try:
                with atomic_path(args.csv, overwrite=args.force) as temporary:
                    Path(temporary).write_text(text, encoding="utf-8", newline="")
            except (OSError, OutputError) as error:
                raise UsageError(str(error)) from None
            print(f"wrote {text.count(chr(10)) - 1} rows to {args.csv}", file=sys.stderr)
            return 0
        folder = Path(args.out) if args.out else source.with_name(source.stem + "-export")
        try:
            written = export_class(db, folder, overwrite=args.force)
        except OutputError as error:
            raise UsageError(str(error)) from None
    finally:
        db.close()
    records = sum(1 for path in written if path.suffix == ".json")
    tables = len(written) - records
    print(f"{records} game record{'s' if records != 1 else ''} and {tables} CSV file"
          f"{'s' if tables != 1 else ''} written to {folder}")
    return 0


def _is_class(path: Path) -> bool:
    """Whether ``path`` is a SQLite file holding a class (read without changing it)."""
    try:
        db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
        try:
            return db.execute("SELECT 1 FROM meta WHERE key = 'class_code'").fetchone() is not None
        finally:
            db.close()
    except sqlite3.Error:
        return False
