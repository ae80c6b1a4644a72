"""Walak-pussa drawn as a carved wooden board, for positions and for every step of a traced move.

The picture: South's holes ``a``..``g`` along the bottom (left to right), North's along the
top (right to left, as North sees them), so sowing runs counter-clockwise. Each player's
captured seeds lie in a trough at their right-hand end. Seeds are drawn as seeds, in a
fixed pseudo-random layout per hole, with the count beside the hole. The seeds in hand
float in the middle of the board above the hole being sown.

>>> from kit import walak
>>> board = WalakBoard(walak.start())
>>> board.png()[:4]
b'\\x89PNG'
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Iterable, Sequence, Union

import numpy as np
from matplotlib import patheffects
from matplotlib.axes import Axes
from matplotlib.collections import EllipseCollection
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Circle, Ellipse, FancyArrowPatch, FancyBboxPatch

from kit.draw import palette
from kit.draw.canvas import PRINT_WIDTH, BoardCanvas, ease, turn_word
from kit.games.walak.board import HOLES, PLAYER_NAMES, ROW, Hole, Player, letter, owner
from kit.games.walak.events import (Capture, Endless, Event, GameEnd, LapEnd, Lift, Relay, Repetition, Snapshot, Sow, Sweep,
                               state_at)

# -- geometry (data units: one hole pitch) ---------------------------------------------------

NORTH_Y = 1.8                  # South's row is at y = 0
MID_Y = NORTH_Y / 2
HOLE_RADIUS = 0.42
SEED_REGION = 0.38             # seeds lie within this radius of a hole's centre
HAND_RADIUS = 0.27
PILE_X = (7.55, -1.55)         # South's trough at the right end, North's at the left
TROUGH_RADII = (0.6, 1.2)
PILE_RADII = (0.5, 0.84)       # the seeds' part of a trough; the count takes the rest
PILE_SHIFT = 0.28              # seeds toward the board's middle line, count toward the owner
PLANK = (-2.25, 8.25)          # the board's left and right ends
XLIM = (-2.7, 8.7)
YLIM = (-2.55, NORTH_Y + 1.3)
PRINT_YLIM = (-1.5, NORTH_Y + 1.5)  # no caption on paper
ARROW_LOOP = 0.3               # the sowing arrow runs this far either side of the middle line
ARROW_ALPHA = 0.6
HINT_RADIUS = HOLE_RADIUS + 0.07  # the hint's dashed ring lies just outside the hole's rim

# -- per style: nominal width (inches), font sizes (points at that width), offsets (data units) ---------

NOMINAL = {"wood": 10.0, "print": PRINT_WIDTH}
WOOD_SIZES = {"count": 16, "badge": 16, "letter": 20, "name": 17, "pile": 22, "trough": 13,  # fonts
              "rim": 2.5, "plank": 4.0, "ring": 6.0, "hint": 5.0, "arrow": 2.2, "arrow_head": 26}     # lines
PRINT_SIZES = {"count": 10, "badge": 8, "letter": 8, "name": 7.5, "pile": 10, "trough": 6.5,
               "rim": 0.8, "plank": 1.2, "ring": 2.5, "hint": 2.0, "arrow": 0.8, "arrow_head": 9}
COUNT_OFFSET = {"wood": 0.66, "print": 0.0}     # counts beside the holes on wood, inside them on paper
LETTER_OFFSET = {"wood": 1.0, "print": 0.69}
NAME_OFFSET = {"wood": 1.0, "print": 1.22}      # player names and trough labels, outside the rows
PLANK_MARGIN = {"wood": 0.82, "print": 0.98}    # the plank's edge beyond the rows' centres

SEED_SIZE = (0.2, 0.135)       # a seed's full width and height
FULL_SIZE_SEEDS = {"hole": 8, "hand": 3, "pile": 22}  # beyond these counts the seeds shrink
CLEAR_CENTRE = {"hole": 0.07, "hand": 0.0, "pile": 0.0}  # a hole's centre shows its highlight colour
GOLDEN_ANGLE = np.pi * (3.0 - np.sqrt(5.0))

Slot = Union[Hole, str]        # a hole, "hand", or "pile0" / "pile1"


def hole_center(hole: Hole) -> tuple[float, float]:
    """The centre of a hole in data coordinates."""
    if not 0 <= hole < HOLES:
        raise ValueError(f"a hole is 0..{HOLES - 1}, not {hole!r}")
    return (float(hole), 0.0) if hole < ROW else (float(HOLES - 1 - hole), NORTH_Y)


def pile_center(player: Player) -> tuple[float, float]:
    """The centre of a player's pile of captured seeds (in their trough)."""
    return PILE_X[player], MID_Y + (PILE_SHIFT if player == 0 else -PILE_SHIFT)


def _pile(player: Player) -> str:
    return f"pile{player}"


@lru_cache(maxsize=None)
def _jitter(slot: str) -> np.ndarray:
    """Fixed per-slot randomness: angle offset, radial wobble, seed turn, shade; one row per seed."""
    rng = np.random.default_rng(sum(map(ord, slot)) * 7919 + len(slot))
    n = 64
    return np.column_stack([rng.uniform(-0.35, 0.35, n), rng.uniform(-0.06, 0.06, n),
                            rng.uniform(0.0, 180.0, n), rng.integers(0, len(palette.SEED_SHADES), n)])


@lru_cache(maxsize=4096)
def _layout(kind: str, slot: str, n: int) -> np.ndarray:
    """Seeds of a slot around (0, 0), one row per seed: x, y, width, height, angle, shade.

    A sunflower spiral with a little fixed jitter, leaving a hole's centre clear; up to the
    kind's full-size count the seeds keep their places as seeds are added, beyond it they
    shrink to fit.
    """
    if n == 0:
        return np.zeros((0, 6))
    rx, ry = {"hole": (SEED_REGION, SEED_REGION), "hand": (HAND_RADIUS, HAND_RADIUS), "pile": PILE_RADII}[kind]
    fit = max(n, FULL_SIZE_SEEDS[kind])
    scale = np.sqrt(FULL_SIZE_SEEDS[kind] / fit)
    reach = SEED_SIZE[0] / 2 * scale
    rx, ry = rx - reach, ry - reach
    inner = min((CLEAR_CENTRE[kind] + reach) / rx, 1.0)
    jitter = _jitter(slot)[np.arange(n) % len(_jitter(slot))]
    k = np.arange(n)
    rho = np.sqrt(inner ** 2 + (1.0 - inner ** 2) * np.clip((k + 0.5 + 4 * jitter[:, 1]) / fit, 0.0, 1.0))
    theta = k * GOLDEN_ANGLE + jitter[:, 0]
    return np.column_stack([rho * np.cos(theta) * rx, rho * np.sin(theta) * ry, np.full(n, SEED_SIZE[0] * scale),
                            np.full(n, SEED_SIZE[1] * scale), jitter[:, 2], jitter[:, 3]])


@dataclass(frozen=True)
class _Scene:
    """Everything one frame shows, derived from (position, events, step, progress)."""

    snapshot: Snapshot
    counts: dict[Slot, int]     # seeds resting in each slot
    hand_x: float
    hand_shown: bool
    moving: np.ndarray          # travelling seeds, rows as in _layout but absolute
    fills: dict[Hole, str]
    rings: dict[Hole, str]
    badges: dict[Hole, int]     # capture order in this move
    caption: str


class WalakBoard(BoardCanvas):
    """A Walak-pussa board drawing: one Figure whose artists :meth:`show` updates in place.

    ``style="print"`` draws for black-and-white paper: white holes with the counts in them,
    no seeds and no caption, at a default width of 8 cm. ``axes`` draws into an Axes of
    another figure (e.g. one diagram of a worksheet page).
    """

    def __init__(self, position: Any, size: float | None = None, dpi: float = 80, style: str = "wood",
                 axes: Axes | None = None) -> None:
        self.style = palette.style_named(style)
        self.printed = self.style.name == "print"
        self.sizes = PRINT_SIZES if self.printed else WOOD_SIZES
        super().__init__(XLIM, PRINT_YLIM if self.printed else YLIM, NOMINAL[style] if size is None else size, dpi, axes=axes,
                         style=self.style, nominal=NOMINAL[style])
        ax, keep, pt, look, sizes = self.axes, self.changing, self.pt, self.style, self.sizes
        self._carve_board()
        seldom = self.seldom  # drawn beneath the seeds: hole fills, counts, whose turn, the captured counts
        self._faces = [seldom(self.add_patch(Circle(hole_center(h), HOLE_RADIUS, facecolor=look.hole,
                                                edgecolor=look.hole_rim, linewidth=pt(sizes["rim"]), zorder=2)))
                       for h in range(HOLES)]
        hint_colour = look.hint
        self._hints = [seldom(self.add_patch(Circle(hole_center(h), HINT_RADIUS, facecolor="none", edgecolor=hint_colour,
                                                linewidth=pt(sizes["hint"]), linestyle=palette.HINT_DASHES, zorder=2.2,
                                                visible=False)))
                       for h in range(HOLES)]
        self._hand = keep(self.add_patch(Circle((0, MID_Y), HAND_RADIUS + 0.06, facecolor=look.board_edge,
                                              edgecolor=look.seed, linewidth=pt(2), alpha=0.9, zorder=3)))
        self._seeds = keep(self.add_collection(EllipseCollection(
            [], [], [], units="xy", offsets=np.zeros((0, 2)), offset_transform=ax.transData,
            edgecolors=look.seed_edge, linewidths=pt(0.8), zorder=5)))
        bold: dict[str, Any] = {"ha": "center", "va": "center", "fontweight": "bold", "zorder": 6}
        halo = [patheffects.withStroke(linewidth=pt(4), foreground=look.board)]
        self._hand_label = keep(ax.text(0, MID_Y, "", **{**bold, "ha": "left"}, fontsize=pt(sizes["count"]),
                                        color=look.carved, path_effects=halo))
        shift = COUNT_OFFSET[style]
        # on wood the counts lie beside the holes; on paper they lie in them, over the hole fills (changing)
        self._counts = [(keep if self.printed else seldom)(ax.text(x, y - shift if y == 0 else y + shift, "", **{**bold, "zorder": 6.5},
                                     fontsize=pt(sizes["count"]), color=look.carved))
                        for x, y in map(hole_center, range(HOLES))]
        badge: dict[str, Any] = {"boxstyle": "circle,pad=0.2", "facecolor": look.capture if not self.printed else look.paper,
                 "edgecolor": look.paper if not self.printed else look.ink, "linewidth": pt(1.5)}
        self._badges = [keep(ax.text(x + 0.36, y + 0.32 if y == 0 else y - 0.32, "", **{**bold, "zorder": 7},
                                     fontsize=pt(sizes["badge"]), color=palette.text_on(badge["facecolor"]),
                                     bbox=badge))
                        for x, y in map(hole_center, range(HOLES))]
        name_y = (-NAME_OFFSET[style], NORTH_Y + NAME_OFFSET[style])
        self._names = [seldom(ax.text(XLIM[0] + 0.15, name_y[0], "", **{**bold, "ha": "left"},
                                      fontsize=pt(sizes["name"]))),
                       seldom(ax.text(XLIM[1] - 0.15, name_y[1], "", **{**bold, "ha": "right"},
                                      fontsize=pt(sizes["name"])))]
        self._pile_counts = [
            seldom(ax.text(PILE_X[p], MID_Y if self.printed else MID_Y + (-0.78 if p == 0 else 0.78), "", **bold,
                           fontsize=pt(sizes["pile"]),
                           color=look.ink if self.printed else palette.text_on(look.players[p]),
                           bbox=None if self.printed else {"boxstyle": "round,pad=0.2", "edgecolor": "none",
                                                           "facecolor": look.players[p]}))
            for p in (0, 1)]
        if not self.printed:
            self.caption_artist(3.0, -1.85)
        self.show(position)

    def _carve_board(self) -> None:
        """What never changes: the plank, the troughs and their labels, the hole letters, the sowing arrow."""
        ax, pt, look, sizes, style = self.axes, self.pt, self.style, self.sizes, self.style.name
        margin = PLANK_MARGIN[style]
        plank = ax.add_patch(FancyBboxPatch((PLANK[0], -margin), PLANK[1] - PLANK[0], NORTH_Y + 2 * margin,
                                            boxstyle="round,pad=0,rounding_size=0.5", facecolor=look.board,
                                            edgecolor=look.board_edge, linewidth=pt(sizes["plank"]),
                                            zorder=0))
        if look.grain is not None:
            xs = np.linspace(XLIM[0], XLIM[1], 120)
            for i, y0 in enumerate(np.linspace(-0.7, NORTH_Y + 0.7, 9)):
                wave = 0.07 * np.sin(xs * (0.55 + 0.09 * i) + i * 1.7) + 0.03 * np.sin(xs * 2.3 + i)
                grain = ax.add_line(Line2D(xs, y0 + wave, color=look.grain, linewidth=pt(1.6), alpha=0.55,
                                           zorder=1))
                grain.set_clip_path(plank)
        label_y = (-NAME_OFFSET[style], NORTH_Y + NAME_OFFSET[style])
        for p in (0, 1):
            ax.add_patch(Ellipse((PILE_X[p], MID_Y), 2 * TROUGH_RADII[0], 2 * TROUGH_RADII[1], facecolor=look.hole,
                                 edgecolor=look.hole_rim, linewidth=pt(sizes["rim"]), zorder=2))
            ax.text(XLIM[1 - p] + (-0.1 if p == 0 else 0.1), label_y[p], f"captured by {PLAYER_NAMES[p]}",
                    ha="right" if p == 0 else "left", va="center",
                    fontsize=pt(sizes["trough"]), color=look.player_text[p], fontstyle="italic", zorder=6)
        offset = LETTER_OFFSET[style]
        for h in range(HOLES):
            x, y = hole_center(h)
            ax.text(x, y - offset if h < ROW else y + offset, letter(h), ha="center", va="center",
                    fontsize=pt(sizes["letter"]), fontweight="bold", color=look.player_text[owner(h)], zorder=6)
        self._sowing_arrow()

    def _sowing_arrow(self) -> None:
        """A loop between the rows, counter-clockwise: South's row left to right, North's right to left."""
        low, high, bend = MID_Y - ARROW_LOOP, MID_Y + ARROW_LOOP, np.linspace(-np.pi / 2, np.pi / 2, 24)
        xs = np.concatenate([[0.0, 6.0], 6.0 + ARROW_LOOP * np.cos(bend), [6.0, 0.0],
                             -ARROW_LOOP * np.cos(bend)])
        ys = np.concatenate([[low, low], MID_Y + ARROW_LOOP * np.sin(bend), [high, high],
                             MID_Y - ARROW_LOOP * np.sin(bend)])
        colour = self.style.carved
        self.axes.add_line(Line2D(np.append(xs, xs[0]), np.append(ys, ys[0]), color=colour, alpha=ARROW_ALPHA,
                                  linewidth=self.pt(self.sizes["arrow"]), zorder=1.5))
        for x, y, way in ((1.0, low, 1), (4.0, low, 1), (5.0, high, -1), (2.0, high, -1)):
            self.axes.add_patch(FancyArrowPatch((x - 0.3 * way, y), (x + 0.3 * way, y), arrowstyle="-|>",
                                                mutation_scale=self.pt(self.sizes["arrow_head"]), color=colour, alpha=ARROW_ALPHA,
                                                linewidth=0, shrinkA=0, shrinkB=0, zorder=1.5))

    # -- stepping ------------------------------------------------------------------------

    def show(self, position: Any, events: Sequence[Event] = (), step: int = 0, progress: float = 1.0,
             hint: Iterable[Hole] = (), chosen: Iterable[Hole] = (), ending: str = "") -> None:
        """Show the board after the first ``step`` events of a move traced from ``position``.

        ``progress`` below 1 shows an in-between frame: the seeds of event ``step`` on their way.
        ``hint`` marks holes with the hint's dashed ring (the hole a hint suggests sowing);
        ``chosen`` rings holes in the "lift" colour (a move chosen, not yet sown: e.g. the move
        a puzzle asks about). ``ending``: the game ended by a ruling its position does not show
        (a draw agreed, a teacher's adjudication): nobody is to move, and the caption says it.
        """
        hinted = set(hint)
        for hole in (*hinted, *chosen):
            hole_center(hole)  # names a hole that is not one
        scene = _scene(position, events, step, progress)
        for hole in chosen:
            scene.rings[hole] = palette.LIFT
        look, printed = self.style, self.printed
        roles = _roles(look)
        self._draw_seeds(scene)
        for hole, face in enumerate(self._faces):
            fill, ring = roles.get(scene.fills.get(hole)), roles.get(scene.rings.get(hole))
            face.set_facecolor(fill or look.hole)
            face.set_edgecolor(ring or look.hole_rim)
            face.set_linewidth(self.pt(self.sizes["ring"] if ring else self.sizes["rim"]))
            count = scene.counts[hole]
            self._counts[hole].set_text(str(count))
            if printed:
                self._counts[hole].set_color(palette.text_on(fill) if fill else (look.muted if not count
                                                                                  else look.ink))
            badge = scene.badges.get(hole)
            self._badges[hole].set_visible(badge is not None)
            self._badges[hole].set_text(str(badge))
            self._hints[hole].set_visible(hole in hinted)
        self._hand.set_visible(scene.hand_shown and not printed)
        self._hand.center = (scene.hand_x, MID_Y)
        self._hand_label.set_visible(scene.hand_shown)
        right = scene.hand_x <= 3.0  # the label stands on the board's inner side, clear of the troughs
        self._hand_label.set_position((scene.hand_x + (HAND_RADIUS + 0.12) * (1 if right else -1), MID_Y))
        self._hand_label.set_horizontalalignment("left" if right else "right")
        self._hand_label.set_text(f"{scene.counts['hand']} in hand" if scene.counts["hand"] else "")
        mover = position.to_move
        for player in (0, 1):
            moving = not (position.is_over or ending) and player == mover
            name = self._names[player]
            turn = turn_word(step, len(events))
            name.set_text(f"{PLAYER_NAMES[player]} {turn}" if moving else PLAYER_NAMES[player])
            name.set_color(palette.text_on(look.players[player]) if moving else look.player_text[player])
            name.set_bbox({"boxstyle": "round,pad=0.3", "facecolor": look.players[player], "edgecolor": "none"}
                          if moving else None)
            self._pile_counts[player].set_text(str(scene.snapshot.captured[player]))
        self.say(ending or scene.caption)

    def _draw_seeds(self, scene: _Scene) -> None:
        """Every seed on the board, in the hand, in the troughs and in flight, in one collection
        (on paper the counts say it: no seeds)."""
        parts = [] if self.printed else [_placed(slot, count, scene.hand_x) for slot, count in scene.counts.items() if count]
        parts.append(scene.moving[:0] if self.printed else scene.moving)
        seeds = np.concatenate(parts) if parts else np.zeros((0, 6))
        shades = np.array(palette.SEED_SHADES)[seeds[:, 5].astype(int)]
        collection = self._seeds
        collection.set_offsets(seeds[:, :2])
        collection.set_widths(seeds[:, 2])
        collection.set_heights(seeds[:, 3])
        collection.set_angles(seeds[:, 4])
        collection.set_facecolor(shades)

    def pixel_of(self, hole: Hole) -> tuple[int, int]:
        """The (column, row) of a hole's centre in :meth:`png`, for checking highlights."""
        return self.pixel_at(*hole_center(hole))

    @staticmethod
    def travels(event: Event) -> bool:
        """Whether seeds move during this event (animations add in-between frames)."""
        return isinstance(event, (Lift, Relay, Sow, Capture, Sweep, Repetition))

    @staticmethod
    def holds(event: Event) -> bool:
        """Whether an animation lingers on this event."""
        return isinstance(event, (Capture, Endless, Sweep, Repetition, GameEnd))

    def hole_at(self, x: float, y: float) -> Hole | None:
        """The hole under pixel (x, y) of :meth:`png` (origin top-left), or None: a click within
        half a hole pitch of a hole's centre hits it."""
        px, py = self.axes.transData.inverted().transform((x, self.figure.bbox.height - y))
        hole = min(range(HOLES), key=lambda h: np.hypot(px - hole_center(h)[0], py - hole_center(h)[1]))
        cx, cy = hole_center(hole)
        return hole if np.hypot(px - cx, py - cy) <= 0.5 else None

    def target_at(self, x: float, y: float) -> Hole | None:
        """What a click at pixel (x, y) points at: a hole (see :meth:`hole_at`)."""
        return self.hole_at(x, y)


def _roles(style: palette.Style) -> dict[str | None, str]:
    """The style's colour for each highlight role (the scene names roles by their wood colours)."""
    return {palette.LIFT: style.lift, palette.SOW: style.sow, palette.RELAY: style.relay, palette.STOP: style.stop,
            palette.CAPTURE: style.capture}


def _slot_kind(slot: Slot) -> str:
    return "hole" if isinstance(slot, int) else ("hand" if slot == "hand" else "pile")


def _slot_center(slot: Slot, hand_x: float) -> tuple[float, float]:
    if isinstance(slot, int):
        return hole_center(slot)
    return (hand_x, MID_Y) if slot == "hand" else pile_center(int(slot[-1]))


def _placed(slot: Slot, count: int, hand_x: float) -> np.ndarray:
    """The seeds resting in a slot, placed on the board."""
    seeds = _layout(_slot_kind(slot), str(slot), count).copy()
    cx, cy = _slot_center(slot, hand_x)
    seeds[:, 0] += cx
    seeds[:, 1] += cy
    return seeds


def _hand_x(events: Sequence[Event], step: int) -> float:
    """Where the hand hovers after ``step`` events: over the hole last lifted or sown."""
    for event in reversed(events[:step]):
        if isinstance(event, (Lift, Relay, Sow)):
            return hole_center(event.hole)[0]
    return hole_center(events[0].hole)[0] if events and isinstance(events[0], Lift) else 3.0


def _counts(snapshot: Snapshot) -> dict[Slot, int]:
    counts: dict[Slot, int] = dict(enumerate(snapshot.board))
    counts["hand"] = snapshot.hand
    counts[_pile(0)], counts[_pile(1)] = snapshot.captured
    return counts


def _transfers(event: Event | None, before: Snapshot) -> list[tuple[Slot, Slot, int]]:
    """The seeds an event carries: (from slot, to slot, how many)."""
    if isinstance(event, Sow):
        return [("hand", event.hole, 1)]
    if isinstance(event, (Lift, Relay)):
        return [(event.hole, "hand", event.count)]
    if isinstance(event, Capture):
        return [(event.hole, _pile(event.player), event.count)]
    if isinstance(event, Sweep):
        return [(h, _pile(event.player), n) for h, n in enumerate(before.board) if n]
    if isinstance(event, Repetition):  # each row to its owner
        return [(h, _pile(owner(h)), n) for h, n in enumerate(before.board) if n]
    return []


def _scene(position: Any, events: Sequence[Event], step: int, progress: float) -> _Scene:
    """What the frame at (step, progress) shows."""
    if not 0.0 <= progress <= 1.0:
        raise ValueError(f"progress must be within 0..1, not {progress!r}")
    after = state_at(position, events, step)
    counts = _counts(after)
    hand_x = _hand_x(events, step)
    moving = np.zeros((0, 6))
    hand_shown = after.hand > 0
    if step and progress < 1.0:
        before = state_at(position, events, step - 1)
        start_x, t = _hand_x(events, step - 1), ease(progress)
        flights = []
        for source, target, n in _transfers(after.event, before):
            origin = _placed(source, _counts(before)[source], start_x)[-n:]
            landing = _placed(target, counts[target], hand_x)[-n:]
            counts[target] -= n
            flight = origin.copy()
            flight[:, :4] = (1 - t) * origin[:, :4] + t * landing[:, :4]
            flights.append(flight)
            hand_shown = hand_shown or "hand" in (source, target)
        moving = np.concatenate(flights) if flights else moving
        hand_x = (1 - t) * start_x + t * hand_x
    fills, rings, badges = _highlights(events, step)
    return _Scene(after, counts, hand_x, hand_shown, moving, fills, rings, badges, _caption(position, events, step))


def _highlights(events: Sequence[Event], step: int) -> tuple[dict[Hole, str], dict[Hole, str], dict[Hole, int]]:
    """Hole fills and rings for the current event; the captured holes of the move numbered in order."""
    fills: dict[Hole, str] = {}
    rings: dict[Hole, str] = {}
    captures = [e for e in events[:step] if isinstance(e, Capture)]
    badges = {e.hole: i for i, e in enumerate(captures, 1)}
    for hole in badges:
        rings[hole] = palette.CAPTURE
    event = events[step - 1] if step else None
    if isinstance(event, Lift):
        fills[event.hole] = palette.LIFT
    elif isinstance(event, Sow):
        fills[event.hole] = palette.SOW
    elif isinstance(event, LapEnd):
        rings[event.hole] = palette.SOW
        fills[event.looked_at] = palette.RELAY if event.goes_on else palette.STOP
    elif isinstance(event, Relay):
        fills[event.hole] = palette.RELAY
    elif isinstance(event, Capture):
        fills[event.past] = palette.STOP
        fills[event.hole] = palette.CAPTURE
    elif isinstance(event, Endless):
        fills[event.hole] = palette.RELAY
    return fills, rings, badges


def _caption(position: Any, events: Sequence[Event], step: int) -> str:
    if step:
        return events[step - 1].text
    if position.is_over:
        return GameEnd(position.score, position.winner).text
    return f"{PLAYER_NAMES[position.to_move]} to move."


# -- convenience ---------------------------------------------------------------------------------


def draw(position: Any, events: Sequence[Event] = (), step: int = 0, size: float | None = None, dpi: float = 80,
         style: str = "wood", axes: Axes | None = None) -> Figure:
    """A Figure of the board after the first ``step`` events of a move traced from ``position``
    (with ``axes``: drawn into that Axes, and its figure returned)."""
    board = WalakBoard(position, size=size, dpi=dpi, style=style, axes=axes)
    board.show(position, events, step)
    return board.figure


def position_png(position: Any) -> bytes:
    """The position as PNG bytes (used by ``Position._repr_png_``)."""
    return WalakBoard(position).png()


def animate(position: Any, move: Any, inbetween: int = 4, hold: int = 6, **options: Any) -> Any:
    """The animation of a move (see :func:`kit.draw.animate.animate`)."""
    from kit.draw.animate import animate as _animate

    return _animate(position, move, inbetween=inbetween, hold=hold, **options)
