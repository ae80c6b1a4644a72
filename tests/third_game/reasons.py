"""What hints say about Nim moves (see :mod:`kit.agents.hints`)."""
from __future__ import annotations

from typing import Any

from kit.agents.reasons import Reasons
from kit.core.game import Trace

from .evaluation import nim_sum
from .events import Pick


def move_reason(position: Any, move: Any) -> str | None:
    """The last stone taken, or a nim-sum of 0 left to the opponent; None for any other move."""
    after = position.play(move)
    if after.is_over:
        return "takes the last stone and wins the game"
    if nim_sum(after) == 0 and nim_sum(position) != 0:
        return "leaves heaps whose nim-sum is 0: every answer can be answered back to 0"
    return None


def taken(trace: Trace[Any]) -> str | None:
    """ "takes 3 stones" (every Nim move takes some)."""
    count = sum(isinstance(event, Pick) for event in trace.events)
    return f"takes {count} stone{'s' * (count != 1)}"


REASONS = Reasons(move_reason, taken)
