"""The ``analyse`` command: the best move of a position, its value in words and numbers, and the line.

``python -m kit analyse GAME (--position FILE_OR_STRING | MOVE...) [--players N] [--time T]
[--depth D] [--json]``

The position is a file or the text itself (a JSON position, or the game's own text form
where it has one, :meth:`kit.core.game.Game.position_from_text`), or the position after the
given moves from the start. The strong search (alpha-beta with
quiescence, :mod:`kit.agents.alphabeta`) looks at it for T seconds (default 2) or to depth D.
The command prints the best move, its value for the player to move in words and as a
number, the depth reached, the principal variation, the positions searched and the time;
with ``--json`` one object ``{"best": MOVE, "value": number, "result": word, "depth": d,
"pv": [MOVE...], "nodes": n, "seconds": s}``, moves in the game's notation. ``result`` is
``"win"`` or ``"loss"`` when the search proved one for the player to move, else null. A
search that completed no ply in its time (``--time`` too short for the position) names no
move: ``best`` is null, ``depth`` 0, ``pv`` empty, and ``value`` is the evaluation of the
position as it stands. The JSON is always valid JSON (no infinities). A finished position,
a bad file or a bad move is a one-line error (exit status 2).
"""
from __future__ import annotations

import argparse
import json
import os
from typing import Any

from kit.agents.analyse import DEFAULT_SECONDS, analyse
from kit.cli.args import UsageError, read_text_file
from kit.core.errors import clip, show
from kit.core.game import game as find_game, games
from kit.core.limits import MAX_MOVE_TEXT, MAX_MOVES, MAX_TEXT


def load(game: str, text: str, players: int | None = None) -> Any:
    """A position of the game from a file name or the position's text; ValueError names the problem."""
    if len(text) > MAX_TEXT:
        raise ValueError(f"the position text is too long: {len(text):,} characters (at most {MAX_TEXT:,})")
    if os.path.isfile(text):
        text = read_text_file(text, "position file")
    elif text.strip().lower().endswith(".json") and not text.lstrip().startswith("{"):
        raise ValueError(f"there is no position file {text.strip()!r} (nor is it a position written out)")
    position = find_game(game).position_from_text(text)
    if players is not None and position.num_players != players:
        raise ValueError(f"--players {players} does not match the {position.num_players}-player position")
    return position


def after_moves(game: str, moves: list[str], players: int | None = None) -> Any:
    """The position after the moves from the start; ValueError names the first bad move."""
    description = find_game(game)
    if players is not None and players not in description.player_counts:
        raise ValueError(f"{description.title} is played by {' or '.join(map(str, description.player_counts))} players")
    position = description.start(players)
    if len(moves) > MAX_MOVES:
        raise ValueError(f"at most {MAX_MOVES:,} moves, not {len(moves):,}")
    for ply, move in enumerate(moves, start=1):
        shown = clip(move) if len(move) <= MAX_MOVE_TEXT else f"{len(move):,} characters"  # the error quotes it
        if position.is_over:
            raise ValueError(f"move {ply} ({shown}): the game is already over")
        try:
            position = position.play(move)
        except ValueError as error:
            raise ValueError(f"move {ply} ({shown}): {error}") from None
    return position


def add_command(subparsers: argparse._SubParsersAction[Any]) -> None:
    """Register the top-level ``analyse`` command."""
    parser = subparsers.add_parser(
        "analyse", help="the best move of a position, its value and the line the search expects",
        description="Search a position and print the best move, its value in words and numbers, the depth "
                    "reached, the principal variation, the positions searched and the time.")
    parser.add_argument("game", metavar="GAME", help=f"the game: {', '.join(games())}")
    parser.add_argument("--position", metavar="FILE_OR_STRING",
                        help="a position file, or the position itself (JSON, or the game's own text form)")
    parser.add_argument("moves", nargs="*", metavar="MOVE", help="moves from the start instead of --position")
    parser.add_argument("--players", type=int, metavar="N", help="the number of players, for games of several sizes (default: the fewest)")
    parser.add_argument("--time", type=float, metavar="T", help=f"seconds to search (default {DEFAULT_SECONDS:g})")
    parser.add_argument("--depth", type=int, metavar="D", help="search to this depth (without a time limit unless --time)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(func=run_analyse)


def run_analyse(args: argparse.Namespace) -> int:
    """Analyse the position and print the result."""
    if args.game not in games():
        shown = show(args.game, "'")
        raise UsageError(f"unknown game {shown}; choose one of: {', '.join(games())}")
    if args.position is not None and args.moves:
        raise UsageError("give either --position or moves from the start, not both")
    description = find_game(args.game)
    if args.players is not None and args.players not in description.player_counts:
        counts = " or ".join(map(str, description.player_counts))
        raise UsageError(f"--players must be {counts}, not {args.players}")
    if args.time is not None and not 0 < args.time <= 3600:
        raise UsageError(f"--time must be a number of seconds above 0 and at most 3600, not {args.time}")
    if args.depth is not None and not 1 <= args.depth <= description.max_search_depth:
        raise UsageError(f"--depth for {args.game} must be 1 to {description.max_search_depth}, not {args.depth}")
    try:
        if args.position is not None:
            position = load(args.game, args.position, args.players)
        else:
            position = after_moves(args.game, args.moves, args.players)
        if position.is_over:
            raise ValueError("the game is over: there is no move to analyse")
        seconds = args.time if args.time is not None or args.depth is not None else DEFAULT_SECONDS
        result = analyse(position, seconds, args.depth)
    except (ValueError, RecursionError) as error:
        raise UsageError(str(error).splitlines()[0] if str(error) else "the position cannot be read") from None
    print(json.dumps(result.to_json(), allow_nan=False) if args.json else result.text())
    return 0
