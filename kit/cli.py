"""The command line: ``python -m kit GAME COMMAND ...`` and ``python -m kit tournament ...``.

Each part of the kit registers its own commands through an ``add_commands(subparsers)``
function; this module only assembles them. A command function takes the parsed
arguments and returns the exit status. Errors a user can fix exit with status 2 and a
one-line message on stderr.
"""
from __future__ import annotations

import argparse
import importlib
import sys

# (group, help, modules whose add_commands(subparsers) register the group's commands)
GROUPS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("walak", "Walak-pussa, the Sri Lankan two-row mancala", ("kit.walak.cli",)),
    ("myra", "Myra, the hexagonal game of queens, troops and fortresses", ("kit.myra.cli",)),
)
# modules whose add_commands(subparsers) register top-level commands
TOP_LEVEL: tuple[str, ...] = ()


class UsageError(Exception):
    """A mistake in a command's input: printed as one line, exit status 2."""


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The argument parser with every registered command (or only those of the named group,
    so that a game's commands start without importing the other game)."""
    parser = argparse.ArgumentParser(
        prog="python -m kit",
        description="Walak-pussa and Myra: engines, drawings, animations and computer players.",
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for group, help_text, modules in GROUPS:
        if only is not None and group != only:
            continue
        group_parser = commands.add_parser(group, help=help_text, description=help_text)
        group_commands = group_parser.add_subparsers(dest="action", required=True, metavar="ACTION")
        for module in modules:
            importlib.import_module(module).add_commands(group_commands)
    for module in TOP_LEVEL if only is None else ():
        importlib.import_module(module).add_commands(commands)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    argv = sys.argv[1:] if argv is None else argv
    groups = {group for group, _, _ in GROUPS}
    args = build_parser(argv[0] if argv and argv[0] in groups else None).parse_args(argv)
    try:
        return args.func(args)
    except UsageError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
