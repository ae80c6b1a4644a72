"""What every board drawing shares: one Figure with an Agg canvas, equal-scale data axes, a caption.

A board drawing builds its artists once; stepping through a move only updates them, and
rendering is layered: the artists that never change (the board itself, fixed labels)
are rendered once and cached; the artists registered as *seldom* changing (whose turn,
reserves) are drawn over that cache whenever :meth:`BoardCanvas.seldom_key` changes, and
cached again; each frame restores that and draws only the artists registered as
*changing*. The Figure stays an ordinary Figure: ``savefig`` and notebook display draw
everything, except inside :meth:`BoardCanvas.frames`, where the canvas itself takes the
quick path (so animations render quickly).

A board can also be drawn into an Axes of another figure (``axes=``, e.g. one diagram of a
printed page); that figure is then saved as usual, and the board's own :meth:`BoardCanvas.png`
is not available. Font sizes and line widths are given for a board of the *nominal* width
and scale with the width the board is drawn at, so a drawing looks the same at any size.
"""
from __future__ import annotations

import io
import os
import textwrap
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator, TypeVar

import numpy as np
from matplotlib.artist import Artist
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from PIL import Image

from kit.draw.palette import INK, PAPER

CAPTION_SIZE = 19  # points: readable from the back of a classroom
CAPTION_WIDTH = 62  # characters per caption line
PRINT_WIDTH = 8 / 2.54  # inches: a diagram of a six-per-page worksheet (two columns on A4 or letter)

A = TypeVar("A", bound=Artist)


def wrap_caption(text: str, width: int = CAPTION_WIDTH) -> str:
    """A narration line wrapped for the caption (at most three lines)."""
    return "\n".join(textwrap.wrap(text, width, max_lines=3, placeholder=" ...")) if text else ""


def ease(t: float) -> float:
    """Smooth start and stop for travelling pieces (0 -> 0, 1 -> 1)."""
    return t * t * (3.0 - 2.0 * t)


def paletted(image: Image.Image) -> Image.Image:
    """An RGB image reduced to 256 colours (PNG and GIF frames a third the size; drawings have few colours)."""
    return image.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


class FrameCanvas(FigureCanvasAgg):
    """An Agg canvas that, while its board renders frames, prints PNGs through the board's quick path
    (and leaves drawing to the printing: an animation draws, then prints, every frame)."""

    def __init__(self, figure: Figure, board: "BoardCanvas") -> None:
        super().__init__(figure)
        self.board = board
        self.framing = False

    def draw(self) -> None:
        if not self.framing:
            super().draw()

    def print_png(self, filename_or_obj: Any, *, metadata: Any = None, pil_kwargs: Any = None,
                  **applied: Any) -> None:
        """Write a PNG; ``applied`` are savefig options print_figure has already applied to the figure."""
        if not self.framing:
            return super().print_png(filename_or_obj, metadata=metadata, pil_kwargs=pil_kwargs)
        data = self.board.png()
        if isinstance(filename_or_obj, (str, os.PathLike)):
            Path(filename_or_obj).write_bytes(data)
        else:
            filename_or_obj.write(data)
        return None


class BoardCanvas:
    """A figure whose single axes spans it, with equal x and y scales over the given limits.

    ``width`` is the figure width in inches; the height follows from the limits. With
    ``axes``, the board is drawn into that Axes instead (kept to the board's aspect ratio),
    and ``width`` and ``dpi`` are not used. ``nominal`` is the width (inches) that the font
    sizes given to :meth:`pt` are meant for.
    """

    def __init__(self, xlim: tuple[float, float], ylim: tuple[float, float], width: float, dpi: float,
                 axes: Axes | None = None, paper: str = PAPER, nominal: float | None = None) -> None:
        aspect = (ylim[1] - ylim[0]) / (xlim[1] - xlim[0])
        if axes is None:
            if not width > 0 or not dpi > 0:
                raise ValueError(f"size and dpi must be positive, not {width!r} and {dpi!r}")
            self.figure = Figure(figsize=(width, width * aspect), dpi=dpi, facecolor=paper)
            FrameCanvas(self.figure, self)
            self.axes = self.figure.add_axes((0.0, 0.0, 1.0, 1.0))
            shown = width
        else:
            self.figure, self.axes = axes.figure, axes
            axes.set_aspect("equal", adjustable="box")
            box, (inches_x, inches_y) = axes.get_position(), axes.figure.get_size_inches()
            shown = min(box.width * inches_x, box.height * inches_y / aspect)
        self.own_figure = axes is None
        self.scale = shown / (nominal or shown)
        self.axes.set_xlim(*xlim)
        self.axes.set_ylim(*ylim)
        self.axes.set_axis_off()
        self._changing: list[Artist] = []
        self._seldom: list[Artist] = []
        self._fixed: Any = None           # the rendered unchanging artists, and the figure size they fit
        self._fixed_size: tuple[float, float] = (0.0, 0.0)
        self._background: Any = None      # the above with the seldom-changing artists, and their key
        self._background_key: Any = None

    def pt(self, points: float) -> float:
        """A font size or line width given for the nominal width, at the width the board is drawn."""
        return points * self.scale

    def changing(self, artist: A) -> A:
        """Register an artist that frames update (drawn over the cached background); return it."""
        self._changing.append(artist)
        return artist

    def seldom(self, artist: A) -> A:
        """Register an artist that changes only now and then, as :meth:`seldom_key` tells; return it."""
        self._seldom.append(artist)
        return artist

    def seldom_key(self) -> Any:
        """A value that changes whenever a seldom-changing artist changes (subclasses say)."""
        return None

    def invalidate(self) -> None:
        """Forget the cached renderings (after changing an artist that is registered as neither)."""
        self._fixed = self._background = None

    def caption_artist(self, x: float, y: float) -> Any:
        """The caption text artist, centred at data point (x, y)."""
        return self.changing(self.axes.text(x, y, "", ha="center", va="center", fontsize=self.pt(CAPTION_SIZE),
                                            color=INK, linespacing=1.25, zorder=10))

    def render(self) -> np.ndarray:
        """Render the current frame; return the canvas pixels as a (rows, columns, 4) RGBA view."""
        if not self.own_figure:
            raise RuntimeError("this board is drawn into an Axes of another figure: save that figure instead")
        canvas = self.figure.canvas
        size = (self.figure.bbox.width, self.figure.bbox.height)
        if self._fixed is None or size != self._fixed_size:
            layered = self._seldom + self._changing
            shown = [artist.get_visible() for artist in layered]
            for artist in layered:
                artist.set_visible(False)
            try:
                FigureCanvasAgg.draw(canvas)
                self._fixed, self._fixed_size, self._background = canvas.copy_from_bbox(self.figure.bbox), size, None
            finally:
                for artist, visible in zip(layered, shown):
                    artist.set_visible(visible)
        key = self.seldom_key()
        if self._background is None or key != self._background_key:
            canvas.restore_region(self._fixed)
            self._draw(self._seldom)
            self._background, self._background_key = canvas.copy_from_bbox(self.figure.bbox), key
        canvas.restore_region(self._background)
        self._draw(self._changing)
        return np.asarray(canvas.buffer_rgba())

    def _draw(self, artists: list[Artist]) -> None:
        renderer = self.figure.canvas.get_renderer()
        for artist in sorted(artists, key=Artist.get_zorder):
            if artist.get_visible():
                artist.draw(renderer)

    @contextmanager
    def frames(self) -> Iterator[None]:
        """While inside, the figure's own drawing and PNG printing take the quick path (for animations)."""
        canvas = self.figure.canvas
        canvas.framing = True
        try:
            yield
        finally:
            canvas.framing = False

    def pixel_at(self, x: float, y: float) -> tuple[int, int]:
        """The (column, row) of data point (x, y) in :meth:`png` and :meth:`image`, row 0 at the top."""
        px, py = self.axes.transData.transform((x, y))
        return int(px), int(self.figure.bbox.height - py)

    def image(self) -> Image.Image:
        """The drawing as an RGB Pillow image."""
        return Image.fromarray(self.render()[:, :, :3], "RGB")

    def png(self) -> bytes:
        """The drawing as (256-colour) PNG bytes."""
        buffer = io.BytesIO()
        paletted(self.image()).save(buffer, format="PNG", compress_level=1)
        return buffer.getvalue()
