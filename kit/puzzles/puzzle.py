"""A puzzle: a position, a question and the one right answer, proven by the engine; JSON form."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kit.core.game import game as find_game, game_of
from kit.puzzles.levels import DIFFICULTY


def counted(number: int, singular: str) -> str:
    """``number`` things, singular or plural: "1 seed", "0 seeds", "2 soldiers"."""
    return f"{number} {singular}" if number == 1 else f"{number} {singular}s"


@dataclass(frozen=True)
class Puzzle:
    """A position, its question and the answer the engine proved unique.

    ``move`` is the answer move in notation (for ``relay-end`` the move the question is
    about; for ``save-the-queen`` one of the moves that keep the queen safe); ``answer`` is
    the answer as the student writes it (a hole letter or name, a move's notation, or for
    ``save-the-queen`` a hollow name); ``captured`` is what the move captures.
    """

    kind: str
    level: int
    position: Any
    question: str
    move: str
    answer: str
    captured: int

    @property
    def game(self) -> str:
        """The name of the puzzle's game."""
        return game_of(self.position).name

    @property
    def difficulty(self) -> str:
        """The level in words: "easy", "medium" or "hard"."""
        return DIFFICULTY[self.level]

    @property
    def heading(self) -> str:
        """The puzzle's heading in words, e.g. "Which move captures the most? (easy)"."""
        from kit.puzzles.kinds import kinds_for

        return f"{kinds_for(self.game)[self.kind].title} ({self.difficulty})"

    def __str__(self) -> str:
        """The heading, the position as text and the question."""
        return f"{self.heading}\n{self.position}\n{self.question}"

    @property
    def answer_action(self) -> str | None:
        """For ``save-the-queen``, the action (kind of move) that keeps the queen safe (else None)."""
        return self.position.parse_move(self.move).action if self.kind == "save-the-queen" else None

    @property
    def answer_text(self) -> str:
        """The answer as a sentence fragment for answer keys: e.g. "c (5 seeds)", "F8-F7 (1 soldier)",
        "F8-F7 (takes the queen)" or "F7, split"."""
        if self.kind == "save-the-queen":
            return f"{self.answer}, {self.answer_action} (e.g. {self.move})"
        if self.kind == "relay-end":
            return self.answer
        singular = find_game(self.game).unit.removesuffix("s")
        if self.kind == "queen-hunt":
            more = f" and {counted(self.captured, singular)}" if self.captured else ""
            return f"{self.answer} (takes the queen{more})"
        return f"{self.answer} ({counted(self.captured, singular)})"

    def to_json(self) -> dict[str, Any]:
        """The puzzle as a JSON-ready dict: kind, level, position (the game's JSON), question, move,
        answer, captured."""
        return {"kind": self.kind, "level": self.level, "position": self.position.to_json(),
                "question": self.question, "move": self.move, "answer": self.answer, "captured": self.captured}

    @classmethod
    def from_json(cls, game: str, data: dict[str, Any]) -> "Puzzle":
        """A puzzle of ``game`` from :meth:`to_json`'s dict."""
        return cls(data["kind"], data["level"], find_game(game).position_from_json(data["position"]), data["question"],
                   data["move"], data["answer"], data["captured"])
