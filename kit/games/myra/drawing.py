"""Myra drawn as a hexagonal wooden board of 91 hollows, for positions and every step of a traced move.

Troops are stacks of discs in the player's colour with their size on top; the queen is a
white-rimmed disc with a crown; a fortress (5 soldiers) has a hexagonal top with a heavy
rim. Balls in hand hover just above the hollow they are over, leaving its centre (and its
highlight) visible. A panel on the right shows each player's reserve and who is to move
or out; a key explains the highlight colours. ``projector=True`` draws the board alone with
larger hollow names and troop numbers (for a projector; the players, reserves and key then
go beside the picture as HTML, from :attr:`MyraBoard.panel_lines`).

>>> import kit.games.myra as myra
>>> MyraBoard(myra.start()).png()[:4]
b'\\x89PNG'
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, Iterable, Sequence

import numpy as np
from matplotlib import patheffects
from matplotlib.axes import Axes
from matplotlib.collections import EllipseCollection, PathCollection, PolyCollection
from matplotlib.font_manager import FontProperties
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Circle, FancyArrowPatch, RegularPolygon
from matplotlib.path import Path
from matplotlib.text import Text
from matplotlib.textpath import TextPath
from matplotlib.transforms import Affine2D

from kit.draw import palette
from kit.draw.canvas import CAPTION_SIZE, CAPTION_WIDTH, PRINT_WIDTH, BoardCanvas, ease, turn_word
from kit.games.myra.events import (BoardState, Capture, ChangeSides, Drop, GameOver, Gather, Lay, Lift, Merge,
                             MyraEvent, PlayerOut, Produce, QueenCaptured, Step, state_at)
from kit.games.myra.hexgrid import HOLLOWS, RADIUS, ROW_LETTERS, Hollow, hollow_name, on_board
from kit.games.myra.pieces import FORTRESS, PLAYER_NAMES, Piece

# -- geometry (data units: the distance from a hexagon's centre to its corner) ------------------
# Where things are is decided here and by hollow_center() alone (hit-testing uses the same functions).

SQRT3 = float(np.sqrt(3.0))
HOLLOW_RADIUS = 0.78
DISC_RADIUS = 0.5
QUEEN_RADII = (0.51, 0.42)     # the queen's white rim and her disc
FORTRESS_SCALE = 1.06          # a fortress's hexagonal top, against a disc
LAYER_RISE = 0.075             # each soldier of a troop lifts the top of the stack this much
STACK_BASE = 0.16              # pieces stand a little high in their hollow, leaving room for its name
HAND_OFFSET = (0.0, 0.8)       # balls in hand hover above their hollow, clear of the neighbours' names
HAND_SCALE = 0.9
LABEL_DROP = -0.57             # hollow names sit low in the hollow, below the pieces
LARGE_LABEL = 17              # points: names shown large (set_labels("large")) across the hollows
FADED = 0.3                    # the pieces' opacity while the names are shown large
ARROW_GAP = 0.62               # the path's arrow stops at the edge of the piece it points at
MARKED_LABELS = len(HOLLOWS)   # hollow names redrawn over highlights and the path: every one can be
PLANK_RADIUS = 10.1
PANEL_X = 11.0
PANEL_TOP = 7.6
PANEL_STEP = 3.1
XLIM = (-10.4, 18.0)
YLIM = (-12.0, 9.1)
PRINT_LIMITS = ((-11.0, 11.0), (-9.9, 9.9))   # the board alone, players noted in its corners
PRINT_CORNERS = ((10.9, 9.75, "right"), (-10.9, 9.75, "left"), (-10.9, -8.35, "left"))  # x, y of each player's note
PRINT_PLANK_RADIUS = 9.9       # on paper the outline hugs the hollows and the row letters stand outside it
PRINT_PIECE_SCALE = 1.3        # and the pieces fill their hollows
CAPTION_Y = -10.45
CIRCLE = np.column_stack([np.cos(np.linspace(0, 2 * np.pi, 33)[:-1]), np.sin(np.linspace(0, 2 * np.pi, 33)[:-1])])
HEXAGON = np.column_stack([np.cos(np.arange(6) * np.pi / 3 + np.pi / 6), np.sin(np.arange(6) * np.pi / 3 + np.pi / 6)])

# The key: each mark means one thing. A fill marks what the current event does; a ring marks
# what stays true during the move (the origin, the chain so far) or what can be chosen.
KEY: tuple[tuple[str, str, str], ...] = (
    ("lifted", "fill", "lift"), ("put down", "fill", "sow"), ("chain", "fill", "relay"),
    ("captured", "fill", "capture"), ("changed sides", "ring", "change"), ("can be chosen", "ring", "choice"),
    ("hint", "dashed", "hint"))

# -- per style: nominal width (inches), font sizes (points at that width), line widths -----------------

NOMINAL = {"wood": 11.0, "print": PRINT_WIDTH}
WOOD_SIZES = {"label": 11, "count": 15, "queen": 19, "name": 18, "reserve": 15, "key": 14,
              "rim": 1.5, "ring": 5.0, "hint": 5.5, "disc": 1.0, "fortress": 3.0, "plank": 5.0, "path": 3.5, "head": 28}
#: On a projector the board stands alone (the panel goes beside it as HTML): larger names and numbers.
#: The projector's board is drawn alone, narrower than the wooden board with its panel: its
#: caption is set larger (26 points, not 19) so that it shows as large as Walak-pussa's on the screen.
PROJECTOR_SIZES = {**WOOD_SIZES, "label": 16, "count": 23, "queen": 22, "caption": 26}
PROJECTOR_XLIM = (-10.4, 10.4)
PROJECTOR_YLIM = (-12.6, 9.1)  # room for three caption lines of that size
PROJECTOR_CAPTION_Y = -10.75
PROJECTOR_CAPTION_WIDTH = 34  # characters per caption line on the narrower picture
PRINT_SIZES = {"label": 5.5, "count": 8, "queen": 8, "name": 7, "reserve": 6.5, "key": 6, "row": 6.5,
               "rim": 0.7, "ring": 2.0, "hint": 1.8, "disc": 0.8, "fortress": 1.8, "plank": 1.2, "path": 1.2, "head": 9}


def hollow_center(hollow: Hollow) -> tuple[float, float]:
    """The centre of a hollow in data coordinates (pointy-top hexagons, row A at the top)."""
    if not on_board(hollow):
        raise ValueError(f"{hollow!r} is not a hollow of the board")
    q, r = hollow
    return SQRT3 * (q + r / 2), -1.5 * r


def reserve_center(player: int) -> tuple[float, float]:
    """Where a player's reserve is drawn in the panel."""
    return PANEL_X + 0.7, PANEL_TOP - PANEL_STEP * player - 0.55


#: The radii (of a piece's) of the rings that mark Orange's pieces (one) and Green's (two), a cue besides colour.
RINGS = (0.86, 0.7)


def _shape(outline: np.ndarray, x: float, y: float, radius: float) -> np.ndarray:
    return outline * radius + (x, y)


@dataclass
class _Pieces:
    """Polygons, their colours and the labels on top, gathered for a plain and a hatched collection."""

    style: palette.Style
    sizes: dict[str, float]
    verts: list[np.ndarray]
    faces: list[str]
    widths: list[float]
    hatched: list[bool]
    labels: list[tuple[float, float, str, str, float, bool]]  # x, y, text, colour, font size, on a hatch
    rings: list[np.ndarray]  # the players' marks: rings inside a piece's top

    @classmethod
    def empty(cls, style: palette.Style, sizes: dict[str, float]) -> "_Pieces":
        return cls(style, sizes, [], [], [], [], [], [])

    def add(self, piece: Piece, x: float, y: float, scale: float = 1.0) -> None:
        """A queen or a troop standing at (x, y) (on paper: one disc, the queen lettered Q)."""
        look, sizes, owner = self.style, self.sizes, piece.owner
        colour, text, hatch = look.pieces[owner], look.piece_text[owner], bool(look.hatches[owner])
        printed = look.name == "print"
        base = y + (0.0 if printed else STACK_BASE * scale)
        scale *= PRINT_PIECE_SCALE if printed else 1.0
        if piece.queen:
            self._poly(_shape(CIRCLE, x, base, QUEEN_RADII[0] * scale), palette.WHITE, sizes["disc"] * 1.5, False)
            self._poly(_shape(CIRCLE, x, base, QUEEN_RADII[1] * scale), colour, sizes["disc"], hatch)
            self.labels.append((x, base - (0 if printed else 0.02), "Q" if printed else "\u265b", text,
                                sizes["queen"], hatch))
            self._marks(owner, x, base, QUEEN_RADII[1] * scale)
            return
        layers = 1 if printed else piece.count
        for layer in range(layers):
            top = layer == layers - 1
            lift = base + LAYER_RISE * layer * scale
            fortress = top and piece.count == FORTRESS
            self._poly(_shape(HEXAGON if fortress else CIRCLE, x, lift,
                              DISC_RADIUS * scale * (FORTRESS_SCALE if fortress else 1.0)),
                       colour, sizes["fortress" if fortress else "disc"], hatch)
        self.labels.append((x, base + LAYER_RISE * (layers - 1) * scale, str(piece.count), text,
                            sizes["count"] * (1.0 if printed else scale), hatch))
        if piece.count != FORTRESS:
            self._marks(owner, x, base + LAYER_RISE * (layers - 1) * scale, DISC_RADIUS * scale)

    def _marks(self, owner: int, x: float, y: float, radius: float) -> None:
        """The player's mark on a piece's top (a cue besides colour): Blue none, Orange one ring, Green two."""
        if self.style.name == "print":
            return  # on paper the fills differ (black, white, hatched)
        for ring in RINGS[:owner]:
            self.rings.append(_shape(CIRCLE, x, y, radius * ring))

    def _poly(self, verts: np.ndarray, face: str, width: float, hatched: bool) -> None:
        self.verts.append(verts)
        self.faces.append(face)
        self.widths.append(width)
        self.hatched.append(hatched)

    def into(self, plain: PolyCollection, hatched: PolyCollection, pt: Any, rings: PolyCollection | None = None) -> None:
        """Put the polygons into the two collections, the players' marks into ``rings`` (``pt`` scales line widths)."""
        if rings is not None:
            rings.set_verts(self.rings)
            rings.set_linewidth(pt(self.sizes["disc"]))
        for collection, wanted in ((plain, False), (hatched, True)):
            chosen = [i for i, h in enumerate(self.hatched) if h == wanted]
            collection.set_verts([self.verts[i] for i in chosen])
            collection.set_facecolor([self.faces[i] for i in chosen])
            collection.set_edgecolor(palette.BLACK)
            collection.set_linewidth([pt(self.widths[i]) for i in chosen])


@dataclass(frozen=True)
class _Scene:
    """Everything one frame shows, derived from (position, events, step, progress)."""

    state: BoardState
    hand_at: tuple[float, float] | None    # where the balls in hand hover
    flying: tuple[int, tuple[float, float]] | None  # a produced soldier on its way: player, place
    path: list[tuple[float, float]]         # the way the hand has gone so far
    planned: list[tuple[float, float]]      # the whole way of the move
    way: list[Hollow]                       # the hollows of that way
    fills: dict[Hollow, str]
    rings: dict[Hollow, str]
    caption: str


class MyraBoard(BoardCanvas):
    """A Myra board drawing: one Figure whose artists :meth:`show` updates in place.

    ``style="print"`` draws for black-and-white paper: white hollows named where they are
    empty, Blue's pieces black, Orange's white, Green's hatched, the queen lettered Q, the
    players noted in the corners, no caption, at a default width of 8 cm. ``axes`` draws
    into an Axes of another figure (e.g. one diagram of a worksheet page).
    """

    def __init__(self, position: Any, size: float | None = None, dpi: float = 72, labels: bool | str = True,
                 style: str = "wood", axes: Axes | None = None, projector: bool = False) -> None:
        self.style = palette.style_named(style)
        self.printed = self.style.name == "print"
        self.projector = projector and not self.printed
        self.sizes = PRINT_SIZES if self.printed else PROJECTOR_SIZES if self.projector else WOOD_SIZES
        xlim, ylim = (PRINT_LIMITS if self.printed else (PROJECTOR_XLIM, PROJECTOR_YLIM) if self.projector
                      else (XLIM, YLIM))
        # the board alone is drawn at the scale the board has in the whole picture
        nominal = NOMINAL[style] * ((xlim[1] - xlim[0]) / (XLIM[1] - XLIM[0]) if self.projector else 1.0)
        super().__init__(xlim, ylim, nominal if size is None else size, dpi, axes=axes,
                         style=self.style, nominal=nominal)
        #: Each player's line of the panel: (player, text, moving, out, reserve); drawn in the
        #: picture, or beside it by a projector's page.
        self.panel_lines: list[tuple[int, str, bool, bool, int]] = []
        ax, keep, pt, look, sizes = self.axes, self.changing, self.pt, self.style, self.sizes
        self._carve_board()
        centres = np.array([hollow_center(c) for c in HOLLOWS])
        ax.add_collection(EllipseCollection(
            np.full(len(HOLLOWS), 2 * HOLLOW_RADIUS), np.full(len(HOLLOWS), 2 * HOLLOW_RADIUS), np.zeros(len(HOLLOWS)),
            units="xy", offsets=centres, offset_transform=ax.transData, facecolors=look.hole,
            edgecolors=look.hole_rim, linewidths=pt(sizes["rim"]), zorder=2))
        # On wood the names sit low in every hollow (fixed); on paper, centred in the empty ones (seldom).
        label_y, name_colour = (0.0, look.muted) if self.printed else (LABEL_DROP, look.seed)
        place = self.seldom if self.printed else (lambda artist: artist)
        self._labels: list[Text] = [place(ax.text(x, y + label_y, hollow_name(c), ha="center", va="center",
                                      fontsize=pt(sizes["label"]), fontweight="bold", color=name_colour,
                                      zorder=2.5))
                        for c, (x, y) in zip(HOLLOWS, centres)]
        self._labels_shown, self._large = True, False
        self._marks = self.seldom(self.add_collection(EllipseCollection(
            [], [], [], units="xy", offsets=np.zeros((0, 2)), offset_transform=ax.transData, zorder=2.6)))
        self._hint_rings = self.seldom(self.add_collection(EllipseCollection(
            [], [], [], units="xy", offsets=np.zeros((0, 2)), offset_transform=ax.transData, facecolors="none",
            edgecolors=look.hint, linewidths=pt(sizes["hint"]),
            linestyles=[palette.HINT_DASHES], zorder=2.7)))
        self._mark_labels = [keep(ax.text(0, 0, "", ha="center", va="center", fontsize=pt(sizes["label"]),
                                          fontweight="bold", zorder=3.8))
                             for _ in range(MARKED_LABELS)]
        outline = [patheffects.withStroke(linewidth=pt(2 * sizes["path"]), foreground=look.paper)]
        self._planned = keep(ax.add_line(Line2D([], [], color=look.paper, linewidth=pt(0.7 * sizes["path"]),
                                                linestyle=(0, (2, 2)), alpha=0.75, zorder=3)))
        self._path = keep(ax.add_line(Line2D([], [], color=palette.BLACK, linewidth=pt(sizes["path"]),
                                             solid_capstyle="round", path_effects=outline, zorder=3.5)))
        self._head = keep(self.add_patch(FancyArrowPatch((0, 0), (1, 0), arrowstyle="-|>",
                                                       mutation_scale=pt(sizes["head"]), color=palette.BLACK,
                                                       linewidth=pt(2 * sizes["path"] / 3.5), zorder=3.6,
                                                       shrinkA=0, shrinkB=0)))
        self._pieces = keep(self.add_collection(PolyCollection([], zorder=4)))
        self._hatched = keep(self.add_collection(PolyCollection([], hatch=look.hatches[2] or None, zorder=4.1)))
        self._rings = keep(self.add_collection(PolyCollection([], facecolor="none", edgecolor=palette.BLACK, zorder=4.2)))
        self._hand = keep(self.add_collection(PolyCollection([], zorder=7)))
        self._hand_hatched = keep(self.add_collection(PolyCollection([], hatch=look.hatches[2] or None, zorder=7.1)))
        # The numbers and queens' letters on the pieces: glyph outlines in one collection (quicker than
        # a text artist each), sized in points; on a hatch they stand on a white halo.
        points = Affine2D().scale(1 / 72) + self.figure.dpi_scale_trans
        self._halos, self._numbers = (keep(self.add_collection(PathCollection(
            [], offsets=np.zeros((0, 2)), offset_transform=ax.transData, transform=points, zorder=zorder,
            linewidths=pt(2.5) if halo else 0, edgecolors=palette.WHITE if halo else "none",
            facecolors=palette.WHITE if halo else palette.BLACK))) for halo, zorder in ((True, 7.9), (False, 8)))
        self.numbers: list[tuple[str, float]] = []  # what the pieces show: (text, font size in points)
        #: Whether a move's whole way is drawn dashed from its start (off while the class predicts where it ends).
        self.way_shown = True
        self._panel()
        if not self.printed:
            self.caption_artist((xlim[0] + xlim[1]) / 2, PROJECTOR_CAPTION_Y if self.projector else CAPTION_Y,
                                size=self.sizes.get("caption", CAPTION_SIZE),
                                width=PROJECTOR_CAPTION_WIDTH if self.projector else CAPTION_WIDTH)
        self.set_labels(labels)
        self.show(position)

    def _panel(self) -> None:
        """The players' names, reserves and discs: a panel on the right, or notes in the corners on paper."""
        ax, seldom, pt, sizes = self.axes, self.seldom, self.pt, self.sizes
        self._names, self._reserves, self._reserve_discs = [], [], []
        self._reserve_marks: list[list[Circle]] = []
        for player in range(0 if self.projector else 3):
            if self.printed:
                x, y, side = PRINT_CORNERS[player]
                sign = 1 if side == "left" else -1
                disc_at, name_at, reserve_at = (x + sign * 0.5, y - 0.45), (x + sign * 1.2, y - 0.45), (x, y - 1.35)
                radius = 0.42
            else:
                side, radius = "left", 0.5
                disc_at = reserve_center(player)
                name_at, reserve_at = (PANEL_X, disc_at[1] + 0.95), (disc_at[0] + 0.85, disc_at[1])
            self._names.append(seldom(ax.text(*name_at, "", ha=side, va="center", fontsize=pt(sizes["name"]),
                                              fontweight="bold", zorder=8)))
            self._reserves.append(seldom(ax.text(*reserve_at, "", ha=side, va="center",
                                                 fontsize=pt(sizes["reserve"]), color=self.style.ink, zorder=8)))
            self._reserve_discs.append(seldom(self.add_patch(Circle(
                disc_at, radius, facecolor=self.style.pieces[player], edgecolor=palette.BLACK,
                hatch=self.style.hatches[player] or None, linewidth=pt(sizes["disc"]), zorder=7))))
            self._reserve_marks.append([] if self.printed else [seldom(self.add_patch(Circle(
                disc_at, radius * ring, facecolor="none", edgecolor=palette.BLACK, linewidth=pt(sizes["disc"]),
                zorder=7.1))) for ring in RINGS[:player]])

    def _carve_board(self) -> None:
        """What never changes: the hexagonal plank and, on wood, the key to the marks; on paper, row letters."""
        ax, pt, look, sizes = self.axes, self.pt, self.style, self.sizes
        self._key_names: dict[str, Text] = {}
        ax.add_patch(RegularPolygon((0, 0), 6, radius=PRINT_PLANK_RADIUS if self.printed else PLANK_RADIUS,
                                    orientation=np.pi / 6, facecolor=look.board,
                                    edgecolor=look.board_edge, linewidth=pt(sizes["plank"]), joinstyle="round",
                                    zorder=0))
        if self.printed:
            for r in range(-RADIUS, RADIUS + 1):
                row = [c for c in HOLLOWS if c[1] == r]
                for hollow, away in ((row[0], -1.7), (row[-1], 1.7)):
                    x, y = hollow_center(hollow)
                    ax.text(x + away, y, ROW_LETTERS[r + RADIUS], ha="center", va="center",
                            fontsize=pt(sizes["row"]), fontweight="bold", color=look.ink)
            return
        ax.add_patch(RegularPolygon((0, 0), 6, radius=PLANK_RADIUS - 0.45, orientation=np.pi / 6, facecolor="none",
                                    edgecolor=look.grain, linewidth=pt(2), zorder=0.5))
        if self.projector:
            return
        top = PANEL_TOP - 3 * PANEL_STEP - 0.6
        ax.text(PANEL_X, top, "Key", ha="left", va="center", fontsize=pt(sizes["key"]), fontweight="bold",
                color=look.ink)
        for i, (name, kind, role) in enumerate(KEY):
            y = top - 0.95 * (i + 1)
            colour = getattr(look, role)
            fill = kind == "fill"
            ax.add_patch(Circle((PANEL_X + 0.35, y), 0.36, facecolor=colour if fill else look.hole,
                                edgecolor=look.hole_rim, linewidth=pt(1.5)))
            if not fill:
                ax.add_patch(Circle((PANEL_X + 0.35, y), 0.25 if kind == "ring" else 0.44, facecolor="none",
                                    edgecolor=colour, linewidth=pt(3),
                                    linestyle=palette.HINT_DASHES if kind == "dashed" else "solid"))
            self._key_names[role] = ax.text(PANEL_X + 0.95, y, name, ha="left", va="center", fontsize=pt(sizes["key"]),
                                            color=look.ink)

    def name_in_key(self, role: str, name: str) -> None:
        """Call the key's mark of ``role`` (e.g. ``"hint"``) ``name`` instead: a student's answer board
        marks the answer with the hint's rings and calls them "your answer". A board drawn without
        the key (projector, paper) has nothing to rename."""
        if self._key_names:
            self._key_names[role].set_text(name)
            self.invalidate()

    def set_labels(self, shown: bool | str) -> None:
        """Show or hide the hollow names (A1 .. K6); ``"large"`` shows them large across the hollows,
        with the pieces faded to let them through (for learning the names; on paper: as True)."""
        if isinstance(shown, str) and shown != "large":
            raise ValueError(f"labels are True, False or 'large', not {shown!r}")
        self._labels_shown = bool(shown)
        self._large = shown == "large" and not self.printed
        size, drop = (LARGE_LABEL, 0.0) if self._large else (self.sizes["label"], 0.0 if self.printed else LABEL_DROP)
        for hollow, label in zip(HOLLOWS, self._labels):
            x, y = hollow_center(hollow)
            label.set_visible(self._labels_shown)
            label.set_fontsize(self.pt(size))
            label.set_position((x, y + drop))
        for text in self._mark_labels:
            text.set_fontsize(self.pt(size))
        self.invalidate()

    # -- stepping ------------------------------------------------------------------------

    def show(self, position: Any, events: Sequence[MyraEvent] = (), step: int = 0, progress: float = 1.0,
             highlight: Iterable[Hollow] = (), chosen: Iterable[Hollow] = (), hint: Sequence[Hollow] = (),
             ending: str = "") -> None:
        """Show the board after the first ``step`` events of a move traced from ``position``.

        ``progress`` below 1 shows an in-between frame: the hand on its way to event ``step``.
        ``highlight`` rings hollows that can be chosen (e.g. where a chosen piece can go);
        ``chosen`` rings, in the "lifted" colour, the pieces chosen so far; ``hint`` marks the
        hollows of a suggested move (the piece, then where it goes) with dashed rings joined
        by the dashed line of the move's way. ``ending``: the game ended by a ruling its
        position does not show (a draw agreed, a teacher's adjudication): nobody is to move,
        and the caption says it.
        """
        scene = _scene(position, events, step, progress)
        if hint:
            scene = replace(scene, planned=[hollow_center(hollow) for hollow in hint])
        elif not self.way_shown:
            scene = replace(scene, planned=[], way=[])
        self._show_hint(hint)
        for hollows, role in ((highlight, palette.CHOICE), (chosen, palette.LIFT)):
            for hollow in hollows:
                hollow_center(hollow)  # names a hollow that is not on the board
                scene.rings[hollow] = role
        state = scene.state
        self._show_marks(scene)
        board = _Pieces.empty(self.style, self.sizes)
        for hollow, piece in state.hollows.items():
            board.add(piece, *hollow_center(hollow))
        hand = _Pieces.empty(self.style, self.sizes)
        if state.hand is not None and scene.hand_at is not None:
            piece = Piece(state.hand.player, state.hand.count, state.hand.queen)
            hand.add(piece, *scene.hand_at, scale=HAND_SCALE)
        if scene.flying is not None:
            hand.add(Piece(scene.flying[0], 1), *scene.flying[1], scale=HAND_SCALE)
        board.into(self._pieces, self._hatched, self.pt, self._rings)
        hand.into(self._hand, self._hand_hatched, self.pt)
        for faded in (self._pieces, self._hatched, self._rings, self._hand, self._hand_hatched, self._numbers, self._halos):
            faded.set_alpha(FADED if self._large else None)
        labels = board.labels + hand.labels
        self.numbers = [(string, self.pt(size)) for _, _, string, _, size, _ in labels]
        glyphs = [_glyph(string, self.pt(size)) for _, _, string, _, size, _ in labels]
        self._numbers.set_paths(glyphs)
        self._numbers.set_offsets(np.array([(x, y) for x, y, *_ in labels]).reshape(-1, 2))
        self._numbers.set_facecolor([colour for _, _, _, colour, _, _ in labels])
        haloed = [i for i, label in enumerate(labels) if label[5]]
        self._halos.set_paths([glyphs[i] for i in haloed])
        self._halos.set_offsets(np.array([labels[i][:2] for i in haloed]).reshape(-1, 2))
        if self.printed:
            for hollow, label in zip(HOLLOWS, self._labels):
                label.set_visible(self._labels_shown and hollow not in state.hollows)
        self._show_path(scene)
        self._show_panel(position, state, turn_word(step, len(events)), ended=bool(ending))
        self.say(ending or scene.caption)

    def _show_hint(self, hollows: Sequence[Hollow]) -> None:
        """The hint's dashed rings around ``hollows``."""
        rings, size = self._hint_rings, np.full(len(hollows), 2 * HOLLOW_RADIUS + 0.14)
        rings.set_offsets(np.array([hollow_center(c) for c in hollows]).reshape(-1, 2))
        rings.set_widths(size)
        rings.set_heights(size)
        rings.set_angles(np.zeros(len(hollows)))

    def _show_marks(self, scene: _Scene) -> None:
        """Highlighted hollows: filled, ringed or both, with their names redrawn over the marks and the path."""
        roles = _roles(self.style)
        marked = list(dict.fromkeys([*scene.fills, *scene.rings]))
        size = np.full(len(marked), 2 * HOLLOW_RADIUS)
        marks = self._marks
        marks.set_offsets(np.array([hollow_center(c) for c in marked]).reshape(-1, 2))
        marks.set_widths(size)
        marks.set_heights(size)
        marks.set_angles(np.zeros(len(marked)))
        marks.set_facecolor([roles[scene.fills[c]] if c in scene.fills else "none" for c in marked])
        marks.set_edgecolor([roles[scene.rings[c]] if c in scene.rings else self.style.hole_rim for c in marked])
        marks.set_linewidth([self.pt(self.sizes["ring"] if c in scene.rings else self.sizes["rim"])
                              for c in marked])
        named = [] if self.printed or not self._labels_shown else \
            list(dict.fromkeys([*marked, *scene.way]))[:MARKED_LABELS]
        for text, hollow in zip(self._mark_labels, named + [None] * MARKED_LABELS):
            text.set_visible(hollow is not None)
            if hollow is not None:
                x, y = hollow_center(hollow)
                fill = roles[scene.fills[hollow]] if hollow in scene.fills else self.style.hole
                text.set_position((x, y + (0.0 if self._large else LABEL_DROP)))
                text.set_text(hollow_name(hollow))
                colour = self.style.seed if fill == self.style.hole else palette.text_on(fill)
                text.set_color(colour)
                # a halo in the background's colour keeps the name readable where a ring's line crosses it
                text.set_path_effects([patheffects.withStroke(linewidth=self.pt(3), foreground=fill)])

    def _show_path(self, scene: _Scene) -> None:
        """The way gone so far as an arrow stopping at the edge of the piece it points at; the whole way dashed.
        Both run under the pieces, so no line crosses a count."""
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

    def _show_panel(self, position: Any, state: BoardState, turn: str, ended: bool = False) -> None:
        players = position.num_players
        over = position.is_over or ended
        look = self.style
        self.panel_lines = []
        for player in range(players):
            out = player in state.eliminated
            moving = not over and player == position.to_move and not out
            label = PLAYER_NAMES[player] + (f" {turn}" if moving else " \u2014 out" if out else "")
            self.panel_lines.append((player, label, moving, out, state.reserve[player]))
        for player in range(len(self._names)):
            shown = player < players
            name, reserve, disc = self._names[player], self._reserves[player], self._reserve_discs[player]
            marks = self._reserve_marks[player]
            for artist in (name, reserve, disc, *marks):
                artist.set_visible(shown)
            if not shown:
                continue
            _, label, moving, out, _ = self.panel_lines[player]
            name.set_text(label)
            name.set_color(palette.text_on(look.players[player]) if moving else look.player_text[player])
            name.set_bbox({"boxstyle": "round,pad=0.3", "facecolor": look.players[player], "edgecolor": "none"}
                          if moving else None)
            reserve.set_text(f"reserve: {state.reserve[player]}")
            for artist in (disc, *marks):
                artist.set_alpha(0.35 if out else 1.0)

    def pixel_of(self, hollow: Hollow) -> tuple[int, int]:
        """The (column, row) of a hollow's centre in :meth:`png`, for checking highlights."""
        return self.pixel_at(*hollow_center(hollow))

    def beside(self, hollow: Hollow) -> tuple[int, int]:
        """The pixel where a small mark about a hollow (a count of answers) goes: on its right
        rim, a little high, clearly its own, leaving its piece's number and every hollow's name
        visible."""
        x, y = hollow_center(hollow)
        return self.pixel_at(x + 0.72, y + 0.3)

    @staticmethod
    def travels(event: MyraEvent) -> bool:
        """Whether balls move during this event (animations add in-between frames)."""
        return isinstance(event, (Step, Gather, Lay, Produce))

    @staticmethod
    def holds(event: MyraEvent) -> bool:
        """Whether an animation lingers on this event."""
        return isinstance(event, (Capture, QueenCaptured, PlayerOut, ChangeSides, GameOver))

    def hollow_at(self, x: float, y: float) -> Hollow | None:
        """The hollow under pixel (x, y) of :meth:`png` (origin top-left), or None: a click
        nearer a hollow's centre than half the distance between neighbours hits it."""
        px, py = self.axes.transData.inverted().transform((x, self.figure.bbox.height - y))
        hollow = min(HOLLOWS, key=lambda c: np.hypot(px - hollow_center(c)[0], py - hollow_center(c)[1]))
        cx, cy = hollow_center(hollow)
        return hollow if np.hypot(px - cx, py - cy) <= SQRT3 / 2 else None

    def target_at(self, x: float, y: float) -> Hollow | None:
        """What a click at pixel (x, y) points at: a hollow (see :meth:`hollow_at`)."""
        return self.hollow_at(x, y)


def _hover(hollow: Hollow) -> tuple[float, float]:
    x, y = hollow_center(hollow)
    return x + HAND_OFFSET[0], y + HAND_OFFSET[1]


def _way(events: Sequence[MyraEvent]) -> list[Hollow]:
    """The hollows the hand visits, in order: where it lifts, then every step, gathering or laying."""
    way: list[Hollow] = []
    for event in events:
        if isinstance(event, Lift):
            way.append(event.hollow)
        elif isinstance(event, (Step, Gather, Lay)):
            way.append(event.to)
    return way


def _scene(position: Any, events: Sequence[MyraEvent], step: int, progress: float) -> _Scene:
    """What the frame at (step, progress) shows."""
    if not 0.0 <= progress <= 1.0:
        raise ValueError(f"progress must be within 0..1, not {progress!r}")
    event = events[step - 1] if step else None
    between = event is not None and progress < 1.0 and MyraBoard.travels(event)
    state = state_at(position, events, step - 1 if between else step)
    hand_at = _hover(state.hand.hollow) if state.hand is not None else None
    flying = None
    path = [hollow_center(c) for c in _way(events[:step - 1 if between else step])]
    if between:
        t = ease(progress)
        if isinstance(event, Produce):
            (x0, y0), (x1, y1) = reserve_center(event.player), hollow_center(event.hollow)
            flying = (event.player, ((1 - t) * x0 + t * x1, (1 - t) * y0 + t * y1))
        elif isinstance(event, (Step, Gather, Lay)):  # the other events that travel
            (x0, y0), (x1, y1) = _hover(event.origin), _hover(event.to)
            hand_at = ((1 - t) * x0 + t * x1, (1 - t) * y0 + t * y1)
            (x0, y0), (x1, y1) = hollow_center(event.origin), hollow_center(event.to)
            path.append(((1 - t) * x0 + t * x1, (1 - t) * y0 + t * y1))
    way = _way(events)
    fills, rings = _highlights(events, step)
    return _Scene(state, hand_at, flying, path, [hollow_center(c) for c in way], way, fills, rings,
                  _caption(position, events, step))


def _highlights(events: Sequence[MyraEvent], step: int) -> tuple[dict[Hollow, str], dict[Hollow, str]]:
    """Hollow fills for the current event; rings for the origin, the chain so far, sides changed."""
    fills: dict[Hollow, str] = {}
    rings: dict[Hollow, str] = {}
    for earlier in events[:step]:
        if isinstance(earlier, Lift):
            rings[earlier.hollow] = palette.LIFT
        elif isinstance(earlier, (Gather, Lay)):
            rings[earlier.to] = palette.RELAY
    event = events[step - 1] if step else None
    if isinstance(event, Lift):
        fills[event.hollow] = palette.LIFT
    elif isinstance(event, (Drop, Merge)):
        fills[event.hollow] = palette.SOW
    elif isinstance(event, (Capture, QueenCaptured)):
        fills[event.hollow] = palette.CAPTURE
    elif isinstance(event, (Gather, Lay)):
        fills[event.to] = palette.RELAY
    elif isinstance(event, Produce):
        fills[event.hollow] = palette.SOW
    elif isinstance(event, ChangeSides):
        for hollow in event.hollows:
            rings[hollow] = palette.CHANGE
    return fills, rings


@lru_cache(maxsize=512)
def _glyph(text: str, size: float) -> Path:
    """The outline of a bold piece label, in points, centred on (0, 0)."""
    outline = TextPath((0, 0), text, size=size, prop=FontProperties(weight="bold"))
    (x0, y0), (x1, y1) = outline.get_extents().get_points()
    return Path(outline.vertices - ((x0 + x1) / 2, (y0 + y1) / 2), outline.codes)


def _roles(style: palette.Style) -> dict[str, str]:
    """The style's colour for each mark (the scene names marks by their wood colours)."""
    return {palette.LIFT: style.lift, palette.SOW: style.sow, palette.RELAY: style.relay,
            palette.CAPTURE: style.capture, palette.CHANGE: style.change, palette.CHOICE: style.choice}


def _caption(position: Any, events: Sequence[MyraEvent], step: int) -> str:
    if step:
        return events[step - 1].text
    if position.winner is not None:
        return f"{PLAYER_NAMES[position.winner]} has won."
    if position.is_over:
        return "The game is over: a draw."
    return f"{PLAYER_NAMES[position.to_move]} to move."


# -- convenience ---------------------------------------------------------------------------------


def draw(position: Any, events: Sequence[MyraEvent] = (), step: int = 0, labels: bool | str = True,
         size: float | None = None, dpi: float = 72, style: str = "wood", axes: Axes | None = None) -> Figure:
    """A Figure of the board after the first ``step`` events of a move traced from ``position``
    (with ``axes``: drawn into that Axes, and its figure returned)."""
    board = MyraBoard(position, size=size, dpi=dpi, labels=labels, style=style, axes=axes)
    board.show(position, events, step)
    return board.figure


def position_png(position: Any, labels: bool | str = True) -> bytes:
    """The position as PNG bytes (for ``Position._repr_png_``)."""
    return MyraBoard(position, labels=labels).png()


def animate(position: Any, move: Any, inbetween: int = 4, hold: int = 6, **options: Any) -> Any:
    """The animation of a move (see :func:`kit.draw.animate.animate`)."""
    from kit.draw.animate import animate as _animate

    return _animate(position, move, inbetween=inbetween, hold=hold, **options)
