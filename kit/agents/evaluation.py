"""Evaluation functions: how the computer players judge a position, in plain words.

Every function takes ``(position, player)`` and returns a number seen from ``player``'s
side: more is better for them. Each game has two:

``material``
    What the greedy player maximises after its move (and what orders moves in a search).
``heuristic``
    What alpha-beta scores at the edge of its search, and what MCTS turns into a chance of
    winning when a playout is cut short.

A finished game is never judged by these: :func:`outcome_value` gives a win or a loss a
value beyond any heuristic.

**Walak-pussa.** Material is the captured difference: my seeds minus my opponent's (at
the end of the game, the final score). The heuristic adds two smaller terms:

- *seeds on my side*: a game ends when a player cannot move and the other takes every seed
  left, so seeds in my own row tend to become mine; each counts half a captured seed (it
  is counted against the opponent's row: my row minus theirs);
- *threatened chains*: the biggest capture (pussa kanawa plus its bead chain) the player to
  move could make at once counts for them at half its size: the mover is about to take it,
  but the answer may take something back.

A player who has captured more than half of all the seeds has won, whenever the game ends:
the heuristic counts that as half a win (beyond any other term).

**Myra.** Material is soldiers: mine on the board plus half my reserve, minus the same for
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

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable

from kit.myra.bitboard import AROUND, BIT, BOARD_MASK, spread
from kit.myra.hexgrid import CELLS, distance
from kit.myra.pieces import FORTRESS, QUEEN
from kit.walak.board import side

WIN = 1_000_000.0  # the value of a won game, beyond any heuristic

Judge = Callable[[Any, int], float]


@dataclass(frozen=True)
class Evaluation:
    """A game's evaluation functions, with two settings for MCTS.

    ``scale`` is one clear advantage (MCTS turns ``heuristic / scale`` into a chance of
    winning); ``rollout_plies`` is how far a random playout goes before the heuristic
    judges it (``None``: to the end of the game).
    """

    game: str
    material: Judge
    heuristic: Judge
    scale: float
    rollout_plies: int | None


def outcome_value(position: Any, player: int, judge: Judge) -> float:
    """The value of a finished game for ``player``: +-WIN for a win or loss (0 for a draw) plus ``judge``'s margin."""
    return position.returns()[player] * WIN + judge(position, player)


# -- Walak-pussa --------------------------------------------------------------------------

SIDE_WEIGHT = 0.5
THREAT_WEIGHT = 0.5


def walak_material(position: Any, player: int) -> float:
    """Captured difference: my seeds minus my opponent's (the final score once the game is over)."""
    score = position.score
    return float(score[player] - score[1 - player])


def walak_threat(position: Any) -> int:
    """The most seeds the player to move can capture with one move."""
    mover = position.to_move
    before = position.captured[mover]
    return max((position.play(move).captured[mover] - before for move in position.legal_moves()), default=0)


def walak_decided(position: Any) -> int | None:
    """The player who has captured more than half of all the seeds (they win whenever the game ends), or None."""
    total = sum(position.board) + sum(position.captured)
    return next((p for p in (0, 1) if 2 * position.captured[p] > total), None)


def walak_heuristic(position: Any, player: int) -> float:
    """Captured difference, plus seeds on my side, plus the mover's threatened chain (see the module text)."""
    winner = walak_decided(position)
    if winner is not None:
        return (WIN / 2 if winner == player else -WIN / 2) + walak_material(position, player)
    board = position.board
    mine = sum(board[hole] for hole in side(player))
    own_row = 2 * mine - sum(board)
    threat = walak_threat(position)
    sign = 1 if position.to_move == player else -1
    return walak_material(position, player) + SIDE_WEIGHT * own_row + THREAT_WEIGHT * sign * threat


# -- Myra ---------------------------------------------------------------------------------

RESERVE_WEIGHT = 0.5
STRIKE_WEIGHT = 3.0
GUARD_WEIGHT = 0.5
PRESSURE_WEIGHT = 0.1
FORTRESS_WEIGHT = 0.5
MOBILITY_WEIGHT = 0.05


_STEPS_FROM: tuple[tuple[int, ...], ...] = tuple(tuple(distance(a, b) for b in CELLS) for a in CELLS)  # [a][b]: steps


def _relative(scores: list[float], player: int) -> float:
    """My score minus the average of the other players' (a player who is out has nothing left: 0)."""
    others = scores[:player] + scores[player + 1:]
    return scores[player] - sum(others) / len(others)


def _myra_soldiers(position: Any) -> list[float]:
    """Per player: soldiers on the board plus half the reserve."""
    scores = [RESERVE_WEIGHT * n for n in position.reserve]
    for value in position.packed:
        if value and value & 7 != QUEEN:  # packed hollow: owner * 8 + count (see kit.myra.pieces)
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
    masks = [0] * players  # each player's troops, as a cell mask
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
    return tuple(min(_STEPS_FROM[q][i] for q in queens) for i in range(len(CELLS)))


WALAK = Evaluation("walak", walak_material, walak_heuristic, scale=4.0, rollout_plies=None)
MYRA = Evaluation("myra", myra_material, myra_heuristic, scale=5.0, rollout_plies=20)
