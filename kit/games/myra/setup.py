"""Setting up a Myra position by hand in the classroom: a :class:`MyraSetup` (pieces, players,
whose turn) changed by :meth:`MyraSetup.place` and :meth:`MyraSetup.remove`;
:meth:`MyraSetup.position` checks it with the engine's own position checks. Every refusal
is a :class:`kit.classroom.setup.SetupError` saying what is wrong and what to do."""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Mapping

from kit.classroom.setup import SetupError
from kit.core.errors import RecordError
from kit.games.myra.hexgrid import HOLLOWS, INDEX, Hollow, hollow_name
from kit.games.myra.pieces import MAX_TROOP, PLAYER_NAMES, Piece
from kit.games.myra.position import RESERVE, Position
from kit.games.myra.records import make_position
from kit.games.myra.rules import Rules


#: What the engine adds when it refuses more soldiers than a game gives (said otherwise here).
CLASSROOM_ONLY = " (only a set-up in the classroom may have more)"


@dataclass(frozen=True)
class MyraSetup:
    """A Myra board being set up: pieces by hollow, the number of players and whose turn; the
    reserves (None: full for each player with a queen), the rules and the ply of a position
    pasted in are kept."""

    pieces: Mapping[Hollow, Piece] = field(default_factory=lambda: MappingProxyType({}))
    players: int = 2
    to_move: int = 0
    reserves: tuple[int, ...] | None = None
    rules: Rules = field(default_factory=Rules)
    ply: int = 0

    @classmethod
    def of(cls, position: Position) -> "MyraSetup":
        """The set-up showing a position (its reserves, rules and ply included)."""
        return cls(MappingProxyType(dict(position.hollows)), position.num_players, position.to_move,
                   tuple(position.reserve), position.rules, position.ply)

    def place(self, hollow: Hollow, piece: Piece) -> "MyraSetup":
        """The set-up with ``piece`` on ``hollow`` (replacing what was there)."""
        if not 0 <= piece.owner < self.players:
            raise SetupError(f"{PLAYER_NAMES[piece.owner]} does not play in a {self.players}-player game.")
        if not piece.queen and not 1 <= piece.count <= MAX_TROOP:
            raise SetupError(f"A troop has 1 to {MAX_TROOP} soldiers, not {piece.count}.")
        if piece.queen:
            other = next((c for c, p in self.pieces.items() if p.queen and p.owner == piece.owner and c != hollow), None)
            if other is not None:
                raise SetupError(f"{PLAYER_NAMES[piece.owner]} has a queen on {hollow_name(other)} already, and a player "
                                 "has one queen: remove that one first.")
        return replace(self, pieces=MappingProxyType({**self.pieces, hollow: piece}))

    def remove(self, hollow: Hollow) -> "MyraSetup":
        """The set-up without the piece on ``hollow``."""
        if hollow not in self.pieces:
            raise SetupError(f"{hollow_name(hollow)} is empty: there is nothing to take off.")
        return replace(self, pieces=MappingProxyType({c: p for c, p in self.pieces.items() if c != hollow}))

    def position(self) -> Position:
        """The position set up, checked as the engine checks a position file; with two
        players both queens must be on the board (a game to demonstrate goes on)."""
        queens = {p.owner for p in self.pieces.values() if p.queen}
        missing = [PLAYER_NAMES[p] for p in range(self.players) if p not in queens]
        if self.players == 2 and missing:
            raise SetupError(f"{missing[0]} has no queen: place one, a game needs both queens.")
        try:
            return self._made(classroom=True)
        except RecordError as error:
            raise SetupError(f"This set-up cannot be played: {error}.") from None

    def impossible(self) -> str | None:
        """Why the set-up could not occur in a game (more soldiers than the armies hold), or
        None; such a set-up can still be demonstrated."""
        try:
            self._made(classroom=False)
        except RecordError as error:
            reason = str(error).removesuffix(CLASSROOM_ONLY)
            return f"This position cannot occur in a game: {reason}. It can still be demonstrated."
        return None

    def _made(self, classroom: bool) -> Position:
        placed: dict[Hollow | str, Piece | str] = dict(self.pieces.items())
        return make_position(placed, self.players, self.to_move, list(self._reserves()), rules=self.rules,
                             ply=self.ply, classroom=classroom)

    def _reserves(self) -> tuple[int, ...]:
        if self.reserves is not None and len(self.reserves) == self.players:
            return self.reserves
        return tuple(_reserve(self, p) for p in range(self.players))

    def draft(self) -> Position:
        """The set-up as a position for drawing, unchecked (a player without a queen is out)."""
        board = bytearray(len(HOLLOWS))
        for hollow, piece in self.pieces.items():
            board[INDEX[hollow]] = piece.packed
        queens = {p.owner for p in self.pieces.values() if p.queen}
        out = tuple(p for p in range(self.players) if p not in queens)
        return Position(bytes(board), self._reserves(), self.to_move, out, self.ply, self.rules)


def _reserve(setup: MyraSetup, player: int) -> int:
    """A full reserve for a player with a queen; none for a player who is out with 3 players."""
    has_queen = any(p.queen and p.owner == player for p in setup.pieces.values())
    return RESERVE if has_queen or setup.players == 2 else 0
