"""The ``tournament`` command: computer players against each other.

``python -m kit tournament GAME AGENT AGENT [--games N] [--seed S] [--time-per-move SECONDS] [--json]``

GAME is a registered game's name (``python -m kit --help`` lists them; a game whose games
could go round for ever is drawn after its ply limit unless ``--ply-limit`` says otherwise);
an AGENT is ``random``,
``greedy``, ``alphabeta`` or ``mcts`` (or a strength level: ``beginner``, ``club``,
``strong``). The agents swap colours every game. The command prints the standings, or with
``--json`` one object ``{"games": N, "wins": {"AGENT1": n, "AGENT2": n}, "draws": n}``. When
both agents have the same name, the keys are ``NAME-1`` (the first given, first to move in
game 1) and ``NAME-2``. The JSON object also says how many games ended by the repetition
ruling (``"repetitions"``).

Ctrl-C or SIGTERM stops the match: the workers stop, one line on stderr says so, the
standings of the games already finished are printed (with ``--json``: as JSON, with
``"interrupted": true``), and the exit status is 130. ``--processes`` above the number of
cores this process may use is lowered to it, with a one-line note on stderr.
"""
from __future__ import annotations

import argparse
import json
import os
import sys

from kit.agents.protocol import AGENTS, LEVEL_NAMES
from kit.agents.tournament import Interrupted, TournamentResult, match
from kit.cli.args import INTERRUPTED, UsageError, number, whole_in
from kit.core.game import game, games
from kit.core.limits import MAX_GAMES, MAX_MOVES, MAX_PROCESSES, MAX_SECONDS



def _ply_limit_help() -> str:
    """``--ply-limit``'s help: the games with a default limit, then those that take none."""
    limited = [f"{name}: default {game(name).agent_ply_limit}" for name in games()
               if game(name).agent_ply_limit is not None]
    free = [game(name).title for name in games() if game(name).agent_ply_limit is None]
    said = "a game still going after N plies is a draw" + (f" ({'; '.join(limited)})" if limited else "")
    if len(free) == 1:
        said += f"; {free[0]} takes none: its games end by its own rules"
    elif free:
        said += f"; {', '.join(free[:-1])} and {free[-1]} take none: their games end by their own rules"
    return said


def add_commands(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register the top-level ``tournament`` command."""
    parser = subparsers.add_parser(
        "tournament", help="play two computer players against each other",
        description="Play a match between two computer players, colours swapped every game, and print "
                    "the standings.")
    parser.add_argument("game", metavar="GAME", help=f"the game: {', '.join(games())}")
    parser.add_argument("agents", nargs=2, metavar="AGENT",
                        help=f"a computer player: {', '.join(AGENTS)} (or a level: {', '.join(LEVEL_NAMES)})")
    parser.add_argument("--games", type=whole_in(1, MAX_GAMES), default=10, metavar="N",
                        help=f"games to play, 1..{MAX_GAMES:,} (default 10)")
    parser.add_argument("--seed", type=whole_in(0, 2**32 - 1), default=0, metavar="S", help="random seed (default 0)")
    parser.add_argument("--time-per-move", type=number(0, MAX_SECONDS, low_open=True), metavar="SECONDS",
                        help=f"thinking time of alphabeta and mcts, above 0 and at most {MAX_SECONDS:g} "
                             "(default: the club level's limits)")
    parser.add_argument("--depth", type=whole_in(1, max(game(name).max_search_depth for name in games())), metavar="D",
                        help="alphabeta's depth limit instead of a time limit: "
                             + ", ".join(f"{name} 1..{game(name).max_search_depth}" for name in games()))
    parser.add_argument("--ply-limit", type=whole_in(1, MAX_MOVES), metavar="N",
                        help=_ply_limit_help())
    parser.add_argument("--processes", type=whole_in(1, MAX_PROCESSES), metavar="P",
                        help="worker processes (default: one per core; more than the cores is "
                             "lowered to the number of cores, with a note)")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of the table")
    parser.set_defaults(func=run_tournament)
    from kit.cli.analyse import add_command as add_analyse

    add_analyse(subparsers)


def run_tournament(args: argparse.Namespace) -> int:
    """Play the match and print its standings (or JSON)."""
    if args.game not in games():
        raise UsageError(f"unknown game {args.game!r}; choose one of: {', '.join(games())}")
    for name in args.agents:
        if name not in AGENTS and name not in LEVEL_NAMES:
            raise UsageError(f"unknown agent {name!r}; choose one of: {', '.join(AGENTS + LEVEL_NAMES)}")
    if args.depth is not None and args.depth > game(args.game).max_search_depth:
        raise UsageError(f"--depth for {args.game} is at most {game(args.game).max_search_depth} "
                         f"(a deeper search takes minutes a move), not {args.depth}")
    if args.ply_limit is not None and game(args.game).agent_ply_limit is None:
        limited = ", ".join(name for name in games() if game(name).agent_ply_limit is not None)
        ending = "goes round ends by the repetition ruling" if game(args.game).repetition_rule else "ends by its own rules"
        raise UsageError(f"--ply-limit applies to {limited} only: a {game(args.game).title} game {ending}")
    cores = usable_cores()
    if args.processes is not None and args.processes > cores:
        print(f"note: --processes {args.processes} is more than the {cores} cores here; using {cores}",
              file=sys.stderr, flush=True)
        args.processes = cores
    try:
        result = match(args.game, args.agents, args.games, args.seed, time_per_move=args.time_per_move,
                       depth=args.depth, ply_limit=args.ply_limit, processes=args.processes,
                       progress=sys.stderr.isatty())
    except Interrupted as stop:
        assert stop.result is not None  # match() adds the standings of the finished games
        print(f"interrupted: the standings of the {len(stop.result.games)} of {args.games} games finished",
              file=sys.stderr, flush=True)
        _print(stop.result, args.json, interrupted=True)
        return INTERRUPTED
    _print(result, args.json)
    return 0


def usable_cores() -> int:
    """The cores this process may run on (more worker processes than cores only cost memory)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def _print(result: TournamentResult, as_json: bool, interrupted: bool = False) -> None:
    if as_json:
        print(json.dumps({**result.to_json(), **({"interrupted": True} if interrupted else {})}), flush=True)
    else:
        print(result.table(), flush=True)
