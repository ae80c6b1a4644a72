"""Alpha-beta search: negamax with iterative deepening, move ordering and a transposition table.

With two players this is plain negamax: a position's value for the player to move is the
best, over their moves, of minus the value of the position after it for the opponent;
alpha-beta skips moves that cannot change the choice.

With three players (Myra) the search uses the *paranoid* reduction: the searching player
assumes everyone else plays together against it, so the game becomes two-sided (the
searching player against the coalition). Values are the searching player's evaluation;
the sign flips only where the side to move changes, so two coalition moves in a row
keep their sign. Paranoid search is cautious: it never counts on the others fighting each
other.

The search deepens one ply at a time (depth 1, 2, 3, ...) until the depth limit, the time
limit, a proven win or loss, or a search that reached the end of every line. Each
iteration tries first the best move of the previous one; elsewhere the move stored in the
transposition table (keyed by ``position.key()``) comes first, then moves by their
immediate material. Wins count more the sooner they come.
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Any

from kit.agents.evaluation import WIN, Judge, outcome_value
from kit.agents.protocol import SeededAgent, children
from kit.game import GameState

MAX_DEPTH = 64
EXACT, LOWER, UPPER = 0, 1, 2  # a stored value is exact, a lower bound, or an upper bound


@dataclass(frozen=True)
class SearchInfo:
    """What the last search found: the move, its value for the searcher, and the effort."""

    move: Any
    value: float
    depth: int  # the deepest iteration completed (0: the only legal move, no search)
    nodes: int
    seconds: float
    exact: bool  # every line was followed to the end of the game: the value is the true one


class _OutOfTime(Exception):
    """The time for the move is up: abandon the iteration under way."""


class AlphaBetaAgent(SeededAgent):
    """Negamax alpha-beta under a depth limit, a time limit per move, or both.

    ``evaluate(position, player)`` judges positions where the search stops; ``order_by``
    (cheap, e.g. material) orders moves, best first. Equal moves are tried in an order
    shuffled with the agent's seeded generator, so the agent varies its play.
    """

    def __init__(self, evaluate: Judge, name: str = "alphabeta", seed: int | None = 0, depth: int | None = None,
                 time_per_move: float | None = None, order_by: Judge | None = None,
                 table_size: int = 500_000) -> None:
        if depth is None and time_per_move is None:
            raise ValueError("alpha-beta needs a depth limit, a time limit per move, or both")
        self.check_limits(time_per_move, depth=depth)
        super().__init__(name, seed)
        self.evaluate = evaluate
        self.order_by = order_by
        self.depth = depth
        self.time_per_move = time_per_move
        self.table_size = table_size
        self.last_search: SearchInfo | None = None

    def choose(self, position: GameState) -> Any:
        """The move the search finds best."""
        self.legal_moves(position)
        started = time.perf_counter()
        self._deadline = None
        self._root = position.to_move
        self._table: dict[Any, tuple[int, float, int, Any, bool]] = {}
        self._nodes = 0
        options = children(position)
        self.rng.shuffle(options)
        options = self._ordered(options, True)
        move, value, done, exact = options[0][0], -math.inf, 0, False
        if len(options) == 1:  # nothing to choose: judge the only move and play it
            value = self._value(options[0][1], True, 0, -math.inf, math.inf, 1)
        if self.time_per_move is not None:
            self._deadline = started + self.time_per_move
        limit = (self.depth or MAX_DEPTH) if len(options) > 1 else 0
        for depth in range(1, limit + 1):
            self._cut = False
            try:
                value, move = self._search_root(options, depth)
            except _OutOfTime:
                break
            done, exact = depth, not self._cut
            if exact or abs(value) >= WIN / 2:
                break
            best = next(i for i, option in enumerate(options) if option[0] == move)
            options.insert(0, options.pop(best))
        self.last_search = SearchInfo(move, value, done, self._nodes, time.perf_counter() - started, exact)
        return move

    def _search_root(self, options: list[tuple[Any, GameState]], depth: int) -> tuple[float, Any]:
        alpha, best = -math.inf, options[0][0]
        for move, child in options:
            value = self._value(child, True, depth - 1, alpha, math.inf, 1)
            if value > alpha:
                alpha, best = value, move
        return alpha, best

    def _value(self, child: GameState, parent_side: bool, depth: int, alpha: float, beta: float, ply: int) -> float:
        """The child's value from the parent's side: negated where the side to move changes."""
        if (child.to_move == self._root) == parent_side:
            return self._search(child, depth, alpha, beta, ply)
        return -self._search(child, depth, -beta, -alpha, ply)

    def _search(self, position: GameState, depth: int, alpha: float, beta: float, ply: int) -> float:
        """The position's value for the side to move (the searcher, or the coalition against it)."""
        self._nodes += 1
        if self._deadline is not None and time.perf_counter() > self._deadline:
            raise _OutOfTime
        side = position.to_move == self._root
        if position.is_over:
            result = position.returns()[self._root]
            value = outcome_value(position, self._root, self.evaluate) - result * ply
            return value if side else -value
        if depth == 0:
            self._cut = True
            value = self.evaluate(position, self._root)
            return value if side else -value
        key = position.key()
        entry = self._table.get(key)
        first = None
        if entry is not None:
            stored_depth, stored, flag, first, cut = entry
            if stored_depth >= depth and (flag == EXACT or (flag == LOWER and stored >= beta)
                                          or (flag == UPPER and stored <= alpha)):
                self._cut = self._cut or cut
                return stored
        outer_cut, self._cut = self._cut, False
        start_alpha, best, best_move = alpha, -math.inf, None
        for move, child in self._ordered(children(position), side, first):
            value = self._value(child, side, depth - 1, alpha, beta, ply + 1)
            if value > best:
                best, best_move = value, move
                alpha = max(alpha, value)
                if alpha >= beta:
                    break
        flag = UPPER if best <= start_alpha else LOWER if best >= beta else EXACT
        if len(self._table) >= self.table_size:
            self._table.clear()
        self._table[key] = (depth, best, flag, best_move, self._cut)
        self._cut = outer_cut or self._cut
        return best

    def _ordered(self, options: list[tuple[Any, GameState]], side: bool, first: Any = None) -> list[tuple[Any, GameState]]:
        """Moves best first for the side to move: ``first`` (from the table), then by immediate material."""
        if self.order_by is not None:
            root, judge, sign = self._root, self.order_by, 1 if side else -1

            def gain(option: tuple[Any, GameState]) -> float:
                after = option[1]
                value = outcome_value(after, root, judge) if after.is_over else judge(after, root)
                return -sign * value

            options.sort(key=gain)
        if first is not None:
            for i, option in enumerate(options):
                if option[0] == first:
                    options.insert(0, options.pop(i))
                    break
        return options
