"""The ``gif`` command of both games, for teachers preparing slides.

``python -m kit walak gif [--rules PRESET] [--position STRING] MOVE --out FILE.gif``
``python -m kit myra gif [--position FILE] MOVE --out FILE.gif``

Each prints the number of frames and the file written. An illegal or malformed move, or an
output path that can't be written, is a one-line error with exit status 2 and leaves no file.
Drawing modules are imported only when the command runs, so other commands start quickly.
"""
from __future__ import annotations

import argparse
from typing import Any, Callable

from kit.cli import UsageError, number, read_text_file, whole
from kit.limits import MAX_DPI, MAX_FRAMES, MAX_INBETWEEN, MIN_DPI




def add_walak_commands(subparsers: argparse._SubParsersAction) -> None:
    """Register ``walak gif``."""
    gif = _gif_parser(subparsers, "Walak-pussa", "hole letter a..g of the player to move")
    gif.add_argument("--rules", default="default", metavar="PRESET",
                     help="rule preset: default, skip-origin, ludii (default: default)")
    gif.add_argument("--position", metavar="STRING",
                     help="start from this position, e.g. 'N:5,4,3,6,3,4,3/5,2,7,6,1,4,3:0-0'")
    gif.set_defaults(func=walak_gif)


def add_myra_commands(subparsers: argparse._SubParsersAction) -> None:
    """Register ``myra gif``."""
    gif = _gif_parser(subparsers, "Myra", "a move in notation, e.g. F10-E10 (quote moves such as '*F10')")
    gif.add_argument("--position", metavar="FILE", help="a position file (JSON) instead of the 2-player start")
    gif.set_defaults(func=myra_gif)


def _gif_parser(subparsers: argparse._SubParsersAction, game: str, move_help: str) -> argparse.ArgumentParser:
    gif = subparsers.add_parser("gif", help="write an animated GIF of one move",
                                description=f"Write an animated GIF of one {game} move, event by event.")
    gif.add_argument("move", metavar="MOVE", help=move_help)
    gif.add_argument("--out", required=True, metavar="FILE.gif", help="the GIF file to write")
    gif.add_argument("--inbetween", type=whole(0, MAX_INBETWEEN), default=2, metavar="N",
                     help=f"in-between frames while pieces travel, 0..{MAX_INBETWEEN} "
                          "(default 2; 0 for one frame per event)")
    gif.add_argument("--dpi", type=number(MIN_DPI, MAX_DPI), default=56,
                     help=f"dots per inch, {MIN_DPI}..{MAX_DPI} (default 56: small GIFs, quick to write)")
    return gif


def walak_gif(args: argparse.Namespace) -> int:
    """Write the GIF of a Walak-pussa move."""
    from kit.walak.cli import position_from

    return _write_gif(position_from(args), lambda position: args.move, args)


def myra_gif(args: argparse.Namespace) -> int:
    """Write the GIF of a Myra move."""
    from kit.game import RecordError, game

    myra = game("myra")
    try:
        position = myra.start() if args.position is None else myra.position_from_json(
            read_text_file(args.position, "position file"))
    except RecordError as error:
        raise UsageError(str(error)) from None
    return _write_gif(position, lambda position: position.parse_move(args.move), args)


def _write_gif(position: Any, parse: Callable[[Any], Any], args: argparse.Namespace) -> int:
    """Write the GIF of the move ``parse(position)`` and report it; user mistakes raise UsageError."""
    from kit.draw.animate import save_gif
    from kit.game import IllegalMove

    try:
        move = parse(position)
        steps = len(position.trace(move).events)
        if steps * (1 + args.inbetween) > MAX_FRAMES:
            raise UsageError(f"the move has {steps:,} steps: with --inbetween {args.inbetween} its GIF would have "
                             f"more than {MAX_FRAMES:,} frames (lower --inbetween, or show it with narrate)")
        frames = save_gif(position, move, args.out, inbetween=args.inbetween, dpi=args.dpi)
    except IllegalMove as error:
        raise UsageError(str(error)) from None
    except OSError as error:
        raise UsageError(f"cannot write {args.out!r}: {error.strerror or error}") from None
    print(f"{frames} frames written to {args.out}")
    return 0
