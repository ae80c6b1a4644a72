"""The kit's three kinds of refusal, each with a message naming the problem."""
from __future__ import annotations


class IllegalMove(ValueError):
    """A move that is not legal in the position; the message says why."""


class RecordError(ValueError):
    """A malformed game record or position; the message names the problem."""


class RulesError(ValueError):
    """An unknown rule option or preset."""
