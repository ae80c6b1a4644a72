"""The ``class`` command: serve the classroom to a class at its own screens.

``python -m kit class serve [--students N] [--folder DIR] [--port P] [--ip IP] [--new]`` starts
the class server (:func:`kit.classroom.server.serve`) on the kit's ``lessons/`` and prints the
students' address (the class code in it), the projector's (the teacher's key in it) and what
the machine's memory holds. The class (its code, key and the students who joined) is kept in
``DIR/class.sqlite``, so a restart keeps the students' address; ``--new`` starts a new class
(the old file is kept beside it, renamed).
"""
from __future__ import annotations

import argparse
import time
from pathlib import Path

from kit.cli.args import UsageError, whole_in

#: The class database's file name in the class folder.
DATABASE = "class.sqlite"


def add_commands(subparsers: argparse._SubParsersAction) -> None:
    """Register the top-level ``class`` command (``class serve``)."""
    parser = subparsers.add_parser("class", help="serve the classroom to a class at its own screens",
                                   description="Serve the classroom to a class (docs/classroom.md).")
    actions = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
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
