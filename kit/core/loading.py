"""Reading positions and records that no input can hurt: bounded, checked, one clear error.

A loader takes a dict, JSON text or bytes (UTF-8, a byte-order mark allowed), never a
path: it reads no file. Before any work starts the input is bounded: its size, then its
nesting depth, number of values and the digits of every number (one pass, linear in the
text); while it is parsed, numbers too big for a float and keys given twice. Anything else
(other encodings, binary data, JSON that is not an object, NaN) is refused with a
:class:`~kit.core.errors.RecordError` naming the problem (``docs/refusals.md``). The engines' loaders then check every field (each game's ``records``
module, ``kit/games/<name>/records.py``) and build nothing until all of it is valid.

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
from itertools import accumulate
from typing import Any, Callable, Iterable, Mapping

from kit.core.errors import RecordError, RulesError, show
from kit.core.limits import MAX_DIGITS, MAX_NESTING, MAX_TEXT, MAX_VALUES

# A JSON string, closed or not: each character is taken once (a backslash with the one after
# it) by possessive repeats, which never give anything back, so no input makes the pattern
# look twice or remember where it was; an unclosed string runs to the end and is one match.
_STRING = re.compile(r'"[^"\\]*+(?:\\.[^"\\]*+)*+"?', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_LONG_NUMBER = re.compile(rf"(?<![0-9])[0-9]{{{MAX_DIGITS + 1},}}+")  # tried once per run of digits: linear
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}
_HUGE = 10 ** MAX_DIGITS  # the smallest number of too many digits


def json_type(value: Any) -> str:
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


def decoded(source: str | bytes | bytearray) -> str:
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
                shown = show(key, "'")
                raise RecordError(f"{shown} appears twice in one object")
            seen.add(key)
    return data


def _check_text(text: str) -> None:
    """Refuse JSON text nested too deeply, holding too many values or a number of too many
    digits, before it is parsed.

    Linear in the text: strings are taken out in one pass (see ``_STRING``); in what is left,
    the commas (one fewer than the values of each list or object) give the size, runs of
    digits the numbers, and the brackets the depth (counted up to the first level too deep).
    """
    bare = _STRING.sub("", text)
    if bare.count(",") >= MAX_VALUES:
        raise RecordError(f"the data holds too many values (more than {MAX_VALUES:,})")
    number = _LONG_NUMBER.search(bare)
    if number:
        raise RecordError(f"a number of {len(number.group())} digits is too big (at most {MAX_DIGITS})")
    depths = accumulate(map(_STEP.__getitem__, _NOT_BRACKET.sub("", bare)))
    if next(filter(MAX_NESTING.__lt__, depths), None) is not None:
        raise RecordError(f"the JSON is nested too deeply (more than {MAX_NESTING} levels)")


def _check_values(data: Mapping[Any, Any]) -> None:
    """Refuse containers nested too deeply or too many values (also for dicts given directly,
    which may even contain themselves), numbers too big, and keys that are not text.

    Each container's size is counted before its items are looked at, so a list of ten
    million is refused at once."""
    stack: list[tuple[Any, int]] = [(data, 1)]
    seen = 1
    while stack:
        value, depth = stack.pop()
        if depth > MAX_NESTING:
            raise RecordError(f"the JSON is nested too deeply (more than {MAX_NESTING} levels)")
        seen += len(value)
        if seen > MAX_VALUES:
            raise RecordError(f"the data holds too many values (more than {MAX_VALUES:,})")
        if isinstance(value, Mapping):
            if not all(isinstance(key, str) for key in value):
                raise RecordError("every key of a JSON object is text")
            items: Iterable[Any] = value.values()
        else:
            items = value
        for item in items:
            if isinstance(item, (Mapping, list, tuple)):
                stack.append((item, depth + 1))
            elif isinstance(item, bool) or item is None:
                continue
            elif isinstance(item, int):
                if abs(item) >= _HUGE:
                    raise RecordError(f"{show(item)} is too big (at most {MAX_DIGITS} digits)")
            elif isinstance(item, float):
                if not math.isfinite(item):
                    raise RecordError(f"{item} is not a number JSON allows")
            elif isinstance(item, str):
                if len(item) > MAX_TEXT:
                    raise RecordError(f"a text value is too long: {len(item):,} characters (at most {MAX_TEXT:,})")
            else:
                raise RecordError(f"{show(item)} is not a JSON value")


def read_object(source: Any, what: str) -> dict[str, Any]:
    """The JSON object in ``source`` (a dict, JSON text or bytes), bounded and checked;
    ``what`` names it in errors ("position", "game record").

    Text is bounded before it is parsed (its size, then its depth, number of values and
    digits in one linear pass) and while it is parsed (floats, keys given twice); a dict
    given is walked once, its size counted before its items are looked at.
    """
    if isinstance(source, Mapping):
        _check_values(source)
        data: Any = source
    elif isinstance(source, (str, bytes, bytearray)):
        text = decoded(source)
        _check_text(text)
        try:
            data = json.loads(text, parse_float=_float, parse_constant=_constant, object_pairs_hook=_object)
        except RecordError as error:
            raise RecordError(f"the {what} is not valid: {error}") from None
        except json.JSONDecodeError as error:
            raise RecordError(f"the {what} is not valid JSON: {error}") from None
    else:
        raise RecordError(f"a {what} is a dict, JSON text or bytes, not {show(source)}")
    if not isinstance(data, Mapping):
        raise RecordError(f"a {what} is a JSON object, not {show(data)}")
    return dict(data)


def check_keys(data: Mapping[str, Any], what: str, required: Iterable[str], optional: Iterable[str] = (),
               ignored: Iterable[str] = ()) -> None:
    """Refuse missing and unknown keys (``ignored`` keys are allowed, and not listed as known)."""
    required = tuple(required)
    for key in required:
        if key not in data:
            raise RecordError(f"the {what} has no {key!r}")
    known = (*required, *optional)
    unknown = sorted(set(data) - set(known) - set(ignored))
    if unknown:
        raise RecordError(f"unknown key {show(unknown[0])} in the {what} (known: {', '.join(known)})")


def whole(value: Any, name: str, low: int, high: int) -> int:
    """A whole number in ``low..high``; RecordError for anything else (true and false too)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise RecordError(f"{name} must be a whole number, not {json_type(value)}")
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
        raise RecordError(f"{name} must be text, not {json_type(value)}")
    if len(value) > longest:
        raise RecordError(f"{name} is too long: {len(value):,} characters (at most {longest:,})")
    return value


def rules_from(as_rules: Callable[[Any], Any], value: Any) -> Any:
    """The game's rules (``as_rules``: its :meth:`~kit.core.game.Game.as_rules`) from a record's or position's
    ``rules`` value (a preset name or options)."""
    if not isinstance(value, (str, dict)):
        raise RecordError(f"'rules' must be a preset name or an object of options, not {json_type(value)}")
    try:
        return as_rules(value)
    except (RulesError, TypeError, ValueError) as error:
        raise RecordError(f"bad 'rules': {error}") from None
