"""The kit's kinds of refusal, each with a message naming the problem, and how a message
quotes what it was given: at most :data:`~kit.core.limits.MAX_QUOTE` characters, on one line."""
from __future__ import annotations

import json
from typing import Any, Mapping

from kit.core.limits import MAX_DIGITS, MAX_QUOTE


def sentence(refusal: Any) -> str:
    """A refusal (an exception, or its words: the engines and checks say them as a lower-case
    clause, "hole c is empty") as the sentence a student reads: "Hole c is empty." The one
    place the kit turns a refusal into what a widget shows; words that are already a sentence stay.

    >>> sentence(IllegalMove("the game is over: press new game"))
    'The game is over: press new game.'
    >>> sentence("Played South c.")
    'Played South c.'
    """
    text = str(refusal).strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?…" else text + "."


class IllegalMove(ValueError):
    """A move that is not legal in the position; the message says why."""


class RecordError(ValueError):
    """A malformed game record or position; the message names the problem."""


class RulesError(ValueError):
    """An unknown rule option or preset."""


class ClassError(ValueError):
    """A class request refused: a name taken or malformed, a page acting for someone else,
    a move or answer that is not the next one; the message says why in a student's words."""


def clip(text: str) -> str:
    """Text given to the kit, for a message: on one line (control characters escaped as in
    JSON) and at most MAX_QUOTE characters long; longer text is cut and ends in "..." and
    its length.

    >>> clip("F10-F9")
    'F10-F9'
    >>> clip("c" * 100_000)[-30:]
    'ccccc... (100,000 characters)'
    """
    head = json.dumps(text[:MAX_QUOTE], ensure_ascii=False)[1:-1]
    if len(text) <= MAX_QUOTE and len(head) <= MAX_QUOTE:
        return head
    tail = f"... ({len(text):,} characters)"
    return head[:MAX_QUOTE - len(tail)] + tail


def show(value: Any, quote: str = '"') -> str:
    """A value given to the kit, for a message: short and on one line whatever it is (text
    clipped, in double quotes as in JSON or in the ``quote`` given; a number of more than
    MAX_DIGITS digits by its size).

    >>> show(10 ** 5000)
    'a number of 5,001 digits'
    """
    if isinstance(value, bool) or value is None:
        return json.dumps(value)
    if isinstance(value, int):
        if abs(value) < 10 ** MAX_DIGITS:
            return str(value)
        size = abs(value)  # str() of a huge number is slow (and refused past 4,300 digits)
        digits = int(size.bit_length() * 0.30102999566398120) + 1
        digits += (size >= 10 ** digits) - (size < 10 ** (digits - 1))
        return f"a number of {digits:,} digits"
    if isinstance(value, float):
        return repr(value) if len(repr(value)) <= MAX_QUOTE else f"{value:.6g}"
    if isinstance(value, str):
        return f"{quote}{clip(value)}{quote}"
    if isinstance(value, Mapping):
        return "an object"
    if isinstance(value, (list, tuple)):
        return "a list"
    return f"a {type(value).__name__}"
