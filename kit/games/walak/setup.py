"""Setting up a Walak-pussa position by hand in the classroom: :func:`add_seed` and
:func:`remove_seed` change one hole of a position; the board and the two stores together
never hold more than the game's 56 seeds. Every refusal is a
:class:`kit.classroom.setup.SetupError` saying what is wrong and what to do.

>>> from kit import walak
>>> add_seed(walak.start(), 3)
Traceback (most recent call last):
...
kit.classroom.setup.SetupError: Walak-pussa has 56 seeds and the board and stores hold 56 already: remove a seed first.
"""
from __future__ import annotations

from kit.classroom.setup import SetupError
from kit.games.walak.board import TOTAL_SEEDS, hole_name
from kit.games.walak.position import Position


def seeds_in_play(position: Position) -> int:
    """The seeds on the board and in both stores."""
    return sum(position.board) + sum(position.captured)


def _with_board(position: Position, board: list[int]) -> Position:
    return Position(board, position.captured, position.to_move, position.rules, position.ply)


def add_seed(position: Position, hole: int) -> Position:
    """The position with one seed more in ``hole``; refused beyond 56 seeds."""
    if seeds_in_play(position) >= TOTAL_SEEDS:
        raise SetupError(f"Walak-pussa has {TOTAL_SEEDS} seeds and the board and stores hold "
                         f"{seeds_in_play(position)} already: remove a seed first.")
    board = list(position.board)
    board[hole] += 1
    return _with_board(position, board)


def remove_seed(position: Position, hole: int) -> Position:
    """The position with one seed less in ``hole``; refused for an empty hole."""
    if not position.board[hole]:
        raise SetupError(f"{hole_name(hole)} is empty: there is no seed to take out.")
    board = list(position.board)
    board[hole] -= 1
    return _with_board(position, board)


def with_turn(position: Position, player: int) -> Position:
    """The same board with ``player`` to move."""
    return Position(position.board, position.captured, player, position.rules, position.ply)


def check_walak(position: Position) -> Position:
    """The position if it can be played from: at least one seed on the board (a position
    never holds more than 56, the engine sees to that)."""
    if not any(position.board):
        raise SetupError("The board is empty: put some seeds into the holes first.")
    return position


# -- Myra ----------------------------------------------------------------------------------------
