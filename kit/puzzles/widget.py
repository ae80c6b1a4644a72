"""The puzzle widget: a puzzle on the board, the student's answer, right or not yet, the solution animated.

The board and the solution are a :class:`kit.widgets.MoveStepper`; the student answers
by clicking the board (or an answer button under it) or typing, gets a verdict with a hint, and can then
watch the answer move played step by step. "Next puzzle" draws the next one; the score
and the class's streak run on.
"""
from __future__ import annotations

import html
import re
from typing import Any

import ipywidgets as widgets

import kit
from kit.puzzles.answers import Verdict
from kit.puzzles.kinds import kinds_for, puzzles_of
from kit.puzzles.puzzle import Puzzle
from kit.puzzles.session import PuzzleSession
from kit.widgets.stepper import MoveStepper


def button(description: str, tooltip: str, **options: Any) -> widgets.Button:
    """A button with a visible description and a tooltip."""
    return widgets.Button(description=description, tooltip=tooltip, layout=widgets.Layout(width="auto"), **options)


class PuzzleBoard(widgets.VBox):
    """Puzzles of one game, one at a time: question, board, answer, verdict, solution, score and streak
    (the puzzles, answers and scores are a :class:`~kit.puzzles.session.PuzzleSession`)."""

    def __init__(self, game: str, kind: str | None = None, level: int = 1, seed: int | None = None) -> None:
        """``level`` 1-3 is the difficulty: easy, medium, hard."""
        self.session = PuzzleSession(game, kind, level, seed)
        self.game, self.kind, self.level = game, kind, level
        self.question = widgets.HTML()
        self.stepper = MoveStepper(self.puzzle.position)
        self.feedback = self.stepper.feedback  # one message line (and error area) under the board
        guard = self.feedback.guard
        self.entry = widgets.Text(description="answer",
                                  layout=widgets.Layout(width="22em"))
        self.check_button = button("check", "check my answer", button_style="primary")
        self.solution_button = button("show the solution", "watch the answer move, step by step", icon="play",
                                      disabled=True)
        self.next_button = button("next puzzle", "a new puzzle", icon="forward")
        self.tally = widgets.HTML()
        self.holes = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.check_button.on_click(guard(lambda _: self.answer(self.entry.value)))
        self.solution_button.on_click(guard(lambda _: self.show_solution()))
        self.next_button.on_click(guard(lambda _: self.next_puzzle()))
        self.click = guard(self._clicked)
        self.stepper.view.on_click = self.click
        answer_row = widgets.HBox([self.entry, self.check_button, self.solution_button, self.next_button],
                                  layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        super().__init__([self.question, self.stepper, self.holes, answer_row, self.tally])
        self._show()

    # -- the session's state ------------------------------------------------------------------------

    @property
    def puzzle(self) -> Puzzle:
        """The puzzle shown."""
        return self.session.puzzle

    @property
    def score(self) -> int:
        return self.session.score

    @property
    def tried(self) -> int:
        return self.session.tried

    @property
    def streak(self) -> int:
        return self.session.streak

    @property
    def best_streak(self) -> int:
        return self.session.best_streak

    # -- puzzles ---------------------------------------------------------------------------------

    def next_puzzle(self) -> None:
        """Show a new puzzle (an unanswered one counts as tried and breaks the streak)."""
        self.session.next()
        self._show()

    def _show(self) -> None:
        puzzle = self.puzzle
        self.stepper.show_position(puzzle.position, lambda drawing: draw_puzzle(drawing, puzzle))
        self.question.value = (f'<div style="font-size:1.25em"><b>{kit.game(puzzle.game).title} puzzle: '
                               f'{html.escape(puzzle.heading)}</b><br>{html.escape(puzzle.question)}</div>')
        self.entry.value = ""
        kind = kinds_for(puzzle.game)[puzzle.kind]
        self.entry.placeholder = kind.placeholder
        self.solution_button.disabled = True
        self.holes.children = tuple(self._answer_button(target, label) for target, label in kind.targets(puzzle))
        self.feedback.say(puzzles_of(puzzle.game).how_to_answer)
        self._tally()

    # -- answers ---------------------------------------------------------------------------------

    def answer(self, value: Any) -> Verdict:
        """Judge an answer (typed text, a hole index or a cell); the first whole answer to a puzzle is
        scored (one that cannot be read, or an illegal move, is not)."""
        verdict = self.session.answer(value)
        self.feedback.say(verdict.text, "ok" if verdict.right else "error")
        self.solution_button.disabled = False
        self._tally()
        return verdict

    def _answer_button(self, target: Any, label: str) -> widgets.Button:
        control = button(label, f"answer {label}")
        control.on_click(lambda _: self.click(target))
        return control

    def _clicked(self, target: Any) -> None:
        """A click on the board: a hole or hollow (None: elsewhere, ignored). Where the kind of
        puzzle says so, the click also starts the typed answer (a move starting at a hollow)."""
        if target is None:
            return
        typed = kinds_for(self.puzzle.game)[self.puzzle.kind].typed(self.puzzle, target)
        if typed is not None:
            self.entry.value = typed
        self.answer(target)

    def _tally(self) -> None:
        self.tally.value = f'<span style="font-size:1.1em">{_bold_numbers(self.session.tally())}</span>'

    def show_solution(self) -> None:
        """Play the answer move on the board, step by step (an unanswered puzzle counts as not solved)."""
        self.stepper.load(self.session.reveal(), autoplay=True)
        self.feedback.say(f"The answer: {self.puzzle.answer_text}.", "info")
        self._tally()

    def png(self) -> bytes:
        """The board shown now, as PNG bytes."""
        return self.stepper.png()


def draw_puzzle(drawing: Any, puzzle: Puzzle) -> None:
    """Draw a puzzle's position, ringing what its kind marks while the question is open (e.g.
    the hole of the move a question is about, in the "lift" colour: chosen, not yet played)."""
    marked = kinds_for(puzzle.game)[puzzle.kind].marked(puzzle)
    if marked:
        drawing.show(puzzle.position, chosen=marked)
    else:
        drawing.show(puzzle.position)


def _bold_numbers(tally: str) -> str:
    """The tally with the score and the streak in bold: "score <b>2</b> of 3 · streak <b>1</b> (best 2)"."""
    return re.sub(r"(score|streak) (\d+)", r"\1 <b>\2</b>", tally)
