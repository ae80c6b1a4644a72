"""The greedy player: the move with the best immediate material, looking no further."""
from __future__ import annotations

from typing import Any

from kit.agents.evaluation import Judge, outcome_value
from kit.agents.protocol import SeededAgent, children
from kit.core.game import GameState


class GreedyAgent(SeededAgent):
    """Plays the move after which ``material`` is best for it; a move that wins the game beats all.

    Ties are broken at random (with the agent's seeded generator).
    """

    def __init__(self, material: Judge, name: str = "greedy", seed: int | None = 0) -> None:
        super().__init__(name, seed)
        self.material = material

    def value(self, after: GameState[Any], player: int) -> float:
        """How good the position after a move is for ``player``."""
        if after.is_over:
            return outcome_value(after, player, self.material)
        return self.material(after, player)

    def choose(self, position: GameState[Any]) -> Any:
        """The legal move with the best material afterwards."""
        self.legal_moves(position)
        options = children(position)
        self.rng.shuffle(options)
        me = position.to_move
        return max(options, key=lambda option: self.value(option[1], me))[0]
