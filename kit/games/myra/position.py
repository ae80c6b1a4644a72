"""An immutable Myra position and the start positions for two and three players."""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cached_property
from types import MappingProxyType
from typing import Any, ClassVar, Hashable, Mapping, Callable

from kit.core.game import Abilities, Trace, game_of
from kit.core.errors import IllegalMove
from kit.games.myra.events import GameOver, MyraEvent
from kit.games.myra.hexgrid import HOLLOWS, DIRECTIONS, RADIUS, ROW_LETTERS, Hollow
from kit.games.myra.bitboard import PLY_SHIFT, TURN_SHIFT, decode, encode
from kit.games.myra.moves import Move, PositionParts, MoveSpec, apply, as_move, check, generate, listed, parse, PathMove
from kit.games.myra.pieces import PLAYER_NAMES, QUEEN, Piece, pack
from kit.games.myra.rules import Rules, as_rules

START_CORNERS: dict[int, tuple[int, ...]] = {2: (0, 3), 3: (0, 2, 4)}
RESERVE = 25
# troop size by level (steps from the corner along the formation), level 0 is the queen
START_TROOPS: dict[int, int] = {0: QUEEN, 1: 4, 2: 3, 3: 2}


@dataclass(frozen=True, eq=False)
class Position(Abilities):
    """A Myra position: the board, reserves, whose turn, who is out, the ply and the rules.

    Positions are immutable (a frozen dataclass, like Walak-pussa's): :meth:`play` returns a new one.

    ``packed`` holds one byte per hollow in :data:`kit.games.myra.hexgrid.HOLLOWS` order (see
    :mod:`kit.games.myra.pieces`); read the board through ``hollows``. Two positions are equal
    when their ``key()`` and rules are equal.
    """

    ranks_moves: ClassVar[bool] = True
    passes: ClassVar[bool] = True

    packed: bytes
    reserve: tuple[int, ...]
    to_move: int = 0
    eliminated: tuple[int, ...] = ()
    ply: int = 0
    rules: Rules = field(default_factory=Rules)

    @property
    def num_players(self) -> int:
        """2 or 3."""
        return len(self.reserve)

    @cached_property
    def hollows(self) -> Mapping[Hollow, Piece]:
        """The occupied hollows: hollow -> piece."""
        return MappingProxyType({HOLLOWS[i]: Piece.unpack(v) for i, v in enumerate(self.packed) if v})

    @property
    def winner(self) -> int | None:
        """The last player with a queen, or None."""
        left = [p for p in range(self.num_players) if p not in self.eliminated]
        return left[0] if len(left) == 1 else None

    @property
    def is_over(self) -> bool:
        """Won by the last queen, or drawn by the ply limit."""
        limit = self.rules.ply_limit
        return self.winner is not None or (limit is not None and self.ply >= limit)

    @property
    def end_reason(self) -> str | None:
        """One sentence saying why the game ended (queen captured, last queen, ply limit), or None."""
        if not self.is_over:
            return None
        if self.winner is None:
            return f"The ply limit of {self.rules.ply_limit} was reached: a draw."
        winner = PLAYER_NAMES[self.winner]
        if self.num_players == 2:
            return f"{PLAYER_NAMES[1 - self.winner]}'s queen was captured: {winner} wins."
        return f"{winner} holds the last queen: {winner} wins."

    def returns(self) -> list[float]:
        """+1 for the winner and -1 for the others; in a draw 0, but -1 for players already out; 0 while not over."""
        if not self.is_over:
            return [0.0] * self.num_players
        if self.winner is not None:
            return [1.0 if p == self.winner else -1.0 for p in range(self.num_players)]
        return [-1.0 if p in self.eliminated else 0.0 for p in range(self.num_players)]

    @cached_property
    def code(self) -> int:
        """Board, reserves, turn and who is out as one int (see :mod:`kit.games.myra.bitboard`)."""
        return encode(self.packed, self.reserve, self.to_move, self.eliminated)

    def key(self) -> Hashable:
        """What decides the rest of the game: board, reserves, turn, who is out (and the ply under a ply limit)."""
        return self.code if self.rules.ply_limit is None else self.code | (self.ply << PLY_SHIFT)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Position) and self.key() == other.key() and self.rules == other.rules

    def __hash__(self) -> int:
        return hash(self.key())

    @cached_property
    def _results(self) -> dict[int, MoveSpec | PathMove]:
        return generate(self)

    def legal_moves(self) -> list[Move]:
        """The legal moves, one per resulting position; a lone pass when nothing else is legal; [] when over."""
        return [as_move(spec) for _, spec in self._listed]

    def successors(self) -> list[Position]:
        """The distinct positions one ply on, in the order of legal_moves()."""
        return [self._from_code(code) for code, _ in self._listed]

    @cached_property
    def _listed(self) -> list[tuple[int, MoveSpec]]:
        return listed(self.packed, self._results)

    def ranked_successors(self, captures_only: bool = False) -> list[tuple[Hashable, float, int]]:
        """For the computer players: (move id, soldiers won, code of the position after) for each legal move.

        Soldiers won counts a captured troop, half a soldier for one produced from the
        reserve (it counts half there), and 100 for a queen. A move id stands for the same
        move in other positions (:meth:`successors_of`); :meth:`successor` builds the
        position of a code. With ``captures_only``, only the moves that capture.
        """
        return self._ranked(self._results if not captures_only else generate(self, True))

    def successors_of(self, move_ids: list[Hashable]) -> list[tuple[Hashable, float, int]]:
        """Like :meth:`ranked_successors`, for those of the given move ids (of moves along a path) legal here."""
        found: list[tuple[Hashable, float, int]] = []
        for move_id in move_ids:
            if len(move_id) == 4:  # type: ignore[arg-type]
                origin = move_id[1]  # type: ignore[index]
                if self.packed[origin] and self.packed[origin] >> 3 == self.to_move and not self.is_over:
                    found.extend(option for option in self._ranked(generate(self, only=origin))
                                 if option[0] == move_id)
        return found

    def _ranked(self, results: dict[int, MoveSpec | PathMove]) -> list[tuple[Hashable, float, int]]:
        board, me = self.packed, self.to_move
        ranked: list[tuple[Hashable, float, int]] = []
        for code, spec in results.items():
            gain = 0.0
            if len(spec) == 4:
                target = board[spec[2]]
                if target and target >> 3 != me:
                    gain = 100.0 if target & 7 == QUEEN else float(target & 7)
            elif spec[0] == "produce":
                gain = 0.5
            ranked.append((spec, gain, code))
        return ranked

    def successor_codes(self) -> list[int]:
        """The codes of the positions one ply on, in the order of ranked_successors() (see :meth:`successor`)."""
        return list(self._results)

    def successor(self, code: int) -> Position:
        """The position one ply on with the given code (one of :meth:`ranked_successors`)."""
        return self._from_code(code)

    def passed(self) -> Position:
        """For the computer players' null-move search: the same board with the next player to move (not a legal move)."""
        players = self.num_players
        nxt = (self.to_move + 1) % players
        while nxt in self.eliminated and nxt != self.to_move:
            nxt = (nxt + 1) % players
        return self._from_code(self.code + ((nxt - self.to_move) << TURN_SHIFT))

    def _from_code(self, code: int) -> Position:
        """The position one ply on with the given code (built without the dataclass checks)."""
        child = object.__new__(Position)
        packed, reserve, to_move, eliminated = decode(code)
        child.__dict__.update(packed=packed, reserve=reserve, to_move=to_move, eliminated=eliminated,
                              ply=self.ply + 1, rules=self.rules, code=code)
        return child

    def parse_move(self, text: str) -> Move:
        """The move written in notation (see :mod:`kit.games.myra.moves`); IllegalMove if unreadable."""
        return parse(text, self.packed)

    def notation(self, move: Move | str) -> str:
        """The notation of a move."""
        return str(self._as_move(move))

    def play(self, move: Move | str) -> Position:
        """The position after a legal move (a Move or its notation); IllegalMove says why not."""
        return self._advance(self._as_move(move), None)

    def trace(self, move: Move | str) -> Trace:
        """The move played with its events recorded: Trace(before, move, events, after)."""
        events: list[MyraEvent] = []
        move = self._as_move(move)
        after = self._advance(move, events.append)
        return Trace(self, move, tuple(events), after)

    def _as_move(self, move: Move | str) -> Move:
        return self.parse_move(move) if isinstance(move, str) else move

    def _advance(self, move: Move, sink: Any) -> Position:
        spec = move.spec()
        try:
            check(self, spec)
        except IllegalMove as error:
            who = PLAYER_NAMES[self.to_move]
            raise IllegalMove(f"{who} cannot play {move}: {error}") from None
        after = self._child(apply(self, spec, sink))
        if sink is not None and after.is_over and after.winner is None:
            sink(GameOver(None, f"the ply limit of {self.rules.ply_limit} is reached"))
        return after

    def _child(self, raw: PositionParts) -> Position:
        return Position(raw[0], raw[1], raw[2], raw[3], self.ply + 1, self.rules)

    def to_json(self) -> dict[str, Any]:
        """The position in the position format of the rulings (plus ``ply`` and ``rules`` when not the defaults)."""
        data: dict[str, Any] = {
            "game": "myra", "players": self.num_players, "to_move": self.to_move,
            "reserve": list(self.reserve), "eliminated": list(self.eliminated),
            "cells": [{"q": q, "r": r, "owner": p.owner, "queen": p.queen, "count": p.count}
                      for (q, r), p in self.hollows.items()],
        }
        if self.ply:
            data["ply"] = self.ply
        if self.rules != Rules():
            data["rules"] = self.rules.options()
        return data

    def endless_moves(self) -> list[Move]:
        """Moves refused because they never end: none in Myra."""
        return []

    def __str__(self) -> str:
        rows = []
        for r in range(-RADIUS, RADIUS + 1):
            tokens = [str(self.hollows[c]) if c in self.hollows else " ." for c in HOLLOWS if c[1] == r]
            rows.append(f"{ROW_LETTERS[r + RADIUS]} " + "  " * abs(r) + "  ".join(tokens))
        reserves = ", ".join(f"{PLAYER_NAMES[p]} {n}" for p, n in enumerate(self.reserve))
        if self.winner is not None:
            status = f"{PLAYER_NAMES[self.winner]} has won"
        elif self.is_over:
            status = "draw by the ply limit"
        else:
            status = f"{PLAYER_NAMES[self.to_move]} to move"
        out = "".join(f"; {PLAYER_NAMES[p]} is out" for p in self.eliminated)
        rows.append(f"ply {self.ply}: {status}; reserves {reserves}{out}")
        return "\n".join(rows)

    def __repr__(self) -> str:
        return f"<Myra position {json.dumps(self.to_json())}>"

    def _repr_png_(self) -> bytes:
        """The board as a PNG picture, so a position shows itself in Jupyter."""
        return game_of(self).picture(self)


def start(players: int = 2, rules: Rules | str | dict[str, Any] | None = None) -> Position:
    """The start position for 2 or 3 players (RULINGS formation at corners 0, 3 or 0, 2, 4)."""
    if players not in START_CORNERS:
        raise ValueError(f"Myra is played by 2 or 3 players, not {players}")
    board = bytearray(len(HOLLOWS))
    for owner, k in enumerate(START_CORNERS[players]):
        dq, dr = DIRECTIONS[k]
        for i, (q, r) in enumerate(HOLLOWS):
            level = 2 * RADIUS - (q * dq + r * dr + (-q - r) * (-dq - dr))
            if level in START_TROOPS:
                board[i] = pack(owner, START_TROOPS[level])
    return Position(bytes(board), (RESERVE,) * players, rules=as_rules(rules))


class PerftTooDeep(ValueError):
    """A perft that would hold more positions than its memory allows; the message gives the estimate."""


PERFT_MEMORY = 1 << 30  # bytes the positions of one level may take
PERFT_BYTES = 180       # bytes one distinct position takes in a level's set (its code, an int of ~760 bits)
PERFT_PASSES = 4        # the most passes over the last level (each generates its moves again)
PERFT_SAMPLE = 32       # positions of a level whose moves estimate the next level's size


def perft_counts(position: Position, depth: int, memory: int = PERFT_MEMORY) -> list[int]:
    """The number of distinct positions reachable in exactly 1, 2, ..., depth plies (deduplicated at every level).

    Only the codes of one level are held (each position is built, expanded and dropped), and the
    last level is counted in up to PERFT_PASSES passes, each holding one share of its codes.
    Before each level its size is estimated from a sample of the level before; a level that
    would take more than ``memory`` bytes raises PerftTooDeep before it is built.
    """
    _check_estimate(position, depth, memory)
    counts: list[int] = []
    codes: set[int] = {position.code}
    build: Callable[[int], Position] = lambda code: position  # level 0 is the position itself
    for ply in range(1, depth + 1):
        last = ply == depth

        def children(p: Position) -> Any:
            return p._results.keys() if last else [code for code, _ in p._listed]

        sample = [build(code) for code, _ in zip(codes, range(PERFT_SAMPLE))]
        estimate = round(sum(len(children(p)) for p in sample) / max(1, len(sample)) * len(codes))
        passes = _passes(ply, estimate, last, memory)
        count, parent = 0, None
        for part in range(passes):
            found: set[int] = set()
            for code in codes:
                p = build(code)
                parent = p if parent is None else parent
                found.update(children(p) if passes == 1 else (c for c in children(p) if hash(c) % passes == part))
                if len(found) * PERFT_BYTES > memory:  # the sample was too kind
                    raise _too_deep(ply, len(found) * passes, memory)
            count += len(found)
        counts.append(count)
        if last or parent is None:
            break
        codes, build = found, parent._from_code
    return counts + [0] * (depth - len(counts))


def _check_estimate(position: Position, depth: int, memory: int) -> None:
    """Raise PerftTooDeep at once if a level's estimated size, from the moves of the position and of a
    sample of its successors, is more than ``memory`` allows."""
    if depth < 2:
        return
    first = [code for code, _ in position._listed]
    sample = [position._from_code(code) for code in first[:PERFT_SAMPLE]]
    branching = sum(len(p._listed) for p in sample) / max(1, len(sample))
    for ply in range(2, depth + 1):
        _passes(ply, round(len(first) * branching ** (ply - 1)), ply == depth, memory)


def _passes(ply: int, estimate: int, last: bool, memory: int) -> int:
    """The passes that count a level of about ``estimate`` positions within ``memory``; PerftTooDeep
    if it needs more than PERFT_PASSES (or more than one, for a level that is not the last)."""
    passes = max(1, -(-estimate * PERFT_BYTES // memory))
    if passes > (PERFT_PASSES if last else 1):
        raise _too_deep(ply, estimate, memory)
    return passes


def _too_deep(ply: int, estimate: int, memory: int) -> PerftTooDeep:
    return PerftTooDeep(f"counting to depth {ply} would hold about {estimate:,} positions "
                        f"(about {_size(estimate * PERFT_BYTES)}, more than the {_size(memory)} allowed); "
                        f"ask for depth {ply - 1} or less")


def _size(count: int) -> str:
    """A number of bytes for people: "1 GB", "501.1 GB", "16 MB"."""
    return f"{count / 2**30:.3g} GB" if count >= 2**30 else f"{count / 2**20:.3g} MB"


def perft(position: Position, depth: int) -> int:
    """The number of distinct positions reachable in exactly depth plies (deduplicated at every level)."""
    return perft_counts(position, depth)[-1] if depth > 0 else 1
