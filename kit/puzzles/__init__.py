"""Capture puzzles found by the engine in real play, each with one proven answer.

>>> import kit
>>> from kit.puzzles import kinds_for, make_puzzles
>>> game = kit.games()[0]
>>> kind = next(iter(kinds_for(game)))
>>> [p.kind for p in make_puzzles(game, kind, count=2, seed=1)] == [kind, kind]
True

Each game lists its kinds in its folder (:func:`kinds_for`). ``kit.puzzle(game)`` is the
notebook widget; ``python -m kit puzzles`` and ``python -m kit worksheet`` the commands.
"""
from kit.puzzles.generate import LEVELS, PuzzleError, kinds_of, make_puzzles
from kit.puzzles.kinds import kinds_for
from kit.puzzles.puzzle import Puzzle

__all__ = ["kinds_for", "LEVELS", "Puzzle", "PuzzleError", "kinds_of", "make_puzzles"]
