"""The commands every game has for its moves: ``moves``, ``replay`` and ``narrate``.

``python -m kit GAME moves [position options]`` lists the legal moves of a position: after the
board on one line (``legal: a b c``), then the reason each endless move is refused; for a game
whose moves come in groups (:meth:`kit.core.game.Game.move_groups`), one
move a line under a heading ``# group (n)`` for each group.

``python -m kit GAME replay [position options] [--json] MOVE...`` plays moves in notation and
prints ``ply N: SEAT plays MOVE`` and the board after each (the board alone without moves), and
the reason the game ended once it is over; with ``--json`` one object a line: ``ply``,
``player``, ``move``, the position's fields (:meth:`kit.core.game.Game.replay_fields`: by default
its JSON), ``over``, ``winner`` and ``end``. An illegal move ends
the command (``error: ply N: ...``, exit status 2) after the positions before it.

``python -m kit GAME narrate [position options] MOVE`` prints a move's events, one a line; in a
game that refuses moves that never end, ``--laps N`` narrates only the first N laps (endless
moves too).

The position options are the game's (see :mod:`kit.cli.position`).
"""
from __future__ import annotations

import argparse
import json
from functools import partial

from kit.cli.args import UsageError, whole_in
from kit.cli.position import add_position_options, position_from
from kit.core.errors import IllegalMove
from kit.core.game import Game
from kit.core.limits import MAX_MOVES, MAX_NARRATED_LAPS


def move_help(game: Game) -> str:
    """How a move of ``game`` is written, for the commands' help."""
    if game.notation_help:
        return game.notation_help
    first = game.start()
    return f"a move in notation, e.g. {first.notation(first.legal_moves()[0])}"


def add_commands(game: Game, subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``moves``, ``replay`` and ``narrate`` for ``game``."""
    moves = subparsers.add_parser("moves", help="list the legal moves of a position",
                                  description=f"List the legal moves of a {game.title} position (the start, or "
                                              "--position)" + (", and the endless ones with the reason they are "
                                                               "refused." if game.refuses_endless else "."))
    add_position_options(game, moves)
    moves.set_defaults(func=partial(run_moves, game))

    replay = subparsers.add_parser("replay", help="play moves and show each position",
                                   description=f"Play {game.title} moves in notation from the start position (or "
                                               "--position) and show the position after each; a move after the "
                                               "end of the game is refused.")
    add_position_options(game, replay)
    replay.add_argument("--json", action="store_true", help="one JSON object a line after each move")
    replay.add_argument("moves", nargs="*", metavar="MOVE", help=move_help(game))
    replay.set_defaults(func=partial(run_replay, game))

    narrate = subparsers.add_parser("narrate", help="narrate a move event by event",
                                    description=f"Print the events of a {game.title} move, one a line.")
    add_position_options(game, narrate)
    if game.refuses_endless:
        narrate.add_argument("--laps", type=whole_in(1, MAX_NARRATED_LAPS), default=None,
                             help=f"narrate only the first LAPS laps, 1..{MAX_NARRATED_LAPS:,} "
                                  "(works for endless moves too)")
    narrate.add_argument("move", metavar="MOVE", help=move_help(game))
    narrate.set_defaults(func=run_narrate)


def run_moves(game: Game, args: argparse.Namespace) -> int:
    """Print the legal moves (by group where the game groups them), and the endless ones with the reason."""
    position = position_from(args)
    moves = position.legal_moves()
    groups = game.move_groups(moves)
    if groups:  # many moves: one a line, under a heading per group
        if not moves:
            print("# the game is over: no moves")
        for name, group in groups:
            if group:
                print(f"# {name} ({len(group)})")
                for move in group:
                    print(position.notation(move))
    else:
        print(position)
        print(f"legal: {' '.join(position.notation(move) for move in moves) or '(none: the game is over)'}")
        if position.is_over:
            print(position.end_reason)
    for move in position.endless_moves():
        print(f"{'# ' if groups else ''}endless: {position.notation(move)}: {position.why_illegal(move)}")
    return 0


def run_replay(game: Game, args: argparse.Namespace) -> int:
    """Play the moves, printing each position; an illegal move is a usage error naming its ply."""
    if len(args.moves) > MAX_MOVES:
        raise UsageError(f"at most {MAX_MOVES:,} moves, not {len(args.moves):,}")
    position = position_from(args)
    seats = game.player_names(position.num_players)
    for text in args.moves:
        mover, ply = position.to_move, position.ply + 1
        try:
            move = position.parse_move(text)
            notation = position.notation(move)
            position = position.play(move)
        except IllegalMove as error:
            raise UsageError(f"ply {ply}: {error}") from None
        if args.json:
            print(json.dumps({"ply": ply, "player": mover, "move": notation, **game.replay_fields(position),
                              "over": position.is_over, "winner": position.winner, "end": position.end_reason}),
                  flush=True)
        else:
            print(f"ply {ply}: {seats[mover]} plays {notation}\n{position}\n", flush=True)
    if not args.moves and not args.json:
        print(position)
    if position.is_over and not args.json and not str(position).rstrip().endswith(position.end_reason):
        print(position.end_reason)  # unless the board's picture says it already
    return 0


def run_narrate(args: argparse.Namespace) -> int:
    """Print the narration of a move, one event a line (only its first laps with ``--laps``)."""
    position = position_from(args)
    laps = getattr(args, "laps", None)
    try:
        move = position.parse_move(args.move)
        events = position.first_laps(move, laps) if laps else position.trace(move).events
    except IllegalMove as error:
        raise UsageError(str(error)) from None
    for event in events:
        print(event.text)
    return 0

