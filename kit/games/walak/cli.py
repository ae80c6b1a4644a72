"""Walak-pussa commands: ``replay``, ``moves``, ``narrate`` and ``gif``.

``python -m kit walak replay [--rules PRESET] [--json] MOVE...`` plays hole letters from the
start (South first) and prints the board, or one JSON object a line, after each move. Every
game ends: at the latest by the repetition ruling (the same position for the third time);
a move after the end is refused.
"""
from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from kit.cli.args import UsageError, whole_in
from kit.cli.gif import gif_parser, write_gif
from kit.core.errors import IllegalMove, RulesError
from kit.games.walak.board import PLAYER_NAMES
from kit.games.walak.position import Position, parse_position, start
from kit.games.walak.rules import PRESETS, as_rules
from kit.core.limits import MAX_MOVES, MAX_NARRATED_LAPS


def add_commands(commands: Any) -> None:
    """Register the Walak-pussa commands."""
    replay = commands.add_parser("replay", help="play moves from the start and show each position",
                                 description="Play hole letters (the mover's a..g, South first) from the start "
                                             "position (or --position). Every game ends, at the latest by the "
                                             "repetition ruling (the same position for the third time); a move "
                                             "after the end is refused.")
    _rules_option(replay)
    _position_option(replay)
    replay.add_argument("--json", action="store_true", help="one JSON object per line after each move")
    replay.add_argument("moves", nargs="*", metavar="MOVE", help="hole letters a..g of the player to move")
    replay.set_defaults(func=replay_command)

    moves = commands.add_parser("moves", help="list the legal (and endless) moves of a position")
    _rules_option(moves)
    _position_option(moves)
    moves.set_defaults(func=moves_command)

    gif = gif_parser(commands, "Walak-pussa", "hole letter a..g of the player to move")
    gif.add_argument("--rules", default="default", metavar="PRESET",
                     help="rule preset: default, skip-origin, ludii (default: default)")
    gif.add_argument("--position", metavar="STRING",
                     help="start from this position, e.g. 'N:5,4,3,6,3,4,3/5,2,7,6,1,4,3:0-0'")
    gif.set_defaults(func=gif_command)

    narrate = commands.add_parser("narrate", help="narrate a move event by event")
    _rules_option(narrate)
    _position_option(narrate)
    narrate.add_argument("--laps", type=whole_in(1, MAX_NARRATED_LAPS), default=None,
                         help=f"narrate only the first LAPS laps, 1..{MAX_NARRATED_LAPS:,} (works for endless moves too)")
    narrate.add_argument("move", metavar="MOVE", help="hole letter a..g of the player to move")
    narrate.set_defaults(func=narrate_command)




def _rules_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--rules", default="default", metavar="PRESET",
                        help=f"rule preset: {', '.join(PRESETS)} (default: default)")


def _position_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--position", metavar="STRING",
                        help="start from this position, e.g. 'N:5,4,3,6,3,4,3/5,2,7,6,1,4,3:0-0'")


def position_from(args: argparse.Namespace) -> Position:
    """The position named by ``--rules`` and ``--position`` (the start if none)."""
    try:
        rules = as_rules(args.rules)
        return start(rules) if getattr(args, "position", None) is None else parse_position(args.position, rules)
    except (RulesError, ValueError) as error:
        raise UsageError(str(error)) from None


def position_json(position: Position) -> dict[str, Any]:
    """The fields of a position the JSON output shows."""
    return {"board": list(position.board), "captured": list(position.score), "to_move": position.to_move,
            "over": position.is_over, "winner": position.winner, "end": position.end_reason}


def replay_command(args: argparse.Namespace) -> int:
    """Play the moves, printing each position; an illegal move ends with status 2."""
    if len(args.moves) > MAX_MOVES:
        raise UsageError(f"at most {MAX_MOVES:,} moves, not {len(args.moves):,}")
    position = position_from(args)
    for ply, move in enumerate(args.moves, 1):
        player = position.to_move
        try:
            position = position.play(move)
        except IllegalMove as error:
            print(f"error: ply {ply}: {error}", file=sys.stderr)
            return 2
        if args.json:
            print(json.dumps({"ply": ply, "player": player, "move": move, **position_json(position)}))
        else:
            print(f"{ply}. {PLAYER_NAMES[player]} plays {move}\n{position}\n")
    if not args.moves and not args.json:
        print(position)
    if position.is_over and not args.json:
        print(position.end_reason)
    return 0


def moves_command(args: argparse.Namespace) -> int:
    """Print the legal moves, and the endless ones with the reason they are refused."""
    position = position_from(args)
    print(position)
    print(f"legal: {' '.join(position.legal_moves()) or '(none: the game is over)'}")
    if position.is_over:
        print(position.end_reason)
    for move in position.endless_moves():
        print(f"endless: {move}: {position.why_illegal(move)}")
    return 0


def narrate_command(args: argparse.Namespace) -> int:
    """Print the narration of a move, one event a line."""
    position = position_from(args)
    try:
        events = position.first_laps(args.move, args.laps) if args.laps else position.trace(args.move).events
    except IllegalMove as error:
        raise UsageError(str(error)) from None
    for event in events:
        print(event.text)
    return 0


def gif_command(args: argparse.Namespace) -> int:
    """Write the GIF of a Walak-pussa move."""
    return write_gif(position_from(args), lambda position: args.move, args)
