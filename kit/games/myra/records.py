"""Myra positions as JSON (the position format of the rulings), read with precise errors.

A position (``position.to_json()``)::

    {"game": "myra", "players": 2, "to_move": 0, "reserve": [25, 25], "eliminated": [],
     "cells": [{"q": 5, "r": 0, "owner": 0, "queen": true, "count": 1}, ...]}

may also hold ``ply`` and ``rules`` (a preset name or a dict of options); the keys that
``replay --json`` adds (``player``, ``move``, ``over``, ``winner``) are ignored. Game
records have the shape of every game's :class:`~kit.core.game.Record`, their ``start`` a
position like this one::

    {"game": "myra", "players": 2, "rules": "default", "start": {...}, "moves": ["F10-E10", "2:F2-E3"]}

A position holds no more soldiers than a game can: each player starts with 25 on the board
and 25 in reserve, so a player has at most 50 (with three players, 50 more for each player
out, whose soldiers changed sides) and all players together at most 50 each. A lesson's
set-up may break that bound with ``classroom=True``.
"""
from __future__ import annotations

from typing import Any, Mapping

from kit.core.errors import RecordError, show
from kit.core.loading import check_keys, read_object, rules_from, whole
from kit.games.myra.hexgrid import HOLLOWS, INDEX, Hollow, hollow_name, on_board, parse_hollow
from kit.games.myra.pieces import MAX_TROOP, PLAYER_NAMES, QUEEN, Piece
from kit.games.myra.position import RESERVE, Position
from kit.games.myra.rules import Rules, as_rules
from kit.core.limits import MAX_PLY

REQUIRED = ("game", "players", "to_move", "reserve", "eliminated", "cells")
OPTIONAL = ("ply", "rules")
IGNORED = ("player", "move", "over", "winner")
HOLLOW_KEYS = ("q", "r", "owner", "queen", "count")
ARMY = 2 * RESERVE  # the soldiers a player has at the start, on the board and in reserve


def position_from_json(source: Any, rules: Rules | str | dict[str, Any] | None = None,
                       classroom: bool = False) -> Position:
    """The position in a dict, JSON text or bytes (never a path); RecordError names what is wrong.

    ``rules`` overrides any rules stored in the position; ``classroom=True`` lifts the bound
    on the soldiers a player may have (see the module text).
    """
    data = read_object(source, "Myra position")
    check_keys(data, "Myra position", REQUIRED, OPTIONAL, IGNORED)
    if data["game"] != "myra":
        raise RecordError(f"not a Myra position: 'game' is {show(data['game'])}, expected \"myra\"")
    players = whole(data["players"], "'players'", 2, 3)
    reserve = data["reserve"]
    if not isinstance(reserve, list) or len(reserve) != players:
        raise RecordError(f"'reserve' must list {players} numbers, one per player")
    eliminated = data["eliminated"]
    if not isinstance(eliminated, list) or len(eliminated) > players:
        raise RecordError(f"'eliminated' must be a list of at most {players} players")
    hollows = data["cells"]
    if not isinstance(hollows, list) or len(hollows) > len(HOLLOWS):
        raise RecordError(f"'cells' must be a list of at most {len(HOLLOWS)} pieces")
    pieces: dict[Hollow | str, Piece | str] = {}
    for entry in hollows:
        hollow, piece = _hollow_entry(entry, players)
        if hollow in pieces:
            raise RecordError(f"two pieces in the hollow {hollow_name(hollow)} (q={hollow[0]}, r={hollow[1]})")
        pieces[hollow] = piece
    chosen = rules_from(_game().as_rules, rules if rules is not None else data["rules"]) \
        if rules is not None or data.get("rules") is not None else None
    return make_position(pieces, players, whole(data["to_move"], "'to_move'", 0, players - 1),
                         [whole(n, f"the reserve of {PLAYER_NAMES[p]} (player {p})", 0, RESERVE) for p, n in enumerate(reserve)],
                         [whole(p, "an eliminated player", 0, players - 1) for p in eliminated],
                         chosen, whole(data.get("ply", 0), "'ply'", 0, MAX_PLY), classroom=classroom)


def _game() -> Any:
    from kit.core.game import game

    return game("myra")


def _hollow_entry(entry: Any, players: int) -> tuple[Hollow, Piece]:
    if not isinstance(entry, Mapping) or set(entry) != set(HOLLOW_KEYS):
        raise RecordError(f"each entry of 'cells' must be an object with exactly the keys {', '.join(HOLLOW_KEYS)}, not {show(entry)}")
    q, r = whole(entry["q"], "'q'", -5, 5), whole(entry["r"], "'r'", -5, 5)
    if not on_board((q, r)):
        raise RecordError(f"the hollow q={q}, r={r} is off the board (max(|q|, |r|, |q+r|) must be at most 5)")
    where = f"{hollow_name((q, r))} (q={q}, r={r})"
    owner = whole(entry["owner"], f"the owner at {where}", 0, players - 1)
    count = whole(entry["count"], f"the count at {where}", 1, MAX_TROOP)
    if not isinstance(entry["queen"], bool):
        raise RecordError(f"'queen' at {where} must be true or false")
    if entry["queen"] and count != 1:
        raise RecordError(f"the queen at {where} has count {count}; a queen lies alone, count 1")
    if not 1 <= count <= MAX_TROOP:
        raise RecordError(f"the troop at {where} has count {count}; a troop has 1 to {MAX_TROOP} soldiers")
    return (q, r), Piece(owner, count, entry["queen"])


def make_position(pieces: Mapping[Hollow | str, Piece | str], players: int = 2, to_move: int = 0,
                  reserve: list[int] | None = None, eliminated: list[int] | None = None,
                  rules: Rules | str | dict[str, Any] | None = None, ply: int = 0, classroom: bool = False) -> Position:
    """A checked position from pieces such as ``{"F11": "BQ", "F10": "B3", (-5, 0): "OQ"}``.

    ``reserve`` defaults to 25 each; ``eliminated`` defaults to the players without a queen.
    RecordError names anything impossible; ``classroom=True`` allows more soldiers than a
    game can have (see the module text).
    """
    board = bytearray(len(HOLLOWS))
    queens: dict[int, list[Hollow]] = {p: [] for p in range(players)}
    for where, what in pieces.items():
        try:
            hollow = parse_hollow(where) if isinstance(where, str) else where
            piece = Piece.parse(what) if isinstance(what, str) else what
        except ValueError as error:
            raise RecordError(str(error)) from None
        if hollow not in INDEX:
            raise RecordError(f"the hollow {hollow} is off the board")
        if not 0 <= piece.owner < players:
            raise RecordError(f"{piece} belongs to player {piece.owner}, but the game has {players} players")
        if not piece.queen and not 1 <= piece.count <= MAX_TROOP:
            raise RecordError(f"the troop on {hollow_name(hollow)} has {piece.count} soldiers; a troop has 1 to {MAX_TROOP}")
        if piece.queen:
            queens[piece.owner].append(hollow)
        board[INDEX[hollow]] = piece.packed
    reserve = [RESERVE] * players if reserve is None else list(reserve)
    if eliminated is None:
        eliminated = [p for p in range(players) if not queens[p]]
    _check_players(board, players, to_move, reserve, eliminated, queens)
    if not classroom:
        _check_armies(board, players, reserve, eliminated)
    return Position(bytes(board), tuple(reserve), to_move, tuple(sorted(eliminated)), ply, as_rules(rules))


def _check_players(board: bytearray, players: int, to_move: int, reserve: list[int], eliminated: list[int],
                   queens: dict[int, list[Hollow]]) -> None:
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
            raise RecordError(f"{name} has {len(queens[p])} queens ({', '.join(map(hollow_name, queens[p]))}); one at most")
        if not queens[p] and p not in eliminated:
            raise RecordError(f"{name} (player {p}) has no queen on the board but is not marked eliminated")
        if queens[p] and p in eliminated:
            raise RecordError(f"{name} (player {p}) is marked eliminated but has a queen on {hollow_name(queens[p][0])}")
        if players == 3 and p in eliminated:
            left = [HOLLOWS[i] for i, v in enumerate(board) if v and v >> 3 == p]
            if left:
                raise RecordError(f"{name} is out, yet has soldiers on {hollow_name(left[0])}; "
                                  "with 3 players they change sides")
            if reserve[p]:
                raise RecordError(f"{name} is out, yet has {reserve[p]} in reserve; with 3 players it leaves the game")
    if len(eliminated) == players:
        raise RecordError("every player is marked eliminated; at least one queen must be on the board")
    if not 0 <= to_move < players:
        raise RecordError(f"'to_move' must be a player 0..{players - 1}, not {to_move}")
    if to_move in eliminated and len(eliminated) < players - 1:
        raise RecordError(f"{PLAYER_NAMES[to_move]} is to move but is out of the game")




def _check_armies(board: bytearray, players: int, reserve: list[int], eliminated: list[int]) -> None:
    """Refuse more soldiers than a game can give a player (see the module text)."""
    soldiers = list(reserve)
    for value in board:
        if value and value & 7 != QUEEN:
            soldiers[value >> 3] += value & 7
    most = ARMY * (1 + (len(eliminated) if players == 3 else 0))
    for p, n in enumerate(soldiers):
        if n > most:
            raise RecordError(f"{PLAYER_NAMES[p]} has {n} soldiers on the board and in reserve; a game gives a "
                              f"player at most {most} (only a set-up in the classroom may have more)")
    if sum(soldiers) > ARMY * players:
        raise RecordError(f"the players have {sum(soldiers)} soldiers together; a game of {players} has at most "
                          f"{ARMY * players} (only a set-up in the classroom may have more)")
