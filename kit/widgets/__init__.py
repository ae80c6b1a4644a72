"""Notebook widgets: step through a move, and play either game.

``explore(position, move=None)`` is the one entry point: the :class:`MoveStepper` when a
move is given, the game's play board otherwise; ``move="choose"``: a stepper with a chooser of
the moves (:class:`MoveChooser`).
"""
from __future__ import annotations

from typing import Any

from kit.core.game import Trace, game_of
from kit.widgets.move_chooser import MoveChooser
from kit.widgets.side_by_side import side_by_side
from kit.widgets.stepper import MoveStepper

__all__ = ["MoveChooser", "MoveStepper", "explore", "side_by_side"]


def explore(position: Any, move: Any = None, **options: Any) -> Any:
    """The widget for a position of either game: a :class:`MoveStepper` showing ``move`` when
    one is given (or when ``position`` is a Trace), a :class:`MoveChooser` for ``move="choose"``, the
    game's play board otherwise.

    A match of rounds (a game state holding its current round's position) opens the play board
    in match mode.
    ``options`` go to the play board, e.g. ``hints=5`` (hints a game; None: unlimited).
    """
    if move == "choose":
        return MoveChooser(position)
    if move is not None or isinstance(position, Trace):
        if options:
            raise TypeError(f"the move stepper takes no options ({', '.join(options)} are for play boards)")
        return MoveStepper(position, move)
    return game_of(position).play_board()(position, **options)
