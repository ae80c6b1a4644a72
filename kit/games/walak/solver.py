"""The value of a Walak-pussa position under best play for both sides, for small boards.

:func:`solve_walak` searches every line to the end of the game. Under the repetition
ruling (the default) the value of a position depends on the positions since the last
capture, since they decide when a third repetition ends the game: the search remembers
positions by board, player to move and that history (the ``key()`` of a position less its
captured seeds, which only shift the value). With ``repetition`` off, the source as written,
a line that comes back to a position already on it never ends; it is scored by the seeds
captured so far, the seeds left on the board going to nobody.
"""
from __future__ import annotations

import sys
import time
from dataclasses import dataclass
from typing import Any

from kit.games.walak.board import HOLES
from kit.games.walak.position import Position


class BudgetExceeded(RuntimeError):
    """The solver visited more positions than allowed before finding the value."""


@dataclass(frozen=True)
class Solution:
    """The value of a Walak-pussa position under best play for both sides."""

    margin: int  # South's final seeds minus North's
    move: str | None  # a best move for the player to move (None if the game is over)
    positions: int  # distinct positions the solver stored
    nodes: int  # positions visited
    seconds: float

    @property
    def winner(self) -> int | None:
        """0 South, 1 North, None for a draw."""
        return None if self.margin == 0 else (0 if self.margin > 0 else 1)


def solve_walak(position: Position | int, max_nodes: int | None = 20_000_000,
                max_positions: int | None = 2_000_000) -> Solution:
    """South's final margin in a Walak-pussa position when both sides play their best.

    ``position`` is a position or a whole number of seeds per hole (the start of a smaller
    game, e.g. 2). Exact alpha-beta over the seeds still to be won. Raises
    :class:`BudgetExceeded` after ``max_nodes`` positions visited or ``max_positions``
    stored (about a gigabyte of memory).

    The repetition ruling makes the value depend on the positions since the last capture,
    so far more states must be told apart: with 1 seed a hole the value comes at once, but
    the board with 2 seeds a hole, solved in about a minute with ``repetition`` off, is out
    of reach with it (the budget runs out).
    """
    if isinstance(position, bool) or not isinstance(position, (int, Position)):
        raise ValueError(f"solve_walak takes a Walak-pussa position or seeds per hole, not {position!r}")
    if isinstance(position, int):
        if not 1 <= position <= 4:
            raise ValueError(f"seeds per hole must be 1..4, not {position}")
        position = Position((position,) * HOLES)
    table: dict[bytes, tuple[int, int, Any]] = {}  # state -> (lower, upper, best move)
    on_line: set[bytes] = set()
    nodes = 0
    started = time.perf_counter()

    def state(p: Position) -> bytes:
        """What decides the rest of the game: the position's key less its captured seeds, as
        compact bytes (board, mover, opening; then each earlier position and its count)."""
        board, _, to_move, opening, history = p.key()
        earlier = b"".join(sorted(bytes(board) + bytes((mover, count)) for (board, mover), count in history))
        return bytes(board) + bytes((to_move, opening)) + earlier

    def gain(before: Position, after: Position) -> int:
        """Seeds won by the mover with this move, minus seeds the opponent won (sweep or own rows at the end)."""
        me = before.to_move
        return (after.score[me] - before.captured[me]) - (after.score[1 - me] - before.captured[1 - me])

    def search(p: Position, alpha: int, beta: int) -> int:
        """The seeds the mover will still win minus the opponent's (fail-hard bounds)."""
        nonlocal nodes
        nodes += 1
        if max_nodes is not None and nodes > max_nodes:
            raise BudgetExceeded(f"no value after visiting {max_nodes:,} positions")
        if max_positions is not None and len(table) > max_positions:
            raise BudgetExceeded(f"no value after storing {max_positions:,} positions")
        key = state(p)
        lower, upper, _ = table.get(key, (-99, 99, None))
        if lower >= beta or lower == upper:
            return lower
        if upper <= alpha:
            return upper
        alpha, beta = max(alpha, lower), min(beta, upper)
        if key in on_line:  # only with repetition off: the history makes every key on a line new
            return 0
        on_line.add(key)
        options = sorted(((gain(p, c), m, c) for m in p.legal_moves() for c in (p.play(m),)),
                         key=lambda option: -option[0])
        best, best_move, start_alpha = -99, None, alpha
        for won, move, child in options:
            value = won if child.is_over else won - search(child, won - beta, won - alpha)
            if value > best:
                best, best_move = value, move
                alpha = max(alpha, value)
                if alpha >= beta:
                    break
        on_line.discard(key)
        if best <= start_alpha:
            upper = best
        elif best >= beta:
            lower = best
        else:
            lower = upper = best
        table[key] = (lower, upper, best_move)
        return best

    south, north = position.score
    if position.is_over:
        return Solution(south - north, None, 0, 0, 0.0)
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 20_000))
    try:
        margin = search(position, -99, 99)
    finally:
        sys.setrecursionlimit(limit)
    future = margin if position.to_move == 0 else -margin
    return Solution(south - north + future, table[state(position)][2], len(table), nodes,
                    time.perf_counter() - started)
