"""The ``homework`` command: the lessons' exercises as an nbgrader course.

``python -m kit homework DIR [--lessons N ...] [--force]`` lays out DIR as an nbgrader course
(``nbgrader_config.py``, ``source/lesson-NN/NN-name.ipynb``) with one assignment per lesson
(every lesson with exercises, or those numbered). It refuses, writing nothing, to replace a
source the teacher changed, unless ``--force``; it never touches what nbgrader keeps
(``release/``, ``submitted/``, ``autograded/``, ``feedback/``, ``gradebook.db``).
"""
from __future__ import annotations

import argparse
from pathlib import Path

from kit.cli.args import UsageError, whole_in


def add_commands(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register the top-level ``homework`` command."""
    parser = subparsers.add_parser(
        "homework", help="the lessons' exercises as nbgrader assignments",
        description="Lay out an nbgrader course in DIR: one assignment per lesson, with answer cells and "
                    "autograder tests that check the answers as the lessons do (docs/homework.md).")
    parser.add_argument("directory", metavar="DIR", help="the course folder (made if missing)")
    parser.add_argument("--lessons", type=whole_in(1, 99), nargs="+", metavar="N",
                        help="the lessons to make homework of (default: every lesson with exercises)")
    parser.add_argument("--force", action="store_true",
                        help="replace assignment sources and nbgrader_config.py even if the teacher changed them")
    parser.set_defaults(func=run_homework)


def run_homework(args: argparse.Namespace) -> int:
    """Write the course and say what was done."""
    from kit.homework.assignment import HomeworkError
    from kit.homework.course import write_course

    directory = Path(args.directory)
    try:
        report = write_course(directory, args.lessons, args.force)
    except HomeworkError as error:
        raise UsageError(str(error)) from None
    except OSError as error:
        raise UsageError(f"cannot write the course in {args.directory}: {error.strerror or error}") from None
    for line in report:
        print(line)
    return 0
