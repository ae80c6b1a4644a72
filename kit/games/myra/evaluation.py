"""How the computer players judge a Myra position (see :mod:`kit.agents.evaluation`).

Material is soldiers: mine on the board plus half my reserve, minus the same for
my opponents (their average when three play; a player who is out has none). The heuristic
adds:

- *queen safety*: an enemy troop close enough to reach my queen in one move (a troop of n
  within n steps, fortresses excluded) costs 3 soldiers' worth; an own piece next to my queen
  is worth half a soldier as a guard. The same counts the other way for the enemy queen, and
  each of my troops is drawn toward it (a tenth of a soldier per step nearer);
- *fortresses*: a fortress (5-troop) cannot be captured: half a soldier's bonus each;
- *mobility*: empty hollows next to my troops, a twentieth of a soldier each.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from kit.agents.evaluation import Evaluation
from kit.games.myra.bitboard import AROUND, BIT, BOARD_MASK, spread
from kit.games.myra.hexgrid import HOLLOWS, distance
from kit.games.myra.pieces import FORTRESS, QUEEN

RESERVE_WEIGHT = 0.5
STRIKE_WEIGHT = 3.0
GUARD_WEIGHT = 0.5
PRESSURE_WEIGHT = 0.1
FORTRESS_WEIGHT = 0.5
MOBILITY_WEIGHT = 0.05


_STEPS_FROM: tuple[tuple[int, ...], ...] = tuple(tuple(distance(a, b) for b in HOLLOWS) for a in HOLLOWS)  # [a][b]: steps


def _relative(scores: list[float], player: int) -> float:
    """My score minus the average of the other players' (a player who is out has nothing left: 0)."""
    others = scores[:player] + scores[player + 1:]
    return scores[player] - sum(others) / len(others)


def _myra_soldiers(position: Any) -> list[float]:
    """Per player: soldiers on the board plus half the reserve."""
    scores = [RESERVE_WEIGHT * n for n in position.reserve]
    for value in position.packed:
        if value and value & 7 != QUEEN:  # packed hollow: owner * 8 + count (see kit.games.myra.pieces)
            scores[value >> 3] += value & 7
    return scores


def myra_material(position: Any, player: int) -> float:
    """Soldiers: mine on the board plus half my reserve, minus my opponents' (their average)."""
    return _relative(_myra_soldiers(position), player)


def myra_heuristic(position: Any, player: int) -> float:
    """Material, queen safety, fortresses and mobility (see the module text)."""
    packed = position.packed
    players = position.num_players
    scores = [RESERVE_WEIGHT * n for n in position.reserve]
    queens = [packed.find(owner << 3 | QUEEN) for owner in range(players)]  # -1: out
    # per player: the steps from each hollow to the nearest enemy queen (None: no enemy queen left)
    nearest = [_nearest(tuple(q for p, q in enumerate(queens) if p != owner and q >= 0)) for owner in range(players)]
    masks = [0] * players  # each player's troops, as a hollow mask
    occupied = 0
    for i, value in enumerate(packed):
        if value:
            occupied |= BIT[i]
            size = value & 7
            if size == QUEEN:
                continue
            owner = value >> 3
            scores[owner] += size
            masks[owner] |= BIT[i]
            steps = nearest[owner]
            if steps is None:
                continue
            scores[owner] += PRESSURE_WEIGHT * (10 - steps[i])
            if size == FORTRESS:
                scores[owner] += FORTRESS_WEIGHT
            else:
                for p, q in enumerate(queens):
                    if p != owner and q >= 0 and _STEPS_FROM[q][i] <= size:
                        scores[p] -= STRIKE_WEIGHT
    empty = BOARD_MASK ^ occupied
    for p in range(players):
        scores[p] += MOBILITY_WEIGHT * (spread(masks[p]) & empty).bit_count()
        if queens[p] >= 0:
            scores[p] += GUARD_WEIGHT * (AROUND[queens[p]] & masks[p]).bit_count()
    return _relative(scores, player)


@lru_cache(maxsize=None)
def _nearest(queens: tuple[int, ...]) -> tuple[int, ...] | None:
    """The steps from each hollow to the nearest of the given hollows (None if there are none)."""
    if not queens:
        return None
    return tuple(min(_STEPS_FROM[q][i] for q in queens) for i in range(len(HOLLOWS)))


MYRA = Evaluation("myra", myra_material, myra_heuristic, scale=5.0, rollout_plies=20)
