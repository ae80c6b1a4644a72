"""The ``puzzles`` and ``worksheet`` commands.

``python -m kit puzzles GAME [--kind KIND] [--level L] [--count N] [--seed S] [--json]``
prints puzzles found in games between the kit's agents (with ``--json`` one object
``{"game": GAME, "puzzles": [...]}``, each puzzle as :meth:`kit.puzzles.Puzzle.to_json`).

``python -m kit worksheet GAME [--kind KIND] [--level L] [--count N] [--seed S] [--title T]
[--paper a4|letter] --out FILE.pdf`` writes a printable worksheet with an answer key.
A mistake in the arguments is a one-line error with exit status 2, and leaves no file.
"""
from __future__ import annotations

import argparse
import json
from typing import Any

import kit
from kit.cli import UsageError
from kit.limits import MAX_COUNT
from kit.puzzles.generate import LEVELS, PuzzleError, make_puzzles
from kit.puzzles.kinds import KINDS
from kit.puzzles.puzzle import Puzzle
from kit.puzzles.worksheet import PAPERS




def add_commands(subparsers: argparse._SubParsersAction) -> None:
    """Register the top-level ``puzzles`` and ``worksheet`` commands."""
    puzzles = subparsers.add_parser("puzzles", help="capture puzzles with one proven answer",
                                    description="Print puzzles found in games between the kit's computer players; "
                                                "each answer is proven by trying every legal move.")
    _common(puzzles, default_count=6)
    puzzles.add_argument("--json", action="store_true", help="print one JSON object instead of text")
    puzzles.set_defaults(func=run_puzzles)
    sheet = subparsers.add_parser("worksheet", help="a printable PDF worksheet of puzzles with an answer key",
                                  description="Write a PDF worksheet: six numbered puzzles a page, then the answers.")
    _common(sheet, default_count=12)
    sheet.add_argument("--title", metavar="T", help="the title on every page")
    sheet.add_argument("--paper", default="a4", metavar="a4|letter", help="paper size (default a4)")
    sheet.add_argument("--out", required=True, metavar="FILE.pdf", help="the PDF file to write")
    sheet.set_defaults(func=run_worksheet)


def _common(parser: argparse.ArgumentParser, default_count: int) -> None:
    parser.add_argument("game", metavar="GAME", help=f"the game: {', '.join(kit.games())}")
    kinds = "; ".join(f"{game}: {', '.join(f'{name} ({kind.summary})' for name, kind in KINDS[game].items())}"
                      for game in KINDS)
    parser.add_argument("--kind", metavar="KIND",
                        help=f"the kind of puzzle, {kinds} (default: the common kinds in turn)")
    parser.add_argument("--level", type=int, default=1, metavar="L", help="difficulty 1, 2 or 3 (default 1)")
    parser.add_argument("--count", type=int, default=default_count, metavar="N",
                        help=f"how many puzzles (default {default_count})")
    parser.add_argument("--seed", type=int, default=0, metavar="S",
                        help="random seed (default 0): same seed, same puzzles")


def _puzzles(args: argparse.Namespace) -> list[Puzzle]:
    if args.game not in kit.games():
        raise UsageError(f"unknown game {args.game!r}; choose one of: {', '.join(kit.games())}")
    if args.level not in LEVELS:
        raise UsageError(f"--level must be 1, 2 or 3, not {args.level}")
    if not 1 <= args.count <= MAX_COUNT:
        raise UsageError(f"--count must be 1 to {MAX_COUNT}, not {args.count}")
    try:
        puzzles = make_puzzles(args.game, args.kind, args.level, args.count, args.seed)
    except PuzzleError as error:
        raise UsageError(str(error)) from None
    if not puzzles:
        raise UsageError(f"no {args.kind or ''} puzzle at level {args.level} was found; try another level or seed")
    return puzzles


def run_puzzles(args: argparse.Namespace) -> int:
    """Print the puzzles, as text or JSON."""
    puzzles = _puzzles(args)
    if args.json:
        print(json.dumps({"game": args.game, "puzzles": [p.to_json() for p in puzzles]}))
        return 0
    print(text_of(puzzles))
    return 0


def text_of(puzzles: list[Puzzle]) -> str:
    """The puzzles for people: each board and question, then the answers."""
    parts: list[Any] = []
    for number, puzzle in enumerate(puzzles, 1):
        parts += [f"Puzzle {number} ({puzzle.kind}, level {puzzle.level})", str(puzzle.position), puzzle.question, ""]
    parts.append("Answers:")
    parts += [f"{number}. {puzzle.answer_text}" for number, puzzle in enumerate(puzzles, 1)]
    return "\n".join(parts)


def run_worksheet(args: argparse.Namespace) -> int:
    """Write the worksheet PDF and say where."""
    from kit.puzzles.worksheet import write_worksheet

    if args.paper not in PAPERS:
        raise UsageError(f"--paper must be one of {', '.join(PAPERS)}, not {args.paper!r}")
    if not args.out.lower().endswith(".pdf"):
        raise UsageError(f"--out must name a .pdf file, not {args.out!r}")
    puzzles = _puzzles(args)
    try:
        pages = write_worksheet(puzzles, args.out, args.title, args.paper)
    except (OSError, ValueError) as error:
        raise UsageError(str(error)) from None
    print(f"wrote {args.out}: {len(puzzles)} puzzles on {pages} pages")
    return 0
