"""How the computer players judge a Nim position (see :mod:`kit.agents.evaluation`).

Material is the stones taken: mine minus my opponent's. The heuristic is the game's theory:
with the heaps' Grundy values (a heap's count, or its remainder after dividing by ``most``
+ 1 when a turn takes at most ``most``) combined by exclusive or, a position whose value is
0 is lost for the player to move against best play; every other is won. The heuristic
counts that as one point, plus a tenth of the material.
"""
from __future__ import annotations

from functools import reduce
from typing import Any

from kit.agents.evaluation import Evaluation


def nim_material(position: Any, player: int) -> float:
    """Stones taken: mine minus my opponent's."""
    return float(position.taken[player] - position.taken[1 - player])


def nim_sum(position: Any) -> int:
    """The exclusive or of the heaps' Grundy values: 0 means the player to move loses against best play."""
    most = position.rules.most
    return reduce(lambda a, b: a ^ b, (n if most is None else n % (most + 1) for n in position.heaps), 0)


def nim_heuristic(position: Any, player: int) -> float:
    """+1 when ``player`` wins against best play (the theory above), -1 when they lose, plus a tenth of the material."""
    mover_wins = nim_sum(position) != 0
    sign = 1.0 if mover_wins == (position.to_move == player) else -1.0
    return sign + 0.1 * nim_material(position, player)


NIM = Evaluation("nim", nim_material, nim_heuristic, scale=1.0, rollout_plies=None)
