"""Black-and-white board diagrams for print, drawn into a given matplotlib Axes.

The geometry is the board drawings' own (:func:`kit.draw.walak.hole_center`,
:func:`kit.draw.myra.cell_center`); only the style differs: white holes with black rims and
large counts (Walak-pussa), hexagonal hollows named in small print with pieces as discs
marked by count or ``Q`` (Myra: Blue black, Orange white, Green grey), legible on a
black-and-white printer at six diagrams a page.
"""
from __future__ import annotations

from typing import Any

from matplotlib.axes import Axes
from matplotlib.patches import Circle, RegularPolygon

INK = "#000000"
GREY = "#9A9A9A"
PAPER = "#FFFFFF"
# Myra players in print: disc face, text colour
MYRA_PRINT: tuple[tuple[str, str], ...] = ((INK, PAPER), (PAPER, INK), (GREY, INK))


def draw_position(ax: Axes, position: Any) -> None:
    """Draw the position of either game into ``ax`` (its limits and aspect are set here)."""
    from kit.puzzles.positions import game_name

    (draw_walak if game_name(position) == "walak" else draw_myra)(ax, position)


def draw_walak(ax: Axes, position: Any) -> None:
    """A Walak-pussa position: 14 holes with their counts and letters, each side's captured seeds, who moves."""
    from kit.draw.walak import NORTH_Y, hole_center
    from kit.walak import LETTERS, PLAYER_NAMES

    ax.set_xlim(-1.6, 7.6)
    ax.set_ylim(-1.45, NORTH_Y + 1.45)
    ax.set_aspect("equal")
    ax.set_axis_off()
    for hole, count in enumerate(position.board):
        x, y = hole_center(hole)
        ax.add_patch(Circle((x, y), 0.44, facecolor=PAPER, edgecolor=INK, linewidth=1.4))
        ax.text(x, y, str(count), ha="center", va="center", fontsize=13, fontweight="bold", color=INK)
        below = y - 0.72 if hole < 7 else y + 0.72
        ax.text(x, below, LETTERS[hole % 7], ha="center", va="center", fontsize=9, color=INK,
                fontstyle="italic")
    for player, (x, y) in enumerate(((3.0, -1.25), (3.0, NORTH_Y + 1.25))):
        mark = " (to move)" if player == position.to_move else ""
        ax.text(x, y, f"{PLAYER_NAMES[player]}{mark}: {position.captured[player]} captured", ha="center",
                va="center", fontsize=8.5, color=INK, fontweight="bold" if mark else "normal")
    ax.annotate("", xy=(6.9, NORTH_Y / 2 + 0.35), xytext=(6.9, NORTH_Y / 2 - 0.35),
                arrowprops={"arrowstyle": "->", "color": INK, "linewidth": 1.0})
    ax.annotate("", xy=(-0.9, NORTH_Y / 2 - 0.35), xytext=(-0.9, NORTH_Y / 2 + 0.35),
                arrowprops={"arrowstyle": "->", "color": INK, "linewidth": 1.0})


def draw_myra(ax: Axes, position: Any) -> None:
    """A Myra position: the 91 hollows named, every queen and troop with its size, reserves and who moves."""
    from kit.draw.myra import cell_center
    from kit.myra import PLAYER_NAMES, cell_name
    from kit.myra.hexgrid import CELLS

    ax.set_xlim(-10.2, 9.4)
    ax.set_ylim(-9.4, 9.3)
    ax.set_aspect("equal")
    ax.set_axis_off()
    pieces = position.cells
    for cell in CELLS:
        x, y = cell_center(cell)
        ax.add_patch(RegularPolygon((x, y), 6, radius=0.98, orientation=0.0, facecolor=PAPER, edgecolor=GREY,
                                    linewidth=0.6))
        piece = pieces.get(cell)
        if piece is None:
            ax.text(x, y, cell_name(cell), ha="center", va="center", fontsize=4.2, color=GREY)
            continue
        face, text = MYRA_PRINT[piece.owner]
        ax.add_patch(Circle((x, y), 0.74, facecolor=face, edgecolor=INK, linewidth=1.6 if piece.queen else 1.0))
        if piece.queen:
            ax.add_patch(Circle((x, y), 0.56, facecolor="none", edgecolor=text, linewidth=0.8))
        ax.text(x, y, "Q" if piece.queen else str(piece.count), ha="center", va="center", fontsize=8,
                fontweight="bold", color=text)
    # row letters at the left of each row
    for r, letter in zip(range(-5, 6), "ABCDEFGHIJK"):
        q = max(-5, -5 - r)
        x, y = cell_center((q, r))
        ax.text(x - 1.55, y, letter, ha="center", va="center", fontsize=6.5, color=INK)
    legend = ", ".join(f"{name} {['black', 'white', 'grey'][p]} ({position.reserve[p]} in reserve)"
                       for p, name in enumerate(PLAYER_NAMES[:position.num_players]))
    ax.text(0.0, -8.75, legend, ha="center", va="center", fontsize=6.5, color=INK)
    ax.text(0.0, 8.75, f"{PLAYER_NAMES[position.to_move]} to move", ha="center", va="center", fontsize=8,
            fontweight="bold", color=INK)
