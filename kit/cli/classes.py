"""The ``class`` command: what a class answered, for the teacher.

``python -m kit class export FILE --csv [--db CLASS.sqlite]`` writes one row per student and
question and a summary row per question (:mod:`kit.classes.export`); the class database is
``--db``, else the one named by the environment variable ``KIT_CLASS_DB`` (the one the class
server uses). ``-`` as FILE writes to the terminal.
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from kit.cli.args import UsageError

#: The environment variable naming the class database of the running class.
DB_VARIABLE = "KIT_CLASS_DB"


def add_commands(subparsers: argparse._SubParsersAction) -> None:
    """Register the top-level ``class`` command and its actions."""
    parser = subparsers.add_parser("class", help="a class's answers, for the teacher",
                                   description="What a class answered (docs/classroom.md, 'The class answers').")
    actions = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    export = actions.add_parser("export", help="every answer as a spreadsheet (CSV)",
                                description="Write one row per student and question, and a summary row per "
                                            "question, as CSV (readable in any spreadsheet).")
    export.add_argument("file", metavar="FILE", help="the CSV file to write ('-': the terminal)")
    export.add_argument("--csv", action="store_true", help="write CSV (the one format; the default)")
    export.add_argument("--db", metavar="CLASS_DB", help=f"the class database (default: ${DB_VARIABLE})")
    export.add_argument("--force", action="store_true", help="replace FILE if it exists")
    export.set_defaults(func=run_export)


def class_db_path(given: str | None) -> Path:
    """The class database named on the command line or by ``KIT_CLASS_DB``; UsageError if none, or missing."""
    named = given or os.environ.get(DB_VARIABLE)
    if not named:
        raise UsageError(f"name the class database with --db FILE (or set {DB_VARIABLE})")
    path = Path(named)
    if not path.is_file():
        raise UsageError(f"no class database at {str(path)!r}")
    return path


def run_export(args: argparse.Namespace) -> int:
    """Write the export and say how many rows it has."""
    import sqlite3

    from kit.classes.db import ClassDB
    from kit.classes.export import write_csv
    from kit.core.files import atomic_path

    path = class_db_path(args.db)
    try:
        db = ClassDB(path)
    except sqlite3.DatabaseError as error:
        raise UsageError(f"{str(path)!r} is not a class database: {error}") from None
    try:
        if args.file == "-":
            write_csv(db, sys.stdout)
            return 0
        try:
            with atomic_path(args.file, overwrite=args.force) as temporary:
                with open(temporary, "w", encoding="utf-8", newline="") as out:
                    count = write_csv(db, out)
        except OSError as error:
            raise UsageError(str(error)) from None
    finally:
        db.close()
    print(f"wrote {count} rows to {args.file}", file=sys.stderr)
    return 0
