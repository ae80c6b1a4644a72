"""What every board drawing shares: one Figure with an Agg canvas, equal-scale data axes, a caption.

A board drawing builds its artists once; stepping through a move only updates them, and
rendering is layered: the artists that never change (the board itself, fixed labels)
are rendered once and cached; the artists registered as *seldom* changing (whose turn,
reserves, counts, the caption) are drawn over that cache and cached again, and when some
of them change only those (and any seldom artist they overlap) are redrawn, over the part
of the unchanging picture they covered; each frame restores that and draws only the
artists registered as *changing*. A seldom artist is drawn beneath every changing one. The Figure stays an ordinary Figure: ``savefig`` and notebook display draw
everything, except inside :meth:`BoardCanvas.frames`, where the canvas itself takes the
quick path (so animations render quickly).

A board can also be drawn into an Axes of another figure (``axes=``, e.g. one diagram of a
printed page); that figure is then saved as usual, and the board's own :meth:`BoardCanvas.png`
is not available. Font sizes and line widths are given for a board of the *nominal* width
and scale with the width the board is drawn at, so a drawing looks the same at any size.
"""
from __future__ import annotations

import os
import textwrap
from dataclasses import fields
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator, Sequence, TypeVar

import numpy as np
from matplotlib.artist import Artist
from matplotlib.axes import Axes
from matplotlib.collections import Collection, EllipseCollection
from matplotlib.patches import Patch
from matplotlib.text import Text
from matplotlib.transforms import Bbox
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from PIL import Image

from kit.draw.palette import INK, WOOD_STYLE, Style, rgb
from kit.draw.png import FramePng

CAPTION_SIZE = 19  # points: readable from the back of a classroom
CAPTION_WIDTH = 62  # characters per caption line
PRINT_WIDTH = 8 / 2.54  # inches: a diagram of a six-per-page worksheet (two columns on A4 or letter)

#: The kinds of artist that can be registered as seldom changing (see :func:`_look`).
Seldom = Text | Patch | Collection

A = TypeVar("A", bound=Artist)
S = TypeVar("S", bound=Seldom)
P = TypeVar("P", bound=Patch)
C = TypeVar("C", bound=Collection)


def wrap_caption(text: str, width: int = CAPTION_WIDTH) -> str:
    """A narration line wrapped for the caption (at most three lines)."""
    return "\n".join(textwrap.wrap(text, width, max_lines=3, placeholder=" ...")) if text else ""


def turn_word(step: int, steps: int) -> str:
    """How a board names the mover while a move is shown: "to move" before its first step,
    "moving" during it, "moved" once it is played to its end (the next player is to move)."""
    return "to move" if not step else "moved" if step >= steps else "moving"


def ease(t: float) -> float:
    """Smooth start and stop for travelling pieces (0 -> 0, 1 -> 1)."""
    return t * t * (3.0 - 2.0 * t)


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
    sizes given to :meth:`pt` are meant for; ``style`` gives the paper colour and the colours
    every PNG's palette holds exactly.
    """

    def __init__(self, xlim: tuple[float, float], ylim: tuple[float, float], width: float, dpi: float,
                 axes: Axes | None = None, style: Style = WOOD_STYLE, nominal: float | None = None) -> None:
        aspect = (ylim[1] - ylim[0]) / (xlim[1] - xlim[0])
        if axes is None:
            if not width > 0 or not dpi > 0:
                raise ValueError(f"size and dpi must be positive, not {width!r} and {dpi!r}")
            self.figure = Figure(figsize=(width, width * aspect), dpi=dpi, facecolor=style.paper)
            FrameCanvas(self.figure, self)
            self.axes = self.figure.add_axes((0.0, 0.0, 1.0, 1.0))
            shown = width
        else:
            root = axes.get_figure(root=True)
            if not isinstance(root, Figure):
                raise TypeError("axes= must be an Axes placed on a matplotlib Figure")
            self.figure, self.axes = root, axes
            axes.set_aspect("equal", adjustable="box")
            box, (inches_x, inches_y) = axes.get_position(), root.get_size_inches()
            shown = min(box.width * inches_x, box.height * inches_y / aspect)
        self.own_figure = axes is None
        self._caption: Text | None = None  # made by caption_artist
        self._caption_width = CAPTION_WIDTH
        self.scale = shown / (nominal or shown)
        self.axes.set_xlim(*xlim)
        self.axes.set_ylim(*ylim)
        self.axes.set_axis_off()
        self._changing: list[Artist] = []
        self._seldom: list[Seldom] = []
        self._fixed: Any = None           # the rendered unchanging artists, and the figure size they fit
        self._fixed_size: tuple[float, float] = (0.0, 0.0)
        self._background: Any = None      # the above with the seldom-changing artists
        self._drawn: dict[Artist, tuple[Any, Any]] = {}  # each seldom artist's look when drawn, and its extent
        self._style = style
        self._png: FramePng | None = None  # encodes this board's PNGs onto the 256 colours found once

    def pt(self, points: float) -> float:
        """A font size or line width given for the nominal width, at the width the board is drawn."""
        return points * self.scale

    def changing(self, artist: A) -> A:
        """Register an artist that frames update (drawn over the cached background); return it."""
        self._changing.append(artist)
        return artist

    def seldom(self, artist: S) -> S:
        """Register an artist that changes only now and then (text, patch or collection); return it.

        It is redrawn when its look (see :func:`_look`) changes, beneath the changing artists."""
        _look(artist)  # says now if the artist is of a kind that cannot be told apart
        self._seldom.append(artist)
        return artist

    def add_patch(self, patch: P) -> P:
        """Add a patch to the board's axes; return it as the class it is (``Axes.add_patch`` is typed
        as returning any Patch)."""
        self.axes.add_patch(patch)
        return patch

    def add_collection(self, collection: C) -> C:
        """Add a collection to the board's axes; return it as the class it is (``Axes.add_collection``
        is typed as returning any Collection)."""
        self.axes.add_collection(collection)
        return collection

    def invalidate(self) -> None:
        """Forget the cached renderings (after changing an artist that is registered as neither)."""
        self._fixed = self._background = None
        self._drawn = {}

    def caption_artist(self, x: float, y: float, size: float = CAPTION_SIZE, width: int = CAPTION_WIDTH) -> Text:
        """The caption text artist, centred at data point (x, y), ``size`` points at the nominal
        width, its lines ``width`` characters long; :meth:`say` writes it."""
        self._caption_width = width
        self._caption = self.seldom(self.axes.text(x, y, "", ha="center", va="center", fontsize=self.pt(size),
                                                   color=INK, linespacing=1.25, zorder=10))
        return self._caption

    def say(self, caption: str) -> None:
        """Write ``caption`` under the board (wrapped); a drawing without a caption ignores it.
        A drawing's ``show`` writes what the step shown says; writing after it says something
        the position cannot (how a game ended by a draw agreed or a teacher's ruling)."""
        if self._caption is not None:
            self._caption.set_text(wrap_caption(caption, self._caption_width))

    def render(self) -> np.ndarray:
        """Render the current frame; return the canvas pixels as a (rows, columns, 4) RGBA view."""
        if not self.own_figure:
            raise RuntimeError("this board is drawn into an Axes of another figure: save that figure instead")
        canvas = self._agg()
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
        changed = [artist for artist in self._seldom
                   if self._background is None or _look(artist) != self._drawn[artist][0]]
        if self._background is None:
            canvas.restore_region(self._fixed)
            self._redraw(self._seldom)
        elif changed:
            canvas.restore_region(self._background)
            redrawn = self._spread(changed)
            for artist in redrawn:  # the unchanging picture where they were
                if self._drawn[artist][1] is not None:
                    canvas.restore_region(self._fixed, bbox=self._drawn[artist][1], xy=(0, 0))
            self._redraw(redrawn)
        if changed:
            self._background = canvas.copy_from_bbox(self.figure.bbox)
        canvas.restore_region(self._background)
        self._draw(self._changing)
        return np.asarray(canvas.buffer_rgba())

    def _agg(self) -> FigureCanvasAgg:
        """The Agg canvas of the board's own figure."""
        canvas = self.figure.canvas
        if not isinstance(canvas, FigureCanvasAgg):
            raise RuntimeError(f"the board's figure must have an Agg canvas, not a {type(canvas).__name__}")
        return canvas

    def _spread(self, changed: list[Seldom]) -> list[Seldom]:
        """The changed seldom artists and every one whose last extent overlaps theirs, or those, and so on."""
        chosen, boxes = set(changed), [self._drawn[a][1] for a in changed if self._drawn[a][1] is not None]
        grown = True
        while grown:
            grown = False
            for artist in self._seldom:
                if artist not in chosen and _overlaps(self._drawn[artist][1], boxes):
                    chosen.add(artist)
                    boxes.append(self._drawn[artist][1])
                    grown = True
        return [artist for artist in self._seldom if artist in chosen]

    def _redraw(self, artists: list[Seldom]) -> None:
        """Draw seldom artists and remember their looks and extents (in pixels, rounded outwards, padded)."""
        self._draw(artists)
        renderer = self._agg().get_renderer()
        height = self.figure.bbox.height
        for artist in artists:
            box = _extent(artist, renderer) if artist.get_visible() else None
            extent = None
            if box is not None and np.isfinite(box.get_points()).all() and box.width > 0:
                pad = 2 + self._reach(artist) * self.figure.dpi / 72
                # restore_region counts rows from the top of the canvas
                x0, x1 = max(int(box.x0 - pad), 0), int(box.x1 + pad + 1)
                y0, y1 = max(int(height - box.y1 - pad), 0), int(height - box.y0 + pad + 1)
                extent = (x0, y0, x1, y1)
            self._drawn[artist] = (_look(artist), extent)

    def _reach(self, artist: Seldom) -> float:
        """How far (points) a seldom artist may paint beyond its extent: a text's halo, a shape's
        outline and its corners (the outline is centred on the path)."""
        if isinstance(artist, Text):
            return self.pt(4)
        widths = [artist.get_linewidth()] if isinstance(artist, Patch) else list(np.ravel(artist.get_linewidth()))
        return float(max(widths, default=0.0))

    def _draw(self, artists: Sequence[Artist]) -> None:
        renderer = self._agg().get_renderer()
        for artist in sorted(artists, key=Artist.get_zorder):
            if artist.get_visible():
                artist.draw(renderer)

    @contextmanager
    def frames(self) -> Iterator[None]:
        """While inside, the figure's own drawing and PNG printing take the quick path (for animations)."""
        canvas = self.figure.canvas
        if not isinstance(canvas, FrameCanvas):  # drawn into another figure's Axes: that figure draws as usual
            yield
            return
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
        return rgb_image(self.render())

    def png(self) -> bytes:
        """The drawing as (256-colour) PNG bytes.

        The 256 colours are found once per board, from its first picture and every colour
        of its style, and reused: mapping a frame onto a known palette is several times
        quicker than finding one. Only the rows that changed since the last PNG are mapped
        and compressed again (see :mod:`kit.draw.png`).
        """
        pixels = self.render()
        if self._png is None:
            self._png = FramePng(self._palette_of(pixels))
        return self._png.encode(pixels)

    def palette(self) -> Image.Image:
        """The board's 256 colours as a "P" image: every colour of its style, and those found in
        its first picture (the one drawn now, if no PNG was made yet)."""
        if self._png is None:
            self._png = FramePng(self._palette_of(self.render()))
        return self._png.palette

    def _palette_of(self, pixels: np.ndarray) -> Image.Image:
        exact = list(dict.fromkeys(rgb(value) for value in _colours(self._style)))
        found = rgb_image(pixels).quantize(256 - len(exact), method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
        palette = Image.new("P", (1, 1))
        palette.putpalette([v for colour in exact for v in colour] + (found.getpalette() or [])[:3 * (256 - len(exact))])
        return palette


def rgb_image(pixels: np.ndarray) -> Image.Image:
    """A (rows, columns, 4) RGBA canvas buffer as an RGB Pillow image."""
    return Image.frombytes("RGB", (pixels.shape[1], pixels.shape[0]), pixels.data.cast("B"), "raw", "RGBX")


def _look(artist: Artist) -> tuple[Any, ...]:
    """What a seldom artist shows, as a value to compare (its kind must be one this knows)."""
    common = (artist.get_visible(), artist.get_alpha(), artist.get_zorder())
    if isinstance(artist, Text):
        patch = artist.get_bbox_patch()
        return (*common, artist.get_text(), tuple(artist.get_position()), str(artist.get_color()),
                artist.get_fontsize(), None if patch is None else tuple(patch.get_facecolor()))
    if isinstance(artist, Patch):
        return (*common, tuple(artist.get_facecolor()), tuple(artist.get_edgecolor()), artist.get_linewidth())
    if isinstance(artist, Collection):
        return (*common, *(np.asarray(values).tobytes() for values in (
            artist.get_offsets(), artist.get_facecolor(), artist.get_edgecolor(), artist.get_linewidth())),
            *(np.asarray(getattr(artist, name)).tobytes() for name in ("_widths", "_heights") if hasattr(artist, name)))
    raise TypeError(f"a seldom-changing artist must be a text, patch or collection, not a {type(artist).__name__}")


def _extent(artist: Artist, renderer: Any) -> Bbox | None:
    """Where a visible seldom artist is drawn, in display pixels (origin bottom-left)."""
    if isinstance(artist, EllipseCollection):  # its own extent misses the ellipses' sizes
        offsets = np.asarray(artist.get_offsets()).reshape(-1, 2)
        if not len(offsets):
            return None
        reach = max(np.max(artist.get_widths()), np.max(artist.get_heights()))
        corners = np.concatenate([offsets - reach, offsets + reach])
        return Bbox.null().from_extents(*artist.get_offset_transform().transform(corners).min(axis=0),
                                        *artist.get_offset_transform().transform(corners).max(axis=0))
    if isinstance(artist, Patch):
        return _hull(artist)
    box = artist.get_window_extent(renderer)
    patch = artist.get_bbox_patch() if isinstance(artist, Text) else None
    hull = None if patch is None else _hull(patch)
    return box if hull is None else Bbox.union([box, hull])


def _hull(patch: Patch) -> Bbox | None:
    """A box around a patch's path and its curves' control points, in display pixels: it holds the
    drawn outline (as its window extent would) and is many times quicker to find."""
    vertices = patch.get_transform().transform(patch.get_path().vertices)
    if not len(vertices):
        return None
    return Bbox.from_extents(*vertices.min(axis=0), *vertices.max(axis=0))


def _overlaps(extent: tuple[int, int, int, int] | None, boxes: list[tuple[int, int, int, int]]) -> bool:
    return extent is not None and any(extent[0] < b[2] and b[0] < extent[2] and extent[1] < b[3] and b[1] < extent[3]
                                      for b in boxes)


def _colours(style: Style) -> list[str]:
    """Every ``#RRGGBB`` colour a style names."""
    values = [getattr(style, field.name) for field in fields(style)]
    flat = [v for value in values for v in (value if isinstance(value, tuple) else (value,))]
    return [v for v in flat if isinstance(v, str) and v.startswith("#") and len(v) == 7]
