"""The ``tournament`` command: computer players against each other.

``python -m kit tournament GAME AGENT AGENT [--games N] [--seed S] [--time-per-move SECONDS] [--json]``

GAME is ``walak`` or ``myra`` (two players, a draw after 200 plies); an AGENT is ``random``,
``greedy``, ``alphabeta`` or ``mcts`` (or a strength level: ``beginner``, ``club``,
``strong``). The agents swap colours every game. The command prints the standings, or with
``--json`` one object ``{"games": N, "wins": {"AGENT1": n, "AGENT2": n}, "draws": n}``. When
both agents have the same name, the keys are ``NAME-1`` (the first given, first to move in
game 1) and ``NAME-2``.
"""
from __future__ import annotations

import argparse
import json
import sys

from kit.agents.protocol import AGENTS, LEVEL_NAMES
from kit.agents.tournament import match
from kit.cli import UsageError
from kit.game import game, games


def add_commands(subparsers: argparse._SubParsersAction) -> None:
    """Register the top-level ``tournament`` command."""
    parser = subparsers.add_parser(
        "tournament", help="play two computer players against each other",
        description="Play a match between two computer players, colours swapped every game, and print "
                    "the standings.")
    parser.add_argument("game", metavar="GAME", help=f"the game: {', '.join(games())}")
    parser.add_argument("agents", nargs=2, metavar="AGENT",
                        help=f"a computer player: {', '.join(AGENTS)} (or a level: {', '.join(LEVEL_NAMES)})")
    parser.add_argument("--games", type=int, default=10, metavar="N", help="games to play (default 10)")
    parser.add_argument("--seed", type=int, default=0, metavar="S", help="random seed (default 0)")
    parser.add_argument("--time-per-move", type=float, metavar="SECONDS",
                        help="thinking time of alphabeta and mcts (default: the club level's limits)")
    parser.add_argument("--depth", type=int, metavar="D", help="alphabeta's depth limit instead of a time limit")
    parser.add_argument("--ply-limit", type=int, metavar="N",
                        help=f"Myra: a game still going after N plies is a draw (default {game('myra').agent_ply_limit})")
    parser.add_argument("--processes", type=int, metavar="P", help="worker processes (default: one per core)")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of the table")
    parser.set_defaults(func=run_tournament)


def run_tournament(args: argparse.Namespace) -> int:
    """Play the match and print its standings (or JSON)."""
    if args.game not in games():
        raise UsageError(f"unknown game {args.game!r}; choose one of: {', '.join(games())}")
    for name in args.agents:
        if name not in AGENTS and name not in LEVEL_NAMES:
            raise UsageError(f"unknown agent {name!r}; choose one of: {', '.join(AGENTS + LEVEL_NAMES)}")
    for option, value in (("--games", args.games), ("--depth", args.depth), ("--ply-limit", args.ply_limit),
                          ("--processes", args.processes)):
        if value is not None and value < 1:
            raise UsageError(f"{option} must be at least 1, not {value}")
    if args.time_per_move is not None and not args.time_per_move > 0:
        raise UsageError(f"--time-per-move must be a positive number of seconds, not {args.time_per_move}")
    if args.ply_limit is not None and game(args.game).agent_ply_limit is None:
        raise UsageError(f"--ply-limit applies to myra only: {game(args.game).title} has no ply limit")
    result = match(args.game, args.agents, args.games, args.seed, time_per_move=args.time_per_move,
                   depth=args.depth, ply_limit=args.ply_limit, processes=args.processes,
                   progress=sys.stderr.isatty())
    print(json.dumps(result.to_json()) if args.json else result.table())
    return 0
