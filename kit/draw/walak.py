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
from typing import Any, Sequence, Union

import numpy as np
from matplotlib.collections import EllipseCollection
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Circle, Ellipse, FancyBboxPatch

from kit.draw import palette
from kit.draw.canvas import BoardCanvas, ease, wrap_caption
from kit.walak.board import HOLES, LETTERS, PLAYER_NAMES, ROW, Hole, Player
from kit.walak.events import Capture, Endless, Event, GameEnd, LapEnd, Lift, Relay, Snapshot, Sow, Sweep, state_at

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
    """A Walak-pussa board drawing: one Figure whose artists :meth:`show` updates in place."""

    def __init__(self, position: Any, size: float = 10.0, dpi: float = 80) -> None:
        super().__init__(XLIM, YLIM, size, dpi)
        ax, keep = self.axes, self.changing
        self._carve_board()
        self._faces = [keep(ax.add_patch(Circle(hole_center(h), HOLE_RADIUS, facecolor=palette.HOLE,
                                                edgecolor=palette.HOLE_RIM, linewidth=2.5, zorder=2)))
                       for h in range(HOLES)]
        self._hand = keep(ax.add_patch(Circle((0, MID_Y), HAND_RADIUS + 0.06, facecolor=palette.WOOD_EDGE,
                                              edgecolor=palette.SEED, linewidth=2, alpha=0.9, zorder=3)))
        self._seeds = keep(ax.add_collection(EllipseCollection(
            [], [], [], units="xy", offsets=np.zeros((0, 2)), offset_transform=ax.transData,
            edgecolors=palette.SEED_EDGE, linewidths=0.8, zorder=5)))
        bold = {"ha": "center", "va": "center", "fontweight": "bold", "zorder": 6}
        self._hand_label = keep(ax.text(0, MID_Y, "", **{**bold, "ha": "left"}, fontsize=16, color=palette.CARVED))
        self._counts = [keep(ax.text(x, y - 0.66 if y == 0 else y + 0.66, "", **bold, fontsize=16,
                                     color=palette.CARVED))
                        for x, y in map(hole_center, range(HOLES))]
        badge = {"boxstyle": "circle,pad=0.25", "facecolor": palette.CAPTURE, "edgecolor": palette.WHITE,
                 "linewidth": 1.5}
        self._badges = [keep(ax.text(x + 0.34, y + 0.3 if y == 0 else y - 0.3, "", **{**bold, "zorder": 7},
                                     fontsize=13, color=palette.WHITE, bbox=badge))
                        for x, y in map(hole_center, range(HOLES))]
        seldom = self.seldom  # whose turn it is and the captured counts
        self._names = [seldom(ax.text(XLIM[1] - 0.1, -1.0, "", **{**bold, "ha": "right"}, fontsize=17)),
                       seldom(ax.text(XLIM[0] + 0.1, NORTH_Y + 1.0, "", **{**bold, "ha": "left"}, fontsize=17))]
        self._pile_counts = [seldom(ax.text(PILE_X[p], MID_Y + (-0.78 if p == 0 else 0.78), "", **bold, fontsize=22,
                                            color=palette.WHITE, bbox={"boxstyle": "round,pad=0.2",
                                                                       "edgecolor": "none",
                                                                       "facecolor": palette.PLAYERS[p]}))
                             for p in (0, 1)]
        self._caption = self.caption_artist(3.0, -1.85)
        self.show(position)

    def _carve_board(self) -> None:
        """What never changes: the plank with its grain, the troughs, the hole letters."""
        ax = self.axes
        plank = ax.add_patch(FancyBboxPatch((PLANK[0], -0.82), PLANK[1] - PLANK[0], NORTH_Y + 1.64,
                                            boxstyle="round,pad=0,rounding_size=0.5", facecolor=palette.WOOD,
                                            edgecolor=palette.WOOD_EDGE, linewidth=4, zorder=0))
        xs = np.linspace(XLIM[0], XLIM[1], 120)
        for i, y0 in enumerate(np.linspace(-0.7, NORTH_Y + 0.7, 9)):
            wave = 0.07 * np.sin(xs * (0.55 + 0.09 * i) + i * 1.7) + 0.03 * np.sin(xs * 2.3 + i)
            grain = ax.add_line(Line2D(xs, y0 + wave, color=palette.WOOD_GRAIN, linewidth=1.6, alpha=0.55,
                                       zorder=1))
            grain.set_clip_path(plank)
        for p in (0, 1):
            ax.add_patch(Ellipse((PILE_X[p], MID_Y), 2 * TROUGH_RADII[0], 2 * TROUGH_RADII[1], facecolor=palette.HOLE,
                                 edgecolor=palette.HOLE_RIM, linewidth=2.5, zorder=2))
        for h in range(HOLES):
            x, y = hole_center(h)
            ax.text(x, y - 1.0 if h < ROW else y + 1.0, LETTERS[h % ROW], ha="center", va="center",
                    fontsize=20, fontweight="bold", color=palette.PLAYERS[h // ROW], zorder=6)

    # -- stepping ------------------------------------------------------------------------

    def show(self, position: Any, events: Sequence[Event] = (), step: int = 0, progress: float = 1.0) -> None:
        """Show the board after the first ``step`` events of a move traced from ``position``.

        ``progress`` below 1 shows an in-between frame: the seeds of event ``step`` on their way.
        """
        scene = _scene(position, events, step, progress)
        self._draw_seeds(scene)
        for hole, face in enumerate(self._faces):
            fill, ring = scene.fills.get(hole), scene.rings.get(hole)
            face.set_facecolor(fill or palette.HOLE)
            face.set_edgecolor(ring or palette.HOLE_RIM)
            face.set_linewidth(6 if ring else 2.5)
            self._counts[hole].set_text(str(scene.counts[hole]))
            badge = scene.badges.get(hole)
            self._badges[hole].set_visible(badge is not None)
            self._badges[hole].set_text(str(badge))
        self._hand.set_visible(scene.hand_shown)
        self._hand.center = (scene.hand_x, MID_Y)
        self._hand_label.set_visible(scene.hand_shown)
        self._hand_label.set_position((scene.hand_x + HAND_RADIUS + 0.12, MID_Y))
        self._hand_label.set_text(f"{scene.counts['hand']} in hand" if scene.counts["hand"] else "")
        mover = position.to_move
        for player in (0, 1):
            moving = not position.is_over and player == mover
            name = self._names[player]
            turn = "moving" if step else "to move"
            name.set_text(f"{PLAYER_NAMES[player]} {turn}" if moving else PLAYER_NAMES[player])
            name.set_color(palette.WHITE if moving else palette.PLAYERS[player])
            name.set_bbox({"boxstyle": "round,pad=0.3", "facecolor": palette.PLAYERS[player], "edgecolor": "none"}
                          if moving else None)
            self._pile_counts[player].set_text(str(scene.snapshot.captured[player]))
        self._caption.set_text(wrap_caption(scene.caption))

    def seldom_key(self) -> Any:
        """Whose turn it is and the captured counts."""
        return tuple(text.get_text() for text in (*self._names, *self._pile_counts))

    def _draw_seeds(self, scene: _Scene) -> None:
        """Every seed on the board, in the hand, in the troughs and in flight, in one collection."""
        parts = [_placed(slot, count, scene.hand_x) for slot, count in scene.counts.items() if count]
        parts.append(scene.moving)
        seeds = np.concatenate(parts) if parts else np.zeros((0, 6))
        shades = np.array(palette.SEED_SHADES)[seeds[:, 5].astype(int)]
        collection = self._seeds
        collection.set_offsets(seeds[:, :2])
        collection.set_widths(seeds[:, 2])
        collection.set_heights(seeds[:, 3])
        collection.set_angles(seeds[:, 4])
        collection.set_facecolors(shades)

    def pixel_of(self, hole: Hole) -> tuple[int, int]:
        """The (column, row) of a hole's centre in :meth:`png`, for checking highlights."""
        return self.pixel_at(*hole_center(hole))

    @staticmethod
    def travels(event: Event) -> bool:
        """Whether seeds move during this event (animations add in-between frames)."""
        return isinstance(event, (Lift, Relay, Sow, Capture, Sweep))

    @staticmethod
    def holds(event: Event) -> bool:
        """Whether an animation lingers on this event."""
        return isinstance(event, (Capture, Endless, Sweep, GameEnd))

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


def draw(position: Any, events: Sequence[Event] = (), step: int = 0, size: float = 10.0, dpi: float = 80) -> Figure:
    """A Figure of the board after the first ``step`` events of a move traced from ``position``."""
    board = WalakBoard(position, size=size, dpi=dpi)
    board.show(position, events, step)
    return board.figure


def position_png(position: Any) -> bytes:
    """The position as PNG bytes (used by ``Position._repr_png_``)."""
    return WalakBoard(position).png()


def animate(position: Any, move: Any, inbetween: int = 4, hold: int = 6, **options: Any) -> Any:
    """The animation of a move (see :func:`kit.draw.animate.animate`)."""
    from kit.draw.animate import animate as _animate

    return _animate(position, move, inbetween=inbetween, hold=hold, **options)
