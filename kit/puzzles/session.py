"""A run of puzzles of one game: the puzzle shown, answers judged, score and streak (no widgets).

The puzzle board (:class:`kit.puzzles.board.PuzzleBoard`, in the notebook and in the
classroom's puzzle mode) keeps one :class:`PuzzleSession`: it draws the puzzles, judges each answer with
:func:`kit.puzzles.answers.judge`, and scores the first whole answer to each puzzle. A
puzzle skipped, or revealed before it was answered, counts as tried and breaks the streak.

>>> import kit
>>> session = PuzzleSession(kit.games()[0], seed=1)
>>> session.answer(session.puzzle.answer).right
True
>>> session.tally()
'score 1 of 1 · streak 1 (best 1)'
"""
from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from kit.core.errors import sentence
from kit.core.game import Trace, game as find_game
from kit.core.verdict import Verdict
from kit.puzzles.answers import judge
from kit.puzzles.generate import make_puzzles, mixed_kinds
from kit.puzzles.levels import DIFFICULTY
from kit.puzzles.puzzle import Puzzle

#: Attempts at drawing a puzzle before giving up (a rare kind at a rare level).
TRIES = 20


class PuzzleSession:
    """Puzzles of ``game`` (of ``kind``, or the common kinds mixed) at ``level``, one at a time,
    with the class's score and streak; ``seed`` makes the run repeatable."""

    def __init__(self, game: str, kind: str | None = None, level: int = 1, seed: int | None = None) -> None:
        self.game, self.kind, self.level = game, kind, level
        self.rng = random.Random(seed)
        self.score = self.tried = self.streak = self.best_streak = 0
        self.answered = False  # whether the current puzzle has been scored
        self.tries = 0  # the answers given to the current puzzle
        self.puzzle: Puzzle = self.draw()

    def draw(self) -> Puzzle:
        """A new puzzle: of the session's kind, or of one of the common kinds drawn at random."""
        for _ in range(TRIES):
            kind = self.kind or self.rng.choice(mixed_kinds(self.game))
            found = make_puzzles(self.game, kind, self.level, count=1, seed=self.rng.randrange(2 ** 32))
            if found:
                return found[0]
        title = find_game(self.game).title
        raise ValueError(f"no {self.kind or ''} puzzle of difficulty {DIFFICULTY[self.level]} was found for {title}")

    def next(self, level: int | None = None) -> Puzzle:
        """Move on to a new puzzle (at ``level``, if given); an unanswered one counts as tried and
        breaks the streak, unless only the level changed."""
        if level is None and not self.answered:
            self.score_answer(False)
        if level is not None:
            self.level = level
        self.puzzle = self.draw()
        self.answered = False
        self.tries = 0
        return self.puzzle

    def answer(self, value: Any) -> Verdict:
        """Judge an answer (typed text, or a board target clicked); the first whole answer
        to a puzzle is scored (one that cannot be read, or an illegal move, is only explained).
        From the second answer on, a verdict that is not "right" says which try it is, so that
        the same words twice still show that the answer was checked."""
        self.tries += 1
        try:
            if isinstance(value, str) and not value.strip():
                raise ValueError("type an answer first")
            verdict = judge(self.puzzle, value)
        except ValueError as error:  # an answer that cannot be read is not scored
            verdict = Verdict(False, sentence(error), final=False)
        if not self.answered and verdict.final:
            self.score_answer(verdict.right)
        return verdict if verdict.right else replace(verdict, text=numbered(verdict.text, self.tries))

    def reveal(self) -> Trace:
        """The solution: the answer move traced (an unanswered puzzle counts as not solved)."""
        if not self.answered:
            self.score_answer(False)
        return self.puzzle.position.trace(self.puzzle.move)

    def score_answer(self, right: bool) -> None:
        """Count the current puzzle as tried, and solved if ``right``."""
        self.answered = True
        self.tried += 1
        self.score += right
        self.streak = self.streak + 1 if right else 0
        self.best_streak = max(self.best_streak, self.streak)

    def tally(self) -> str:
        """The score and streak in one line."""
        return f"score {self.score} of {self.tried} · streak {self.streak} (best {self.best_streak})"


def numbered(text: str, tries: int) -> str:
    """A verdict's text naming the try from the second on: "Not yet (2nd try): ...", "3rd try: ...".

    >>> numbered("Not yet: c captures 2 seeds.", 2)
    'Not yet (2nd try): c captures 2 seeds.'
    >>> numbered("Type an answer first.", 3)
    '3rd try: Type an answer first.'
    """
    if tries < 2:
        return text
    nth = f"{tries}{'th' if 10 <= tries % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(tries % 10, 'th')} try"
    if text.startswith("Not yet:"):
        return f"Not yet ({nth}):{text.removeprefix('Not yet:')}"
    return f"{nth}: {text}"
