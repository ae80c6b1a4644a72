"""Myra drawn as a hexagonal wooden board of 91 hollows, for positions and every step of a traced move.

Troops are stacks of discs in the player's colour with their size on top; the queen is a
white-rimmed disc with a crown; a fortress (5 soldiers) has a hexagonal top with a heavy
rim. Balls in hand hover just above the hollow they are over, leaving its centre (and its
highlight) visible. A panel on the right shows each player's reserve and who is to move
or out; a key explains the highlight colours.

>>> import kit.myra as myra
>>> MyraBoard(myra.start()).png()[:4]
b'\\x89PNG'
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Sequence

import numpy as np
from matplotlib import patheffects
from matplotlib.collections import EllipseCollection, PolyCollection
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Circle, FancyArrowPatch, RegularPolygon

from kit.draw import palette
from kit.draw.canvas import BoardCanvas, ease, wrap_caption
from kit.myra.events import (BoardState, Capture, ChangeSides, Drop, GameOver, Gather, Lay, Lift, Merge,
                             MyraEvent, PlayerOut, Produce, QueenCaptured, Step, state_at)
from kit.myra.hexgrid import CELLS, Cell, cell_name, on_board
from kit.myra.pieces import FORTRESS, PLAYER_NAMES, Piece

# -- geometry (data units: the distance from a hexagon's centre to its corner) ------------------

SQRT3 = float(np.sqrt(3.0))
HOLLOW_RADIUS = 0.78
DISC_RADIUS = 0.5
LAYER_RISE = 0.075             # each soldier of a troop lifts the top of the stack this much
STACK_BASE = 0.06
HAND_OFFSET = (0.52, 0.56)     # balls in hand hover up and to the right of their hollow
HAND_SCALE = 0.9
LABEL_DROP = -0.56             # hollow names sit low in the hollow, below the pieces
LABEL_SIZE = 8
ARROW_GAP = 0.45               # the path's arrow stops this short of the hollow's centre
MARKED_LABELS = 6              # hollow names redrawn over highlight fills, at most this many
PLANK_RADIUS = 10.1
PANEL_X = 11.0
PANEL_TOP = 7.6
PANEL_STEP = 3.1
XLIM = (-10.4, 18.0)
YLIM = (-12.0, 9.1)
CAPTION_Y = -10.45
CIRCLE = np.column_stack([np.cos(np.linspace(0, 2 * np.pi, 33)[:-1]), np.sin(np.linspace(0, 2 * np.pi, 33)[:-1])])
HEXAGON = np.column_stack([np.cos(np.arange(6) * np.pi / 3 + np.pi / 6), np.sin(np.arange(6) * np.pi / 3 + np.pi / 6)])
KEY = (("lifted", palette.LIFT), ("put down", palette.SOW), ("chain", palette.RELAY),
       ("captured", palette.CAPTURE))


def cell_center(cell: Cell) -> tuple[float, float]:
    """The centre of a hollow in data coordinates (pointy-top hexagons, row A at the top)."""
    if not on_board(cell):
        raise ValueError(f"{cell!r} is not a hollow of the board")
    q, r = cell
    return SQRT3 * (q + r / 2), -1.5 * r


def reserve_center(player: int) -> tuple[float, float]:
    """Where a player's reserve is drawn in the panel."""
    return PANEL_X + 0.7, PANEL_TOP - PANEL_STEP * player - 0.55


def _shape(outline: np.ndarray, x: float, y: float, radius: float) -> np.ndarray:
    return outline * radius + (x, y)


@dataclass
class _Pieces:
    """Polygons, their colours and the labels on top, gathered for one collection."""

    verts: list[np.ndarray]
    faces: list[str]
    edges: list[str]
    widths: list[float]
    labels: list[tuple[float, float, str, str, float]]  # x, y, text, colour, font size

    @classmethod
    def empty(cls) -> "_Pieces":
        return cls([], [], [], [], [])

    def add(self, piece: Piece, x: float, y: float, scale: float = 1.0) -> None:
        """A queen or a troop standing at (x, y)."""
        colour = palette.PLAYERS[piece.owner]
        if piece.queen:
            self._poly(_shape(CIRCLE, x, y + STACK_BASE, 0.62 * scale), palette.WHITE, palette.BLACK, 1.5)
            self._poly(_shape(CIRCLE, x, y + STACK_BASE, 0.5 * scale), colour, palette.BLACK, 1.0)
            self.labels.append((x, y + STACK_BASE - 0.02, "\u265b", palette.text_on(colour), 19 * scale))
            return
        for layer in range(piece.count):
            top = layer == piece.count - 1
            lift = y + STACK_BASE + LAYER_RISE * layer * scale
            fortress = top and piece.count == FORTRESS
            outline = HEXAGON if fortress else CIRCLE
            self._poly(_shape(outline, x, lift, DISC_RADIUS * scale * (1.12 if fortress else 1.0)), colour,
                       palette.BLACK, 3.0 if fortress else 1.0)
        self.labels.append((x, y + STACK_BASE + LAYER_RISE * (piece.count - 1) * scale, str(piece.count),
                            palette.text_on(colour), 15 * scale))

    def _poly(self, verts: np.ndarray, face: str, edge: str, width: float) -> None:
        self.verts.append(verts)
        self.faces.append(face)
        self.edges.append(edge)
        self.widths.append(width)


@dataclass(frozen=True)
class _Scene:
    """Everything one frame shows, derived from (position, events, step, progress)."""

    state: BoardState
    hand_at: tuple[float, float] | None    # where the balls in hand hover
    flying: tuple[int, tuple[float, float]] | None  # a produced soldier on its way: player, place
    path: list[tuple[float, float]]         # the way the hand has gone so far
    planned: list[tuple[float, float]]      # the whole way of the move
    fills: dict[Cell, str]
    rings: dict[Cell, str]
    caption: str


class MyraBoard(BoardCanvas):
    """A Myra board drawing: one Figure whose artists :meth:`show` updates in place."""

    def __init__(self, position: Any, size: float = 11.0, dpi: float = 72, labels: bool = True) -> None:
        super().__init__(XLIM, YLIM, size, dpi)
        ax, keep = self.axes, self.changing
        self._carve_board()
        centres = np.array([cell_center(c) for c in CELLS])
        ax.add_collection(EllipseCollection(
            np.full(len(CELLS), 2 * HOLLOW_RADIUS), np.full(len(CELLS), 2 * HOLLOW_RADIUS), np.zeros(len(CELLS)),
            units="xy", offsets=centres, offset_transform=ax.transData, facecolors=palette.HOLE,
            edgecolors=palette.HOLE_RIM, linewidths=1.5, zorder=2))
        self._labels = [ax.text(x, y + LABEL_DROP, cell_name(c), ha="center", va="center", fontsize=LABEL_SIZE,
                                color=palette.SEED, zorder=2.5) for c, (x, y) in zip(CELLS, centres)]
        self._marks = keep(ax.add_collection(EllipseCollection(
            [], [], [], units="xy", offsets=np.zeros((0, 2)), offset_transform=ax.transData, zorder=2.6)))
        self._mark_labels = [keep(ax.text(0, 0, "", ha="center", va="center", fontsize=LABEL_SIZE, zorder=2.7))
                             for _ in range(MARKED_LABELS)]
        outline = [patheffects.withStroke(linewidth=7, foreground=palette.WHITE)]
        self._planned = keep(ax.add_line(Line2D([], [], color=palette.WHITE, linewidth=2.5, linestyle=(0, (2, 2)),
                                                alpha=0.75, zorder=3)))
        self._pieces = keep(ax.add_collection(PolyCollection([], zorder=4)))
        self._path = keep(ax.add_line(Line2D([], [], color=palette.BLACK, linewidth=3.5, solid_capstyle="round",
                                             path_effects=outline, zorder=6)))
        self._head = keep(ax.add_patch(FancyArrowPatch((0, 0), (1, 0), arrowstyle="-|>", mutation_scale=28,
                                                       color=palette.BLACK, linewidth=2, zorder=6.1,
                                                       shrinkA=0, shrinkB=0)))
        self._hand = keep(ax.add_collection(PolyCollection([], zorder=7)))
        self._texts: list[Any] = [keep(ax.text(0, 0, "", ha="center", va="center", fontweight="bold", zorder=8))
                                  for _ in range(len(CELLS) + 2)]
        seldom = self.seldom  # the panel
        self._names, self._reserves = [], []
        for player in range(3):
            x, y = reserve_center(player)
            self._names.append(seldom(ax.text(PANEL_X, y + 0.95, "", ha="left", va="center", fontsize=18,
                                              fontweight="bold", zorder=8)))
            self._reserves.append(seldom(ax.text(x + 0.85, y, "", ha="left", va="center", fontsize=15,
                                                 color=palette.INK, zorder=8)))
        self._reserve_discs = [seldom(ax.add_patch(Circle(reserve_center(p), 0.5, facecolor=palette.PLAYERS[p],
                                                          edgecolor=palette.BLACK, linewidth=1, zorder=7)))
                               for p in range(3)]
        self._caption = self.caption_artist((XLIM[0] + XLIM[1]) / 2, CAPTION_Y)
        self.set_labels(labels)
        self.show(position)

    def _carve_board(self) -> None:
        """What never changes: the hexagonal plank and the key to the highlight colours."""
        ax = self.axes
        ax.add_patch(RegularPolygon((0, 0), 6, radius=PLANK_RADIUS, orientation=np.pi / 6, facecolor=palette.WOOD,
                                    edgecolor=palette.WOOD_EDGE, linewidth=5, joinstyle="round", zorder=0))
        ax.add_patch(RegularPolygon((0, 0), 6, radius=PLANK_RADIUS - 0.45, orientation=np.pi / 6, facecolor="none",
                                    edgecolor=palette.WOOD_GRAIN, linewidth=2, zorder=0.5))
        top = PANEL_TOP - 3 * PANEL_STEP - 0.6
        ax.text(PANEL_X, top, "Key", ha="left", va="center", fontsize=14, fontweight="bold", color=palette.INK)
        for i, (name, colour) in enumerate(KEY):
            y = top - 0.95 * (i + 1)
            ax.add_patch(Circle((PANEL_X + 0.35, y), 0.32, facecolor=colour, edgecolor=palette.HOLE_RIM, linewidth=1.5))
            ax.text(PANEL_X + 0.95, y, name, ha="left", va="center", fontsize=14, color=palette.INK)

    def set_labels(self, shown: bool) -> None:
        """Show or hide the hollow names (A1 .. K6)."""
        for label in self._labels:
            label.set_visible(shown)
        self.invalidate()

    def seldom_key(self) -> Any:
        """The panel: names with whose turn it is or who is out, reserves, how many players."""
        return (*(text.get_text() for text in (*self._names, *self._reserves)),
                *(text.get_visible() for text in self._names))

    # -- stepping ------------------------------------------------------------------------

    def show(self, position: Any, events: Sequence[MyraEvent] = (), step: int = 0, progress: float = 1.0,
             highlight: Iterable[Cell] = ()) -> None:
        """Show the board after the first ``step`` events of a move traced from ``position``.

        ``progress`` below 1 shows an in-between frame: the hand on its way to event ``step``.
        ``highlight`` rings hollows to point at (e.g. where a chosen piece can go).
        """
        scene = _scene(position, events, step, progress)
        for cell in highlight:
            cell_center(cell)  # names a hollow that is not on the board
            scene.rings.setdefault(cell, palette.SOW)
        state = scene.state
        self._show_marks(scene)
        board = _Pieces.empty()
        for cell, piece in state.cells.items():
            board.add(piece, *cell_center(cell))
        hand = _Pieces.empty()
        if state.hand is not None and scene.hand_at is not None:
            piece = Piece(state.hand.player, state.hand.count, state.hand.queen)
            hand.add(piece, *scene.hand_at, scale=HAND_SCALE)
        if scene.flying is not None:
            hand.add(Piece(scene.flying[0], 1), *scene.flying[1], scale=HAND_SCALE)
        for collection, pieces in ((self._pieces, board), (self._hand, hand)):
            collection.set_verts(pieces.verts)
            collection.set_facecolors(pieces.faces)
            collection.set_edgecolors(pieces.edges)
            collection.set_linewidths(pieces.widths)
        for text, label in zip(self._texts, board.labels + hand.labels + [None] * len(self._texts)):
            text.set_visible(label is not None)
            if label is not None:
                x, y, string, colour, fontsize = label
                text.set_position((x, y))
                text.set_text(string)
                text.set_color(colour)
                text.set_fontsize(fontsize)
        self._show_path(scene)
        self._show_panel(position, state, under_way=step > 0)
        self._caption.set_text(wrap_caption(scene.caption))

    def _show_marks(self, scene: _Scene) -> None:
        """Highlighted hollows: filled, ringed or both, with their names redrawn over the fills."""
        marked = list(dict.fromkeys([*scene.fills, *scene.rings]))
        size = np.full(len(marked), 2 * HOLLOW_RADIUS)
        marks = self._marks
        marks.set_offsets(np.array([cell_center(c) for c in marked]).reshape(-1, 2))
        marks.set_widths(size)
        marks.set_heights(size)
        marks.set_angles(np.zeros(len(marked)))
        marks.set_facecolors([scene.fills.get(c, "none") for c in marked])
        marks.set_edgecolors([scene.rings.get(c, palette.HOLE_RIM) for c in marked])
        marks.set_linewidths([5.0 if c in scene.rings else 1.5 for c in marked])
        filled = list(scene.fills)[:MARKED_LABELS] if self._labels[0].get_visible() else []
        for text, cell in zip(self._mark_labels, filled + [None] * MARKED_LABELS):
            text.set_visible(cell is not None)
            if cell is not None:
                x, y = cell_center(cell)
                text.set_position((x, y + LABEL_DROP))
                text.set_text(cell_name(cell))
                text.set_color(palette.text_on(scene.fills[cell]))

    def _show_path(self, scene: _Scene) -> None:
        """The way gone so far as an arrow stopping short of the piece it points at; the whole way dashed."""
        self._planned.set_data(*zip(*scene.planned) if len(scene.planned) > 1 else ([], []))
        path = list(scene.path)
        if len(path) > 1:
            (x0, y0), (x1, y1) = path[-2], path[-1]
            length = float(np.hypot(x1 - x0, y1 - y0))
            cut = min(ARROW_GAP, length) / length if length else 0.0
            path[-1] = (x1 - cut * (x1 - x0), y1 - cut * (y1 - y0))
        self._path.set_data(*zip(*path) if len(path) > 1 else ([], []))
        self._head.set_visible(len(path) > 1 and path[-1] != path[-2])
        if self._head.get_visible():
            self._head.set_positions(path[-2], path[-1])

    def _show_panel(self, position: Any, state: BoardState, under_way: bool) -> None:
        players = position.num_players
        over = position.is_over
        for player in range(3):
            shown = player < players
            name, reserve, disc = self._names[player], self._reserves[player], self._reserve_discs[player]
            for artist in (name, reserve, disc):
                artist.set_visible(shown)
            if not shown:
                continue
            out = player in state.eliminated
            moving = not over and player == position.to_move and not out
            turn = " moving" if under_way else " to move"
            label = PLAYER_NAMES[player] + (turn if moving else " \u2014 out" if out else "")
            name.set_text(label)
            name.set_color(palette.WHITE if moving else palette.PLAYERS[player])
            name.set_bbox({"boxstyle": "round,pad=0.3", "facecolor": palette.PLAYERS[player], "edgecolor": "none"}
                          if moving else None)
            name.set_alpha(0.5 if out else 1.0)
            reserve.set_text(f"reserve: {state.reserve[player]}")
            disc.set_alpha(0.35 if out else 1.0)

    def pixel_of(self, cell: Cell) -> tuple[int, int]:
        """The (column, row) of a hollow's centre in :meth:`png`, for checking highlights."""
        return self.pixel_at(*cell_center(cell))

    @staticmethod
    def travels(event: MyraEvent) -> bool:
        """Whether balls move during this event (animations add in-between frames)."""
        return isinstance(event, (Step, Gather, Lay, Produce))

    @staticmethod
    def holds(event: MyraEvent) -> bool:
        """Whether an animation lingers on this event."""
        return isinstance(event, (Capture, QueenCaptured, PlayerOut, ChangeSides, GameOver))

    def cell_at(self, x: float, y: float) -> Cell | None:
        """The hollow under pixel (x, y) of :meth:`png` (origin top-left), or None: a click
        nearer a hollow's centre than half the distance between neighbours hits it."""
        px, py = self.axes.transData.inverted().transform((x, self.figure.bbox.height - y))
        cell = min(CELLS, key=lambda c: np.hypot(px - cell_center(c)[0], py - cell_center(c)[1]))
        cx, cy = cell_center(cell)
        return cell if np.hypot(px - cx, py - cy) <= SQRT3 / 2 else None

    def target_at(self, x: float, y: float) -> Cell | None:
        """What a click at pixel (x, y) points at: a hollow (see :meth:`cell_at`)."""
        return self.cell_at(x, y)

    def show_choice(self, position: Any, targets: Iterable[Cell], chosen: Iterable[Cell] = ()) -> None:
        """Show a position while a move is chosen: the chosen piece (or the chain so far)
        ringed in the lift colour, the hollows it can go to ringed in the put-down colour."""
        targets, chosen = tuple(targets), tuple(chosen)
        self.show(position, highlight=targets)
        if chosen:
            scene = _scene(position, (), 0, 1.0)
            scene.rings.update({cell: palette.SOW for cell in targets})
            scene.rings.update({cell: palette.LIFT for cell in chosen})
            self._show_marks(scene)


def _hover(cell: Cell) -> tuple[float, float]:
    x, y = cell_center(cell)
    return x + HAND_OFFSET[0], y + HAND_OFFSET[1]


def _way(events: Sequence[MyraEvent]) -> list[Cell]:
    """The hollows the hand visits, in order: where it lifts, then every step, gathering or laying."""
    way: list[Cell] = []
    for event in events:
        if isinstance(event, Lift):
            way.append(event.cell)
        elif isinstance(event, (Step, Gather, Lay)):
            way.append(event.to)
    return way


def _scene(position: Any, events: Sequence[MyraEvent], step: int, progress: float) -> _Scene:
    """What the frame at (step, progress) shows."""
    if not 0.0 <= progress <= 1.0:
        raise ValueError(f"progress must be within 0..1, not {progress!r}")
    event = events[step - 1] if step else None
    between = bool(step) and progress < 1.0 and MyraBoard.travels(event)
    state = state_at(position, events, step - 1 if between else step)
    hand_at = _hover(state.hand.cell) if state.hand is not None else None
    flying = None
    path = [cell_center(c) for c in _way(events[:step - 1 if between else step])]
    if between:
        t = ease(progress)
        if isinstance(event, Produce):
            (x0, y0), (x1, y1) = reserve_center(event.player), cell_center(event.cell)
            flying = (event.player, ((1 - t) * x0 + t * x1, (1 - t) * y0 + t * y1))
        else:
            (x0, y0), (x1, y1) = _hover(event.frm), _hover(event.to)
            hand_at = ((1 - t) * x0 + t * x1, (1 - t) * y0 + t * y1)
            (x0, y0), (x1, y1) = cell_center(event.frm), cell_center(event.to)
            path.append(((1 - t) * x0 + t * x1, (1 - t) * y0 + t * y1))
    planned = [cell_center(c) for c in _way(events)]
    fills, rings = _highlights(events, step, state)
    return _Scene(state, hand_at, flying, path, planned, fills, rings, _caption(position, events, step))


def _highlights(events: Sequence[MyraEvent], step: int, state: BoardState) -> tuple[dict[Cell, str], dict[Cell, str]]:
    """Hollow fills for the current event; rings for the origin, the chain so far, sides changed."""
    fills: dict[Cell, str] = {}
    rings: dict[Cell, str] = {}
    for earlier in events[:step]:
        if isinstance(earlier, Lift):
            rings[earlier.cell] = palette.LIFT
        elif isinstance(earlier, (Gather, Lay)):
            rings[earlier.to] = palette.RELAY
    event = events[step - 1] if step else None
    if isinstance(event, Lift):
        fills[event.cell] = palette.LIFT
    elif isinstance(event, (Drop, Merge)):
        fills[event.cell] = palette.SOW
    elif isinstance(event, (Capture, QueenCaptured)):
        fills[event.cell] = palette.CAPTURE
    elif isinstance(event, (Gather, Lay)):
        fills[event.to] = palette.RELAY
    elif isinstance(event, Produce):
        fills[event.cell] = palette.SOW
        queen = next((c for c, p in state.cells.items() if p.queen and p.owner == event.player), None)
        if queen is not None:
            rings[queen] = palette.SOW
    elif isinstance(event, ChangeSides):
        for cell in event.cells:
            rings[cell] = palette.CAPTURE
    return fills, rings


def _caption(position: Any, events: Sequence[MyraEvent], step: int) -> str:
    if step:
        return events[step - 1].text
    if position.winner is not None:
        return f"{PLAYER_NAMES[position.winner]} has won."
    if position.is_over:
        return "The game is over: a draw."
    return f"{PLAYER_NAMES[position.to_move]} to move."


# -- convenience ---------------------------------------------------------------------------------


def draw(position: Any, events: Sequence[MyraEvent] = (), step: int = 0, labels: bool = True,
         size: float = 11.0, dpi: float = 72) -> Figure:
    """A Figure of the board after the first ``step`` events of a move traced from ``position``."""
    board = MyraBoard(position, size=size, dpi=dpi, labels=labels)
    board.show(position, events, step)
    return board.figure


def position_png(position: Any, labels: bool = True) -> bytes:
    """The position as PNG bytes (for ``Position._repr_png_``)."""
    return MyraBoard(position, labels=labels).png()


def animate(position: Any, move: Any, inbetween: int = 4, hold: int = 6, **options: Any) -> Any:
    """The animation of a move (see :func:`kit.draw.animate.animate`)."""
    from kit.draw.animate import animate as _animate

    return _animate(position, move, inbetween=inbetween, hold=hold, **options)
