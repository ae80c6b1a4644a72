"""Myra commands: ``python -m kit myra perft|moves|replay ...``."""
from __future__ import annotations

import argparse
import json
import time

from kit.cli.args import UsageError, read_text_file, whole_in
from kit.cli.gif import gif_parser, write_gif
from kit.core.errors import IllegalMove, RecordError, RulesError
from kit.games.myra.moves import KINDS
from kit.games.myra.pieces import PLAYER_NAMES
from kit.games.myra.position import Position, perft_counts, start, PerftTooDeep
from kit.games.myra.records import position_from_json
from kit.games.myra.rules import PRESETS
from kit.core.limits import MAX_MOVES, MAX_PERFT_DEPTH, MAX_PLY


def add_commands(subparsers: argparse._SubParsersAction) -> None:
    """Register the perft, moves, replay and gif commands."""
    perft = subparsers.add_parser(
        "perft", help="count the distinct positions D plies ahead",
        description="Count the distinct positions reachable in exactly D plies; the last line is the count.")
    _position_options(perft)
    perft.add_argument("--depth", type=whole_in(0, MAX_PERFT_DEPTH), default=1, metavar="D",
                       help=f"plies to look ahead, 0..{MAX_PERFT_DEPTH} (default 1; depth 3 takes minutes; a depth "
                            "whose positions would take more than 1 GB is refused)")
    perft.set_defaults(func=run_perft)

    moves = subparsers.add_parser(
        "moves", help="list the legal moves", description="List the legal moves in notation, grouped by kind.")
    _position_options(moves)
    moves.set_defaults(func=run_moves)

    replay = subparsers.add_parser(
        "replay", help="play moves and show each position",
        description="Play moves in notation (quote moves such as '*F10' and 'F10>E9>E8' for the shell) "
                    "and show the position after each.")
    _position_options(replay)
    replay.add_argument("--json", action="store_true", help="one JSON object per move")
    replay.add_argument("moves", nargs="+", metavar="MOVE", help="moves in notation, e.g. F10-F9 2:E9-D8 '*F10'")
    replay.set_defaults(func=run_replay)

    gif = gif_parser(subparsers, "Myra", "a move in notation, e.g. F10-E10 (quote moves such as '*F10')")
    gif.add_argument("--position", metavar="FILE", help="a position file (JSON) instead of the 2-player start")
    gif.set_defaults(func=gif_command)




def _position_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--players", type=int, choices=(2, 3), help="start position for 2 or 3 players (default 2)")
    parser.add_argument("--position", metavar="FILE", help="a position file (RULINGS JSON) instead of the start")
    parser.add_argument("--rules", choices=tuple(PRESETS), help="rules preset (default: default)")
    parser.add_argument("--ply-limit", type=whole_in(1, MAX_PLY), metavar="N",
                        help=f"end the game as a draw after N plies (1..{MAX_PLY:,}; default: no limit)")


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


def run_moves(args: argparse.Namespace) -> int:
    """Print the legal moves one per line, under a '# kind (n)' heading per kind."""
    position = _position(args)
    moves = position.legal_moves()
    if not moves:
        print("# the game is over: no moves")
    for kind in KINDS:
        group = [m for m in moves if m.kind == kind]
        if group:
            print(f"# {kind} ({len(group)})")
            for move in group:
                print(move)
    return 0


def run_replay(args: argparse.Namespace) -> int:
    """Play the moves, printing each position; an illegal move is a usage error naming its ply."""
    if len(args.moves) > MAX_MOVES:
        raise UsageError(f"at most {MAX_MOVES:,} moves, not {len(args.moves):,}")
    position = _position(args)
    for text in args.moves:
        mover, ply = position.to_move, position.ply + 1
        try:
            move = position.parse_move(text)
            position = position.play(move)
        except IllegalMove as error:
            raise UsageError(f"ply {ply}: {error}") from None
        if args.json:
            record = position.to_json()
            record.update(ply=ply, player=mover, move=str(move), over=position.is_over, winner=position.winner)
            print(json.dumps(record), flush=True)
        else:
            print(f"ply {ply}: {PLAYER_NAMES[mover]} plays {move}\n{position}\n", flush=True)
    return 0


def gif_command(args: argparse.Namespace) -> int:
    """Write the GIF of a Myra move."""
    try:
        position = start() if args.position is None else position_from_json(
            read_text_file(args.position, "position file"))
    except RecordError as error:
        raise UsageError(str(error)) from None
    return write_gif(position, lambda position: position.parse_move(args.move), args)
