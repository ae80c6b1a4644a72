"""The kinds of puzzle: what they ask, the rule a hint points at, and their finders.

Every finder takes a position and returns the puzzles it holds (often none), each answer
proven by brute force over the legal moves with the game's own engine (each game lists its
kinds in its folder's ``puzzle_kinds`` module; ``game.puzzles()``). Levels: :mod:`kit.puzzles.levels`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from kit.core.game import game as find_game
from kit.puzzles.levels import Found


def _no_targets(puzzle: Any) -> list[tuple[Any, str]]:
    return []


def _nothing_typed(puzzle: Any, target: Any) -> str | None:
    return None


def _nothing_marked(puzzle: Any) -> list[Any]:
    return []


@dataclass(frozen=True)
class Kind:
    """A kind of puzzle: its game and name, its heading in words, what it asks, the finder that proves its answers,
    the judge of a student's answer, and how an answer is given on a board.

    ``judge(puzzle, answer)`` gives a :class:`kit.core.verdict.Verdict` for an answer typed
    or clicked (ValueError when it cannot be read); ``targets(puzzle)`` lists (target, label)
    for answer buttons under the board (none: answers are typed or clicked); ``typed(puzzle,
    target)`` is the text a click on ``target`` puts into the answer box (None: none);
    ``marked(puzzle)`` the board targets ringed while the question is open. On worksheets,
    ``answer_form`` says how an answer is written, ``printed_note`` follows the question and
    ``print_marks(board, puzzle)`` marks the printed board.
    """

    game: str
    name: str
    title: str  # the heading a student reads, e.g. "Which move captures the most?"
    summary: str
    rule: str  # the rule a wrong answer's hint points at
    find: Callable[[Any], list[Found]]
    judge: Callable[[Any, Any], Any]
    placeholder: str  # an example answer, shown in the empty answer box
    in_mix: bool = True  # whether a request without a kind includes this kind (rare kinds do not)
    targets: Callable[[Any], list[tuple[Any, str]]] = _no_targets
    typed: Callable[[Any, Any], str | None] = _nothing_typed
    marked: Callable[[Any], list[Any]] = _nothing_marked
    answer_form: tuple[str, str] = ("the answer", "")  # on worksheets: what to write, and an example
    printed_note: str = ""  # a sentence after the question on worksheets
    print_marks: Callable[[Any, Any], None] | None = None  # marks on a worksheet's board (board drawing, puzzle)


@dataclass(frozen=True)
class Puzzles:
    """What a game brings to puzzles: its kinds, the computer players whose games are searched
    for puzzles, how a puzzle's position stands alone, what the board says first, and the rules
    in three lines for worksheets."""

    kinds: dict[str, Kind]
    seatings: tuple[tuple[Any, ...], ...]  # agent names (or (name, depth)), one per seat
    standing_alone: Callable[[Any], Any]  # the position as a puzzle shows it (no history of the game)
    how_to_answer: str  # the first line under a puzzle's board
    reminder: tuple[str, ...] = ()  # the rules in three lines, at the top of a worksheet's puzzle page


def puzzles_of(game: str) -> Puzzles:
    """What the game called ``game`` brings to puzzles (each game's folder says it)."""
    found = find_game(game).puzzles()
    if found is None:
        raise ValueError(f"{find_game(game).title} has no puzzles")
    return found


def kinds_for(game: str) -> dict[str, Kind]:
    """The kinds of puzzle of the game called ``game``, by name."""
    return puzzles_of(game).kinds
