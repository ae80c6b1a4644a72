"""The ``class`` command: what a class kept in its database (``kit/classes/``), for the teacher.

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
from pathlib import Path

from kit.cli.args import UsageError

#: The environment variable naming the class database of the running class.
DB_VARIABLE = "KIT_CLASS_DB"


def add_commands(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register the top-level ``class`` command and its ``export`` action."""
    group = subparsers.add_parser("class", help="what a class kept: its answers, games and tournaments",
                                  description="Read a class's database (the SQLite file the class server keeps).")
    actions = group.add_subparsers(dest="action", required=True, metavar="ACTION")
    export = actions.add_parser(
        "export", help="every answer and the standings as CSV, every game as a JSON record",
        description="Write answers.csv (one row per student and question, and a summary row per question), "
                    "every game of the class as the kit's JSON game record (games/game-0001.json ...), "
                    "games.csv (who played, results, how each game ended) and each tournament's standings "
                    "(tournament-1-standings.csv ...); all readable in a spreadsheet.")
    export.add_argument("file", metavar="CLASS_DB", nargs="?",
                        help=f"the class database, a .sqlite file (default: ${DB_VARIABLE})")
    export.add_argument("--out", metavar="DIR", help="the folder to write (default: CLASS_DB's name with -export)")
    export.add_argument("--csv", metavar="FILE", help="write only the answers, into this CSV file ('-': the terminal)")
    export.add_argument("--force", action="store_true", help="replace files an earlier export wrote")
    export.set_defaults(func=run_export)


def class_db_path(given: str | None) -> Path:
    """The class database named on the command line or by ``KIT_CLASS_DB``; UsageError if none, or
    if it is not a class database (it is read without being changed or made)."""
    named = given or os.environ.get(DB_VARIABLE)
    if not named:
        raise UsageError(f"name the class database (a .sqlite file), or set {DB_VARIABLE}")
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
