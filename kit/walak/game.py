"""Walak-pussa described once for the registry (:func:`kit.game`)."""
from __future__ import annotations

from typing import Any

from kit.game import Game, register
from kit.walak.board import PLAYER_NAMES
from kit.walak.match import Match
from kit.walak.position import Position, parse_position, start
from kit.walak.records import position_from_json, replay
from kit.walak.rules import PRESETS, as_rules


def levels() -> dict[str, Any]:
    """The computer's strength levels at Walak-pussa, weakest first."""
    from kit.agents.protocol import AgentSpec

    return {
        "beginner": AgentSpec("greedy", depth=1, playouts=100,
                              description="takes the biggest capture it sees and never looks further"),
        "club": AgentSpec("alphabeta", depth=4, time_per_move=0.3,
                          description="looks four moves ahead (at most 0.3 s a move)"),
        "strong": AgentSpec("alphabeta", time_per_move=1.0, description="searches as deep as it can in 1 s a move"),
    }


WALAK = register(Game(
    name="walak", title="Walak-pussa", player_counts=(2,), seat_names=PLAYER_NAMES, presets=PRESETS,
    states=(Position, Match), starter=lambda players, rules: start(rules), rules_of=as_rules,
    position_reader=position_from_json, replay=replay, drawing_at="kit.draw.walak:WalakBoard",
    evaluation_at="kit.agents.evaluation:WALAK", levels_at="kit.walak.game:levels",
    summary="Walak-pussa, the Sri Lankan two-row mancala",
    commands=("kit.walak.cli", "kit.draw.cli:add_walak_commands"),
    play_board_at="kit.widgets.walak_board:WalakPlayBoard", refuses_endless=True,
    repetition_rule=True, unit="seeds", text_reader=parse_position, reasons_at="kit.agents.walak_reasons:REASONS"))
