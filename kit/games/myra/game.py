"""Myra described once for the registry (:func:`kit.core.game`)."""
from __future__ import annotations

from typing import Any, Callable, Sequence

from kit.core.game import Game, Trace, register, replay_moves
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
        "strong": AgentSpec("alphabeta", time_per_move=2.0, description="searches as deep as it can in 2 s a move"),
    }


class MyraGame(Game):
    """Myra's parts, each imported from this folder when first asked for."""

    def drawing(self) -> Any:
        from kit.games.myra.drawing import MyraBoard

        return MyraBoard

    def picture(self, state: Any) -> bytes:
        from kit.games.myra.drawing import position_png

        return position_png(state)

    def play_board(self) -> Any:
        from kit.games.myra.play_board import MyraPlayBoard

        return MyraPlayBoard

    def evaluation(self) -> Any:
        from kit.games.myra.evaluation import MYRA as EVALUATION

        return EVALUATION

    def levels(self) -> dict[str, Any]:
        return levels()

    def reasons(self) -> Any:
        from kit.games.myra.reasons import REASONS

        return REASONS

    def marks(self, position: Any, move: Any) -> tuple[Any, ...]:
        """The hollows clicked to play the move, the piece first."""
        from kit.games.myra.clicks import click_path

        return tuple(click_path(position, move))

    def target_name(self, target: Any) -> str:
        from kit.games.myra.hexgrid import hollow_name

        return hollow_name(target)

    def predict_questions(self, trace: Trace[Any]) -> tuple[Any, ...]:
        from kit.games.myra.predict import questions

        return questions(trace)

    def puzzles(self) -> Any:
        from kit.games.myra.puzzle_kinds import PUZZLES

        return PUZZLES

    def demos(self) -> tuple[Any, ...]:
        from kit.games.myra.demos import DEMOS

        return DEMOS

    def load_exercises(self) -> None:
        import kit.games.myra.exercises  # noqa: F401  (registers the lessons' exercises)

    def projector_side(self, controller: Any, size: float) -> Any:
        from kit.games.myra.projector import projector_side

        return projector_side(controller, size)

    def click_picker(self) -> Any:
        from kit.games.myra.clicks import MovePicker

        return MovePicker()

    def choice_buttons(self, position: Any, moves: list[Any], chosen: Callable[[Any], None]) -> tuple[Any, ...]:
        from kit.games.myra.play_board import move_buttons

        return move_buttons(position, moves, chosen)

    def setup_from_text(self, text: str) -> Any:
        """A set-up may hold more soldiers than a game can (the set-up says it is impossible)."""
        return self.position_from_json(text, classroom=True) if text.startswith("{") else self.position_from_text(text)

    def setup_panel(self) -> Any:
        from kit.games.myra.setup_panel import MyraSetupPanel

        return MyraSetupPanel

    def rules_summary(self) -> tuple[str, ...]:
        from kit.games.myra.demos import RULES_SUMMARY

        return RULES_SUMMARY

    def move_groups(self, moves: Sequence[Any]) -> list[tuple[str, list[Any]]]:
        """The moves by action, in the order of the rules (move, build, split, chain, unchain, produce, pass)."""
        from kit.games.myra.moves import ACTIONS

        return [(action, [move for move in moves if move.action == action]) for action in ACTIONS]

    def position_options(self, parser: Any) -> Any:
        from kit.games.myra.cli import position_options

        return position_options(parser)

    def add_commands(self, subparsers: Any) -> None:
        from kit.games.myra.cli import add_commands

        add_commands(subparsers)


MYRA = register(MyraGame(
    name="myra", title="Myra", player_counts=(2, 3), seat_names=PLAYER_NAMES, presets=PRESETS,
    states=(Position,), starter=start, rules_of=as_rules, position_reader=position_from_json,
    replay=replay_moves, summary="Myra, the hexagonal game of queens, troops and fortresses",
    agent_ply_limit=200, max_search_depth=3, unit="soldiers",
    notation_help="a move in notation, e.g. F10-F9, 2:E9-D8 or '*F10' (quote moves with * or > for the shell)"))
