"""Myra described once: its :class:`kit.core.game.Game`, declared in the kit's ``pyproject.toml``
(entry point group ``walak_myra_kit.games``)."""
from __future__ import annotations

from typing import Any, Sequence

from kit.core.game import Game, replay_moves
from kit.games.myra.pieces import PLAYER_NAMES
from kit.games.myra.position import Position, start
from kit.games.myra.records import position_from_json
from kit.games.myra.rules import PRESETS, as_rules


def levels() -> dict[str, Any]:
    """The computer's strength levels at Myra, weakest first. Myra's positions have about 200
    moves, slow to generate in pure Python, so its searches are shallower than Walak-pussa's."""
    from kit.agents.protocol import AgentSpec

    return {
        "beginner": AgentSpec(
            "greedy", depth=1, playouts=100,
            description="plays the move that leaves it furthest ahead in soldiers (reserve counts half)"),
        "club": AgentSpec("alphabeta", depth=2, time_per_move=1.0,
                          description="looks at its move and the answer to it (at most 1 s a move)"),
        "strong": AgentSpec("alphabeta", time_per_move=2.0,
                            description="looks as far ahead as it can in 2 s a move"),
    }


class MyraGame(Game):
    """Myra's parts (:data:`PARTS`, each imported from this folder when first asked for) and what
    it says about its hollows, set-ups and moves."""

    def marks(self, position: Any, move: Any) -> tuple[Any, ...]:
        """The hollows clicked to play the move, the piece first."""
        from kit.games.myra.clicks import click_path

        return tuple(click_path(position, move))

    def target_name(self, target: Any) -> str:
        from kit.games.myra.hexgrid import hollow_name

        return hollow_name(target)

    def setup_from_text(self, text: str) -> Any:
        """A set-up may hold more soldiers than a game can (the set-up says it is impossible)."""
        return self.position_from_json(text, classroom=True) if text.startswith("{") else self.position_from_text(text)

    def move_groups(self, moves: Sequence[Any]) -> list[tuple[str, list[Any]]]:
        """The moves by action, in the order of the rules (move, build, split, chain, unchain, produce, pass)."""
        from kit.games.myra.moves import ACTIONS

        return [(action, [move for move in moves if move.action == action]) for action in ACTIONS]


#: Where Myra's parts are (:attr:`kit.core.game.Game.parts`).
PARTS = {
    "drawing": "kit.games.myra.drawing:MyraBoard", "picture": "kit.games.myra.drawing:position_png",
    "play_board": "kit.games.myra.play_board:MyraPlayBoard", "evaluation": "kit.games.myra.evaluation:MYRA",
    "levels": "kit.games.myra.game:levels", "reasons": "kit.games.myra.reasons:REASONS",
    "predict_questions": "kit.games.myra.predict:questions", "puzzles": "kit.games.myra.puzzle_kinds:PUZZLES",
    "demos": "kit.games.myra.demos:DEMOS", "rules_summary": "kit.games.myra.demos:RULES_SUMMARY",
    "exercises": "kit.games.myra.exercises", "setup_panel": "kit.games.myra.setup_panel:MyraSetupPanel",
    "projector_side": "kit.games.myra.projector:projector_side", "click_picker": "kit.games.myra.clicks:MovePicker",
    "choice_buttons": "kit.games.myra.play_board:move_buttons",
    "move_words": "kit.games.myra.play_board:move_words", "position_options": "kit.games.myra.cli:position_options",
    "add_commands": "kit.games.myra.cli:add_commands",
}

MYRA = MyraGame(
    name="myra", title="Myra", player_counts=(2, 3), seat_names=PLAYER_NAMES, presets=PRESETS,
    states=(Position,), starter=start, rules_of=as_rules, position_reader=position_from_json,
    replay=replay_moves, summary="Myra, the hexagonal game of queens, troops and fortresses",
    agent_ply_limit=200, max_search_depth=3, unit="soldiers",
    notation_help="a move in notation, e.g. F10-F9, 2:E9-D8 or '*F10' (quote moves with * or > for the shell)",
    parts=PARTS, order=1)
