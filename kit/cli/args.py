"""What every command shares: the one-line user error, bounded numbers, reading a file a
command was given, and the ``--out FILE`` / ``--force`` options (see :mod:`kit.cli` for the rules
every command follows)."""
from __future__ import annotations

import argparse
import math
import os
import stat
from typing import Callable

from kit.core.errors import clip
from kit.core.limits import MAX_QUOTE, MAX_TEXT

INTERRUPTED = 130  # the exit status after Ctrl-C or SIGTERM
OUTPUT_FAILED = 1  # the exit status when stdout cannot be written


class UsageError(Exception):
    """A mistake in a command's input: printed as one line, exit status 2."""


def whole_in(low: int, high: int) -> Callable[[str], int]:
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


def one_line(text: str) -> str:
    """A message on one line, however the input it quotes was broken up, each word of it at
    most MAX_QUOTE characters (a longer one, such as a huge argument argparse quotes whole,
    is cut and ends in "..." and its length)."""
    return " ".join(word if len(word) <= MAX_QUOTE else clip(word) for word in text.split())


def _cut(text: str) -> str:
    return text if len(text) <= 40 else text[:37] + "..."


def read_text_file(path: str, what: str) -> str:
    """The text of a file a command was given: at most MAX_TEXT of UTF-8 (a byte-order
    mark is dropped), from a regular file (never a device or a pipe that could block or never
    end). Every problem raises UsageError naming it; the loaders check the content."""
    name = _cut(path)
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            raise UsageError(f"the {what} {name} is not a regular file")
        with open(path, "rb") as file:
            data = file.read(MAX_TEXT + 1)
    except OSError as error:
        raise UsageError(f"cannot read the {what} {name}: {error.strerror or error}") from None
    if len(data) > MAX_TEXT:
        raise UsageError(f"the {what} {name} is larger than {MAX_TEXT:,} bytes")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise UsageError(f"the {what} {name} is not UTF-8 text (byte {error.start})") from None


def add_output(parser: argparse.ArgumentParser, metavar: str, what: str) -> None:
    """Add ``--out FILE`` (required) and ``--force`` to a command that writes a file."""
    parser.add_argument("--out", required=True, metavar=metavar,
                        help=f"the {what} to write; an existing file is replaced only with --force")
    parser.add_argument("--force", action="store_true",
                        help="replace the --out file if it exists (never a folder, device or link)")


def check_out(args: argparse.Namespace) -> None:
    """Refuse (UsageError) an --out the kit may not write, before any work."""
    from kit.core.files import check_output

    try:
        check_output(args.out, overwrite=args.force)
    except OSError as error:
        raise UsageError(error.strerror or str(error)) from None
