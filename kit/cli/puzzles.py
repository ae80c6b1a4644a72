"""The ``puzzles`` and ``worksheet`` commands.

``python -m kit puzzles GAME [--kind KIND] [--level L] [--count N] [--seed S] [--time-limit SECONDS] [--json]``
prints puzzles found in games between the kit's agents (with ``--json`` one object
``{"game": GAME, "puzzles": [...]}``, each puzzle as :meth:`kit.puzzles.Puzzle.to_json`).

``python -m kit worksheet GAME [--kind KIND] [--level L] [--count N] [--seed S] [--title T]
[--paper a4|letter] --out FILE.pdf [--force]`` writes a printable worksheet with an answer
key; an existing file is replaced only with ``--force``. A mistake in the arguments is a
one-line error with exit status 2, and leaves no file.

The search for puzzles plays games until it has enough, and gives up after ``--time-limit``
seconds (default 120): while it runs, a terminal shows its progress on stderr; fewer puzzles
than asked for come with a one-line note on stderr, none is an error.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from kit.cli.args import UsageError, add_output, check_out, number
from kit.core.limits import MAX_COUNT, MAX_TIME_LIMIT
from kit.puzzles.generate import LEVELS, PuzzleError, make_puzzles
from kit.core.game import game as find_game, games
from kit.puzzles.kinds import kinds_for
from kit.puzzles.puzzle import Puzzle
from kit.puzzles.worksheet import PAPERS, plain_title

TIME_LIMIT = 120.0  # seconds the search for puzzles takes at most, unless --time-limit says otherwise



def add_commands(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
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
    add_output(sheet, "FILE.pdf", "PDF file")
    sheet.set_defaults(func=run_worksheet)


def _common(parser: argparse.ArgumentParser, default_count: int) -> None:
    parser.add_argument("game", metavar="GAME", help=f"the game: {', '.join(games())}")
    kinds = "; ".join(f"{game}: {', '.join(f'{name} ({kind.summary})' for name, kind in kinds_for(game).items())}"
                      for game in games() if find_game(game).puzzles() is not None)  # a game may have none
    parser.add_argument("--kind", metavar="KIND",
                        help=f"the kind of puzzle, {kinds} (default: the common kinds in turn)")
    parser.add_argument("--level", type=int, default=1, metavar="L", help="difficulty 1, 2 or 3 (default 1)")
    parser.add_argument("--count", type=int, default=default_count, metavar="N",
                        help=f"how many puzzles (default {default_count})")
    parser.add_argument("--seed", type=int, default=0, metavar="S",
                        help="random seed (default 0): same seed, same puzzles")
    parser.add_argument("--time-limit", type=number(1, MAX_TIME_LIMIT), default=TIME_LIMIT, metavar="SECONDS",
                        help=f"give up searching after this many seconds, 1..{MAX_TIME_LIMIT:g} (default {TIME_LIMIT:g}), "
                             "and use the puzzles found by then")


def _puzzles(args: argparse.Namespace) -> list[Puzzle]:
    if args.game not in games():
        raise UsageError(f"unknown game {args.game!r}; choose one of: {', '.join(games())}")
    if args.level not in LEVELS:
        raise UsageError(f"--level must be 1, 2 or 3, not {args.level}")
    if not 1 <= args.count <= MAX_COUNT:
        raise UsageError(f"--count must be 1 to {MAX_COUNT}, not {args.count}")
    shown = sys.stderr.isatty()
    searched = [0]

    def progress(games: int, found: int, elapsed: float) -> None:
        searched[0] = games
        if shown:
            print(f"\rsearching: {games} games, {found} of {args.count} puzzles found, {elapsed:.0f} s "
                  f"(gives up at {args.time_limit:g} s)", end="", file=sys.stderr, flush=True)

    began = time.monotonic()
    try:
        puzzles = make_puzzles(args.game, args.kind, args.level, args.count, args.seed, seconds=args.time_limit,
                               progress=progress)
    except PuzzleError as error:
        raise UsageError(str(error)) from None
    finally:
        if shown:
            print("\r\033[K", end="", file=sys.stderr, flush=True)
    took = time.monotonic() - began
    what = f"{args.kind + ' ' if args.kind else ''}puzzle"
    if not puzzles:
        raise UsageError(f"no {what} at level {args.level} was found in {took:.0f} s ({searched[0]} games searched); "
                         "try another level or seed, or a longer --time-limit")
    if len(puzzles) < args.count:
        print(f"note: {len(puzzles)} of {args.count} puzzles found in {took:.0f} s ({searched[0]} games searched); "
              "the search gave up", file=sys.stderr, flush=True)
    return puzzles


def run_puzzles(args: argparse.Namespace) -> int:
    """Print the puzzles, as text or JSON."""
    puzzles = _puzzles(args)
    if args.json:
        print(json.dumps({"game": args.game, "puzzles": [p.to_json() for p in puzzles]}))
        return 0
    print(puzzles_text(puzzles))
    return 0


def puzzles_text(puzzles: list[Puzzle]) -> str:
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
        raise UsageError("--out must name a .pdf file (a name ending in .pdf)")
    check_out(args)
    if args.title is not None:
        try:
            plain_title(args.title)
        except ValueError as error:
            raise UsageError(f"--title: {error}") from None
    puzzles = _puzzles(args)
    try:
        pages = write_worksheet(puzzles, args.out, args.title, args.paper, overwrite=args.force)
    except OSError as error:  # kit.core.files names the file asked for
        raise UsageError(error.strerror or str(error)) from None
    except ValueError as error:
        raise UsageError(str(error)) from None
    print(f"wrote {args.out}: {len(puzzles)} puzzle{'s' * (len(puzzles) != 1)} on {pages} page{'s' * (pages != 1)}")
    return 0
