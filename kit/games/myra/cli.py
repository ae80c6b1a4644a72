"""Myra's own command, ``python -m kit myra perft``, and the options saying which Myra position a
command starts from (:meth:`kit.core.game.Game.position_options`; the commands every game has are
in :mod:`kit.cli`)."""
from __future__ import annotations

import argparse
import time
from typing import Callable

from kit.cli.args import UsageError, read_text_file, whole_in
from kit.core.errors import RecordError, RulesError
from kit.core.limits import MAX_PERFT_DEPTH, MAX_PLY
from kit.games.myra.position import PerftTooDeep, Position, perft_counts, start
from kit.games.myra.records import position_from_json
from kit.games.myra.rules import PRESETS


def add_commands(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``perft`` command."""
    perft = subparsers.add_parser(
        "perft", help="count the distinct positions D plies ahead",
        description="Count the distinct positions reachable in exactly D plies; the last line is the count.")
    position_options(perft)
    perft.add_argument("--depth", type=whole_in(0, MAX_PERFT_DEPTH), default=1, metavar="D",
                       help=f"plies to look ahead, 0..{MAX_PERFT_DEPTH} (default 1; depth 3 takes minutes; a depth "
                            "whose positions would take more than 1 GB is refused)")
    perft.set_defaults(func=run_perft)


def position_options(parser: argparse.ArgumentParser) -> Callable[[argparse.Namespace], Position]:
    """Add ``--players``, ``--position FILE``, ``--rules`` and ``--ply-limit`` to a command; return
    the reader of the position they name."""
    parser.add_argument("--players", type=int, choices=(2, 3), help="start position for 2 or 3 players (default 2)")
    parser.add_argument("--position", metavar="FILE", help="a position file (JSON, as records and set-ups write it; see docs/myra-rules.md) instead of the start")
    parser.add_argument("--rules", choices=tuple(PRESETS), help="rules preset (default: default)")
    parser.add_argument("--ply-limit", type=whole_in(1, MAX_PLY), metavar="N",
                        help=f"end the game as a draw after N plies (1..{MAX_PLY:,}; default: no limit)")
    return _position


def _position(args: argparse.Namespace) -> Position:
    """The position the command starts from."""
    options = {} if args.ply_limit is None else {"ply_limit": args.ply_limit}
    try:
        rules = dict(preset=args.rules or "default", **options)
        if args.position is None:
            return start(args.players or 2, rules)
        position = position_from_json(read_text_file(args.position, "position file"), rules if args.rules or options else None)
    except (RecordError, RulesError) as error:
        raise UsageError(str(error)) from None
    if args.players is not None and args.players != position.num_players:
        raise UsageError(f"--players {args.players} does not match the {position.num_players}-player position file")
    return position


def run_perft(args: argparse.Namespace) -> int:
    """Print the positions at each depth; the last line is the count at the requested depth."""
    position = _position(args)
    began = time.perf_counter()
    try:
        counts = perft_counts(position, args.depth)
    except PerftTooDeep as error:
        raise UsageError(str(error)) from None
    for depth, count in enumerate(counts, start=1):
        print(f"depth {depth}: {count} positions")
    print(f"time: {time.perf_counter() - began:.3f} s")
    print(counts[-1] if counts else 1)
    return 0
