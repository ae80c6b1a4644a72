"""Setting up a position by hand: seeds into holes, pieces onto hollows, checked as you go.

Walak-pussa: :func:`add_seed` and :func:`remove_seed` change one hole of a position;
the board and the two stores together never hold more than the game's 56 seeds.
Myra: a set-up is a :class:`MyraSetup` (pieces, players, whose turn) changed by
:meth:`MyraSetup.place` and :meth:`MyraSetup.remove`; :meth:`MyraSetup.position` checks
it with the engine's own position checks. :func:`position_text` and
:func:`position_from_text` copy a position out as JSON text and read it back.

Every refusal is a :class:`SetupError` whose message says what is wrong and what to do.

>>> from kit import walak
>>> add_seed(walak.start(), 3)
Traceback (most recent call last):
...
kit.classroom.setup.SetupError: Walak-pussa has 56 seeds and the board and stores hold 56 already: remove a seed first.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Mapping

from kit.core.game import game, games
from kit.core.errors import RecordError
from kit.games.myra.hexgrid import CELLS, INDEX, Cell, cell_name
from kit.games.myra.pieces import MAX_TROOP, PLAYER_NAMES as MYRA_NAMES, Piece
from kit.games.myra.position import RESERVE, Position as MyraPosition
from kit.games.myra.records import make_position
from kit.games.walak.board import TOTAL_SEEDS, hole_name
from kit.games.walak.position import Position as WalakPosition
from kit.games.myra.rules import Rules


class SetupError(RecordError):
    """A set-up position that the rules do not allow; the message says why (widgets show it
    as a message, like any bad position)."""


# -- Walak-pussa ---------------------------------------------------------------------------


def seeds_in_play(position: WalakPosition) -> int:
    """The seeds on the board and in both stores."""
    return sum(position.board) + sum(position.captured)


def _with_board(position: WalakPosition, board: list[int]) -> WalakPosition:
    return WalakPosition(board, position.captured, position.to_move, position.rules, position.ply)


def add_seed(position: WalakPosition, hole: int) -> WalakPosition:
    """The position with one seed more in ``hole``; refused beyond 56 seeds."""
    if seeds_in_play(position) >= TOTAL_SEEDS:
        raise SetupError(f"Walak-pussa has {TOTAL_SEEDS} seeds and the board and stores hold "
                         f"{seeds_in_play(position)} already: remove a seed first.")
    board = list(position.board)
    board[hole] += 1
    return _with_board(position, board)


def remove_seed(position: WalakPosition, hole: int) -> WalakPosition:
    """The position with one seed less in ``hole``; refused for an empty hole."""
    if not position.board[hole]:
        raise SetupError(f"{hole_name(hole)} is empty: there is no seed to take out.")
    board = list(position.board)
    board[hole] -= 1
    return _with_board(position, board)


def with_turn(position: WalakPosition, player: int) -> WalakPosition:
    """The same board with ``player`` to move."""
    return WalakPosition(position.board, position.captured, player, position.rules, position.ply)


def check_walak(position: WalakPosition) -> WalakPosition:
    """The position if it can be played from: at least one seed on the board (a position
    never holds more than 56, the engine sees to that)."""
    if not any(position.board):
        raise SetupError("the board is empty: put some seeds into the holes first.")
    return position


# -- Myra ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class MyraSetup:
    """A Myra board being set up: pieces by cell, the number of players and whose turn; the
    reserves (None: full for each player with a queen), the rules and the ply of a position
    pasted in are kept."""

    pieces: Mapping[Cell, Piece] = field(default_factory=lambda: MappingProxyType({}))
    players: int = 2
    to_move: int = 0
    reserves: tuple[int, ...] | None = None
    rules: Rules = field(default_factory=Rules)
    ply: int = 0

    @classmethod
    def of(cls, position: MyraPosition) -> "MyraSetup":
        """The set-up showing a position (its reserves, rules and ply included)."""
        return cls(MappingProxyType(dict(position.cells)), position.num_players, position.to_move,
                   tuple(position.reserve), position.rules, position.ply)

    def place(self, cell: Cell, piece: Piece) -> "MyraSetup":
        """The set-up with ``piece`` on ``cell`` (replacing what was there)."""
        if not 0 <= piece.owner < self.players:
            raise SetupError(f"{MYRA_NAMES[piece.owner]} does not play in a {self.players}-player game.")
        if not piece.queen and not 1 <= piece.count <= MAX_TROOP:
            raise SetupError(f"a troop has 1 to {MAX_TROOP} soldiers, not {piece.count}.")
        if piece.queen:
            other = next((c for c, p in self.pieces.items() if p.queen and p.owner == piece.owner and c != cell), None)
            if other is not None:
                raise SetupError(f"{MYRA_NAMES[piece.owner]} has a queen on {cell_name(other)} already, and a player "
                                 "has one queen: remove that one first.")
        return replace(self, pieces=MappingProxyType({**self.pieces, cell: piece}))

    def remove(self, cell: Cell) -> "MyraSetup":
        """The set-up without the piece on ``cell``."""
        if cell not in self.pieces:
            raise SetupError(f"{cell_name(cell)} is empty: there is nothing to take off.")
        return replace(self, pieces=MappingProxyType({c: p for c, p in self.pieces.items() if c != cell}))

    def with_players(self, players: int) -> "MyraSetup":
        """The set-up for 2 or 3 players (Green's pieces go with a third player)."""
        if players not in (2, 3):
            raise SetupError(f"Myra is played by 2 or 3 players, not {players}.")
        kept = {c: p for c, p in self.pieces.items() if p.owner < players}
        reserves = self.reserves if players == self.players else None
        return MyraSetup(MappingProxyType(kept), players, self.to_move if self.to_move < players else 0, reserves,
                         self.rules, self.ply)

    def position(self) -> MyraPosition:
        """The position set up, checked as the engine checks a position file; with two
        players both queens must be on the board (a game to demonstrate goes on)."""
        queens = {p.owner for p in self.pieces.values() if p.queen}
        missing = [MYRA_NAMES[p] for p in range(self.players) if p not in queens]
        if self.players == 2 and missing:
            raise SetupError(f"{missing[0]} has no queen: place one, a game needs both queens.")
        try:
            return self._made(classroom=True)
        except RecordError as error:
            raise SetupError(f"this set-up cannot be played: {error}.") from None

    def impossible(self) -> str | None:
        """Why the set-up could not occur in a game (more soldiers than the armies hold), or
        None; such a set-up can still be demonstrated."""
        try:
            self._made(classroom=False)
        except RecordError as error:
            return f"This position cannot occur in a game ({error}); it can still be demonstrated."
        return None

    def _made(self, classroom: bool) -> MyraPosition:
        placed: dict[Cell | str, Piece | str] = dict(self.pieces.items())
        return make_position(placed, self.players, self.to_move, list(self._reserves()), rules=self.rules,
                             ply=self.ply, classroom=classroom)

    def _reserves(self) -> tuple[int, ...]:
        if self.reserves is not None and len(self.reserves) == self.players:
            return self.reserves
        return tuple(_reserve(self, p) for p in range(self.players))

    def draft(self) -> MyraPosition:
        """The set-up as a position for drawing, unchecked (a player without a queen is out)."""
        board = bytearray(len(CELLS))
        for cell, piece in self.pieces.items():
            board[INDEX[cell]] = piece.packed
        queens = {p.owner for p in self.pieces.values() if p.queen}
        out = tuple(p for p in range(self.players) if p not in queens)
        return MyraPosition(bytes(board), self._reserves(), self.to_move, out, self.ply, self.rules)


def _reserve(setup: MyraSetup, player: int) -> int:
    """A full reserve for a player with a queen; none for a player who is out with 3 players."""
    has_queen = any(p.queen and p.owner == player for p in setup.pieces.values())
    return RESERVE if has_queen or setup.players == 2 else 0


# -- text in and out ------------------------------------------------------------------------------


def position_text(position: WalakPosition | MyraPosition) -> str:
    """The position as text to copy: its JSON (``position.to_json()``) on one line."""
    return json.dumps(position.to_json())


def position_from_text(name: str, text: str) -> WalakPosition | MyraPosition:
    """The position in text copied out by :func:`position_text`, checked by the game's
    ``position_from_json``; for Walak-pussa also its compact position string
    (``S:1,0,0,5,0,0,0/1,0,0,0,0,0,0:0-0``). A position of the other game, or text that is
    no position at all, is refused in a teacher's words."""
    text = text.strip()
    if not text:
        raise SetupError("the box is empty: paste a position first.")
    described = game(name)
    try:  # a Myra set-up may hold more soldiers than a game can (it is said to be impossible)
        position = (described.position_from_json(text, classroom=True) if name == "myra" and text.startswith("{")
                    else described.position_from_text(text))
    except ValueError as error:  # RecordError: the JSON's or the game's own text form's problem
        for other in games():
            if other != name and _reads(other, text):
                title = game(other).title
                raise SetupError(f"this is a {title} position; switch to {title} to use it.") from None
        raise SetupError(f"this is not a position the kit can read: {_reason(described.title, text, error)}") from None
    if isinstance(position, WalakPosition):
        check_walak(position)
    return position


def _reads(name: str, text: str) -> bool:
    """Whether the text is a position of that game."""
    try:
        game(name).position_from_text(text)
    except ValueError:
        return False
    return True


def _reason(title: str, text: str, error: Exception) -> str:
    """A short reason why text is no position: not JSON at all, or what the JSON lacks."""
    said = str(error)
    if "not valid JSON" in said or said.startswith("malformed position string"):
        return ("a position copied out with copy out is one line of text starting with { (for Walak-pussa, "
                "also S:4,4,4,4,4,4,4/4,4,4,4,4,4,4:0-0).")
    return f"{said.removeprefix(f'the {title} position ')}."
