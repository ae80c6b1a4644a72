"""The random player: any legal move, each equally likely."""
from __future__ import annotations

from typing import Any

from kit.agents.protocol import SeededAgent
from kit.core.game import GameState


class RandomAgent(SeededAgent):
    """Plays a uniformly random legal move (the yardstick of the tournaments)."""

    def __init__(self, name: str = "random", seed: int | None = 0) -> None:
        super().__init__(name, seed)

    def choose(self, position: GameState[Any]) -> Any:
        """A random legal move."""
        return self.rng.choice(self.legal_moves(position))
