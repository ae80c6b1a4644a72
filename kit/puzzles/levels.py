"""What a puzzle finder reports, and the levels 1-3 from difficulty points."""
from __future__ import annotations

from dataclasses import dataclass


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
