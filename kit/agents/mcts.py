"""Monte Carlo tree search (UCT) for two or three players.

Each playout walks down the tree of positions tried so far, at every step taking the move
with the best upper confidence bound for the player to move (UCT: average result plus
``exploration * sqrt(ln N / n)``, N the visits of the position and n of the move). It adds
one new position to the tree, plays playout moves from there to the end of the game (or for
``rollout_plies`` plies, after which the heuristic is turned into a chance of winning),
and credits the result to every position on the way. Playout moves are random, except in
games whose positions rank their moves by what they capture (``ranks_moves``): there a playout takes
the biggest capture when there is one (*heuristic playouts*), so that a playout does not
leave a queen or a troop hanging the way random play does, and the tree tries captures
first.

Results are kept for every player separately (max-n), so the same code serves two and
three players: at each position the player to move picks what is best for themselves.
The move played is the one tried most often; a move that wins at once, or (with three
players) puts a player out, is played without search.
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Any

from kit.agents.evaluation import Evaluation
from kit.agents.protocol import SeededAgent, children
from kit.core.game import GameState

DEFAULT_PLAYOUTS = 1000


@dataclass(frozen=True)
class PlayoutInfo:
    """What the last search found: the move, how often it was tried, and its average result."""

    move: Any
    playouts: int
    visits: int
    win_chance: float  # the move's average result for the mover, 0 (lost) .. 1 (won)
    seconds: float


class _Node:
    """A position in the search tree, with its results per player."""

    __slots__ = ("position", "move", "parent", "children", "untried", "visits", "totals")

    def __init__(self, position: GameState[Any], move: Any, parent: "_Node | None", untried: list[Any]) -> None:
        self.position = position
        self.move = move
        self.parent = parent
        self.children: list[_Node] = []
        self.untried = untried
        self.visits = 0
        self.totals = [0.0] * position.num_players


class MCTSAgent(SeededAgent):
    """UCT under a playout limit, a time limit per move, or both (default: 1000 playouts).

    ``evaluation`` judges playouts cut short after ``rollout_plies`` plies (``None``: the
    evaluation's own setting; playouts then run to the end of the game if it has none).
    """

    def __init__(self, evaluation: Evaluation | None = None, name: str = "mcts", seed: int | None = 0,
                 playouts: int | None = None, time_per_move: float | None = None, exploration: float = 1.0,
                 rollout_plies: int | None = None) -> None:
        self.check_limits(time_per_move, playout=playouts)
        super().__init__(name, seed)
        self.evaluation = evaluation
        self.playouts = DEFAULT_PLAYOUTS if playouts is None and time_per_move is None else playouts
        self.time_per_move = time_per_move
        self.exploration = exploration
        if rollout_plies is None and evaluation is not None:
            rollout_plies = evaluation.rollout_plies
        self.rollout_plies = rollout_plies
        self.last_search: PlayoutInfo | None = None

    def choose(self, position: GameState[Any]) -> Any:
        """The move tried most often by the playouts (a winning move at once, or the only move, without search)."""
        moves = self.legal_moves(position)
        started = time.perf_counter()
        winning = self._winning_move(position) if len(moves) > 1 else None
        if winning is not None or len(moves) == 1:
            move = moves[0] if winning is None else winning
            self.last_search = PlayoutInfo(move, 0, 0, 0.5 if winning is None else 1.0, time.perf_counter() - started)
            return move
        deadline = None if self.time_per_move is None else started + self.time_per_move
        root = self._node(position, None, None)
        playouts = 0
        while playouts == 0 or ((self.playouts is None or playouts < self.playouts)
                                and (deadline is None or time.perf_counter() < deadline)):
            self._playout(root)
            playouts += 1
        me = position.to_move
        best = max(root.children, key=lambda child: (child.visits, child.totals[me] / child.visits))
        self.last_search = PlayoutInfo(best.move, playouts, best.visits, best.totals[me] / best.visits,
                                       time.perf_counter() - started)
        return best.move

    @staticmethod
    def _winning_move(position: GameState[Any]) -> Any:
        """A move that wins the game at once, or else one that puts a player out (takes a queen), if there is one."""
        me = position.to_move
        out = len(position.eliminated)
        options = children(position)
        return next((move for move, after in options if after.is_over and after.winner == me),
                    next((move for move, after in options if len(after.eliminated) > out), None))

    def _node(self, position: GameState[Any], move: Any, parent: _Node | None) -> _Node:
        """A new tree node; its moves are tried in random order, captures first where the game ranks them."""
        untried = [] if position.is_over else list(position.legal_moves())
        if position.ranks_moves and untried:
            gains = {code: gain for _, gain, code in position.ranked_successors()}
            pairs = list(zip(untried, (gains[after.code] for after in position.successors())))
            self.rng.shuffle(pairs)
            pairs.sort(key=lambda pair: pair[1])  # the last is tried first
            untried = [move for move, _ in pairs]
        else:
            self.rng.shuffle(untried)
        return _Node(position, move, parent, untried)

    def _playout(self, root: _Node) -> None:
        node = root
        while not node.untried and node.children:
            node = self._select(node)
        if node.untried:
            move = node.untried.pop()
            child = self._node(node.position.play(move), move, node)
            node.children.append(child)
            node = child
        rewards = self._rollout(node.position)
        walker: _Node | None = node
        while walker is not None:
            walker.visits += 1
            for player, reward in enumerate(rewards):
                walker.totals[player] += reward
            walker = walker.parent

    def _playout_move(self, position: GameState[Any]) -> GameState[Any]:
        """The position after one playout move: random, or in games that rank their moves
        (``ranks_moves``), the biggest capture when there is one, else random."""
        if not position.ranks_moves:
            return position.play(self.rng.choice(position.legal_moves()))
        captures = [option for option in position.ranked_successors(True) if option[1] >= 1]
        if captures:
            best = max(gain for _, gain, _ in captures)
            code = self.rng.choice([option for option in captures if option[1] == best])[2]
        else:
            code = self.rng.choice(position.successor_codes())
        return position.successor(code)

    def _select(self, node: _Node) -> _Node:
        player = node.position.to_move
        spread = self.exploration * math.sqrt(math.log(node.visits))
        return max(node.children,
                   key=lambda child: child.totals[player] / child.visits + spread / math.sqrt(child.visits))

    def _rollout(self, position: GameState[Any]) -> list[float]:
        """Playout moves to the end (or the ply limit); one result per player, 0 lost .. 1 won."""
        plies = 0
        while not position.is_over and (self.rollout_plies is None or plies < self.rollout_plies):
            position = self._playout_move(position)
            plies += 1
        if position.is_over:
            return [(result + 1) / 2 for result in position.returns()]
        if self.evaluation is None:
            return [0.5] * position.num_players
        judge, scale = self.evaluation.heuristic, self.evaluation.scale
        return [1 / (1 + math.exp(-judge(position, player) / scale)) for player in range(position.num_players)]
