"""The immutable Walak-pussa position: board, captured seeds, player to move, rules."""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Sequence

from kit.core.game import Abilities, Trace, game_of
from kit.core.errors import IllegalMove, clip, show
from kit.core.limits import MAX_DIGITS, MAX_HISTORY, MAX_PLY, MAX_POSITION_STRING, MAX_QUOTE
from kit.games.walak.board import (CLASSROOM_SEEDS, HOLES, LETTERS, PLAYER_NAMES, ROW, SEEDS_PER_HOLE, TOTAL_SEEDS, Hole, letter,
                             Player, hole_index, hole_name, side)
from kit.games.walak.events import Endless, Event, GameEnd, Repetition, Sweep, seed_count
from kit.games.walak.rules import Rules, as_rules
from kit.games.walak.sowing import Emit, Sown, capture, sowings

Move = str  # the mover's hole letter, "a".."g"


_Key = tuple[tuple[int, ...], "Player"]  # what must come round for a position to repeat: board, player to move


class _Stored:
    """The values a position stores: :func:`_new` sets them here, then freezes the object
    as a :class:`Position` (which adds no values and refuses changes)."""

    __slots__ = ("board", "captured", "to_move", "rules", "ply", "_moves", "_outcomes", "_swept_from",
                 "_since", "_repeated", "_history")

    board: tuple[int, ...]
    captured: tuple[int, int]
    to_move: Player
    rules: Rules
    ply: int
    _moves: dict[Move, Sown] | None  # the legal moves, each sown up to its capture step (cached)
    _outcomes: dict[Hole, Sown | None] | None  # sowings of other holes, for the other questions (cached)
    _swept_from: tuple[int, ...] | None  # the board before the final sweep
    _since: tuple[_Key, ...]  # the earlier positions since the last capture
    _repeated: bool  # the position stands for the third time
    _history: frozenset[tuple[_Key, int]] | None  # _since counted (cached)


class Position(_Stored, Abilities):
    """A Walak-pussa position. ``board`` is indexed 0..13 counter-clockwise (South a..g, North a..g).

    Positions are immutable (setting an attribute raises AttributeError): :meth:`play`
    returns a new one.

    ``Position(board, captured, to_move, rules, ply)`` checks its values: each hole holds a
    whole number of seeds from 0 to 56, the board and the captured seeds together hold at
    most 56, ``to_move`` is 0 or 1 and ``ply`` a whole number >= 0 (bools are refused). Fewer
    than 56 seeds in all is allowed: classroom set-ups, small boards and the rounds of a
    match; ``classroom=True`` allows a set-up for a lesson up to 140 seeds in all.

    A position made by :meth:`play` carries the positions since the last capture (they are
    the only ones that can come round again), so that the repetition ruling (rule option
    ``repetition``) ends the game when one stands for the third time. A position made
    directly starts a game, unless ``history`` gives those earlier positions, oldest first,
    as (board, to_move) pairs with the same seeds on the board (what :meth:`to_json` writes).
    """

    __slots__ = ()

    def __new__(cls, board: Any, captured: Any = (0, 0), to_move: Player = 0,
                rules: Rules | str | dict | None = None, ply: int = 0, *,
                history: Sequence[tuple[Sequence[int], Player]] = (), classroom: bool = False) -> "Position":
        most = CLASSROOM_SEEDS if classroom is True else TOTAL_SEEDS
        board = _board(board, most)
        if not _whole(to_move) or to_move not in (0, 1):
            raise ValueError(f"to_move must be 0 (South) or 1 (North), not {_short(to_move)}")
        captured = tuple(captured) if isinstance(captured, (list, tuple)) else captured
        if not isinstance(captured, tuple) or len(captured) != 2 or any(not _whole(n) or n < 0 for n in captured):
            raise ValueError(f"captured must be two whole numbers >= 0, not {_short(captured)}")
        if sum(board) + sum(captured) > most:
            raise ValueError(f"the board holds {sum(board)} seeds and {sum(captured)} are captured: "
                             f"more than the {most} seeds of {'a classroom set-up' if classroom else 'the game'}")
        if not _whole(ply) or ply < 0:
            raise ValueError(f"ply must be a whole number >= 0, not {_short(ply)}")
        rules = as_rules(rules)
        since = _history(history, sum(board), most) if rules.repetition else ()
        return _new(board, captured, to_move, rules, ply, since, _repeats(since, board, to_move))

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"a Walak-pussa position is immutable: cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a Walak-pussa position is immutable: cannot delete {name!r}")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return (self.board, self.captured, self.to_move, self.rules, self.ply, self._history_counts()) == \
            (other.board, other.captured, other.to_move, other.rules, other.ply, other._history_counts())

    def __hash__(self) -> int:
        return hash((self.board, self.captured, self.to_move, self.rules, self.ply, self._history_counts()))

    num_players = 2

    # -- moves -------------------------------------------------------------------------

    def _legal_moves(self) -> dict[Move, Sown]:
        """The legal moves, letter to sowing (cached)."""
        moves = self._moves
        if moves is None:
            board, rules = self.board, self.rules
            moves = {} if self._repeated else sowings(board, _playable(board, self.to_move, rules, self.ply), rules)
            object.__setattr__(self, "_moves", moves)
        return moves

    def _outcome(self, hole: Hole) -> Sown | None:
        """The sowing of ``hole``, or None if endless (cached)."""
        outcome = self._legal_moves().get(_LETTER_OF[hole])
        if outcome is None:
            outcomes = self._outcomes
            if outcomes is None:
                outcomes = {}
                object.__setattr__(self, "_outcomes", outcomes)
            if hole not in outcomes:
                outcomes[hole] = sowings(self.board, {hole: hole}, self.rules).get(hole)
            outcome = outcomes[hole]
        return outcome

    def _candidates(self) -> list[Hole]:
        """The mover's occupied holes, less singletons where the rules forbid them."""
        board = self.board
        return [hole for hole in _playable(board, self.to_move, self.rules, self.ply).values() if board[hole]]

    def legal_moves(self) -> list[Move]:
        """The mover's playable holes as letters: occupied, allowed by the rules, not endless."""
        moves = self._moves
        return list(self._legal_moves() if moves is None else moves)

    def successors(self) -> list["Position"]:
        """The positions the legal moves lead to, in the order of :meth:`legal_moves`."""
        return [self._after(*sown) for sown in self._legal_moves().values()]

    def endless_moves(self) -> list[Move]:
        """The mover's occupied holes whose relay never ends (refused as endless)."""
        return [letter(h) for h in self._candidates() if self._outcome(h) is None]

    def parse_move(self, move: Move | int) -> Hole:
        """The global hole of a move given as the mover's letter (or a global index)."""
        if isinstance(move, bool) or not isinstance(move, (str, int)):
            raise IllegalMove(f"a move is a hole letter a..g, not {show(move)}")
        if isinstance(move, int):
            if move not in side(self.to_move):
                raise IllegalMove(f"hole {move} is not one of {PLAYER_NAMES[self.to_move]}'s holes "
                                  f"({side(self.to_move).start}..{side(self.to_move).stop - 1})")
            return move
        try:
            return hole_index(self.to_move, move.strip())
        except ValueError as error:
            raise IllegalMove(str(error)) from None

    def notation(self, move: Move | int) -> str:
        """The move as the mover's hole letter."""
        return letter(self.parse_move(move))

    def why_illegal(self, move: Move | int) -> str | None:
        """Why the move is not legal here, or None if it is."""
        try:
            hole = self.parse_move(move)
        except IllegalMove as error:
            return str(error)
        if self.is_over:
            return f"the game is over: {self._end_clause()}"
        if not self.board[hole]:
            return f"{hole_name(hole)} is empty"
        if hole not in self._candidates():
            return (f"{hole_name(hole)} holds a single seed, and after the opening move a singleton "
                    "may not be played while another hole holds two or more")
        if self._outcome(hole) is None:
            return (f"the relay from {hole_name(hole)} has not ended after "
                    f"{self.rules.endless_laps:,} laps: endless sowing is not allowed")
        return None

    def _checked(self, move: Move | int) -> Hole:
        self.parse_move(move)  # a move that cannot be read says so in its own words
        reason = self.why_illegal(move)
        if reason:
            raise IllegalMove(f"{PLAYER_NAMES[self.to_move]} cannot play {self.notation(move)}: {reason}")
        return self.parse_move(move)

    def play(self, move: Move | int) -> "Position":
        """The position after the move (the mover's hole letter); raises IllegalMove."""
        moves = self._moves
        sown = (self._legal_moves() if moves is None else moves).get(move)  # type: ignore[arg-type]
        if sown is None:
            sown = self._outcome(self._checked(move))
            assert sown is not None  # a legal move ends
        after, empty = sown
        return self._after(after, empty)

    def trace(self, move: Move | int) -> Trace["Position"]:
        """The move played with every step recorded as an event."""
        hole = self._checked(move)
        events: list[Event] = []
        after = self._after(*sowings(self.board, {hole: hole}, self.rules, events.append)[hole], events.append)
        if after.is_over:
            events.extend(after._ending_events(sweep_from=after.board_before_sweep))
        return Trace(self, self.notation(hole), tuple(events), after)

    def first_laps(self, move: Move | int, laps: int) -> tuple[Event, ...]:
        """The events of at most the first ``laps`` laps of a move, endless ones included.

        For an endless move the events end with an :class:`Endless` event saying why the
        move is refused.
        """
        hole = self.parse_move(move)
        if not self.board[hole]:
            raise IllegalMove(f"{hole_name(hole)} is empty")
        events: list[Event] = []
        sown = sowings(self.board, {hole: hole}, self.rules, events.append, max_laps=laps).get(hole)
        if sown:
            capture(*sown, self.to_move, self.rules, events.append)
        if events and isinstance(events[-1], Endless):
            events.pop()
            if self._outcome(hole) is None:
                events.append(Endless(self.to_move, hole, self.rules.endless_laps))
        return tuple(events)

    def _after(self, sown: list[int], empty: Hole, emit: Emit | None = None) -> "Position":
        """The position after a move whose sowing left the board ``sown``, looking at ``empty``:
        its capture step played, then the end of the game if it came."""
        to_move, rules = self.to_move, self.rules
        board, taken = capture(sown, empty, to_move, rules, emit)
        captured = self.captured
        if taken:
            captured = (captured[0], captured[1] + taken) if to_move else (captured[0] + taken, captured[1])
        # only positions since the last capture can come round again
        since = self._since + ((self.board, to_move),) if rules.repetition and not taken else ()
        mover, ply = 1 - to_move, self.ply + 1
        repeated = _repeats(since, board, mover)
        moves = {} if repeated else sowings(board, _playable(board, mover, rules, ply), rules)
        if repeated or moves:
            return _new(board, captured, mover, rules, ply, since, repeated, moves)
        # The next player cannot move: the mover takes every seed left, and the round ends.
        left = sum(board)
        swept = (captured[0] + left, captured[1]) if to_move == 0 else (captured[0], captured[1] + left)
        return _new(_EMPTY, swept, mover, rules, ply, (), False, {}, swept_from=board)

    @property
    def board_before_sweep(self) -> tuple[int, ...]:
        """The board as the last move left it, before the final sweep (equal to ``board`` if none)."""
        return self.board if self._swept_from is None else self._swept_from

    def _ending_events(self, sweep_from: tuple[int, ...]) -> list[Event]:
        events: list[Event] = []
        if self._repeated:
            events.append(Repetition((sum(self.board[:ROW]), sum(self.board[ROW:]))))
        elif any(sweep_from):
            events.append(Sweep(1 - self.to_move, sum(sweep_from)))
        events.append(GameEnd(self.score, self.winner))
        return events

    # -- end of game ---------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        """True when the player to move has no legal move, or the position stands for the third time."""
        return not self._legal_moves()

    @property
    def repetitions(self) -> int:
        """How many times this position (board, captured seeds, player to move) has stood in the game.

        Counted since the last capture (earlier positions can't come round again) and only
        under the rule option ``repetition``; a position made without a ``history`` counts 1.
        """
        return 1 + self._since.count((self.board, self.to_move)) if self._since else 1

    @property
    def repeated(self) -> bool:
        """True when the game ended because the position stands for the third time."""
        return self._repeated

    @property
    def end_reason(self) -> str | None:
        """One sentence saying why the game ended, or None while it goes on."""
        if not self.is_over:
            return None
        clause = self._end_clause()
        return clause[0].upper() + clause[1:] + "."

    def _end_clause(self) -> str:
        if self._repeated:
            return "the position stood for the third time: each player took the seeds in their own row"
        mover, other = PLAYER_NAMES[self.to_move], PLAYER_NAMES[1 - self.to_move]
        if self._swept_from is not None:
            left = sum(self._swept_from)
            took = f"{other} took the {seed_count(left)} left on the board" if left else "the board was empty"
            return f"{mover} had no legal move: {took}"
        left = sum(self.board)
        takes = f"{other} takes the {seed_count(left)} left on the board" if left else "the board is empty"
        return f"{mover} has no legal move: {takes}"

    @property
    def score(self) -> tuple[int, int]:
        """Seeds won per player. At the end the opponent of a player who cannot move takes the
        board; after a third repetition each player takes the seeds in their own row."""
        if not self.is_over:
            return self.captured
        totals = list(self.captured)
        if self._repeated:
            totals[0] += sum(self.board[:ROW])
            totals[1] += sum(self.board[ROW:])
        else:
            totals[1 - self.to_move] += sum(self.board)
        return (totals[0], totals[1])

    @property
    def winner(self) -> Player | None:
        """The player with more seeds once the game is over; None for a draw or a game not over."""
        if not self.is_over:
            return None
        south, north = self.score
        return None if south == north else (0 if south > north else 1)

    def returns(self) -> list[float]:
        """+1 for the winner, -1 for the loser, 0 each for a draw or a game not over."""
        winner = self.winner
        return [0.0, 0.0] if winner is None else [1.0 if p == winner else -1.0 for p in (0, 1)]

    def key(self) -> tuple[Any, ...]:
        """A hashable identity for search tables: positions with equal keys have the same future.

        ``(board, captured, to_move, opening, history)``: ``opening`` is True while the
        opening move's exemption from ``no_singletons`` applies; ``history`` is a frozenset of
        (position, times it stood) for the positions since the last capture, which decide when
        the repetition ruling ends the game (empty after a capture and with ``repetition`` off).
        """
        opening = self.rules.no_singletons and self.ply == 0
        return (self.board, self.captured, self.to_move, opening, self._history_counts())

    def _history_counts(self) -> frozenset[tuple[_Key, int]]:
        """The positions since the last capture with the times each stood (cached)."""
        history = self._history
        if history is None:
            counts: dict[_Key, int] = {}
            for key in self._since:
                counts[key] = counts.get(key, 0) + 1
            history = frozenset(counts.items())
            object.__setattr__(self, "_history", history)
        return history

    # -- text forms -------------------------------------------------------------------

    def to_string(self) -> str:
        """The compact position string, e.g. ``S:4,4,4,4,4,4,4/4,4,4,4,4,4,4:0-0:0``."""
        south = ",".join(map(str, self.board[:ROW]))
        north = ",".join(map(str, self.board[ROW:]))
        return f"{'SN'[self.to_move]}:{south}/{north}:{self.captured[0]}-{self.captured[1]}:{self.ply}"

    def to_json(self) -> dict[str, Any]:
        """The position as JSON: the board in global order, captured seeds, mover, rule options, ply."""
        data = {"game": "walak", "board": list(self.board), "captured": list(self.captured),
                "to_move": self.to_move, "rules": self.rules.options(), "ply": self.ply}
        if self._since:  # the positions since the last capture, for the repetition ruling
            data["history"] = [{"board": list(board), "to_move": to_move} for board, to_move in self._since]
        return data

    @classmethod
    def from_string(cls, text: str, rules: Rules | str | dict | None = None) -> "Position":
        """Parse a position string (see :meth:`to_string`); the board may also be 14 numbers
        in global order separated by spaces or commas, with an optional ``|`` between rows."""
        return parse_position(text, rules)

    def __str__(self) -> str:
        def row(holes: list[int]) -> str:
            return " ".join(f"[{self.board[h]:2d}]" for h in holes)

        mark = ["", ""]
        if self.is_over:
            winner = self.winner
            verdict = "draw" if winner is None else f"{PLAYER_NAMES[winner]} wins"
            mark = [f"  game over: {verdict}"] * 2
        else:
            mark[self.to_move] = "  <- to move"
        north_letters = "    ".join(reversed(LETTERS))
        south_letters = "    ".join(LETTERS)
        return "\n".join([
            f"   {north_letters}     North: {self.captured[1]} captured{mark[1]}",
            "  " + row(list(range(HOLES - 1, ROW - 1, -1))),
            "  " + row(list(range(ROW))),
            f"   {south_letters}     South: {self.captured[0]} captured{mark[0]}",
        ])

    def __repr__(self) -> str:
        rules = "" if self.rules.name == "default" else f", rules={self.rules.name!r}"
        return f"walak.Position({self.to_string()!r}{rules})"

    def _repr_png_(self) -> bytes:
        return game_of(self).picture(self)


_LETTER_OF = tuple(letter(hole) for hole in range(HOLES))
_SIDE = tuple({letter(hole): hole for hole in side(player)} for player in (0, 1))  # each player's holes by letter
_EMPTY = (0,) * HOLES


def _new(board: tuple[int, ...], captured: tuple[int, int], to_move: Player, rules: Rules, ply: int,
         since: tuple[_Key, ...], repeated: bool, moves: dict[Move, Sown] | None = None,
         swept_from: tuple[int, ...] | None = None) -> Position:
    """A position from values already known to be valid (no checks)."""
    stored = _Stored.__new__(_Stored)
    stored.board = board
    stored.captured = captured
    stored.to_move = to_move
    stored.rules = rules
    stored.ply = ply
    stored._moves = moves
    stored._outcomes = None
    stored._swept_from = swept_from
    stored._since = since
    stored._repeated = repeated
    stored._history = None
    stored.__class__ = Position  # frozen from here on
    return stored  # type: ignore[return-value]  # it is a Position now


def _repeats(since: tuple[_Key, ...], board: tuple[int, ...], to_move: Player) -> bool:
    """True when the position stood twice before since the last capture: it stands for the third time."""
    return bool(since) and since.count((board, to_move)) >= 2


def _playable(board: tuple[int, ...], to_move: Player, rules: Rules, ply: int) -> dict[Move, Hole]:
    """The mover's holes the rules let them play when occupied, by letter: all their holes, but
    after the opening under ``no_singletons`` only those with two or more seeds while one has."""
    holes = _SIDE[to_move]
    if rules.no_singletons and ply > 0 and any(board[hole] > 1 for hole in holes.values()):
        return {name: hole for name, hole in holes.items() if board[hole] > 1}
    return holes


def _board(board: Any, most: int) -> tuple[int, ...]:
    """A checked board: 14 whole numbers of seeds, each 0..most."""
    board = tuple(board) if isinstance(board, (list, tuple)) else board
    if (not isinstance(board, tuple) or len(board) != HOLES
            or any(not _whole(n) or not 0 <= n <= most for n in board)):
        raise ValueError(f"a board is 14 whole numbers of seeds, each 0..{most}, not {_short(board)}")
    return board


def _history(history: Any, seeds: int, most: int) -> tuple[_Key, ...]:
    """Earlier positions given as (board, to_move) pairs, checked."""
    if not isinstance(history, (list, tuple)) or len(history) > MAX_HISTORY:
        raise ValueError(f"history is a list of at most {MAX_HISTORY:,} (board, to_move) pairs")
    keys = []
    for number, entry in enumerate(history, 1):
        if not isinstance(entry, (list, tuple)) or len(entry) != 2:
            raise ValueError(f"history entry {number} is a (board, to_move) pair, not {_short(entry)}")
        board, to_move = _board(entry[0], most), entry[1]
        if not _whole(to_move) or to_move not in (0, 1):
            raise ValueError(f"history entry {number}: to_move must be 0 or 1, not {_short(to_move)}")
        if sum(board) != seeds:
            raise ValueError(f"history entry {number} holds {sum(board)} seeds, not the {seeds} on the board: "
                             "the history runs since the last capture")
        keys.append((board, to_move))
    return tuple(keys)


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _short(value: Any) -> str:
    """A value for an error message, cut short: a list by its first items (each as
    :func:`~kit.core.errors.show` gives it), anything else as ``show`` gives it."""
    if not isinstance(value, (list, tuple)):
        return show(value)
    items = ", ".join("[...]" if isinstance(item, (list, tuple)) else show(item) for item in value[:HOLES + 1])
    text = f"[{items}{', ...' if len(value) > HOLES + 1 else ''}]"
    return text if len(text) <= MAX_QUOTE else f"{text[:MAX_QUOTE - 3]}... ({len(value):,} items)"


_SEPARATORS = re.compile(r"[,\s|/]+")  # between hole counts (one character class: linear)
_FORM = "expected mover:South a..g/North a..g:captured South-North[:ply], e.g. S:4,4,4,4,4,4,4/4,4,4,4,4,4,4:0-0"


def parse_position(text: str, rules: Rules | str | dict | None = None) -> Position:
    """A position from its string form; raises ValueError naming what is wrong.

    The ply is bounded as in the JSON form (:data:`~kit.core.limits.MAX_PLY`).
    """
    if not isinstance(text, str):
        raise ValueError(f"a position string is text, not {type(text).__name__}")
    if len(text) > MAX_POSITION_STRING:
        raise ValueError(f"this position string is too long: {len(text):,} characters, where a "
                         f"position takes at most {MAX_POSITION_STRING}")
    parts = [part.strip() for part in text.split(":")]
    if len(parts) not in (3, 4) or parts[0] not in ("S", "N"):
        raise ValueError(f"malformed position string '{clip(text)}': {_FORM}")
    mover, holes, captured = parts[:3]
    numbers = _SEPARATORS.split(holes.strip(" ,|/\t\n"))
    if len(numbers) != HOLES:
        raise ValueError(f"position '{clip(text)}': the board needs 14 hole counts, found {len(numbers)}")
    seeds = [number.strip() for number in captured.split("-")]
    ply = parts[3] if len(parts) == 4 else "0"
    for number in (*numbers, *seeds, ply):
        if not (number.isdigit() and number.isascii()):
            raise ValueError(f"malformed position string '{clip(text)}': {show(number)} is not a whole number")
        if len(number) > MAX_DIGITS:
            raise ValueError(f"position '{clip(text)}': a number of {len(number)} digits is too big")
    if len(seeds) != 2:
        raise ValueError(f"malformed position string '{clip(text)}': {_FORM}")
    if int(ply) > MAX_PLY:
        raise ValueError(f"the ply must be 0 to {MAX_PLY:,}, not {show(int(ply))}")
    board = tuple(int(n) for n in numbers)
    return Position(board, (int(seeds[0]), int(seeds[1])), "SN".index(mover), rules, int(ply))


def start(rules: Rules | str | dict | None = None) -> Position:
    """The start position: four seeds in each of the 14 holes, South to move (one position
    for each set of rules: it is immutable, and its moves are found once)."""
    return _start(as_rules(rules))


@lru_cache(maxsize=16)
def _start(rules: Rules) -> Position:
    """The start position under these rules, made once."""
    return _new((SEEDS_PER_HOLE,) * HOLES, (0, 0), 0, rules, 0, (), False)


assert sum(start().board) == TOTAL_SEEDS == 56
