"""Reading positions and records that no input can hurt: bounded, checked, one clear error.

A loader takes a dict, JSON text or bytes (UTF-8, a byte-order mark allowed), never a
path: it reads no file. Before any work starts the input is bounded: its size, its
nesting depth, the size of every number; anything else (other encodings, binary data,
JSON that is not an object, NaN) is refused with a :class:`~kit.game.RecordError` naming
the problem. The engines' loaders then check every field (``kit/walak/records.py``,
``kit/myra/records.py``) and build nothing until all of it is valid.

>>> read_object('{"game": "walak"}', "record")
{'game': 'walak'}
>>> read_object("[1, 2]", "record")
Traceback (most recent call last):
...
kit.game.RecordError: a record is a JSON object, not a list
"""
from __future__ import annotations

import json
import math
import re
from typing import TYPE_CHECKING, Any, Iterable, Mapping

from kit.game import IllegalMove, Record, RecordError, RulesError

if TYPE_CHECKING:
    from kit.game import Game

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
    ``what`` names it in errors ("Myra position", "game record")."""
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


def rules_from(description: "Game", value: Any) -> Any:
    """The game's rules from a record's or position's ``rules`` value (a preset name or options)."""
    if not isinstance(value, (str, dict)):
        raise RecordError(f"'rules' must be a preset name or an object of options, not {kind(value)}")
    try:
        return description.as_rules(value)
    except (RulesError, TypeError, ValueError) as error:
        raise RecordError(f"bad 'rules': {error}") from None


def read_record(description: "Game", source: Any) -> Record:
    """The record in ``source`` (dict, text or bytes), checked and replayed (see :class:`~kit.game.Record`)."""
    what = f"{description.title} game record"
    data = read_object(source, what)
    check_keys(data, what, ("game", "moves"), ("players", "rules", "start", "rounds", "names", "result"))
    if data["game"] != description.name:
        raise RecordError(f"not a {what}: 'game' is {show(data['game'])}, expected {show(description.name)}")
    players = None
    if "players" in data:
        players = whole(data["players"], "'players'", 1, max(description.player_counts))
        if players not in description.player_counts:
            raise RecordError(f"'players' must be {' or '.join(map(str, description.player_counts))}, not {players}")
    rules = rules_from(description, data["rules"]) if data.get("rules") is not None else None
    if data.get("start") is not None:
        if not isinstance(data["start"], dict):
            raise RecordError(f"'start' must be a position (a JSON object), not {kind(data['start'])}")
        try:
            start = description.position_from_json(data["start"])
        except RecordError as error:
            raise RecordError(f"bad 'start': {error}") from None
        if rules is not None and rules != start.rules:
            raise RecordError("the record's 'rules' differ from the rules of its 'start' position")
        if players is not None and players != start.num_players:
            raise RecordError(f"'players' is {players}, but the 'start' position has {start.num_players}")
    else:  # the game's start under these rules, checked as a loaded position is
        try:
            start = description.position_from_json(description.start(players, rules).to_json())
        except RecordError as error:
            raise RecordError(f"bad 'rules': {error}") from None
    moves = data["moves"]
    if not isinstance(moves, list):
        raise RecordError(f"'moves' must be a list of moves in notation, not {kind(moves)}")
    if len(moves) > MAX_MOVES:
        raise RecordError(f"the record is too long: {len(moves):,} moves (at most {MAX_MOVES:,})")
    moves = [text(move, f"move {ply}", MAX_MOVE_TEXT) for ply, move in enumerate(moves, 1)]
    rounds: tuple[int, ...] = ()
    if data.get("rounds") is not None:
        value = data["rounds"]
        if not isinstance(value, list) or not value:
            raise RecordError(f"'rounds' must list the number of moves of each round, not {show(value)}")
        rounds = tuple(whole(n, "a round's number of moves", 0, MAX_MOVES) for n in value)
        if sum(rounds) != len(moves):
            raise RecordError(f"'rounds' count {sum(rounds)} moves, but the record has {len(moves)}")
    names: dict[str, str] = {}
    if data.get("names") is not None:
        if not isinstance(data["names"], dict):
            raise RecordError(f"'names' must be an object (seat: name), not {kind(data['names'])}")
        seats = [seat.lower() for seat in description.player_names(start.num_players)]
        for seat, name in data["names"].items():
            if seat not in seats:
                raise RecordError(f"unknown seat {show(seat)} in 'names' (seats: {', '.join(seats)})")
            names[seat] = text(name, f"the name of {seat}", MAX_NAME)
    record = Record(description.name, start, tuple(moves), names, rounds)
    try:
        positions = record.positions()
    except IllegalMove as error:
        raise RecordError(str(error)) from None
    if data.get("result") is not None:
        claimed = data["result"]
        if not isinstance(claimed, dict) or set(claimed) != {"winner"}:
            raise RecordError(f"'result' must be an object {{\"winner\": player or null}}, not {show(claimed)}")
        last = positions[-1]
        winner = claimed["winner"]
        if winner is not None:
            whole(winner, "the winner", 0, start.num_players - 1)
        if not last.is_over or last.winner != winner:
            actual = "goes on" if not last.is_over else f"ends with winner {show(last.winner)}"
            raise RecordError(f"'result' says the winner is {show(winner)}, but the game {actual}")
    return record
