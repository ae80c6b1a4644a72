"""Choosing a Myra move by clicking hollows: the piece, then where it goes (a chain hollow by hollow).

:class:`MovePicker` keeps the hollows clicked so far and says what each click does: it names
one move (play it), several moves that end at the same hollow (offer them), or the way goes
on (light up the next hollows). A click that cannot start a move raises IllegalMove saying
why, changing nothing. The play boards and the classroom's puzzles use it.

>>> from kit import myra
>>> from kit.games.myra.hexgrid import parse_hollow
>>> picker = MovePicker()
>>> position = myra.start()
>>> picker.click(position, parse_hollow("C8")).text
"Blue's troop of 2 on C8: 23 moves. Click a lit hollow; click elsewhere to cancel."
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kit.core.errors import IllegalMove
from kit.games.myra.hexgrid import Hollow, hollow_name
from kit.games.myra.moves import Move
from kit.games.myra.pieces import PLAYER_NAMES


def origin_hollow(position: Any, move: Move) -> Hollow:
    """The hollow a move is chosen from: the piece that moves, the queen for a produce, the
    first soldier of a chain."""
    if move.action == "produce":
        mover = position.to_move
        return next(hollow for hollow, piece in position.hollows.items() if piece.owner == mover and piece.queen)
    return move.hollows[0]


def click_path(position: Any, move: Move) -> tuple[Hollow, ...]:
    """The hollows clicked, in order, to choose a move: the piece and its target, or every
    hollow of a chain or of an unchaining; () for a pass."""
    if move.action == "pass":
        return ()
    if move.action in ("chain", "unchain"):
        return move.hollows
    return (origin_hollow(position, move), move.hollows[-1])


def fitting_clicks(position: Any, clicked: tuple[Hollow, ...]) -> list[Move]:
    """The legal moves whose click path starts with the hollows clicked."""
    return [m for m in position.legal_moves() if click_path(position, m)[:len(clicked)] == clicked]


@dataclass(frozen=True)
class Pick:
    """What a click did: ``move`` when the clicks name one move; else ``choices``, the moves
    that end at the hollow clicked (to be offered), and ``text``, what to say."""

    text: str
    move: Move | None = None
    choices: tuple[Move, ...] = ()


class MovePicker:
    """The hollows clicked so far for the move being chosen (:attr:`clicked`)."""

    #: How a move is chosen by clicks, for a line of help.
    how = "Click the piece, then where it goes (a chain: each hollow in turn)."

    def __init__(self) -> None:
        self.clicked: list[Hollow] = []

    def cancel(self) -> None:
        """Forget the hollows clicked."""
        self.clicked = []

    def lit(self, position: Any) -> tuple[Hollow, ...]:
        """Where the hollows clicked so far can lead with one more click."""
        clicked = tuple(self.clicked)
        return tuple(dict.fromkeys(click_path(position, m)[len(clicked)] for m in fitting_clicks(position, clicked)
                                   if len(click_path(position, m)) > len(clicked)))

    def ending(self, position: Any, target: Hollow) -> list[Move]:
        """The moves a click on ``target`` would finish (for a hover line)."""
        clicked = (*self.clicked, target)
        return [m for m in fitting_clicks(position, clicked) if len(click_path(position, m)) == len(clicked)]

    def click(self, position: Any, target: Hollow | None) -> Pick:
        """Take a click on ``target`` (None: beside the hollows, which cancels)."""
        mover = PLAYER_NAMES[position.to_move]
        if not self.clicked:
            return self._first(position, target, mover)
        if target is None:
            self.cancel()
            return Pick("Choice cancelled: click one of your pieces to choose again.")
        clicked = (*self.clicked, target)
        if not fitting_clicks(position, clicked):
            first = self.clicked[0]
            self.cancel()
            if target != first and fitting_clicks(position, (target,)):
                return self._first(position, target, mover)
            return Pick(f"{hollow_name(target)} is not a hollow this move can go to: choice cancelled.")
        self.clicked = list(clicked)
        return self._offer(position)

    def _first(self, position: Any, target: Hollow | None, mover: str) -> Pick:
        if target is None:
            return Pick(f"Click one of {mover}'s pieces to move it (the queen to produce a soldier).")
        piece = position.hollows.get(target)
        if piece is None:
            raise IllegalMove(f"{hollow_name(target)} is empty: click one of {mover}'s pieces first "
                              "(the queen, to produce a soldier)")
        if piece.owner != position.to_move:
            raise IllegalMove(f"{hollow_name(target)} holds {piece.describe()}: {mover} is to move")
        if not fitting_clicks(position, (target,)):
            raise IllegalMove(f"{piece.describe()} on {hollow_name(target)} has no legal move")
        self.clicked = [target]
        return self._offer(position)

    def _offer(self, position: Any) -> Pick:
        """The one move the clicks name, or the moves that end here and what to say."""
        clicked = tuple(self.clicked)
        fitting = fitting_clicks(position, clicked)
        ending = [m for m in fitting if len(click_path(position, m)) == len(clicked)]
        going_on = len(ending) < len(fitting)
        if len(ending) == 1 and not going_on:
            self.cancel()
            return Pick("", ending[0])
        first = position.hollows[clicked[0]]
        if len(clicked) == 1:
            text = (f"{first.describe()} on {hollow_name(clicked[0])}: {len(fitting)} moves. Click a lit hollow; "
                    "click elsewhere to cancel.")
        elif ending and going_on:
            text = "Choose one of the move buttons, or click the next lit hollow to go on."
        elif ending:
            text = f"{hollow_name(clicked[-1])} allows {len(ending)} moves: choose one of the move buttons."
        else:
            text = f"So far {'+'.join(map(hollow_name, clicked))}: click the next hollow."
        return Pick(text, None, tuple(ending))
