"""The Nim position: heaps of stones, stones taken, the player to move; moves, tracing, JSON.

A move takes 1 or more stones (at most ``rules.most``) from one heap; its notation is the
heap's letter and the count, ``"b3"``. Whoever takes the last stone wins (normal play).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, ClassVar, Hashable

from kit.core.errors import IllegalMove, RecordError
from kit.core.game import Abilities, Trace
from kit.core.errors import show
from kit.core.loading import check_keys, read_object, rules_from, whole, wholes

from .events import LETTERS, SEATS, Emptied, Pick, Won
from .rules import MAX_STONES, Rules, as_rules

MAX_PLY = 10_000
_NOTATION = re.compile(r"([a-e])([1-9])")


@dataclass(frozen=True, order=True)
class Take:
    """A move: take ``count`` stones from heap ``heap`` (0 is heap a)."""

    heap: int
    count: int


@dataclass(frozen=True)
class Position(Abilities):
    """A Nim position (immutable: :meth:`play` returns a new one). ``taken`` counts the stones
    each player has taken so far; ``ply`` the moves played."""

    heaps: tuple[int, ...]
    taken: tuple[int, int] = (0, 0)
    to_move: int = 0
    rules: Rules = Rules()
    ply: int = 0

    num_players: ClassVar[int] = 2

    def __post_init__(self) -> None:
        if len(self.heaps) != len(self.rules.heaps) or any(not 0 <= n <= MAX_STONES for n in self.heaps):
            raise ValueError(f"heaps must be {len(self.rules.heaps)} counts of 0 to {MAX_STONES}, not {list(self.heaps)}")
        if self.to_move not in (0, 1) or len(self.taken) != 2 or min(self.taken) < 0 or self.ply < 0:
            raise ValueError(f"bad position values: to_move {self.to_move!r}, taken {self.taken!r}, ply {self.ply!r}")

    # -- the game's state ------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return not any(self.heaps)

    @property
    def winner(self) -> int | None:
        """The player who took the last stone (the one not to move), once the game is over."""
        return 1 - self.to_move if self.is_over else None

    @property
    def end_reason(self) -> str | None:
        return f"{SEATS[1 - self.to_move]} took the last stone." if self.is_over else None

    def returns(self) -> list[float]:
        winner = self.winner
        return [0.0, 0.0] if winner is None else [1.0 if p == winner else -1.0 for p in (0, 1)]

    def key(self) -> Hashable:
        return (self.heaps, self.taken, self.to_move)

    # -- moves ---------------------------------------------------------------------------------

    def legal_moves(self) -> list[Take]:
        """Every take, heap by heap, fewest stones first."""
        if self.is_over:
            return []
        most = self.rules.most or MAX_STONES
        return [Take(heap, count) for heap, stones in enumerate(self.heaps) for count in range(1, min(stones, most) + 1)]

    def successors(self) -> list[Position]:
        return [self._after(move) for move in self.legal_moves()]

    def endless_moves(self) -> list[Take]:
        return []

    def parse_move(self, text: str) -> Take:
        """The move written ``text`` (heap letter and count, e.g. ``"b3"``); IllegalMove if it is not legal here."""
        found = _NOTATION.fullmatch(text.strip().lower()) if isinstance(text, str) else None
        if found is None:
            raise IllegalMove(f"not a Nim move: {show(text)} (a move is a heap letter and a count, e.g. b2)")
        return self._checked(Take(LETTERS.index(found.group(1)), int(found.group(2))))

    def notation(self, move: Take | str) -> str:
        move = self._move(move)
        return f"{LETTERS[move.heap]}{move.count}"

    def play(self, move: Take | str) -> Position:
        return self._after(self._move(move))

    def trace(self, move: Take | str) -> Trace[Position]:
        """The move with its events: one :class:`Pick` a stone, :class:`Emptied`, :class:`Won`."""
        move = self._move(move)
        stones = self.heaps[move.heap]
        events: list[Any] = [Pick(self.to_move, move.heap, stones - i) for i in range(1, move.count + 1)]
        after = self._after(move)
        if not after.heaps[move.heap]:
            events.append(Emptied(move.heap))
        if after.is_over:
            events.append(Won(self.to_move))
        return Trace(self, move, tuple(events), after)

    def _move(self, move: Take | str) -> Take:
        return self.parse_move(move) if isinstance(move, str) else self._checked(move)

    def _checked(self, move: Take) -> Take:
        if self.is_over:
            raise IllegalMove("the game is over")
        if not isinstance(move, Take) or not 0 <= move.heap < len(self.heaps):
            raise IllegalMove(f"not a move of this game: {move!r}")
        stones, most = self.heaps[move.heap], self.rules.most
        if not 1 <= move.count <= stones:
            raise IllegalMove(f"heap {LETTERS[move.heap]} holds {stones} stone{'s' * (stones != 1)}: take 1 to {stones}"
                              if stones else f"heap {LETTERS[move.heap]} is empty")
        if most is not None and move.count > most:
            raise IllegalMove(f"a turn takes at most {most} stones")
        return move

    def _after(self, move: Take) -> Position:
        heaps = list(self.heaps)
        heaps[move.heap] -= move.count
        taken = list(self.taken)
        taken[self.to_move] += move.count
        return Position(tuple(heaps), (taken[0], taken[1]), 1 - self.to_move, self.rules, self.ply + 1)

    # -- JSON and text -------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        rules: Any = self.rules.name if self.rules.name != "custom" else self.rules.options()
        return {"game": "nim", "heaps": list(self.heaps), "taken": list(self.taken), "to_move": self.to_move,
                "rules": rules, "ply": self.ply}

    def __str__(self) -> str:
        rows = [f"{LETTERS[h]}: {'o ' * n}({n})" for h, n in enumerate(self.heaps)]
        status = self.end_reason or f"{SEATS[self.to_move]} to move."
        return "\n".join([*rows, status])


def start(rules: Any = None) -> Position:
    """The start position under ``rules`` (a preset name, options, Rules or None)."""
    rules = as_rules(rules)
    return Position(rules.heaps, rules=rules)


def position_from_json(data: Any) -> Position:
    """The position in a dict (or JSON text); RecordError names what is wrong."""
    data = read_object(data, "Nim position")
    check_keys(data, "Nim position", ("game", "heaps", "to_move"), ("taken", "rules", "ply"))
    if data["game"] != "nim":
        raise RecordError(f"not a Nim position: 'game' is {show(data['game'])}, expected \"nim\"")
    rules = rules_from(as_rules, data["rules"]) if data.get("rules") is not None else as_rules(None)
    heaps = wholes(data["heaps"], "'heaps'", len(rules.heaps), 0, MAX_STONES)
    taken = wholes(data.get("taken", [0, 0]), "'taken'", 2, 0, MAX_PLY * MAX_STONES)
    to_move = whole(data["to_move"], "'to_move'", 0, 1)
    ply = whole(data.get("ply", 0), "'ply'", 0, MAX_PLY)
    return Position(tuple(heaps), (taken[0], taken[1]), to_move, rules, ply)
