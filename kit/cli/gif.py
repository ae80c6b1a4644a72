"""The ``gif`` command every game offers, for teachers preparing slides.

``python -m kit GAME gif [position options] MOVE --out FILE.gif [--force] [--inbetween N] [--dpi DPI]``

The position options are the game's (see :mod:`kit.cli.position`). The command prints the
number of frames and the file written. An illegal or malformed move, or an
output path that can't be written (a folder, a device, a link, an existing file without
``--force``), is a one-line error with exit status 2 and leaves no file.
Drawing modules are imported only when the command runs, so other commands start quickly.
"""
from __future__ import annotations

import argparse

from kit.cli.args import UsageError, add_output, check_out, number, whole_in
from kit.cli.moves import move_help
from kit.cli.position import add_position_options, position_from
from kit.core.game import Game
from kit.core.limits import MAX_DPI, MAX_FRAMES, MAX_INBETWEEN, MIN_DPI


def add_command(game: Game, subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``gif`` command of ``game`` (its position options, the move, --out, --inbetween, --dpi)."""
    gif = subparsers.add_parser("gif", help="write an animated GIF of one move",
                                description=f"Write an animated GIF of one {game.title} move, event by event.")
    add_position_options(game, gif)
    gif.add_argument("move", metavar="MOVE", help=move_help(game))
    add_output(gif, "FILE.gif", "GIF file")
    gif.add_argument("--inbetween", type=whole_in(0, MAX_INBETWEEN), default=2, metavar="N",
                     help=f"in-between frames while pieces travel, 0..{MAX_INBETWEEN} "
                          "(default 2; 0 for one frame per event)")
    gif.add_argument("--dpi", type=number(MIN_DPI, MAX_DPI), default=56,
                     help=f"dots per inch, {MIN_DPI}..{MAX_DPI} (default 56: small GIFs, quick to write)")
    gif.set_defaults(func=write_gif)


def write_gif(args: argparse.Namespace) -> int:
    """Write the GIF of the move and report it; user mistakes raise UsageError."""
    from kit.draw.animate import save_gif
    from kit.core.errors import IllegalMove

    position = position_from(args)
    check_out(args)
    try:
        move = position.parse_move(args.move)
        steps = len(position.trace(move).events)
        if steps * (1 + args.inbetween) > MAX_FRAMES:
            raise UsageError(f"the move has {steps:,} steps: with --inbetween {args.inbetween} its GIF would have "
                             f"more than {MAX_FRAMES:,} frames (lower --inbetween, or show it with narrate)")
        frames = save_gif(position, move, args.out, inbetween=args.inbetween, dpi=args.dpi, overwrite=args.force)
    except IllegalMove as error:
        raise UsageError(str(error)) from None
    except OSError as error:  # kit.core.files names the file asked for
        raise UsageError(error.strerror or str(error)) from None
    print(f"{frames} frames written to {args.out}")
    return 0
