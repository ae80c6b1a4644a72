"""Reading positions and records that no input can hurt: bounded, checked, one clear error.

A loader takes a dict, JSON text or bytes (UTF-8, a byte-order mark allowed), never a
path: it reads no file. Before any work starts the input is bounded: its size, then its
nesting depth and number of values (one pass, linear in the text); while it is parsed, the
size of every number and keys given twice; anything else (other encodings, binary data,
JSON that is not an object, NaN) is refused with a :class:`~kit.errors.RecordError` naming
the problem. The engines' loaders then check every field (``kit/walak/records.py``,
``kit/myra/records.py``) and build nothing until all of it is valid.

>>> read_object('{"game": "walak"}', "record")
{'game': 'walak'}
>>> read_object("[1, 2]", "record")
Traceback (most recent call last):
...
kit.errors.RecordError: a record is a JSON object, not a list
"""
from __future__ import annotations

import json
import math
import re
from itertools import accumulate
from typing import Any, Callable, Iterable, Mapping

from kit.errors import RecordError, RulesError, show
from kit.limits import MAX_DIGITS, MAX_NESTING, MAX_TEXT, MAX_VALUES

# A JSON string, closed or not: each character is taken once (a backslash with the one after
# it), so no input makes it look twice; an unclosed string runs to the end and is one match.
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


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
    digits = len(text) - text.startswith("-")
    if digits > MAX_DIGITS:
        raise RecordError(f"a number of {digits} digits is too big (at most {MAX_DIGITS})")
    return int(text)


def _float(text: str) -> float:
    if len(text) > 2 * MAX_DIGITS:
        raise RecordError(f"a number of {len(text):,} characters is too big (at most {2 * MAX_DIGITS})")
    value = float(text)
    if not math.isfinite(value):
        raise RecordError(f"the number {text} is too big")
    return value


def _constant(text: str) -> Any:
    raise RecordError(f"{text} is not a number JSON allows")


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object, refused if a key appears twice (JSON would silently keep the last)."""
    data = dict(pairs)
    if len(data) < len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise RecordError(f"{show(key)} appears twice in one object")
            seen.add(key)
    return data


def _check_text(text: str) -> None:
    """Refuse JSON text nested too deeply or holding too many values, before it is parsed.

    One pass over the text (see ``_STRING``): strings are taken out, then the brackets left
    give the depth and the commas (one fewer than the values of each list or object) the size.
    """
    bare = _STRING.sub("", text)
    if bare.count(",") >= MAX_VALUES:
        raise RecordError(f"the data holds too many values (more than {MAX_VALUES:,})")
    if max(accumulate(map(_STEP.__getitem__, _NOT_BRACKET.sub("", bare))), default=0) > MAX_NESTING:
        raise RecordError(f"the JSON is nested too deeply (more than {MAX_NESTING} levels)")


def _check_values(data: Any) -> None:
    """Refuse containers nested too deeply or too many values (also for dicts given directly,
    which may even contain themselves), numbers too big, and keys that are not text."""
    stack: list[tuple[Any, int]] = [(data, 1)]
    seen = 1
    while stack:
        value, depth = stack.pop()
        if isinstance(value, Mapping) or isinstance(value, (list, tuple)):
            if depth > MAX_NESTING:
                raise RecordError(f"the JSON is nested too deeply (more than {MAX_NESTING} levels)")
            seen += len(value)  # counted before anything is added: a list of ten million is refused at once
            if seen > MAX_VALUES:
                raise RecordError(f"the data holds too many values (more than {MAX_VALUES:,})")
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
                raise RecordError(f"{show(value)} is too big (at most {MAX_DIGITS} digits)")
        elif isinstance(value, float):
            if not math.isfinite(value):
                raise RecordError(f"{value} is not a number JSON allows")
        elif isinstance(value, str):
            if len(value) > MAX_TEXT:
                raise RecordError(f"a text value is too long: {len(value):,} characters (at most {MAX_TEXT:,})")
        else:
            raise RecordError(f"{show(value)} is not a JSON value")


def read_object(source: Any, what: str) -> dict[str, Any]:
    """The JSON object in ``source`` (a dict, JSON text or bytes), bounded and checked;
    ``what`` names it in errors ("Myra position", "game record").

    Text is bounded before it is parsed (its size, then its depth and number of values in
    one linear pass) and while it is parsed (the size of every number, keys given twice).
    """
    if isinstance(source, Mapping):
        data: Any = source
    elif isinstance(source, (str, bytes, bytearray)):
        text = text_of(source)
        _check_text(text)
        try:
            data = json.loads(text, parse_int=_number, parse_float=_float, parse_constant=_constant,
                              object_pairs_hook=_object)
        except RecordError as error:
            raise RecordError(f"the {what} is not valid: {error}") from None
        except json.JSONDecodeError as error:
            raise RecordError(f"the {what} is not valid JSON: {error}") from None
        except RecursionError:
            raise RecordError(f"the JSON is nested too deeply (more than {MAX_NESTING} levels)") from None
        except ValueError as error:  # a number Python cannot read
            raise RecordError(f"the {what} is not valid JSON: {show(str(error))}") from None
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
    """The game's rules (``as_rules``: its :meth:`~kit.game.Game.as_rules`) from a record's or position's
    ``rules`` value (a preset name or options)."""
    if not isinstance(value, (str, dict)):
        raise RecordError(f"'rules' must be a preset name or an object of options, not {kind(value)}")
    try:
        return as_rules(value)
    except (RulesError, TypeError, ValueError) as error:
        raise RecordError(f"bad 'rules': {error}") from None
