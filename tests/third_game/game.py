"""Nim described once for the registry: its typed :class:`kit.core.game.Game` subclass.

Unlike the shipped games, Nim registers only when asked (:func:`register_nim`): the tests
register it for the tests that play it, and take it out again (the top ``conftest.py``).
"""
from __future__ import annotations

from typing import Any

from kit.core.game import Game, register, replay_moves

from tests.third_game.events import LETTERS, SEATS
from tests.third_game.position import Position, position_from_json, start
from tests.third_game.rules import PRESETS, as_rules


class NimGame(Game):
    """Nim's parts, each imported from this folder when first asked for."""

    def drawing(self) -> Any:
        from tests.third_game.drawing import NimBoard

        return NimBoard

    def picture(self, state: Any) -> bytes:
        from tests.third_game.drawing import NimBoard

        return NimBoard(state).png()

    def play_board(self) -> Any:
        from tests.third_game.play_board import NimPlayBoard

        return NimPlayBoard

    def evaluation(self) -> Any:
        from tests.third_game.evaluation import NIM as EVALUATION

        return EVALUATION

    def levels(self) -> dict[str, Any]:
        from kit.agents.protocol import AgentSpec

        return {"beginner": AgentSpec("greedy", description="takes as many stones as it can"),
                "club": AgentSpec("alphabeta", depth=2, description="looks two moves ahead"),
                "strong": AgentSpec("alphabeta", depth=8, time_per_move=0.5,
                                    description="searches eight moves ahead (at most 0.5 s a move)")}

    def reasons(self) -> Any:
        from tests.third_game.reasons import REASONS

        return REASONS

    def marks(self, position: Any, move: Any) -> tuple[Any, ...]:
        """The leftmost stone the move takes: a click there plays it."""
        return ((move.heap, position.heaps[move.heap] - move.count),)

    def target_name(self, target: Any) -> str:
        """A hollow as players say it: "heap b, stone 3"."""
        heap, place = target
        return f"heap {LETTERS[heap]}, stone {place + 1}"

    def rules_summary(self) -> tuple[str, ...]:
        return ("Take <b>1 or more stones</b> from <b>one heap</b> (under the subtraction rules: at most 3).",
                "Whoever takes the <b>last stone</b> wins.")


NIM = NimGame(
    name="nim", title="Nim", player_counts=(2,), seat_names=SEATS, presets=PRESETS, states=(Position,),
    starter=lambda players, rules: start(rules), rules_of=as_rules, position_reader=position_from_json,
    replay=replay_moves, summary="Nim, take stones from heaps: the last stone wins", max_search_depth=20,
    unit="stones")


def register_nim() -> Game:
    """Add Nim to the registry (the shipped games register on import instead)."""
    return register(NIM)
