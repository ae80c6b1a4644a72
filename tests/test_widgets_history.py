"""The play history stays lean: positions left behind forget their cached moves, and a new
game keeps only the game it replaces (issue 22: 130 KB a Myra move, across new games)."""
from __future__ import annotations

import random
import sys
from typing import Any

from kit import myra
from kit.games.myra.play_board import MyraPlayBoard
from kit.widgets.history import Entry, History


def size_of(thing: Any, seen: set[int] | None = None) -> int:
    """The bytes an object holds, following containers and attributes (shared parts once)."""
    seen = set() if seen is None else seen
    if id(thing) in seen:
        return 0
    seen.add(id(thing))
    total = sys.getsizeof(thing)
    if isinstance(thing, dict):
        total += sum(size_of(k, seen) + size_of(v, seen) for k, v in thing.items())
    elif isinstance(thing, (list, tuple, set, frozenset)):
        total += sum(size_of(item, seen) for item in thing)
    elif hasattr(thing, "__dict__"):
        total += size_of(vars(thing), seen)
    return total


def test_a_position_left_behind_forgets_its_moves() -> None:
    first = myra.start()
    history = History(Entry(first))
    first.legal_moves()
    trace = first.trace(first.legal_moves()[0])
    history.push(Entry(trace.after, "move", trace))
    assert "_results" not in vars(first) and "_listed" not in vars(first)
    assert first.legal_moves() == myra.start().legal_moves()  # computed again when asked
    history.undo()
    assert history.current.state is first


def test_the_live_game_keeps_a_few_kilobytes_a_move_and_two_games_at_most() -> None:
    board = MyraPlayBoard(size=4)
    chance = random.Random(1)
    for _ in range(3):
        for _ in range(20):
            board.play_move(chance.choice(board.position.legal_moves()))
        board.new_game()
    entries = board.history.entries
    assert len(entries) == 22  # the game replaced (20 moves and its start) and the new one
    assert size_of(entries) / len(entries) < 16_000  # about 4 KB (130 KB before)
    board.undo()
    assert board.history.current.kind == "move" and board.position.ply == 20
