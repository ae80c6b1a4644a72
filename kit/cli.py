"""The command line: ``python -m kit GAME COMMAND ...`` and ``python -m kit tournament ...``.

Each part of the kit registers its own commands through an ``add_commands(subparsers)``
function; this module only assembles them. A command function takes the parsed
arguments and returns the exit status.

No input hurts: a mistake a user can fix (a bad option or number, an illegal move, a bad
position, a file that is missing, too large, not UTF-8 or not JSON) is one line
``error: ...`` on stderr and exit status 2, never a traceback. Numbers are bounded before
any work starts (see :func:`whole` and :func:`number`), files are read by :func:`read_text_file`
(size-checked bytes, UTF-8 with or without a byte-order mark) and handed to the loaders as
text. Ctrl-C or SIGTERM stops a command with one line and status 130; output piped into
``head`` ends quietly.
"""
from __future__ import annotations

import argparse
import importlib
import math
import os
import signal
import stat
import sys
import threading
from typing import Any, Callable

# Each game's group of commands comes from the registry (``kit.game(name).commands``). A
# registrar is "module" (its add_commands(subparsers) is called) or "module:function"
# (that function is called).
# registrars of top-level commands
TOP_LEVEL: tuple[str, ...] = ("kit.agents.cli", "kit.puzzles.cli", "kit.homework.cli")

MAX_FILE_BYTES = 1_000_000  # the largest file a command reads
MAX_MOVES = 10_000  # the most moves a command plays in one go
INTERRUPTED = 130  # the exit status after Ctrl-C or SIGTERM


def groups() -> list[tuple[str, str, tuple[str, ...]]]:
    """(group, help, registrars) for each registered game."""
    from kit.game import game, games

    return [(name, game(name).summary, game(name).commands) for name in games()]


class UsageError(Exception):
    """A mistake in a command's input: printed as one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line (``error: ...``), exit status 2."""

    def error(self, message: str) -> Any:
        self.exit(2, f"error: {message} (see {self.prog} --help)\n")


def whole(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high``."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number from {low:,} to {high:,}, "
                                             f"not {_cut(text)!r}") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"must be from {low:,} to {high:,}, not {_cut(text)}")
        return value
    return parse


def number(low: float, high: float, low_open: bool = False) -> Callable[[str], float]:
    """An argparse type: a finite number from ``low`` (excluded if ``low_open``) to ``high``."""
    bounds = f"above {low:g} and at most {high:g}" if low_open else f"from {low:g} to {high:g}"

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a number {bounds}, not {_cut(text)!r}") from None
        if not math.isfinite(value) or value < low or (low_open and value == low) or value > high:
            raise argparse.ArgumentTypeError(f"must be a number {bounds}, not {_cut(text)}")
        return value
    return parse


def _one_line(text: str) -> str:
    """A message on one line, however the input it quotes was broken up."""
    return " ".join(text.split())


def _cut(text: str) -> str:
    return text if len(text) <= 40 else text[:37] + "..."


def read_text_file(path: str, what: str) -> str:
    """The text of a file a command was given: at most MAX_FILE_BYTES of UTF-8 (a byte-order
    mark is dropped), from a regular file (never a device or a pipe that could block or never
    end). Every problem raises UsageError naming it; the loaders check the content."""
    name = _cut(path)
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            raise UsageError(f"the {what} {name} is not a regular file")
        with open(path, "rb") as file:
            data = file.read(MAX_FILE_BYTES + 1)
    except OSError as error:
        raise UsageError(f"cannot read the {what} {name}: {error.strerror or error}") from None
    if len(data) > MAX_FILE_BYTES:
        raise UsageError(f"the {what} {name} is larger than {MAX_FILE_BYTES:,} bytes")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise UsageError(f"the {what} {name} is not UTF-8 text (byte {error.start})") from None


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The argument parser with every registered command (or only those of the named group,
    so that a game's commands start without importing the other game)."""
    parser = _Parser(
        prog="python -m kit",
        description="Walak-pussa and Myra: engines, drawings, animations and computer players.",
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for group, help_text, modules in groups():
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


def _interrupt(signum: int, frame: Any) -> None:
    """SIGTERM stops a command as Ctrl-C does (temporary files are removed on the way out)."""
    raise KeyboardInterrupt


def main(argv: list[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    from kit.game import IllegalMove, RecordError, RulesError

    argv = sys.argv[1:] if argv is None else argv
    names = {group for group, _, _ in groups()}
    in_main_thread = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGTERM, _interrupt) if in_main_thread else None
    try:
        args = build_parser(argv[0] if argv and argv[0] in names else None).parse_args(argv)
        return args.func(args)
    except (UsageError, IllegalMove, RecordError, RulesError) as error:
        print(f"error: {_one_line(str(error))}", file=sys.stderr)
        return 2
    except RecursionError:
        print("error: the input is nested too deeply", file=sys.stderr)
        return 2
    except OverflowError as error:
        print(f"error: a number in the input is too large ({error})", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("error: interrupted", file=sys.stderr)
        return INTERRUPTED
    except BrokenPipeError:  # the reader (e.g. head) has gone: stop quietly
        _silence_stdout()
        return 0
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


def _silence_stdout() -> None:
    """Point stdout at /dev/null so that the final flush on exit does not fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass
