"""Alpha-beta search: negamax with iterative deepening, move ordering and a transposition table.

With two players this is plain negamax: a position's value for the player to move is the
best, over their moves, of minus the value of the position after it for the opponent;
alpha-beta skips moves that cannot change the choice.

With three players the search uses the *paranoid* reduction: the searching player
assumes everyone else plays together against it, so the game becomes two-sided (the
searching player against the coalition). Values are the searching player's evaluation;
the sign flips only where the side to move changes, so two coalition moves in a row
keep their sign. Paranoid search is cautious: it never counts on the others fighting each
other, and it is honest about depth: a ply is one player's move, so depth 3 with three
players is one move of each.

The search deepens one ply at a time (depth 1, 2, 3, ...) until the depth limit, the time
limit, a proven win or loss, or a search that reached the end of every line. Each
iteration tries first the best move of the previous one; elsewhere the move stored in the
transposition table (keyed by ``position.key()``) comes first, then captures (biggest
first), then the moves that refuted other positions at the same ply (*killers*), then
the rest by how often they refuted anything (*history*). Wins count more the sooner they come.

:class:`SearchSettings` switches on what goes beyond that plain search (all on by default;
:data:`CLASSIC` is the plain search the kit had first, kept to measure the others against):

- *quiescence*: where the depth runs out, captures are followed (up to a few plies) before
  the position is judged, so the search does not stop in the middle of an exchange;
- *late-move reductions*: at 3 or more plies to go, quiet moves tried late (after the
  first few) are searched one ply shallower first, and again at full depth if they turn
  out better than expected;
- *aspiration windows*: each iteration first searches a narrow window around the previous
  iteration's value and widens it only if the value falls outside;
- *principal variation search*: moves after a position's first are tried with a null window
  first, and searched again with the full window only if they turn out better;
- *null moves* (two players, games whose positions offer ``passed()``): a position already
  at or above beta lets the side to move pass, and is cut off if a search 2 plies shallower
  keeps it there;
- *pruning near the frontier* (1 or 2 plies to go): reverse futility (the evaluation far
  above beta: cut off), futility (far below alpha: captures only) and late-move pruning
  (quiet moves after the first 16 or 32 are not searched), the last two not while the side
  to move's queen can be taken.

Games whose positions offer ``ranked_successors(captures_only=False)``, ``successors_of(move_ids)``
and ``successor(code)`` (``ranks_moves``, :class:`kit.core.game.Abilities`) give each move's gain directly and let the search take the
moves in stages (the table's move, captures, killers, the rest), building a position only
when it is searched; otherwise moves are ordered by ``order_by`` (material) after them.
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Any, Hashable, Iterator

from kit.agents.evaluation import WIN, Judge, outcome_value
from kit.agents.protocol import SeededAgent, children
from kit.core.game import GameState
from kit.core.limits import MAX_SEARCH_DEPTH

EXACT, LOWER, UPPER = 0, 1, 2  # a stored value is exact, a lower bound, or an upper bound
Option = tuple[Hashable, float, Any]  # (move id, gain for the mover, position after)


@dataclass(frozen=True)
class SearchSettings:
    """What the search does beyond plain alpha-beta (see the module text)."""

    quiescence: int = 4  # plies of captures followed where the depth runs out (0: none)
    killers: bool = True  # killer and history ordering
    reductions: bool = True  # late-move reductions
    aspiration: float | None = 1.5  # half-width of the first window of each iteration (None: full window)
    scout: bool = True  # principal variation search: moves after the first are tried with a null window
    pruning: bool = True  # futility, reverse futility and late-move pruning near the frontier
    null_move: bool = True  # null-move pruning (two players, games that can pass the turn)


CLASSIC = SearchSettings(quiescence=0, killers=False, reductions=False, aspiration=None, scout=False, pruning=False,
                         null_move=False)
FULL = SearchSettings()
REDUCE_AFTER = 3  # moves searched at full depth before reductions start
PRUNE_DEPTH = 2  # futility pruning with this many plies to go or fewer
MARGIN = 1.5  # futility margin per ply to go, in the evaluation's units
LATE_MOVES = (0, 16, 32)  # with 1 or 2 plies to go, quiet moves after this many are not searched
NULL_REDUCTION = 2  # a null move is searched this many plies shallower (beyond its own ply)
NULL_WINDOW = 1e-6


@dataclass(frozen=True)
class SearchInfo:
    """What the last search found: the move, its value for the searcher, and the effort."""

    move: Any
    value: float  # with no iteration completed, the evaluation of the position itself
    depth: int  # the deepest iteration completed (0: none, or the only legal move, not searched)
    nodes: int
    seconds: float
    exact: bool  # every line was followed to the end of the game: the value is the true one
    pv: tuple[Any, ...] = ()  # the principal variation: the move, the best answer, ... (as found)


class _OutOfTime(Exception):
    """The time for the move is up: abandon the iteration under way."""


class AlphaBetaAgent(SeededAgent):
    """Negamax alpha-beta under a depth limit, a time limit per move, or both.

    ``evaluate(position, player)`` judges positions where the search stops; ``order_by``
    (cheap, e.g. material) orders moves, best first, in games without ranked successors.
    Equal moves are tried in an order shuffled with the agent's seeded generator, so the
    agent varies its play. ``settings`` chooses the search's refinements.
    """

    def __init__(self, evaluate: Judge, name: str = "alphabeta", seed: int | None = 0, depth: int | None = None,
                 time_per_move: float | None = None, order_by: Judge | None = None,
                 table_size: int = 500_000, settings: SearchSettings = FULL) -> None:
        if depth is None and time_per_move is None:
            raise ValueError("alpha-beta needs a depth limit, a time limit per move, or both")
        self.check_limits(time_per_move, depth=depth)
        super().__init__(name, seed)
        self.evaluate = evaluate
        self.order_by = order_by
        self.depth = depth
        self.time_per_move = time_per_move
        self.table_size = table_size
        self.settings = settings
        self.last_search: SearchInfo | None = None

    def choose(self, position: GameState[Any]) -> Any:
        """The move the search finds best."""
        return self.analyse(position).move

    def analyse(self, position: GameState[Any]) -> SearchInfo:
        """Search the position; the SearchInfo (also kept as ``last_search``) has the move, value and line."""
        moves = self.legal_moves(position)
        started = time.perf_counter()
        self._deadline = None
        self._root = position.to_move
        self._table: dict[Any, tuple[int, float, int, Any, bool]] = {}
        self._killers: dict[int, list[Hashable]] = {}
        self._history: dict[Hashable, int] = {}
        self._judged: dict[Hashable, float] = {}  # evaluations for the searcher, by position key
        self._capturing: dict[Hashable, list[Option]] = {}  # captures (biggest first), by position key
        self._nodes = 0
        options = self._built(position, self._options(position, True))
        by_id = self._moves_by_id(position, options, moves)
        self.rng.shuffle(options)
        options.sort(key=lambda option: -option[1])
        best_id, value, done, exact = options[0][0], -math.inf, 0, False
        if len(options) == 1:  # nothing to choose: judge the only move and play it
            value = self._value(options[0][2], True, 0, -math.inf, math.inf, 1)
        if self.time_per_move is not None:
            self._deadline = started + self.time_per_move
        limit = (self.depth or MAX_SEARCH_DEPTH) if len(options) > 1 else 0
        for depth in range(1, limit + 1):
            self._cut = False
            try:
                value, best_id = self._search_root(options, depth, value)
            except _OutOfTime:
                break
            done, exact = depth, not self._cut
            if exact or abs(value) >= WIN / 2:
                break
            best = next(i for i, option in enumerate(options) if option[0] == best_id)
            options.insert(0, options.pop(best))
        if not done and len(options) > 1:  # no iteration completed: the position as it stands, unsearched
            value = self._static(position, True)
        first = next(option for option in options if option[0] == best_id)
        pv = (by_id[best_id],) + (self._line(first[2]) if done else ())
        self.last_search = SearchInfo(by_id[best_id], value, done, self._nodes, time.perf_counter() - started,
                                      exact, pv)
        return self.last_search

    def _line(self, position: GameState[Any]) -> tuple[Any, ...]:
        """The principal variation after the root move, from the transposition table (moves in the game's form)."""
        line: list[Any] = []
        seen = set()
        while not position.is_over and len(line) < MAX_SEARCH_DEPTH:
            key = position.key()
            entry = self._table.get(key)
            if entry is None or entry[3] is None or key in seen:
                break
            seen.add(key)
            options = self._built(position, self._options(position, True))
            by_id = self._moves_by_id(position, options, list(position.legal_moves()))
            index = next((i for i, option in enumerate(options) if option[0] == entry[3]), None)
            if index is None:
                break
            line.append(by_id[entry[3]])
            position = options[index][2]
        return tuple(line)

    def _search_root(self, options: list[Option], depth: int, previous: float) -> tuple[float, Hashable]:
        window = self.settings.aspiration
        if window is None or depth < 3 or not math.isfinite(previous) or abs(previous) >= WIN / 2:
            return self._root_window(options, depth, -math.inf, math.inf)
        low, high = previous - window, previous + window
        value, best = self._root_window(options, depth, low, high)
        if value <= low or value >= high:  # outside the window: search again with the full window
            value, best = self._root_window(options, depth, -math.inf, math.inf)
        return value, best

    def _root_window(self, options: list[Option], depth: int, alpha: float, beta: float) -> tuple[float, Hashable]:
        best_value, best = -math.inf, options[0][0]
        for index, (move_id, _, child) in enumerate(options):
            if index and self.settings.scout:
                value = self._value(child, True, depth - 1, alpha, alpha + NULL_WINDOW, 1)
                if alpha < value < beta:
                    value = self._value(child, True, depth - 1, alpha, beta, 1)
            else:
                value = self._value(child, True, depth - 1, alpha, beta, 1)
            if value > best_value:
                best_value, best = value, move_id
                if value > alpha:
                    alpha = value
                if alpha >= beta:
                    break
        return best_value, best

    def _value(self, child: GameState[Any], parent_side: bool, depth: int, alpha: float, beta: float, ply: int,
               null: bool = True) -> float:
        """The child's value from the parent's side: negated where the side to move changes."""
        if (child.to_move == self._root) == parent_side:
            return self._search(child, depth, alpha, beta, ply, null)
        return -self._search(child, depth, -beta, -alpha, ply, null)

    def _tick(self) -> None:
        self._nodes += 1
        if self._deadline is not None and not self._nodes & 63 and time.perf_counter() > self._deadline:
            raise _OutOfTime

    def _search(self, position: GameState[Any], depth: int, alpha: float, beta: float, ply: int, null: bool = True) -> float:
        """The position's value for the side to move (the searcher, or the coalition against it).

        ``null``: a null move may be tried here (not right after one).
        """
        self._tick()
        side = position.to_move == self._root
        if position.is_over:
            result = position.returns()[self._root]
            value = outcome_value(position, self._root, self.evaluate) - result * ply
            return value if side else -value
        if depth <= 0:
            self._cut = True
            return self._quiesce(position, side, alpha, beta, ply, self.settings.quiescence)
        key = position.key()
        entry = self._table.get(key)
        first = None
        if entry is not None:
            stored_depth, stored, flag, first, cut = entry
            if stored_depth >= depth and (flag == EXACT or (flag == LOWER and stored >= beta)
                                          or (flag == UPPER and stored <= alpha)):
                self._cut = self._cut or cut
                return stored
        settings = self.settings
        futile = False
        if settings.pruning and depth <= PRUNE_DEPTH:
            static = self._static(position, side)
            if static - MARGIN * depth >= beta:  # reverse futility: well above beta even before moving
                self._cut = True
                return static
            futile = static + MARGIN * depth <= alpha and not self._in_danger(position)
        if (settings.null_move and null and position.num_players == 2
                and position.passes and self._static(position, side) >= beta):
            value = self._value(position.passed(), side, depth - 1 - NULL_REDUCTION, beta - NULL_WINDOW, beta,
                                ply + 1, False)
            if value >= beta:  # even passing keeps the value above beta: a cut
                self._cut = True
                return value if value < WIN / 2 else beta  # a win found after passing is not a win in so many plies
        outer_cut, self._cut = self._cut, False
        start_alpha, best, best_id = alpha, -math.inf, None
        if futile:  # only captures can bring the value up to alpha; the others count as standing still
            best = static
        late = LATE_MOVES[depth] if settings.pruning and depth < len(LATE_MOVES) else -1
        for index, (move_id, gain, child) in enumerate(self._moves(position, side, first, ply, not futile)):
            if 0 <= late <= index and gain <= 0 and move_id != first:  # late quiet moves: pruned, unless the queen needs saving
                if self._in_danger(position):
                    late = -1
                else:
                    break
            reduce = (settings.reductions and depth >= 3 and index >= REDUCE_AFTER and gain <= 0
                      and move_id != first)
            if index and settings.scout:  # a null window first: is the move better than the best so far?
                value = self._value(child, side, depth - 2 if reduce else depth - 1, alpha, alpha + NULL_WINDOW,
                                    ply + 1)
                if value > alpha and (reduce or value < beta):
                    value = self._value(child, side, depth - 1, alpha, beta, ply + 1)
            elif reduce:
                value = self._value(child, side, depth - 2, alpha, beta, ply + 1)
                if value > alpha:
                    value = self._value(child, side, depth - 1, alpha, beta, ply + 1)
            else:
                value = self._value(child, side, depth - 1, alpha, beta, ply + 1)
            if value > best:
                best, best_id = value, move_id
                if value > alpha:
                    alpha = value
                if alpha >= beta:
                    if settings.killers and gain <= 0:
                        self._remember(move_id, ply, depth)
                    break
        flag = UPPER if best <= start_alpha else LOWER if best >= beta else EXACT
        if len(self._table) >= self.table_size:
            self._table.clear()
        self._table[key] = (depth, best, flag, best_id, self._cut)
        self._cut = outer_cut or self._cut
        return best

    def _static(self, position: GameState[Any], side: bool) -> float:
        """The evaluation for the side to move (cached by position key)."""
        key = position.key()
        stand = self._judged.get(key)
        if stand is None:
            stand = self._judged[key] = self.evaluate(position, self._root)
        return stand if side else -stand

    def _captures(self, position: GameState[Any]) -> list[Option]:
        """The position's captures as (move id, gain, code), biggest first (cached by position key)."""
        key = position.key()
        options = self._capturing.get(key)
        if options is None:
            if len(self._capturing) >= self.table_size:
                self._capturing.clear()
            options = self._capturing[key] = position.ranked_successors(True)
            options.sort(key=lambda option: -option[1])
        return options

    def _in_danger(self, position: GameState[Any]) -> bool:
        """Whether the side to move would lose its queen if it passed (only games that may pass: others never)."""
        return position.passes and any(gain >= 100 for _, gain, _ in self._captures(position.passed()))

    def _quiesce(self, position: GameState[Any], side: bool, alpha: float, beta: float, ply: int, left: int) -> float:
        """The value where the depth ran out: the judgement, or better, what captures win (up to ``left`` plies)."""
        stand = self._static(position, side)
        if left <= 0 or stand >= beta:
            return stand
        if not position.ranks_moves:
            return stand
        best = stand
        alpha = max(alpha, stand)
        for _, _, code in self._captures(position):
            self._tick()
            child = position.successor(code)
            if child.is_over:
                result = child.returns()[self._root]
                value = outcome_value(child, self._root, self.evaluate) - result * (ply + 1)
                value = value if side else -value
            elif (child.to_move == self._root) == side:
                value = self._quiesce(child, side, alpha, beta, ply + 1, left - 1)
            else:
                value = -self._quiesce(child, not side, -beta, -alpha, ply + 1, left - 1)
            if value > best:
                best = value
                if value > alpha:
                    alpha = value
                if alpha >= beta:
                    break
        return best

    def _remember(self, move_id: Hashable, ply: int, depth: int) -> None:
        """A quiet move refuted a position: a killer at this ply, and history by depth."""
        killers = self._killers.setdefault(ply, [])
        if move_id not in killers:
            killers.insert(0, move_id)
            del killers[2:]
        self._history[move_id] = self._history.get(move_id, 0) + depth * depth

    def _options(self, position: GameState[Any], side: bool) -> list[Option]:
        """(move id, gain for the mover, position after or its code) for every legal move, in the game's move order."""
        if position.ranks_moves:
            return position.ranked_successors()
        pairs = children(position)
        if self.order_by is None:
            return [(move, 0.0, after) for move, after in pairs]
        root, judge = self._root, self.order_by
        sign = 1 if side else -1
        here = judge(position, root)
        options = []
        for move, after in pairs:
            value = outcome_value(after, root, judge) if after.is_over else judge(after, root)
            options.append((move, sign * (value - here), after))
        return options

    @staticmethod
    def _moves_by_id(position: GameState[Any], options: list[Option], moves: list[Any]) -> dict[Hashable, Any]:
        """The legal move (in the game's form) of each option's move id."""
        if not position.ranks_moves:
            return {option[0]: move for option, move in zip(options, moves)}
        move_of = {after.key(): move for move, after in zip(moves, position.successors())}
        return {move_id: move_of[after.key()] for move_id, _, after in options}

    @staticmethod
    def _built(position: GameState[Any], options: list[Option]) -> list[Option]:
        """The options with the positions after them (built from codes where the game gives codes)."""
        if not position.ranks_moves:
            return options
        return [(move_id, gain, position.successor(code)) for move_id, gain, code in options]

    def _moves(self, position: GameState[Any], side: bool, first: Any, ply: int, quiet: bool = True) -> Iterator[Option]:
        """Moves best first: ``first`` (from the table), captures by gain, killers, then the rest (by history).

        Where the game can list captures alone and try single moves (``ranks_moves``), the moves come
        in stages, so that a position refuted by its first moves never lists all its moves.
        Without ``quiet``, only the moves that gain something.
        """
        if not position.ranks_moves:
            options = self._ordered(self._options(position, side), first, ply)
            yield from (options if quiet else [option for option in options if option[1] > 0])
            return
        build = position.successor
        tried: set[int] = set()
        stages = [position.successors_of([first]) if first is not None else []]
        stages.append(self._captures(position))
        for stage in stages:
            for move_id, gain, code in stage:
                if code not in tried and (quiet or gain > 0):
                    tried.add(code)
                    yield move_id, gain, build(code)
        if not quiet:
            return
        if self.settings.killers:
            for move_id, gain, code in position.successors_of(self._killers.get(ply, [])):
                if code not in tried:
                    tried.add(code)
                    yield move_id, gain, build(code)
        for move_id, gain, code in self._ordered(self._options(position, side), first, ply):
            if code not in tried:
                yield move_id, gain, build(code)

    def _ordered(self, options: list[Option], first: Any, ply: int) -> list[Option]:
        """Moves best first: ``first`` (from the table), captures by gain, killers, then by history."""
        if self.settings.killers:  # the sort by (-gain, not a killer, -history), without a key per move
            killers = self._killers.get(ply, ())
            history = self._history
            gaining = [option for option in options if option[1] > 0]
            gaining.sort(key=lambda option: -option[1])
            known = [option for option in options if option[1] <= 0 and option[0] in history]
            known.sort(key=lambda option: -history[option[0]])
            unknown = [option for option in options if option[1] <= 0 and option[0] not in history]
            quiet = known + unknown
            if killers:
                quiet = ([option for option in quiet if option[0] in killers]
                         + [option for option in quiet if option[0] not in killers])
            options = gaining + quiet
        else:
            options.sort(key=lambda option: -option[1])
        if first is not None:
            for i, option in enumerate(options):
                if option[0] == first:
                    options.insert(0, options.pop(i))
                    break
        return options
