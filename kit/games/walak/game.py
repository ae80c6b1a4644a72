"""Walak-pussa described once: its :class:`kit.core.game.Game`, declared in the kit's ``pyproject.toml``
(entry point group ``walak_myra_kit.games``)."""
from __future__ import annotations

from typing import Any

from kit.core.game import Game
from kit.games.walak.board import PLAYER_NAMES
from kit.games.walak.match import Match
from kit.games.walak.position import Position, parse_position, start
from kit.games.walak.records import position_from_json, replay
from kit.games.walak.rules import PRESETS, as_rules


def levels() -> dict[str, Any]:
    """The computer's strength levels at Walak-pussa, weakest first."""
    from kit.agents.protocol import AgentSpec

    return {
        "beginner": AgentSpec("greedy", depth=1, playouts=100,
                              description="takes the biggest capture it sees and never looks further"),
        "club": AgentSpec("alphabeta", depth=4, time_per_move=0.3,
                          description="looks four moves ahead (at most 0.3 s a move)"),
        "strong": AgentSpec("alphabeta", time_per_move=1.0,
                            description="looks as far ahead as it can in 1 s a move"),
    }


class WalakGame(Game):
    """Walak-pussa's parts (:data:`PARTS`, each imported from this folder when first asked for)
    and what it says about its holes."""

    def marks(self, position: Any, move: Any) -> tuple[Any, ...]:
        """The hole sown."""
        from kit.games.walak.board import hole_index

        return (move if isinstance(move, int) else hole_index(position.to_move, move),)

    def target_name(self, target: Any) -> str:
        from kit.games.walak.board import hole_name

        return hole_name(target)

    def match(self, start: Any) -> Any:
        """A match of rounds as the rulings fix it (:mod:`kit.games.walak.match`), opening with ``start``."""
        return Match(start)

    def setup_from_text(self, text: str) -> Any:
        from kit.games.walak.setup import check_walak

        return check_walak(self.position_from_text(text))

    def replay_fields(self, position: Any) -> dict[str, Any]:
        """The board, the seeds won (at the end with those taken from the board) and the player to move."""
        return {"board": list(position.board), "captured": list(position.score), "to_move": position.to_move}


#: Where Walak-pussa's parts are (:attr:`kit.core.game.Game.parts`).
PARTS = {
    "drawing": "kit.games.walak.drawing:WalakBoard", "picture": "kit.games.walak.drawing:position_png",
    "play_board": "kit.games.walak.play_board:WalakPlayBoard", "evaluation": "kit.games.walak.evaluation:WALAK",
    "levels": "kit.games.walak.game:levels", "reasons": "kit.games.walak.reasons:REASONS",
    "predict_questions": "kit.games.walak.predict:questions", "puzzles": "kit.games.walak.puzzle_kinds:PUZZLES",
    "demos": "kit.games.walak.demos:DEMOS", "rules_summary": "kit.games.walak.demos:RULES_SUMMARY",
    "exercises": "kit.games.walak.exercises", "setup_panel": "kit.games.walak.setup_panel:WalakSetupPanel",
    "position_options": "kit.games.walak.cli:position_options",
}

WALAK = WalakGame(
    name="walak", title="Walak-pussa", player_counts=(2,), seat_names=PLAYER_NAMES, presets=PRESETS,
    states=(Position, Match), starter=lambda players, rules: start(rules), rules_of=as_rules,
    position_reader=position_from_json, replay=replay, summary="Walak-pussa, the Sri Lankan two-row mancala",
    refuses_endless=True, repetition_rule=True, unit="seeds", text_reader=parse_position, classroom_size=14.0,
    text_example="S:4,4,4,4,4,4,4/4,4,4,4,4,4,4:0-0", notation_help="a hole letter a..g of the player to move",
    parts=PARTS, order=0)
