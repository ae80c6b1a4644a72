"""Match mode: Walak-pussa over several rounds, as the rulings fix it.

After a round each player refills their own holes from ``a`` rightward with four seeds a
hole; a remainder under four goes into the next hole; holes left empty stay in play. Seeds
beyond 28 wait in the player's store and count for them again at the end of the next
round. The player holding fewer seeds opens the next round (a tie: the player who did not
open the last one). The match ends when a player cannot fill one hole.
"""
from __future__ import annotations

from dataclasses import dataclass

from kit.core.errors import IllegalMove
from kit.games.walak.board import PLAYER_NAMES, ROW, SEEDS_PER_HOLE, TOTAL_SEEDS, Player
from kit.games.walak.events import seed_count
from kit.games.walak.position import Move, Position, start
from kit.games.walak.rules import Rules, as_rules


def refill(seeds: int) -> tuple[tuple[int, ...], int]:
    """A player's seven holes filled from ``a`` with four a hole, and the seeds left in store."""
    if seeds < 0:
        raise ValueError(f"a player cannot hold {seeds} seeds")
    on_board = min(seeds, ROW * SEEDS_PER_HOLE)
    holes = []
    for _ in range(ROW):
        take = min(SEEDS_PER_HOLE, on_board)
        holes.append(take)
        on_board -= take
    return tuple(holes), seeds - sum(holes)


def opener(holdings: tuple[int, int], last_opener: Player) -> Player:
    """Who opens the next round: the player holding fewer seeds; a tie, the one who did not open."""
    south, north = holdings
    if south == north:
        return 1 - last_opener
    return 0 if south < north else 1


@dataclass(frozen=True)
class RoundResult:
    """One finished round: who opened it and the seeds each player held at its end."""

    number: int
    opened_by: Player
    holdings: tuple[int, int]


@dataclass(frozen=True)
class Match:
    """A match in progress: the current round's position, the stores and the finished rounds."""

    position: Position
    stores: tuple[int, int] = (0, 0)
    opened_by: Player = 0
    rounds: tuple[RoundResult, ...] = ()

    @classmethod
    def start(cls, rules: Rules | str | dict | None = None) -> "Match":
        """A new match: the first round from the usual start, South opening."""
        return cls(start(as_rules(rules)))

    @property
    def round_number(self) -> int:
        """The number of the current round, from 1."""
        return len(self.rounds) + 1

    @property
    def round_over(self) -> bool:
        """True when the current round has ended."""
        return self.position.is_over

    @property
    def holdings(self) -> tuple[int, int]:
        """Seeds each player holds now: store plus seeds won in this round so far."""
        score = self.position.score
        return (self.stores[0] + score[0], self.stores[1] + score[1])

    def play(self, move: Move) -> "Match":
        """The match after a move in the current round."""
        return Match(self.position.play(move), self.stores, self.opened_by, self.rounds)

    @property
    def is_over(self) -> bool:
        """True when a round has ended and a player cannot fill one hole."""
        return self.round_over and min(self.holdings) < SEEDS_PER_HOLE

    @property
    def winner(self) -> Player | None:
        """The player who won the match, once it is over."""
        if not self.is_over:
            return None
        return 0 if self.holdings[0] > self.holdings[1] else 1

    @property
    def _won_by(self) -> Player:
        """The winner of a match that is over."""
        winner = self.winner
        assert winner is not None, "a match that is over has a winner"
        return winner

    def next_round(self) -> "Match":
        """The match with the next round set up: holes refilled, stores kept, the opener chosen."""
        if not self.round_over:
            raise IllegalMove(f"round {self.round_number} is not over yet")
        if self.is_over:
            raise IllegalMove(f"the match is over: {PLAYER_NAMES[self._won_by]} won")
        holdings = self.holdings
        (south, south_store), (north, north_store) = refill(holdings[0]), refill(holdings[1])
        first = opener(holdings, self.opened_by)
        finished = RoundResult(self.round_number, self.opened_by, holdings)
        board = Position(south + north, (0, 0), first, self.position.rules, 0)
        return Match(board, (south_store, north_store), first, self.rounds + (finished,))

    def __str__(self) -> str:
        lines = [f"Round {self.round_number}, opened by {PLAYER_NAMES[self.opened_by]}; "
                 f"stores South {self.stores[0]}, North {self.stores[1]}", str(self.position)]
        if self.is_over:
            lines.append(f"Match over: {PLAYER_NAMES[self._won_by]} wins, holding {seed_count(max(self.holdings))}.")
        return "\n".join(lines)


assert refill(30) == ((4, 4, 4, 4, 4, 4, 4), 2) and refill(22) == ((4, 4, 4, 4, 4, 2, 0), 0)
assert sum(refill(TOTAL_SEEDS // 2)[0]) == 28
