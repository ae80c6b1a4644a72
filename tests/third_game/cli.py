"""Nim's own command: ``python -m kit nim gif MOVE --out FILE.gif [--rules PRESET]`` (while registered)."""
from __future__ import annotations

import argparse

from kit.cli.gif import gif_parser, write_gif

from tests.third_game.position import start
from tests.third_game.rules import PRESETS


def add_commands(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``gif`` command (the generic ``analyse`` and ``tournament`` need nothing from here)."""
    gif = gif_parser(subparsers, "Nim", "a heap letter and a count, e.g. c3")
    gif.add_argument("--rules", default="default", choices=list(PRESETS), help="the rules preset (default: default)")
    gif.set_defaults(func=lambda args: write_gif(start(args.rules), lambda position: args.move, args))
