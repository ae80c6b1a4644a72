"""Nim described once for the registry: its typed :class:`kit.core.game.Game` subclass.

Installed as a package of its own (``pyproject.toml`` in this folder, package ``kit_nim``), Nim
is found through its entry point like any game (tests/test_plugins.py builds and installs it).
The kit's in-process tests register it by hand instead (:func:`register_nim`, the ``third_game``
fixture of the top ``conftest.py``), and take it out again afterwards.
"""
from __future__ import annotations

from typing import Any

from kit.core.game import Game, register, replay_moves

from .events import LETTERS, SEATS
from .position import Position, position_from_json, start
from .rules import PRESETS, as_rules


def levels() -> dict[str, Any]:
    """The computer's strength levels at Nim, weakest first."""
    from kit.agents.protocol import AgentSpec

    return {"beginner": AgentSpec("greedy", description="takes as many stones as it can"),
            "club": AgentSpec("alphabeta", depth=2, description="looks two moves ahead"),
            "strong": AgentSpec("alphabeta", depth=8, time_per_move=0.5,
                                description="searches eight moves ahead (at most 0.5 s a move)")}


class NimGame(Game):
    """What Nim says about its board's targets; its parts are in :data:`PARTS`."""

    def marks(self, position: Any, move: Any) -> tuple[Any, ...]:
        """The leftmost stone the move takes: a click there plays it."""
        return ((move.heap, position.heaps[move.heap] - move.count),)

    def target_name(self, target: Any) -> str:
        """A hollow as players say it: "heap b, stone 3"."""
        heap, place = target
        return f"heap {LETTERS[heap]}, stone {place + 1}"


#: Where Nim's parts are, each imported when first asked for (this package's name: ``tests.third_game``
#: in the kit's tests, ``kit_nim`` when installed as a package of its own).
PARTS = {"drawing": f"{__package__}.drawing:NimBoard", "play_board": f"{__package__}.play_board:NimPlayBoard",
         "evaluation": f"{__package__}.evaluation:NIM", "levels": f"{__package__}.game:levels",
         "reasons": f"{__package__}.reasons:REASONS", "rules_summary": f"{__package__}.game:RULES_SUMMARY",
         "demos": f"{__package__}.demos:DEMOS"}

#: The rules in two lines, for the classroom.
RULES_SUMMARY = ("Take <b>1 or more stones</b> from <b>one heap</b> (under the subtraction rules: at most 3).",
                 "Whoever takes the <b>last stone</b> wins.")

NIM = NimGame(
    name="nim", title="Nim", player_counts=(2,), seat_names=SEATS, presets=PRESETS, states=(Position,),
    starter=lambda players, rules: start(rules), rules_of=as_rules, position_reader=position_from_json,
    replay=replay_moves, summary="Nim, take stones from heaps: the last stone wins", max_search_depth=20,
    unit="stones", parts=PARTS)


def register_nim() -> Game:
    """Add Nim to the registry by hand, in this process only (installed as a package, Nim is found
    through its entry point instead: ``pyproject.toml`` here)."""
    return register(NIM)
