"""Walak-pussa game records as JSON: the rule preset, the moves, optional names and date.

A record of one game::

    {"game": "walak", "rules": "default", "moves": ["c", "a", "e"],
     "south": "Amara", "north": "Nimal", "date": "2026-11-30"}

``rules`` is a preset name or an options dict; ``start`` (a position string) may give
another start position. A match of several rounds stores ``"rounds": [[...], [...]]``
instead of ``"moves"``. Loading replays every move and names the first one that fails.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

from kit.game import IllegalMove, RecordError, RulesError
from kit.walak.board import PLAYER_NAMES
from kit.walak.match import Match
from kit.walak.position import Move, Position, parse_position, start
from kit.walak.rules import Rules, get_rules

_KEYS = {"game", "rules", "start", "moves", "rounds", "south", "north", "date"}


@dataclass(frozen=True)
class GameRecord:
    """A replayable record: one game, or (``match``) a match whose rounds are listed in order."""

    rounds: tuple[tuple[Move, ...], ...]
    rules: Rules = Rules()
    start: str | None = None
    south: str | None = None
    north: str | None = None
    date: str | None = None
    match: bool = False

    def __post_init__(self) -> None:
        if not self.match and len(self.rounds) != 1:
            raise RecordError(f"a record of one game has one list of moves, not {len(self.rounds)}")

    @property
    def is_match(self) -> bool:
        """True for a record of a match (even one still in its first round)."""
        return self.match

    @property
    def moves(self) -> tuple[Move, ...]:
        """The moves of the first (for a single game, the only) round."""
        return self.rounds[0]

    def first_position(self) -> Position:
        """The position the record starts from."""
        return start(self.rules) if self.start is None else parse_position(self.start, self.rules)

    def positions(self) -> list[Position]:
        """Every position of a single game, the start first; raises RecordError at a bad move."""
        positions = [self.first_position()]
        for ply, move in enumerate(self.moves, 1):
            positions.append(_play(positions[-1], move, ply, None))
        return positions

    def final(self) -> Position | Match:
        """The last position (a single game) or the match after its last move."""
        if not self.is_match:
            return self.positions()[-1]
        match = Match(self.first_position())
        for number, moves in enumerate(self.rounds, 1):
            if number > 1:
                if not match.round_over:
                    raise RecordError(f"round {number - 1} is not over after its {len(self.rounds[number - 2])} moves")
                match = match.next_round()
            for ply, move in enumerate(moves, 1):
                match = Match(_play(match.position, move, ply, number), match.stores, match.opened_by, match.rounds)
        return match

    def to_dict(self) -> dict[str, Any]:
        """The record as a JSON-ready dict."""
        rules = self.rules.name if self.rules.name != "custom" else self.rules.options()
        data: dict[str, Any] = {"game": "walak", "rules": rules}
        if self.start is not None:
            data["start"] = self.start
        if self.is_match:
            data["rounds"] = [list(moves) for moves in self.rounds]
        else:
            data["moves"] = list(self.moves)
        for key in ("south", "north", "date"):
            if getattr(self, key) is not None:
                data[key] = getattr(self, key)
        return data

    def to_json(self, indent: int | None = None) -> str:
        """The record as JSON text."""
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    def save(self, path: str | Path) -> None:
        """Write the record to a JSON file."""
        Path(path).write_text(self.to_json(indent=1) + "\n", encoding="utf-8")


def _play(position: Position, move: Any, ply: int, round_number: int | None) -> Position:
    where = f"move {ply}" if round_number is None else f"round {round_number}, move {ply}"
    if not isinstance(move, str):
        raise RecordError(f"{where}: a move is a hole letter a..g, not {move!r}")
    try:
        return position.play(move)
    except IllegalMove as error:
        raise RecordError(f"{where} ({PLAYER_NAMES[position.to_move]} {move!r}): {error}") from None


def record_of(moves: Sequence[Move], rules: Rules | str | dict | None = None, **names: str | None) -> GameRecord:
    """A record of one game from its list of moves (letters), checked by replaying it."""
    record = GameRecord((tuple(moves),), get_rules(rules), **names)
    record.positions()
    return record


def load_record(source: str | Path | dict[str, Any]) -> GameRecord:
    """A record from a dict, JSON text or a JSON file; raises RecordError naming what is wrong."""
    data = _json_of(source)
    if not isinstance(data, dict):
        raise RecordError(f"a game record is a JSON object, not {type(data).__name__}")
    unknown = sorted(set(data) - _KEYS)
    if unknown:
        raise RecordError(f"unknown key {unknown[0]!r} in the game record (known: {', '.join(sorted(_KEYS))})")
    if data.get("game") != "walak":
        raise RecordError(f"not a Walak-pussa record: \"game\" is {data.get('game')!r}, expected 'walak'")
    try:
        rules = get_rules(data.get("rules"))
    except RulesError as error:
        raise RecordError(f"bad \"rules\": {error}") from None
    if ("moves" in data) == ("rounds" in data):
        raise RecordError("a game record needs either \"moves\" (one game) or \"rounds\" (a match), not both or neither")
    rounds = [data["moves"]] if "moves" in data else data["rounds"]
    if not isinstance(rounds, list) or not rounds or not all(isinstance(moves, list) for moves in rounds):
        raise RecordError("\"moves\" must be a list of hole letters (\"rounds\" a non-empty list of such lists)")
    for key in ("start", "south", "north", "date"):
        if data.get(key) is not None and not isinstance(data[key], str):
            raise RecordError(f"\"{key}\" must be text, not {data[key]!r}")
    record = GameRecord(tuple(tuple(moves) for moves in rounds), rules, data.get("start"),
                        data.get("south"), data.get("north"), data.get("date"), match="rounds" in data)
    try:
        record.first_position()
    except ValueError as error:
        raise RecordError(f"bad \"start\": {error}") from None
    record.final()  # replays every move: the first bad one raises RecordError
    return record


def _json_of(source: str | Path | dict[str, Any]) -> Any:
    if isinstance(source, dict):
        return source
    if isinstance(source, Path) or (isinstance(source, str) and not source.lstrip().startswith("{")):
        try:
            source = Path(source).read_text(encoding="utf-8")
        except OSError as error:
            raise RecordError(f"cannot read game record: {error}") from None
    try:
        return json.loads(source)
    except json.JSONDecodeError as error:
        raise RecordError(f"game record is not valid JSON: {error}") from None
