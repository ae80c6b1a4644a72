"""The ``perft`` command every game has: ``python -m kit GAME perft [position options] [--depth D]``.

Counts the move sequences of exactly 1, 2, ..., D plies from the start (or ``--position``),
over the protocol alone (:mod:`kit.core.perft`): one line ``depth N: C move sequences`` a depth,
the time taken, and the count at depth D alone on the last line. A game may bring its own
``perft`` command instead (:meth:`kit.core.game.Game.add_commands`, e.g. one counting distinct
positions); the kit's is then not added.
"""
from __future__ import annotations

import argparse
import time
from functools import partial

from kit.cli.args import whole_in
from kit.cli.position import add_position_options, position_from
from kit.core.game import Game
from kit.core.perft import perft_counts


def add_command(game: Game, subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``perft`` for ``game`` unless the game has its own."""
    if "perft" in subparsers.choices:
        return
    perft = subparsers.add_parser(
        "perft", help="count the move sequences D plies deep",
        description=f"Count the {game.title} move sequences of exactly 1, 2, ..., D plies from a position (a "
                    "game's first check against figures worked out by hand); the last line is the count at D.")
    add_position_options(game, perft)
    perft.add_argument("--depth", type=whole_in(0, game.max_search_depth), default=1, metavar="D",
                       help=f"plies to look ahead, 0..{game.max_search_depth} (default 1; each ply multiplies "
                            "the time by the number of moves; Ctrl-C stops it)")
    perft.set_defaults(func=partial(run_perft, game))


def run_perft(game: Game, args: argparse.Namespace) -> int:
    """Print the count at each depth, the time, and the count at the depth asked for."""
    position = position_from(args)
    began = time.perf_counter()
    counts = perft_counts(position, args.depth)
    for depth, count in enumerate(counts, start=1):
        print(f"depth {depth}: {count:,} move sequences")
    print(f"time: {time.perf_counter() - began:.3f} s")
    print(counts[-1] if counts else 1)
    return 0
