"""Draw the labelled Myra board of the rules page: ``python -m docs.myra_hollows_picture``.

Writes ``docs/img/myra-hollows.png``: every hollow with its name (row letter A-K from the
top, number from the left end of the row) and the 2-player start formation.
"""
from __future__ import annotations

import math
from pathlib import Path

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.patches import RegularPolygon

from kit.draw.palette import INK, PAPER, PLAYERS, text_on
from kit.games.myra import hollow_name, start
from kit.games.myra.hexgrid import HOLLOWS, ROW_LETTERS

OUT = Path(__file__).parent / "img" / "myra-hollows.png"


def centre(q: int, r: int) -> tuple[float, float]:
    """Pointy-top layout: row r = -5 at the top."""
    return math.sqrt(3) * (q + r / 2), -1.5 * r


def draw() -> Figure:
    """The labelled board as a Figure."""
    figure = Figure(figsize=(10, 9.2), facecolor=PAPER)
    FigureCanvasAgg(figure)
    axes = figure.add_axes((0, 0, 1, 0.94))
    axes.set_aspect("equal")
    axes.axis("off")
    pieces = start().hollows
    for q, r in HOLLOWS:
        x, y = centre(q, r)
        piece = pieces.get((q, r))
        fill = PLAYERS[piece.owner] if piece else "#EFE3CC"
        axes.add_patch(RegularPolygon((x, y), 6, radius=0.98, orientation=0, facecolor=fill, edgecolor=INK, lw=1))
        ink = text_on(fill)
        axes.text(x, y + (0.25 if piece else 0), hollow_name((q, r)), ha="center", va="center", fontsize=11,
                  color=ink, weight="bold")
        if piece:
            axes.text(x, y - 0.4, "queen" if piece.queen else f"{piece.count}", ha="center", va="center",
                      fontsize=8.5, color=ink)
    for r in range(-5, 6):
        x, y = centre(max(-5, -5 - r), r)
        axes.text(x - 1.5, y, ROW_LETTERS[r + 5], ha="right", va="center", fontsize=14, color=INK, weight="bold")
    axes.set_xlim(-10.8, 9.8)
    axes.set_ylim(-9.7, 8.7)
    figure.suptitle("Myra hollow names: row letter A (top) to K (bottom), hollows numbered from the left of each row",
                    fontsize=12.5, color=INK)
    axes.text(0, -9.3, "2-player start: Blue (player 0, moves first) at F11, Orange at F1; numbers are troop sizes",
              ha="center", va="center", fontsize=11, color=INK)
    return figure


if __name__ == "__main__":
    OUT.parent.mkdir(exist_ok=True)
    draw().savefig(OUT, dpi=80, facecolor=PAPER)
    print(f"wrote {OUT}")
