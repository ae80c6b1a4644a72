"""Walak-pussa described once for the registry (:func:`kit.core.game`)."""
from __future__ import annotations

from typing import Any

from kit.core.game import Game, Trace, register
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
        "strong": AgentSpec("alphabeta", time_per_move=1.0, description="searches as deep as it can in 1 s a move"),
    }


class WalakGame(Game):
    """Walak-pussa's parts, each imported from this folder when first asked for."""

    def drawing(self) -> Any:
        from kit.games.walak.drawing import WalakBoard

        return WalakBoard

    def picture(self, state: Any) -> bytes:
        from kit.games.walak.drawing import position_png

        return position_png(state)

    def play_board(self) -> Any:
        from kit.games.walak.play_board import WalakPlayBoard

        return WalakPlayBoard

    def evaluation(self) -> Any:
        from kit.games.walak.evaluation import WALAK as EVALUATION

        return EVALUATION

    def levels(self) -> dict[str, Any]:
        return levels()

    def reasons(self) -> Any:
        from kit.games.walak.reasons import REASONS

        return REASONS

    def marks(self, position: Any, move: Any) -> tuple[Any, ...]:
        """The hole sown."""
        from kit.games.walak.board import hole_index

        return (move if isinstance(move, int) else hole_index(position.to_move, move),)

    def target_name(self, target: Any) -> str:
        from kit.games.walak.board import hole_name

        return hole_name(target)

    def predict_questions(self, trace: Trace[Any]) -> tuple[Any, ...]:
        from kit.games.walak.predict import questions

        return questions(trace)

    def match(self, start: Any) -> Any:
        """A match of rounds as the rulings fix it (:mod:`kit.games.walak.match`), opening with ``start``."""
        return Match(start)

    def puzzles(self) -> Any:
        from kit.games.walak.puzzle_kinds import PUZZLES

        return PUZZLES

    def demos(self) -> tuple[Any, ...]:
        from kit.games.walak.demos import DEMOS

        return DEMOS

    def load_exercises(self) -> None:
        import kit.games.walak.exercises  # noqa: F401  (registers the lessons' exercises)

    def setup_from_text(self, text: str) -> Any:
        from kit.games.walak.setup import check_walak

        return check_walak(self.position_from_text(text))

    def setup_panel(self) -> Any:
        from kit.games.walak.setup_panel import WalakSetupPanel

        return WalakSetupPanel

    def rules_summary(self) -> tuple[str, ...]:
        from kit.games.walak.demos import RULES_SUMMARY

        return RULES_SUMMARY

    def replay_fields(self, position: Any) -> dict[str, Any]:
        """The board, the seeds won (at the end with those taken from the board) and the player to move."""
        return {"board": list(position.board), "captured": list(position.score), "to_move": position.to_move}

    def position_options(self, parser: Any) -> Any:
        from kit.games.walak.cli import position_options

        return position_options(parser)


WALAK = register(WalakGame(
    name="walak", title="Walak-pussa", player_counts=(2,), seat_names=PLAYER_NAMES, presets=PRESETS,
    states=(Position, Match), starter=lambda players, rules: start(rules), rules_of=as_rules,
    position_reader=position_from_json, replay=replay, summary="Walak-pussa, the Sri Lankan two-row mancala",
    refuses_endless=True, repetition_rule=True, unit="seeds", text_reader=parse_position, classroom_size=14.0,
    text_example="S:4,4,4,4,4,4,4/4,4,4,4,4,4,4:0-0", notation_help="a hole letter a..g of the player to move"))
