"""Assembling and running the command line (see :mod:`kit.cli`)."""
from __future__ import annotations

import argparse
import atexit
import errno
import os
import shutil
import signal
import sys
import tempfile
import threading
from functools import partial
from pathlib import Path
from typing import Any, Callable

from kit.cli.args import INTERRUPTED, OUTPUT_FAILED, UsageError, one_line
from kit.core.limits import MAX_ARGUMENTS

_OUTPUT_ERRORS = {errno.ENOSPC, errno.EPIPE, errno.EIO, errno.EBADF, errno.EFBIG, errno.EDQUOT}


def groups(only: str | None = None) -> list[tuple[str, str, Callable[[Any], None]]]:
    """(group, help, the function adding its commands) for each installed game (or only the named one)."""
    from kit.core.game import game, games

    names = games() if only is None else [only]
    return [(name, game(name).summary, partial(_add_game_commands, game(name))) for name in names]


def _add_game_commands(description: Any, subparsers: Any) -> None:
    """The commands every game has (moves, replay, narrate, gif), then the game's own, then
    perft unless the game has its own."""
    from kit.cli import gif, moves, perft

    moves.add_commands(description, subparsers)
    gif.add_command(description, subparsers)
    description.add_commands(subparsers)
    perft.add_command(description, subparsers)


def _titles(names: list[str]) -> str:
    """The games' titles, "A and B", "A, B and C"."""
    from kit.core.game import game

    titles = [game(name).title for name in names]
    return titles[0] if len(titles) == 1 else f"{', '.join(titles[:-1])} and {titles[-1]}"


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line (``error: ...``), exit status 2."""

    def error(self, message: str) -> Any:
        self.exit(2, f"error: {one_line(message)} (see {self.prog} --help)\n")


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The argument parser with every installed game's commands (or only those of the named game,
    so that a game's commands start without importing the other games)."""
    from kit.core.game import games

    parser = _Parser(
        prog="python -m kit",
        description=f"{_titles([only] if only is not None else games())}: "
                    "engines, drawings, animations and computer players.",
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for group, help_text, add_commands in groups(only):
        group_parser = commands.add_parser(group, help=help_text, description=help_text)
        add_commands(group_parser.add_subparsers(dest="action", required=True, metavar="ACTION"))
    if only is None:
        _add_top_level(commands)
    return parser


def _add_top_level(commands: Any) -> None:
    """The commands that work for any game: tournament, analyse, puzzles, worksheet, homework, check, class."""
    from kit.cli import agents, classes, conformance, homework, puzzles

    for module in (agents, puzzles, homework, conformance, classes):
        module.add_commands(commands)


def _game_named(word: str) -> str | None:
    """``word`` if it names a game that loads (a game's command imports only that game), else None;
    UsageError for a game a package declares that does not load (its warning said why)."""
    from kit.core.game import game, is_game

    if not is_game(word):
        return None
    try:
        game(word)
    except ValueError:  # a broken game, skipped with a warning: the parser lists those that load
        raise UsageError(f"unknown game {word!r} (a package declares it but it could not be loaded: "
                         "see the warning above)") from None
    return word


def _interrupt(signum: int, frame: Any) -> None:
    """SIGTERM stops a command as Ctrl-C does (temporary files are removed on the way out)."""
    raise KeyboardInterrupt


def main(argv: list[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    from kit.core.errors import IllegalMove, RecordError, RulesError

    if sys.stdout is None:  # started with stdout closed (``>&-``)
        print("error: the output is closed: there is nowhere to write", file=sys.stderr)
        return OUTPUT_FAILED
    argv = sys.argv[1:] if argv is None else argv
    quiet_matplotlib_folder()
    if len(argv) > MAX_ARGUMENTS:  # argparse takes time growing with their square: refused before it
        print(f"error: {len(argv):,} arguments; a command takes at most {MAX_ARGUMENTS:,}", file=sys.stderr)
        return 2
    in_main_thread = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGTERM, _interrupt) if in_main_thread else None
    try:
        args = build_parser(_game_named(argv[0]) if argv else None).parse_args(argv)
        status: int = args.func(args)
        sys.stdout.flush()
        return status
    except (UsageError, IllegalMove, RecordError, RulesError) as error:
        print(f"error: {one_line(str(error))}", file=sys.stderr)
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
    except BrokenPipeError:  # the reader (e.g. head) has gone: quiet, as Unix tools are
        _silence_stdout()
        return OUTPUT_FAILED
    except OSError as error:
        if not _stdout_failing(error):
            raise
        _silence_stdout()
        print(f"error: cannot write the output: {error.strerror or error}", file=sys.stderr)
        return OUTPUT_FAILED
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


def quiet_matplotlib_folder() -> None:
    """Give matplotlib a temporary config folder (removed on exit) when its own cannot be made
    or written, e.g. under a home folder that is not writable: matplotlib would otherwise print
    "mkdir -p failed" and a warning on every command that draws."""
    if os.environ.get("MPLCONFIGDIR"):
        return
    home = Path.home()
    config = Path(os.environ.get("XDG_CONFIG_HOME") or home / ".config")
    cache = Path(os.environ.get("XDG_CACHE_HOME") or home / ".cache")
    folders = [config / "matplotlib", cache / "matplotlib"] if sys.platform.startswith(("linux", "freebsd")) \
        else [home / ".matplotlib"]
    try:
        for folder in folders:
            folder.mkdir(parents=True, exist_ok=True)
            if not os.access(folder, os.W_OK):
                raise PermissionError(folder)
        return
    except (OSError, RuntimeError):
        pass
    temporary = tempfile.mkdtemp(prefix="kit-matplotlib-")
    os.environ["MPLCONFIGDIR"] = temporary
    atexit.register(shutil.rmtree, temporary, ignore_errors=True)


def _stdout_failing(error: OSError) -> bool:
    """Whether ``error`` came from stdout: a failure to write that names no file (the kit's own
    files are written through kit.core.files, whose errors become UsageError), or stdout failing again."""
    if error.filename is None and error.errno in _OUTPUT_ERRORS:
        return True
    try:
        sys.stdout.flush()
    except (OSError, ValueError):
        return True
    return False


def _silence_stdout() -> None:
    """Point stdout at /dev/null so that the final flush on exit does not fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass
