"""Myra position files (the JSON format of RULINGS) and JSON game records, with precise errors.

A position file::

    {"game": "myra", "players": 2, "to_move": 0, "reserve": [25, 25], "eliminated": [],
     "cells": [{"q": 5, "r": 0, "owner": 0, "queen": true, "count": 1}, ...]}

may also hold ``ply`` and ``rules`` (a preset name or a dict of options); the keys that
``replay --json`` adds (``player``, ``move``, ``over``, ``winner``) are ignored.
A game record::

    {"game": "myra", "start": <position>, "moves": ["F10-E10", "2:F2-E3", ...]}
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Mapping

from kit.game import IllegalMove, RecordError, RulesError
from kit.myra.hexgrid import CELLS, INDEX, Cell, cell_name, on_board, parse_cell
from kit.myra.moves import Move
from kit.myra.pieces import MAX_TROOP, PLAYER_NAMES, Piece
from kit.myra.position import RESERVE, Position
from kit.myra.rules import Rules, as_rules

REQUIRED = ("game", "players", "to_move", "reserve", "eliminated", "cells")
OPTIONAL = ("ply", "rules")
IGNORED = ("player", "move", "over", "winner")
CELL_KEYS = ("q", "r", "owner", "queen", "count")


def _read(path_or_dict: str | Path | Mapping[str, Any], what: str) -> Any:
    if isinstance(path_or_dict, Mapping):
        return path_or_dict
    try:
        return json.loads(Path(path_or_dict).read_text(encoding="utf-8"))
    except OSError as error:
        raise RecordError(f"cannot read the {what} {path_or_dict}: {error.strerror or error}") from None
    except json.JSONDecodeError as error:
        raise RecordError(f"{path_or_dict} is not valid JSON: {error}") from None


def _whole(value: Any, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RecordError(f"{name} must be a whole number, not {json.dumps(value)}")
    return value


def load_position(path_or_dict: str | Path | Mapping[str, Any],
                  rules: Rules | str | dict[str, Any] | None = None) -> Position:
    """The position in a position file (path) or dict; RecordError names what is wrong.

    ``rules`` overrides any rules stored in the file.
    """
    data = _read(path_or_dict, "position file")
    if not isinstance(data, Mapping):
        raise RecordError("a Myra position must be a JSON object")
    for key in REQUIRED:
        if key not in data:
            raise RecordError(f"the position has no '{key}'")
    unknown = sorted(set(data) - set(REQUIRED) - set(OPTIONAL) - set(IGNORED))
    if unknown:
        raise RecordError(f"unknown key '{unknown[0]}' in a Myra position")
    if data["game"] != "myra":
        raise RecordError(f"'game' must be \"myra\", not {json.dumps(data['game'])}")
    players = _whole(data["players"], "'players'")
    if players not in (2, 3):
        raise RecordError(f"'players' must be 2 or 3, not {players}")
    reserve = data["reserve"]
    if not isinstance(reserve, list) or len(reserve) != players:
        raise RecordError(f"'reserve' must list {players} numbers, one per player")
    eliminated = data["eliminated"]
    if not isinstance(eliminated, list):
        raise RecordError("'eliminated' must be a list of players")
    cells = data["cells"]
    if not isinstance(cells, list):
        raise RecordError("'cells' must be a list of pieces")
    pieces = {}
    for entry in cells:
        cell, piece = _cell_entry(entry, players)
        if cell in pieces:
            raise RecordError(f"two pieces in the hollow {cell_name(cell)} (q={cell[0]}, r={cell[1]})")
        pieces[cell] = piece
    try:
        chosen = as_rules(data.get("rules")) if rules is None else as_rules(rules)
    except RulesError as error:
        raise RecordError(str(error)) from None
    return make_position(pieces, players, _whole(data["to_move"], "'to_move'"),
                         [_whole(n, "a reserve") for n in reserve],
                         [_whole(p, "an eliminated player") for p in eliminated],
                         chosen, _whole(data.get("ply", 0), "'ply'"))


def _cell_entry(entry: Any, players: int) -> tuple[Cell, Piece]:
    if not isinstance(entry, Mapping) or set(entry) != set(CELL_KEYS):
        raise RecordError(f"each cell must be an object with exactly the keys {', '.join(CELL_KEYS)}: {json.dumps(entry)}")
    q, r = _whole(entry["q"], "'q'"), _whole(entry["r"], "'r'")
    if not on_board((q, r)):
        raise RecordError(f"the cell q={q}, r={r} is off the board (max(|q|, |r|, |q+r|) must be at most 5)")
    where = f"{cell_name((q, r))} (q={q}, r={r})"
    owner, count = _whole(entry["owner"], f"the owner at {where}"), _whole(entry["count"], f"the count at {where}")
    if not 0 <= owner < players:
        raise RecordError(f"the owner at {where} must be a player 0..{players - 1}, not {owner}")
    if not isinstance(entry["queen"], bool):
        raise RecordError(f"'queen' at {where} must be true or false")
    if entry["queen"] and count != 1:
        raise RecordError(f"the queen at {where} has count {count}; a queen lies alone, count 1")
    if not 1 <= count <= MAX_TROOP:
        raise RecordError(f"the troop at {where} has count {count}; a troop has 1 to {MAX_TROOP} soldiers")
    return (q, r), Piece(owner, count, entry["queen"])


def make_position(pieces: Mapping[Cell | str, Piece | str], players: int = 2, to_move: int = 0,
                  reserve: list[int] | None = None, eliminated: list[int] | None = None,
                  rules: Rules | str | None = None, ply: int = 0) -> Position:
    """A checked position from pieces such as ``{"F11": "BQ", "F10": "B3", (-5, 0): "OQ"}``.

    ``reserve`` defaults to 25 each; ``eliminated`` defaults to the players without a queen.
    RecordError names anything impossible.
    """
    board = bytearray(len(CELLS))
    queens: dict[int, list[Cell]] = {p: [] for p in range(players)}
    for where, what in pieces.items():
        try:
            cell = parse_cell(where) if isinstance(where, str) else where
            piece = Piece.parse(what) if isinstance(what, str) else what
        except ValueError as error:
            raise RecordError(str(error)) from None
        if cell not in INDEX:
            raise RecordError(f"the cell {cell} is off the board")
        if not 0 <= piece.owner < players:
            raise RecordError(f"{piece} belongs to player {piece.owner}, but the game has {players} players")
        if not piece.queen and not 1 <= piece.count <= MAX_TROOP:
            raise RecordError(f"the troop on {cell_name(cell)} has {piece.count} soldiers; a troop has 1 to {MAX_TROOP}")
        if piece.queen:
            queens[piece.owner].append(cell)
        board[INDEX[cell]] = piece.packed
    reserve = [RESERVE] * players if reserve is None else list(reserve)
    if eliminated is None:
        eliminated = [p for p in range(players) if not queens[p]]
    _check_players(board, players, to_move, reserve, eliminated, queens)
    return Position(bytes(board), tuple(reserve), to_move, tuple(sorted(eliminated)), ply, as_rules(rules))


def _check_players(board: bytearray, players: int, to_move: int, reserve: list[int], eliminated: list[int],
                   queens: dict[int, list[Cell]]) -> None:
    if len(reserve) != players:
        raise RecordError(f"'reserve' must list {players} numbers, one per player")
    for p, n in enumerate(reserve):
        if not 0 <= n <= RESERVE:
            raise RecordError(f"the reserve of {PLAYER_NAMES[p]} (player {p}) is {n}; it must be 0 to {RESERVE}")
    if len(set(eliminated)) != len(eliminated) or any(not 0 <= p < players for p in eliminated):
        raise RecordError(f"'eliminated' must list distinct players 0..{players - 1}, not {eliminated}")
    for p in range(players):
        name = PLAYER_NAMES[p]
        if len(queens[p]) > 1:
            raise RecordError(f"{name} has {len(queens[p])} queens ({', '.join(map(cell_name, queens[p]))}); one at most")
        if not queens[p] and p not in eliminated:
            raise RecordError(f"{name} (player {p}) has no queen on the board but is not marked eliminated")
        if queens[p] and p in eliminated:
            raise RecordError(f"{name} (player {p}) is marked eliminated but has a queen on {cell_name(queens[p][0])}")
        if players == 3 and p in eliminated:
            left = [CELLS[i] for i, v in enumerate(board) if v and v >> 3 == p]
            if left:
                raise RecordError(f"{name} is out, yet has soldiers on {cell_name(left[0])}; "
                                  "with 3 players they change sides")
            if reserve[p]:
                raise RecordError(f"{name} is out, yet has {reserve[p]} in reserve; with 3 players it leaves the game")
    if len(eliminated) == players:
        raise RecordError("every player is marked eliminated; at least one queen must be on the board")
    if not 0 <= to_move < players:
        raise RecordError(f"'to_move' must be a player 0..{players - 1}, not {to_move}")
    if to_move in eliminated and len(eliminated) < players - 1:
        raise RecordError(f"{PLAYER_NAMES[to_move]} is to move but is out of the game")


def game_record(start: Position, moves: list[Move | str]) -> dict[str, Any]:
    """A JSON-ready game record: the start position and the moves in notation (checked by playing them)."""
    position, notes = start, []
    for move in moves:
        notes.append(position.notation(move))
        position = position.play(move)
    return {"game": "myra", "start": start.to_dict(), "moves": notes}


def load_record(path_or_dict: str | Path | Mapping[str, Any]) -> tuple[Position, list[tuple[Move, Position]]]:
    """The start of a game record and its moves with the position after each; RecordError names an illegal move and its ply."""
    data = _read(path_or_dict, "game record")
    if not isinstance(data, Mapping) or data.get("game") != "myra" or set(data) != {"game", "start", "moves"}:
        raise RecordError('a Myra game record is an object with the keys "game": "myra", "start" and "moves"')
    if not isinstance(data["moves"], list) or not all(isinstance(m, str) for m in data["moves"]):
        raise RecordError("'moves' must be a list of moves in notation")
    position = start = load_position(data["start"])
    played = []
    for ply, text in enumerate(data["moves"], start=position.ply + 1):
        try:
            move = position.parse_move(text)
            position = position.play(move)
        except IllegalMove as error:
            raise RecordError(f"ply {ply} ({text}): {error}") from None
        played.append((move, position))
    return start, played
