"""Nim drawn on :class:`kit.draw.canvas.BoardCanvas`: rows of stones in carved hollows, a tray per player.

Heap a is the top row, each heap's stones lie from the left; the hollows of a row beyond
the rules' heaps stay empty. A picked stone flies to the mover's tray on the right. A board
target is a hollow ``(heap, place)``: a click on a stone takes it and every stone right of it.
"""
from __future__ import annotations

from typing import Any, Iterable, Sequence

import numpy as np
from matplotlib.axes import Axes
from matplotlib.collections import EllipseCollection
from matplotlib.patches import Circle, FancyBboxPatch

from kit.draw import palette
from kit.draw.canvas import BoardCanvas, ease, wrap_caption

from .events import LETTERS, SEATS, Pick, Won
from .rules import MAX_HEAPS, MAX_STONES

Target = tuple[int, int]  # (heap, place): a hollow of the board

XLIM, YLIM = (-1.8, 12.6), (-2.3, 6.0)
STONE, HOLLOW = 0.72, 0.4  # a stone's width, a hollow's radius (data units: one place)
TRAYS = ((11.0, 3.4), (11.0, 0.3))  # the centres of First's and Second's trays
NOMINAL = 9.0  # inches


def place_center(target: Target) -> tuple[float, float]:
    """The centre of a hollow in data coordinates."""
    heap, place = target
    if not (0 <= heap < MAX_HEAPS and 0 <= place < MAX_STONES):
        raise ValueError(f"a hollow is (heap 0..{MAX_HEAPS - 1}, place 0..{MAX_STONES - 1}), not {target!r}")
    return float(place), float(MAX_HEAPS - 1 - heap)


class NimBoard(BoardCanvas):
    """A Nim board: one Figure whose artists :meth:`show` updates in place."""

    def __init__(self, position: Any, size: float | None = None, dpi: float = 80, style: str = "wood",
                 axes: Axes | None = None) -> None:
        look = self.look = palette.style_named(style)
        super().__init__(XLIM, YLIM, size or NOMINAL, dpi, axes=axes, style=look, nominal=NOMINAL)
        ax, pt = self.axes, self.pt
        ax.add_patch(FancyBboxPatch((-1.3, -0.7), 10.6, 5.4, boxstyle="round,pad=0,rounding_size=0.4",
                                    facecolor=look.board, edgecolor=look.board_edge, linewidth=pt(4), zorder=0))
        for h in range(MAX_HEAPS):
            for p in range(MAX_STONES):
                ax.add_patch(Circle(place_center((h, p)), HOLLOW, facecolor=look.hole, edgecolor=look.hole_rim,
                                    linewidth=pt(1.5), zorder=1))
        for player, (x, y) in enumerate(TRAYS):
            ax.add_patch(FancyBboxPatch((x - 1.1, y - 0.9), 2.2, 1.8, boxstyle="round,pad=0,rounding_size=0.3",
                                        facecolor=look.paper, edgecolor=look.players[player], linewidth=pt(3), zorder=0))
        bold: dict[str, Any] = {"ha": "center", "va": "center", "fontweight": "bold", "zorder": 6}
        self._letters = [self.seldom(ax.text(-0.9, MAX_HEAPS - 1 - h, "", **bold, fontsize=pt(18), color=look.carved))
                         for h in range(MAX_HEAPS)]
        self._names = [self.seldom(ax.text(x, y + 1.3, "", **bold, fontsize=pt(14))) for x, y in TRAYS]
        self._counts = [self.seldom(ax.text(x, y, "", **bold, fontsize=pt(24), color=look.players[p]))
                        for p, (x, y) in enumerate(TRAYS)]
        self._stones: EllipseCollection = self.changing(EllipseCollection(
            [], [], [], units="xy", offsets=np.zeros((0, 2)), offset_transform=ax.transData,
            facecolors=look.seed, edgecolors=look.seed_edge, linewidths=pt(1.2), zorder=4))
        self._rings: EllipseCollection = self.changing(EllipseCollection(
            [], [], [], units="xy", offsets=np.zeros((0, 2)), offset_transform=ax.transData,
            facecolors="none", linewidths=pt(5), zorder=5))
        self._hints: EllipseCollection = self.changing(EllipseCollection(
            [], [], [], units="xy", offsets=np.zeros((0, 2)), offset_transform=ax.transData, facecolors="none",
            edgecolors=look.hint, linewidths=pt(4), linestyles=[palette.HINT_DASHES], zorder=5))
        for collection in (self._stones, self._rings, self._hints):
            ax.add_collection(collection)
        self._caption = self.caption_artist(5.4, -1.6)
        self.show(position)

    def show(self, position: Any, events: Sequence[Any] = (), step: int = 0, progress: float = 1.0,
             hint: Iterable[Target] = (), chosen: Iterable[Target] = ()) -> None:
        """The board after the first ``step`` events of a move traced from ``position``; with
        ``progress`` below 1 the stone of event ``step`` on its way to the tray. ``hint``
        marks hollows with the hint's dashed ring, ``chosen`` rings them in the lift colour."""
        if not 0.0 <= progress <= 1.0:
            raise ValueError(f"progress must be within 0..1, not {progress!r}")
        heaps, taken = list(position.heaps), list(position.taken)
        picks = [event for event in events[:step] if isinstance(event, Pick)]
        for pick in picks:
            heaps[pick.heap] -= 1
            taken[pick.player] += 1
        flying = events[step - 1] if step and progress < 1.0 and isinstance(events[step - 1], Pick) else None
        places = [place_center((h, p)) for h, n in enumerate(heaps) for p in range(n)]
        if flying is not None:
            taken[flying.player] -= 1
            start, end, t = place_center((flying.heap, heaps[flying.heap])), TRAYS[flying.player], ease(progress)
            places.append(((1 - t) * start[0] + t * end[0], (1 - t) * start[1] + t * end[1]))
        _circles(self._stones, places, STONE)
        rings = [(place_center(target), self.look.lift) for target in chosen]
        rings += [(place_center((pick.heap, pick.left)), self.look.capture) for pick in picks[-1:]]
        _circles(self._rings, [centre for centre, _ in rings], 2 * HOLLOW + 0.1)
        self._rings.set_edgecolor([colour for _, colour in rings] or "none")
        _circles(self._hints, [place_center(target) for target in hint], 2 * HOLLOW + 0.3)
        for h, letter in enumerate(self._letters):
            letter.set_text(LETTERS[h] if h < len(heaps) else "")
        over = not any(position.heaps)
        for player in (0, 1):
            moving = player == position.to_move and not over
            self._names[player].set_text(f"{SEATS[player]}{' to move' if moving and not step else ''}")
            self._names[player].set_color(self.look.players[player])
            self._counts[player].set_text(str(taken[player]))
        self._caption.set_text(wrap_caption(_caption(position, events, step)))

    def pixel_of(self, target: Target) -> tuple[int, int]:
        """The (column, row) of a hollow's centre in :meth:`png`."""
        return self.pixel_at(*place_center(target))

    def target_at(self, x: float, y: float) -> Target | None:
        """The hollow under pixel (x, y) of :meth:`png` (origin top-left), or None: a click within
        half a place of a hollow's centre hits it."""
        px, py = self.axes.transData.inverted().transform((x, self.figure.bbox.height - y))
        place, row = round(px), round(py)
        heap = MAX_HEAPS - 1 - row
        if not (0 <= heap < MAX_HEAPS and 0 <= place < MAX_STONES) or np.hypot(px - place, py - row) > 0.5:
            return None
        return heap, place

    @staticmethod
    def travels(event: Any) -> bool:
        """A picked stone flies to the tray."""
        return isinstance(event, Pick)

    @staticmethod
    def holds(event: Any) -> bool:
        """The win is worth lingering on."""
        return isinstance(event, Won)


def _circles(collection: EllipseCollection, centres: list[tuple[float, float]], width: float) -> None:
    collection.set_offsets(np.array(centres, dtype=float).reshape(-1, 2))
    collection.set_widths(np.full(len(centres), width))
    collection.set_heights(np.full(len(centres), width))
    collection.set_angles(np.zeros(len(centres)))


def _caption(position: Any, events: Sequence[Any], step: int) -> str:
    if step:
        return str(events[step - 1].text)
    if not any(position.heaps):
        return f"{SEATS[1 - position.to_move]} took the last stone."
    return f"{SEATS[position.to_move]} to move."
