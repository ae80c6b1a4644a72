"""Which Walak-pussa position a command starts from: ``--rules PRESET`` and ``--position STRING``
(:meth:`kit.core.game.Game.position_options`; the commands are every game's, see :mod:`kit.cli`)."""
from __future__ import annotations

import argparse
from typing import Callable

from kit.cli.args import UsageError
from kit.core.errors import RulesError
from kit.games.walak.position import Position, parse_position, start
from kit.games.walak.rules import PRESETS, as_rules


def position_options(parser: argparse.ArgumentParser) -> Callable[[argparse.Namespace], Position]:
    """Add ``--rules`` and ``--position`` to a command; return the reader of the position they name."""
    parser.add_argument("--rules", default="default", metavar="PRESET",
                        help=f"rule preset: {', '.join(PRESETS)} (default: default)")
    parser.add_argument("--position", metavar="STRING",
                        help="start from this position, e.g. 'N:5,4,3,6,3,4,3/5,2,7,6,1,4,3:0-0'")
    return position_from


def position_from(args: argparse.Namespace) -> Position:
    """The position named by ``--rules`` and ``--position`` (the start if none)."""
    try:
        rules = as_rules(args.rules)
        return start(rules) if args.position is None else parse_position(args.position, rules)
    except (RulesError, ValueError) as error:
        raise UsageError(str(error)) from None
