"""Judging a student's answer to a puzzle: right, or not yet with a hint that points at the rule.

An answer may be typed or come from a click on the board (a hole, a hollow). Every verdict
is computed by the engine: a wrong move is traced to say what it does. Each kind of puzzle
brings its own judge (:attr:`kit.puzzles.kinds.Kind.judge`, in its game's folder).
"""
from __future__ import annotations

from typing import Any

from kit.core.verdict import Verdict
from kit.puzzles.kinds import kinds_for
from kit.puzzles.puzzle import Puzzle


def judge(puzzle: Puzzle, answer: Any) -> Verdict:
    """The verdict on ``answer`` (text, or a board target clicked); ValueError if it cannot be read."""
    return kinds_for(puzzle.game)[puzzle.kind].judge(puzzle, answer)


def hint_for(puzzle: Puzzle) -> str:
    """The hint a wrong answer gets: the rule the puzzle's kind rests on."""
    return f"Hint: {kinds_for(puzzle.game)[puzzle.kind].rule}."
