"""The ``class`` commands: what a class kept in its database (``kit/classes/``), for the teacher.

``python -m kit class export FILE [--out DIR] [--force]`` writes every game played in the class
as the kit's own JSON record, an index of the games and each tournament's standings as CSV
(:mod:`kit.classes.export`), into DIR (default: beside FILE, named after it with ``-export``).
"""
from __future__ import annotations

import argparse
import sqlite3
from pathlib import Path

from kit.cli.args import UsageError


def add_commands(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register the top-level ``class`` command and its ``export`` action."""
    group = subparsers.add_parser("class", help="what a class kept: its games and tournaments",
                                  description="Read a class's database (the SQLite file the classroom keeps).")
    actions = group.add_subparsers(dest="action", required=True, metavar="ACTION")
    export = actions.add_parser(
        "export", help="every game as a JSON record, the games and the standings as CSV",
        description="Write every game of the class as the kit's JSON game record (games/game-0001.json ...), "
                    "games.csv (who played, results, how each game ended) and each tournament's standings "
                    "(tournament-1-standings.csv ...).")
    export.add_argument("file", metavar="FILE", help="the class database (a .sqlite file)")
    export.add_argument("--out", metavar="DIR", help="the folder to write (default: FILE's name with -export)")
    export.add_argument("--force", action="store_true", help="replace files an earlier export wrote")
    export.set_defaults(func=run_export)


def run_export(args: argparse.Namespace) -> int:
    """Export the class's games and standings; say what was written."""
    from kit.classes.db import ClassDB
    from kit.classes.export import export_games
    from kit.core.files import OutputError

    source = Path(args.file)
    if not source.is_file():
        raise UsageError(f"no class database at {str(source)!r}")
    folder = Path(args.out) if args.out else source.with_name(source.stem + "-export")
    if not _is_class(source):
        raise UsageError(f"{str(source)!r} is not a class database (the file the classroom keeps for a class)")
    db = ClassDB(source)
    try:
        written = export_games(db, folder, overwrite=args.force)
    except OutputError as error:
        raise UsageError(str(error)) from None
    finally:
        db.close()
    records = sum(1 for path in written if path.suffix == ".json")
    print(f"{records} game record{'s' if records != 1 else ''} and {len(written) - records} CSV file"
          f"{'s' if len(written) - records != 1 else ''} written to {folder}")
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
