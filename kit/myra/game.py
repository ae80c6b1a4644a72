"""Myra described once for the registry (:func:`kit.game`)."""
from __future__ import annotations

from typing import Any

from kit.game import Game, register, replay_moves
from kit.myra.pieces import PLAYER_NAMES
from kit.myra.position import Position, start
from kit.myra.records import position_from_json
from kit.myra.rules import PRESETS, as_rules


def levels() -> dict[str, Any]:
    """The computer's strength levels at Myra, weakest first. Myra's positions have about 200
    moves, slow to generate in pure Python, so its searches are shallower than Walak-pussa's."""
    from kit.agents.protocol import AgentSpec

    return {
        "beginner": AgentSpec("greedy", depth=1, playouts=100,
                              description="takes the most soldiers it can and never looks further"),
        "club": AgentSpec("alphabeta", depth=2, time_per_move=1.0,
                          description="looks at its move and the answer to it (at most 1 s a move)"),
        "strong": AgentSpec("alphabeta", time_per_move=2.0, description="searches as deep as it can in 2 s a move"),
    }


MYRA = register(Game(
    name="myra", title="Myra", player_counts=(2, 3), seat_names=PLAYER_NAMES, presets=PRESETS,
    states=(Position,), starter=start, rules_of=as_rules, position_reader=position_from_json,
    replay=replay_moves, drawing_at="kit.draw.myra:MyraBoard", evaluation_at="kit.agents.evaluation:MYRA",
    levels_at="kit.myra.game:levels", summary="Myra, the hexagonal game of queens, troops and fortresses",
    commands=("kit.myra.cli", "kit.draw.cli:add_myra_commands"),
    play_board_at="kit.widgets.myra_board:MyraPlayBoard", agent_ply_limit=200, max_search_depth=3,
    unit="soldiers", reasons_at="kit.agents.myra_reasons:REASONS"))
