"""What a puzzle finder reports, and the levels 1-3 (easy, medium, hard) from difficulty points."""
from __future__ import annotations

from dataclasses import dataclass

from kit.core.errors import show


@dataclass(frozen=True)
class Found:
    """One puzzle a position holds: the move asked about, its answer, the seeds or soldiers it takes, its level."""

    move: str
    answer: str
    captured: int
    level: int
    question: str


def level_of(points: int) -> int:
    """The level for a number of difficulty points: 0-1 is level 1, 2 is level 2, 3 or more level 3."""
    return 1 if points <= 1 else 2 if points == 2 else 3


#: The levels in words, as headings and the lessons say them ("level" alone would clash with the computer's strength levels and a game's own words).
DIFFICULTY: dict[int, str] = {1: "easy", 2: "medium", 3: "hard"}


def level_named(difficulty: int | str) -> int:
    """The level 1-3 for a difficulty given as 1, 2, 3 or "easy", "medium", "hard"; ValueError otherwise."""
    for level, word in DIFFICULTY.items():
        if difficulty == word or (difficulty == level and not isinstance(difficulty, bool)):
            return level
    raise ValueError(f"the difficulty is 1, 2, 3 or {', '.join(map(repr, DIFFICULTY.values()))}, not {show(difficulty)}")


def closeness(margin: int) -> int:
    """Difficulty points for how close the runner-up comes: 2 if it misses by one, 1 by two, else 0."""
    return 2 if margin <= 1 else 1 if margin == 2 else 0
