"""Which position a game's command starts from: the game's own options, or these.

Every command that starts from a position (``moves``, ``replay``, ``narrate`` and ``gif``) gets
its options from :func:`add_position_options`: those the game asks for
(:meth:`kit.core.game.Game.position_options`), or else the same for every game: ``--rules PRESET``, ``--players N`` (where the game has several sizes) and ``--position
FILE_OR_STRING`` (a position file, or the position itself: JSON, or the game's own text form
where it has one; for a game without one, anything but JSON is read as a file's name).
The command reads the position with :func:`position_from`.
"""
from __future__ import annotations

import argparse
import os
from typing import Any, Callable

from kit.cli.args import UsageError, read_text_file
from kit.core.game import Game
from kit.core.limits import MAX_TEXT


def add_position_options(game: Game, parser: argparse.ArgumentParser) -> None:
    """Add the options saying which position a command of ``game`` starts from."""
    reader = game.position_options(parser) or _generic_options(game, parser)
    parser.set_defaults(read_position=reader)


def position_from(args: argparse.Namespace) -> Any:
    """The position the parsed arguments name (the start if none)."""
    return args.read_position(args)


def _generic_options(game: Game, parser: argparse.ArgumentParser) -> Callable[[argparse.Namespace], Any]:
    """``--rules``, ``--players`` (where the game has several sizes) and ``--position``; the reader of the position."""
    parser.add_argument("--rules", choices=tuple(game.presets), metavar="PRESET",
                        help=f"rule preset: {', '.join(game.presets)} (default: default; a --position "
                             "carries its own rules)")
    several = len(game.player_counts) > 1
    if several:
        counts = " or ".join(map(str, game.player_counts))
        parser.add_argument("--players", type=int, choices=game.player_counts, metavar="N",
                            help=f"the start position for {counts} players (default {game.player_counts[0]})")
    example = f", e.g. '{game.text_example}'" if game.text_example else ""
    forms = f"JSON, or the game's own text form{example}" if game.text_reader is not None else "JSON"
    parser.add_argument("--position", metavar="FILE_OR_STRING",
                        help=f"start from this position: a position file, or the position itself ({forms})")

    def read(args: argparse.Namespace) -> Any:
        players = args.players if several else None
        if args.position is None:
            return game.start(players, args.rules)
        text = args.position
        if len(text) > MAX_TEXT:
            raise UsageError(f"the position is too long: {len(text):,} characters (at most {MAX_TEXT:,})")
        if os.path.isfile(text) or (game.text_reader is None and not text.lstrip().startswith("{")):
            text = read_text_file(text, "position file")  # (not JSON, and the game has no text form: a file)
        position = game.position_from_text(text)
        if players is not None and players != position.num_players:
            raise UsageError(f"--players {players} does not match the {position.num_players}-player position")
        if args.rules is not None and game.as_rules(args.rules) != position.rules:
            raise UsageError(f"--rules {args.rules} differs from the rules of the position")
        return position
    return read
