"""Animations of a move for any game: frames, a notebook animation, GIF and MP4 files.

The frames of a move are its events, each preceded by in-between frames while pieces
travel, with a hold (repeated frames) on captures and at the end. One board drawing is
updated for every frame; no figure is made per frame.

>>> import kit
>>> start = kit.game(kit.games()[0]).start()
>>> trace = start.trace(start.legal_moves()[0])
>>> len(frames_for(trace, inbetween=0, hold=0)) == len(trace.events)  # one frame an event
True
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any, Callable

from matplotlib import animation

from kit.core.files import atomic_path
from kit.core.game import Trace, game_of
from kit.draw.gif import GifStream

INTERVAL = 120    # milliseconds per frame
GIF_DPI = 56      # GIFs are for slides: small files, quick to write
GIF_INBETWEEN = 2
HOLD = 6


@dataclass(frozen=True)
class Frame:
    """One frame: the board after ``step`` events, or ``progress`` of the way into event ``step``."""

    step: int
    progress: float = 1.0


def frames_for(trace: Trace, inbetween: int = 4, hold: int = HOLD) -> list[Frame]:
    """The frames of a traced move: one per event, plus ``inbetween`` frames before each event that
    moves pieces and ``hold`` repeats of each capture and of the last frame."""
    if inbetween < 0 or hold < 0:
        raise ValueError(f"inbetween and hold must be >= 0, not {inbetween!r} and {hold!r}")
    board = game_of(trace.before).drawing()
    frames: list[Frame] = []
    last = len(trace.events)
    for step, event in enumerate(trace.events, 1):
        if board.travels(event):
            frames.extend(Frame(step, i / (inbetween + 1)) for i in range(1, inbetween + 1))
        frames.append(Frame(step))
        if board.holds(event) or step == last:
            frames.extend([Frame(step)] * hold)
    return frames


def _prepare(position: Any, move: Any, inbetween: int, hold: int, size: float | None, dpi: float | None,
             ) -> tuple[Any, list[Frame], Callable[[Frame], None]]:
    """A board for the move, its frames, and a function showing one frame on the board."""
    trace = position.trace(move)
    options = {k: v for k, v in (("size", size), ("dpi", dpi)) if v is not None}
    board = game_of(position).drawing()(position, **options)
    frames = frames_for(trace, inbetween, hold)

    def show(frame: Frame) -> None:
        board.show(trace.before, trace.events, frame.step, progress=frame.progress)

    return board, frames, show


class BoardAnimation(animation.FuncAnimation):
    """A FuncAnimation of a board drawing; saving it (``to_jshtml``, ``save``) redraws only what changes."""

    def __init__(self, board: Any, frames: list[Frame], show: Callable[[Frame], None], interval: int) -> None:
        self.board = board
        self.frame_list = frames
        super().__init__(board.figure, show, frames=frames, init_func=lambda: show(frames[0]), interval=interval,
                         repeat=False, cache_frame_data=False)

    def save(self, *args: Any, **kwargs: Any) -> None:
        with self.board.frames():
            super().save(*args, **kwargs)


def animate(position: Any, move: Any, inbetween: int = 4, hold: int = HOLD, interval: int = INTERVAL,
            size: float | None = None, dpi: float | None = None) -> BoardAnimation:
    """The animation of ``move`` played from ``position`` (either game), for ``.to_jshtml()`` in a notebook."""
    board, frames, show = _prepare(position, move, inbetween, hold, size, dpi)
    return BoardAnimation(board, frames, show, interval)


def save_gif(position: Any, move: Any, path: str | os.PathLike, inbetween: int = GIF_INBETWEEN, hold: int = HOLD,
             interval: int = INTERVAL, size: float | None = None, dpi: float = GIF_DPI,
             overwrite: bool = True) -> int:
    """Write the animation of a move as a looping GIF (Pillow, no ffmpeg); return the number of frames.

    Frames are drawn and written one at a time (see :mod:`kit.draw.gif`), so a long move takes
    no more memory than a short one; repeated frames (holds) become one longer frame. The file
    appears whole or not at all, and only where :func:`kit.core.files.check_output` allows (an
    existing file only with ``overwrite``).
    """
    board, frames, show = _prepare(position, move, inbetween, hold, size, dpi)
    with atomic_path(path, overwrite) as temporary, open(temporary, "wb") as file:
        show(frames[0])
        with GifStream(file, board.palette()) as gif:
            for i, frame in enumerate(frames):
                if i and frame == frames[i - 1]:
                    gif.add_time(interval)
                    continue
                show(frame)
                gif.add(board.image(), interval)
    return gif.frames


def save_mp4(position: Any, move: Any, path: str | os.PathLike, inbetween: int = 4, hold: int = HOLD,
             interval: int = INTERVAL, size: float | None = None, dpi: float | None = None,
             overwrite: bool = True) -> int:
    """Write the animation of a move as an MP4 video (needs ffmpeg); return the number of frames.
    An existing file is replaced only with ``overwrite``."""
    if not animation.writers.is_available("ffmpeg"):
        raise RuntimeError("writing an MP4 needs ffmpeg, which is not installed here; "
                           "write a GIF with save_gif instead")
    anim = animate(position, move, inbetween, hold, interval, size, dpi)
    with atomic_path(path, overwrite) as temporary:
        anim.save(temporary, writer=animation.FFMpegWriter(fps=1000 / interval))  # type: ignore[arg-type]
    return len(anim.frame_list)
