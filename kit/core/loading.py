"""Reading positions and records that no input can hurt: bounded, checked, one clear error.

A loader takes a dict, JSON text or bytes (UTF-8, a byte-order mark allowed), never a
path: it reads no file. Before any work starts the input is bounded: its size, its
nesting depth, the size of every number; anything else (other encodings, binary data,
JSON that is not an object, NaN) is refused with a :class:`~kit.core.errors.RecordError` naming
the problem. The engines' loaders then check every field (each game's ``records`` module,
``kit/games/<name>/records.py``) and build nothing until all of it is valid.

>>> read_object('{"game": "nim"}', "record")
{'game': 'nim'}
>>> read_object("[1, 2]", "record")
Traceback (most recent call last):
...
kit.core.errors.RecordError: a record is a JSON object, not a list
"""
from __future__ import annotations

import json
import math
import re
from typing import Any, Callable, Iterable, Mapping

from kit.core.errors import RecordError, RulesError

MAX_TEXT = 1_000_000  # characters (or bytes) of JSON text
MAX_DEPTH = 32  # nesting of lists and objects
MAX_VALUES = 200_000  # values in one document
MAX_DIGITS = 30  # digits of one number
MAX_MOVES = 5_000  # moves in one record
MAX_MOVE_TEXT = 40  # characters of one move
MAX_NAME = 200  # characters of a player's name

_STRINGS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_BRACKETS = re.compile(r"[\[\]{}]")


def show(value: Any) -> str:
    """A value for an error message: short, and safe for any input."""
    if value is None or isinstance(value, (bool, int, float)):
        text = json.dumps(value) if not isinstance(value, int) or abs(value) < 10 ** MAX_DIGITS else "a huge number"
        return text
    if isinstance(value, str):
        return json.dumps(value if len(value) <= 40 else value[:37] + "...", ensure_ascii=False)
    if isinstance(value, Mapping):
        return "an object"
    if isinstance(value, (list, tuple)):
        return "a list"
    return f"a {type(value).__name__}"


def kind(value: Any) -> str:
    """The JSON kind of a value, for messages: "an object", "a list", "text", "a number", ..."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "text"
    return show(value)


def text_of(source: str | bytes | bytearray) -> str:
    """The text of JSON given as text or bytes: bounded in size, UTF-8 (a byte-order mark
    allowed); RecordError for anything else."""
    if len(source) > MAX_TEXT:
        raise RecordError(f"the text is too large: {len(source):,} characters (at most {MAX_TEXT:,})")
    if isinstance(source, (bytes, bytearray)):
        source = bytes(source)
        if source.startswith(b"\xef\xbb\xbf"):
            source = source[3:]
        try:
            return source.decode("utf-8")
        except UnicodeDecodeError as error:
            raise RecordError(f"the data is not UTF-8 text (byte {error.start})") from None
    return source[1:] if source.startswith("\ufeff") else source


def _number(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise RecordError(f"a number of {len(text.lstrip('-'))} digits is too big (at most {MAX_DIGITS})")
    return int(text)


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value) or len(text) > 4 * MAX_DIGITS:
        raise RecordError(f"the number {text[:40]} is too big")
    return value


def _constant(text: str) -> Any:
    raise RecordError(f"{text} is not a number JSON allows")


def _check_depth(text: str) -> None:
    depth = 0
    for bracket in _BRACKETS.finditer(_STRINGS.sub('""', text)):
        depth += 1 if bracket.group() in "[{" else -1
        if depth > MAX_DEPTH:
            raise RecordError(f"the JSON is nested too deeply (more than {MAX_DEPTH} levels)")


def _check_values(data: Any) -> None:
    """Refuse containers nested too deeply or too many values (also for dicts given directly,
    which may even contain themselves), numbers too big, and keys that are not text."""
    stack: list[tuple[Any, int]] = [(data, 1)]
    seen = 0
    while stack:
        value, depth = stack.pop()
        seen += 1
        if seen > MAX_VALUES:
            raise RecordError(f"the data holds too many values (more than {MAX_VALUES:,})")
        if isinstance(value, Mapping) or isinstance(value, (list, tuple)):
            if depth > MAX_DEPTH:
                raise RecordError(f"the JSON is nested too deeply (more than {MAX_DEPTH} levels)")
            if isinstance(value, Mapping):
                if not all(isinstance(key, str) for key in value):
                    raise RecordError("every key of a JSON object is text")
                items: Iterable[Any] = value.values()
            else:
                items = value
            stack.extend((item, depth + 1) for item in items)
        elif isinstance(value, bool) or value is None:
            continue
        elif isinstance(value, int):
            if abs(value) >= 10 ** MAX_DIGITS:
                raise RecordError(f"a number is too big (more than {MAX_DIGITS} digits)")
        elif isinstance(value, float):
            if not math.isfinite(value):
                raise RecordError(f"{value} is not a number JSON allows")
        elif isinstance(value, str):
            if len(value) > MAX_TEXT:
                raise RecordError("a text value is too long")
        else:
            raise RecordError(f"{show(value)} is not a JSON value")


def read_object(source: Any, what: str) -> dict[str, Any]:
    """The JSON object in ``source`` (a dict, JSON text or bytes), bounded and checked;
    ``what`` names it in errors ("position", "game record")."""
    if isinstance(source, Mapping):
        data: Any = source
    elif isinstance(source, (str, bytes, bytearray)):
        text = text_of(source)
        _check_depth(text)
        try:
            data = json.loads(text, parse_int=_number, parse_float=_float, parse_constant=_constant)
        except json.JSONDecodeError as error:
            raise RecordError(f"the {what} is not valid JSON: {error}") from None
        except (ValueError, RecursionError) as error:  # a number Python cannot read
            raise RecordError(f"the {what} is not valid JSON: {str(error)[:80]}") from None
    else:
        raise RecordError(f"a {what} is a dict, JSON text or bytes, not {show(source)}")
    if not isinstance(data, Mapping):
        raise RecordError(f"a {what} is a JSON object, not {show(data)}")
    _check_values(data)
    return dict(data)


def check_keys(data: Mapping[str, Any], what: str, required: Iterable[str], optional: Iterable[str] = ()) -> None:
    """Refuse missing and unknown keys."""
    required = tuple(required)
    for key in required:
        if key not in data:
            raise RecordError(f"the {what} has no {key!r}")
    known = (*required, *optional)
    unknown = sorted(set(data) - set(known))
    if unknown:
        raise RecordError(f"unknown key {show(unknown[0])} in the {what} (known: {', '.join(known)})")


def whole(value: Any, name: str, low: int, high: int) -> int:
    """A whole number in ``low..high``; RecordError for anything else (true and false too)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise RecordError(f"{name} must be a whole number, not {kind(value)}")
    if not low <= value <= high:
        raise RecordError(f"{name} must be {low} to {high}, not {show(value)}")
    return value


def wholes(value: Any, name: str, length: int, low: int, high: int) -> list[int]:
    """A list of ``length`` whole numbers, each in ``low..high``."""
    if not isinstance(value, list) or len(value) != length:
        raise RecordError(f"{name} must list {length} whole numbers, not {show(value)}"
                          + (f" of {len(value)}" if isinstance(value, list) else ""))
    return [whole(n, f"each of {name}", low, high) for n in value]


def text(value: Any, name: str, longest: int) -> str:
    """Text of at most ``longest`` characters."""
    if not isinstance(value, str):
        raise RecordError(f"{name} must be text, not {kind(value)}")
    if len(value) > longest:
        raise RecordError(f"{name} is too long: {len(value):,} characters (at most {longest:,})")
    return value


def rules_from(as_rules: Callable[[Any], Any], value: Any) -> Any:
    """The game's rules (``as_rules``: its :meth:`~kit.core.game.Game.as_rules`) from a record's or position's
    ``rules`` value (a preset name or options)."""
    if not isinstance(value, (str, dict)):
        raise RecordError(f"'rules' must be a preset name or an object of options, not {kind(value)}")
    try:
        return as_rules(value)
    except (RulesError, TypeError, ValueError) as error:
        raise RecordError(f"bad 'rules': {error}") from None
