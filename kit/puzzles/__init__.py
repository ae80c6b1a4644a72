"""Capture puzzles found by the engine in real play, each with one proven answer.

>>> from kit.puzzles import make_puzzles
>>> [p.kind for p in make_puzzles("walak", "relay-end", count=2, seed=1)]
['relay-end', 'relay-end']

Each game lists its kinds (:func:`kinds_for`, e.g. ``kinds_for("walak")``). ``kit.puzzle(game)`` is the
notebook widget; ``python -m kit puzzles`` and ``python -m kit worksheet`` the commands.
"""
from kit.puzzles.generate import LEVELS, PuzzleError, kinds_of, make_puzzles
from kit.puzzles.kinds import kinds_for
from kit.puzzles.puzzle import Puzzle

__all__ = ["kinds_for", "LEVELS", "Puzzle", "PuzzleError", "kinds_of", "make_puzzles"]
