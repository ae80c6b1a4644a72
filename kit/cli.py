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

# (group, help, registrars of the group's commands). A registrar is "module" (its
# add_commands(subparsers) is called) or "module:function" (that function is called).
GROUPS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("walak", "Walak-pussa, the Sri Lankan two-row mancala",
     ("kit.walak.cli", "kit.draw.cli:add_walak_commands")),
    ("myra", "Myra, the hexagonal game of queens, troops and fortresses",
     ("kit.myra.cli", "kit.draw.cli:add_myra_commands")),
)
# registrars of top-level commands, as in GROUPS
TOP_LEVEL: tuple[str, ...] = ("kit.agents.cli", "kit.puzzles.cli")


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
        for registrar in modules:
            _register(registrar, group_commands)
    for registrar in TOP_LEVEL if only is None else ():
        _register(registrar, commands)
    return parser


def _register(registrar: str, subparsers: argparse._SubParsersAction) -> None:
    """Call a registrar ("module" or "module:function") with the subparsers to fill."""
    module, _, function = registrar.partition(":")
    getattr(importlib.import_module(module), function or "add_commands")(subparsers)


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
