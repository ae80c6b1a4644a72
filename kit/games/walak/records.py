"""Walak-pussa positions and game records as JSON, read with precise errors.

A position (``position.to_json()``)::

    {"game": "walak", "board": [4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4], "captured": [0, 0],
     "to_move": 0, "rules": {"relay": "next", ...}, "ply": 0}

``board`` holds the 14 counts in the global order (South's a..g, then North's a..g),
``captured`` the seeds each player has taken; ``rules`` (a preset name or options) and
``ply`` may be left out. A position reached in play may add ``history``: the earlier
positions since the last capture (each ``{"board": [...], "to_move": 0}``, oldest first),
which the repetition ruling counts. A game record has the shape of every game's
:class:`~kit.core.game.Record`; a match of several rounds adds ``"rounds"``, the number of
moves of each round (its moves follow each other in ``"moves"``)::

    {"game": "walak", "players": 2, "rules": "default", "start": {...},
     "moves": ["c", "a", "e"], "names": {"south": "Amara", "north": "Nimal"}}

>>> from kit import game
>>> record = game("walak").record(None, ["c", "b"], south="Amara")
>>> record.to_json()["moves"]
['c', 'b']
>>> game("walak").record_from_json(record.to_json()).final.to_move
0
"""
from __future__ import annotations

from typing import Any, Sequence

from kit.core.game import Record, replay_moves
from kit.core.errors import IllegalMove, RecordError, clip, show
from kit.core.loading import check_keys, read_object, rules_from, whole, wholes
from kit.games.walak.board import CLASSROOM_SEEDS, HOLES, TOTAL_SEEDS
from kit.games.walak.match import Match
from kit.games.walak.position import Move, Position
from kit.core.limits import MAX_HISTORY, MAX_LAPS, MAX_PLY

POSITION_KEYS = ("game", "board", "captured", "to_move")
OPTIONAL_KEYS = ("rules", "ply", "history")
IGNORED_KEYS = ("player", "move", "over", "winner")  # what ``replay --json`` adds to a position


def position_from_json(source: Any, classroom: bool = False) -> Position:
    """The position in a dict, JSON text or bytes (never a path); RecordError names what is wrong.

    A position holds at most the 56 seeds of the game, on the board and captured (fewer
    make a small board or a round of a match); ``classroom=True`` allows a set-up for a
    lesson of up to 140.

    >>> position_from_json({"game": "walak", "board": [5] + [4] * 13, "captured": [0, 0], "to_move": 0})
    Traceback (most recent call last):
    ...
    kit.core.errors.RecordError: the position holds 57 seeds on the board and captured; at most 56
    """
    data = read_object(source, "Walak-pussa position")
    check_keys(data, "Walak-pussa position", POSITION_KEYS, OPTIONAL_KEYS, IGNORED_KEYS)
    if data["game"] != "walak":
        raise RecordError(f"not a Walak-pussa position: 'game' is {show(data['game'])}, expected \"walak\"")
    most = CLASSROOM_SEEDS if classroom else TOTAL_SEEDS
    board = wholes(data["board"], "'board'", HOLES, 0, most)
    captured = wholes(data["captured"], "'captured'", 2, 0, most)
    total = sum(board) + sum(captured)
    if total > most:
        raise RecordError(f"the position holds {total} seeds on the board and captured; at most {most}")
    to_move = whole(data["to_move"], "'to_move'", 0, 1)
    ply = whole(data.get("ply", 0), "'ply'", 0, MAX_PLY)
    rules = rules_from(_game().as_rules, data["rules"]) if data.get("rules") is not None else None
    if rules is not None and rules.endless_laps > MAX_LAPS:
        raise RecordError(f"the rule option endless_laps is {rules.endless_laps:,}; a loaded position allows "
                          f"at most {MAX_LAPS:,} (a move would take too long to check)")
    history = data.get("history", [])  # the positions since the last capture (the repetition ruling)
    if (not isinstance(history, list) or len(history) > MAX_HISTORY
            or not all(isinstance(entry, dict) and set(entry) == {"board", "to_move"} for entry in history)):
        raise RecordError(f"'history' must be a list of at most {MAX_HISTORY:,} objects "
                          "{\"board\": [14 counts], \"to_move\": 0 or 1}")
    try:
        return Position(board, captured, to_move, rules, ply, classroom=classroom,
                        history=[(entry["board"], entry["to_move"]) for entry in history])
    except ValueError as error:
        raise RecordError(str(error)) from None


def _game() -> Any:
    from kit.core.game import game

    return game("walak")


def match_states(record: Record) -> list[Position | Match]:
    """The states of a record: positions of a single game, or the Match after each move and at
    the start of each round (for a record with ``rounds``)."""
    if not record.rounds:
        return list(replay_moves(record))
    state = Match(record.start)
    states: list[Position | Match] = [state]
    moves = iter(record.moves)
    ply = 0
    for number, length in enumerate(record.rounds, 1):
        if number > 1:
            if not state.round_over:
                raise RecordError(f"round {number - 1} is not over after its {record.rounds[number - 2]} moves")
            state = state.next_round()
            states.append(state)
        for _ in range(length):
            move = next(moves)
            ply += 1
            try:
                state = state.play(move)
            except IllegalMove as error:
                raise RecordError(f"round {number}, move {ply} ({clip(move)}): {error}") from None
            states.append(state)
    return states


def replay(record: Record) -> list[Position]:
    """Every position of a record, the start first (each round's start too in a match)."""
    return [state.position if isinstance(state, Match) else state for state in match_states(record)]


def match_record(start: Position | None, rounds: Sequence[Sequence[Move]], **names: str) -> Record:
    """The record of a match: the moves of each round, checked by replaying them."""
    first = _game().start() if start is None else start
    moves = tuple(move for moves in rounds for move in moves)
    record = Record("walak", first, moves, {k: v for k, v in names.items() if v is not None},
                    tuple(len(moves) for moves in rounds) or (0,))
    record.positions()
    return record
