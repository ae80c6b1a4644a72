"""A gallery of Myra demonstrations: small positions whose move shows one rule.

Each :class:`Demo` is a few pieces placed on the board, the move to play and a short title
with a one-line note on what to watch for. The classroom steps through them on the big
board; ``tests/test_classroom_gallery.py`` checks that every move is legal and shows what
its title says (``shows`` names it: a kind of move, ``capture-N``, ``fortress``, ``queen``,
``pass`` or ``sides``).

>>> demo("capture-3").trace().narration()[3]
"Blue captures Orange's troop of 3 on F7; 3 soldiers leave the game."
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from kit.core.game import Trace
from kit.core.named import finder
from kit.games.myra.hexgrid import Hollow
from kit.games.myra.moves import Move
from kit.games.myra.pieces import Piece
from kit.games.myra.position import Position
from kit.games.myra.records import make_position


@dataclass(frozen=True)
class Demo:
    """A named demonstration: ``move`` (notation) played from the pieces placed in ``pieces``."""

    name: str
    title: str
    pieces: Mapping[str, str]
    move: str
    note: str
    shows: str
    players: int = 2
    to_move: int = 0
    reserve: tuple[int, ...] | None = field(default=None)

    def start(self) -> Position:
        """The position before the move."""
        placed: dict[Hollow | str, Piece | str] = dict(self.pieces.items())
        return make_position(placed, self.players, self.to_move, None if self.reserve is None else list(self.reserve))

    def parsed(self) -> Move:
        """The move as a Move of the start position."""
        return self.start().parse_move(self.move)

    def trace(self) -> Trace[Position]:
        """The move traced from the position."""
        return self.start().trace(self.move)


QUEENS = {"F11": "BQ", "F1": "OQ"}

DEMOS: tuple[Demo, ...] = (
    Demo("move", "Move: a troop of 3 goes 3 steps", {**QUEENS, "F8": "B3", "F6": "O2", "E6": "O1"}, "F8-F7-G6-G5",
         "A troop of n goes up to n steps, winding round pieces; every hollow before the last is empty.",
         "move"),
    Demo("build", "Build up: 2 + 2 = 4", {**QUEENS, "F8": "B2", "F6": "B2"}, "F8-F7-F6",
         "A whole troop moves onto one of its own troops and joins it: never more than 5 in a hollow.", "build"),
    Demo("split", "Split: 2 of a troop of 4 go out", {**QUEENS, "F8": "B4"}, "2:F8-F7-F6",
         "Part of a troop moves, as far as the soldiers taken; the rest stay. A split never captures.", "split"),
    Demo("chain", "Chain up: three singles gathered", {**QUEENS, "E5": "B1", "E6": "B1", "F7": "B1"}, "E5+E6+F7",
         "Single soldiers side by side are picked up one after another into the last hollow of the chain.", "chain"),
    Demo("unchain", "Unchain: a troop laid out", {**QUEENS, "F8": "B3"}, "F8>F7>F6>F5",
         "A troop is laid out one soldier a hollow, each next to the one before; the origin ends empty.", "unchain"),
    Demo("produce", "Produce: a soldier from the reserve", QUEENS, "*E10",
         "Instead of moving, a player brings a reserve soldier onto an empty hollow next to their queen.", "produce"),
    Demo("capture-1", "Capture a single soldier", {**QUEENS, "F8": "B1", "F7": "O1"}, "F8-F7",
         "Ending a move on an enemy troop captures it: one soldier leaves the game.", "capture-1"),
    Demo("capture-2", "Capture a troop of 2", {**QUEENS, "F8": "B1", "F7": "O2"}, "F8-F7",
         "Any size can be captured, even by a single soldier: the troop of 2 leaves the game.", "capture-2"),
    Demo("capture-3", "Capture a troop of 3 from afar", {**QUEENS, "F9": "B3", "F7": "O3"}, "F9-F8-F7",
         "A troop of 3 may go 2 steps and capture at the end of its path.", "capture-3"),
    Demo("capture-4", "Capture a troop of 4, winding", {**QUEENS, "F9": "B3", "F8": "O1", "F7": "O4"},
         "F9-E8-E7-F7", "The path winds round the single soldier in the way and ends on the troop of 4.",
         "capture-4"),
    Demo("fortress", "The immune fortress", {**QUEENS, "F8": "B3", "F7": "O5", "F6": "O2"}, "F8-E7-E6-F6",
         "A fortress of 5 cannot be captured: Blue's troop goes round it and takes the troop of 2 behind.",
         "fortress"),
    Demo("produce-queen", "Production next to the queen", {"F11": "BQ", "F10": "B2", "E10": "B1", "F1": "OQ"},
         "*G10", "Only a hollow next to the queen can receive a new soldier: here the one empty neighbour left.",
         "produce"),
    Demo("queen", "The queen hunt", {"F11": "BQ", "E10": "B2", "G10": "B2", "F1": "OQ", "F8": "O3"},
         "F8-F9-F10-F11", "Orange's troop of 3 runs along the empty row F and takes Blue's queen: the game is over.",
         "queen", to_move=1),
    Demo("pass", "A pass", {"F11": "BQ", "F10": "O5", "E10": "O5", "G10": "O5", "F1": "OQ"}, "pass",
         "Blue's queen is walled in by fortresses and the reserve is empty: no move is legal, so Blue passes.",
         "pass", reserve=(0, 25)),
    Demo("sides", "Three players: changing sides",
         {"F11": "BQ", "F10": "B4", "I1": "B2", "A1": "OQ", "B2": "O3", "C3": "O2",
          "K1": "GQ", "J2": "G4", "K2": "G3", "H1": "G2", "I4": "G1"},
         "I1-J1-K1", "Blue takes Green's queen: Green is out, and every Green soldier on the board turns Blue.",
         "sides", players=3, reserve=(25, 25, 20)),
)

demo = finder(DEMOS, "Myra demonstration")

#: The rules in a few lines (HTML), for the summary beside the classroom's board.
RULES_SUMMARY: tuple[str, ...] = (
    "<b>Move</b> the queen 1 step, a troop of n up to n steps; ending on an enemy troop or queen captures it.",
    "<b>Build up</b>, <b>split</b>, <b>chain up</b>, <b>unchain</b>, or <b>produce</b> a soldier next to "
    "your queen.",
    "A troop of 5 is a <b>fortress</b>: it cannot move whole and cannot be captured.",
    "Take the enemy queen to win. With three players the loser's soldiers change sides.",
)
