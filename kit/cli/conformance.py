"""The ``check`` command: the conformance check a game's author runs on their game.

``python -m kit check GAME [--rules PRESET] [--players N] [--games N] [--plies N] [--seed S]``
plays N random games of each number of players the game allows (or N players only) under a
rule preset, checking every position through the protocol
(:mod:`kit.core.conformance`), and prints a line for each number of players and a last line
``GAME follows the protocol.``; at the first problem it prints ``error: ...`` saying what and
after which moves, with exit status 1.
"""
from __future__ import annotations

import argparse

from kit.cli.args import UsageError, whole_in
from kit.core.conformance import PLIES, ConformanceError, check
from kit.core.game import game, games
from kit.core.limits import MAX_GAMES, MAX_PLY

#: The exit status of a game that fails the check.
FAILED = 1


def add_commands(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register the top-level ``check`` command."""
    parser = subparsers.add_parser(
        "check", help="check that a game follows the protocol (random games)",
        description="Play random games of a game with each of its numbers of players and check every position "
                    "through the protocol the kit relies on: a game's first test, for its author.")
    parser.add_argument("game", metavar="GAME", help=f"the game: {', '.join(games())}")
    parser.add_argument("--rules", metavar="PRESET",
                        help="the game's rule preset to play under (default: default; the presets: see GAME --help)")
    parser.add_argument("--players", type=whole_in(1, 99), metavar="N",
                        help="check with this number of players only (default: each number the game allows)")
    parser.add_argument("--games", type=whole_in(1, MAX_GAMES), default=3, metavar="N",
                        help=f"random games of each number of players, 1..{MAX_GAMES:,} (default 3)")
    parser.add_argument("--plies", type=whole_in(1, MAX_PLY), default=PLIES, metavar="N",
                        help=f"the most plies of a random game, 1..{MAX_PLY:,} (default {PLIES})")
    parser.add_argument("--seed", type=whole_in(0, 2**32 - 1), default=0, metavar="S", help="random seed (default 0)")
    parser.set_defaults(func=run_check)


def run_check(args: argparse.Namespace) -> int:
    """Check the game; a line on each number of players, then the verdict."""
    if args.game not in games():
        raise UsageError(f"unknown game {args.game!r}; choose one of: {', '.join(games())}")
    description = game(args.game)
    title = description.title
    if args.rules is not None and args.rules not in description.presets:
        raise UsageError(f"{title} has no rule preset {args.rules!r}; choose one of: {', '.join(description.presets)}")
    if args.players is not None and args.players not in description.player_counts:
        counts = " or ".join(map(str, description.player_counts))
        raise UsageError(f"{title} is played by {counts} players, not {args.players}")
    try:
        lines = check(args.game, games=args.games, plies=args.plies, seed=args.seed, players=args.players,
                      rules=args.rules)
    except ConformanceError as error:
        print(f"error: {title} does not follow the protocol: {error}", flush=True)
        return FAILED
    for line in lines:
        print(line)
    print(f"{title} follows the protocol.")
    return 0
