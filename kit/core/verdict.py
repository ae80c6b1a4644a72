"""The verdict on an answer: a puzzle's (typed or clicked) and a classroom question's (a click)."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Verdict:
    """Whether an answer is right, one or two sentences to show, and whether it is a whole
    answer (``final`` False: half an answer, such as a hollow without its kind)."""

    right: bool
    text: str
    final: bool = True
