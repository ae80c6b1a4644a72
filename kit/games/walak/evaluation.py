"""How the computer players judge a Walak-pussa position (see :mod:`kit.agents.evaluation`).

Material is the captured difference: my seeds minus my opponent's (at
the end of the game, the final score). The heuristic adds two smaller terms:

- *seeds on my side*: a game ends when a player cannot move and the other takes every seed
  left, so seeds in my own row tend to become mine; each counts half a captured seed (it
  is counted against the opponent's row: my row minus theirs);
- *threatened chains*: the biggest capture (pussa kanawa plus its bead chain) the player to
  move could make at once counts for them at half its size: the mover is about to take it,
  but the answer may take something back.

A player who has captured more than half of all the seeds has won, whenever the game ends:
the heuristic counts that as half a win (beyond any other term).
"""
from __future__ import annotations

from typing import Any

from kit.agents.evaluation import WIN, Evaluation
from kit.games.walak.board import side

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


WALAK = Evaluation("walak", walak_material, walak_heuristic, scale=4.0, rollout_plies=None)
