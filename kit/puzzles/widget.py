"""The puzzle widget: a puzzle on the board, the student's answer, right or not yet, the solution animated.

The board and the solution are a :class:`kit.widgets.MoveStepper`; the student answers
by clicking a hole (Walak-pussa) or typing, gets a verdict with a hint, and can then
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
        self.entry = widgets.Text(placeholder=_placeholder(self.puzzle), description="answer",
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
        self.entry.placeholder = _placeholder(puzzle)
        self.solution_button.disabled = True
        self.holes.children = _hole_buttons(self) if puzzle.game == "walak" else ()
        self.feedback.say("Click a hole or type your answer, then check." if puzzle.game == "walak"
                          else "Type your answer, then check.")
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

    def _clicked(self, target: Any) -> None:
        """A click on the board: a hole index or a Myra cell (None: elsewhere, ignored). A Myra
        move starts at the clicked hollow: its name goes into the answer box to be completed."""
        if target is None:
            return
        if isinstance(target, tuple) and self.puzzle.kind != "save-the-queen":
            from kit.myra import cell_name

            self.entry.value = cell_name(target)
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
    """Draw a puzzle's position; a relay-end puzzle rings the hole of the move it asks about
    (in the "lift" colour: a move chosen, not yet sown)."""
    if puzzle.kind == "relay-end":
        drawing.show(puzzle.position, chosen=[puzzle.position.parse_move(puzzle.move)])
    else:
        drawing.show(puzzle.position)


def _bold_numbers(tally: str) -> str:
    """The tally with the score and the streak in bold: "score <b>2</b> of 3 · streak <b>1</b> (best 2)"."""
    return re.sub(r"(score|streak) (\d+)", r"\1 <b>\2</b>", tally)


def _placeholder(puzzle: Puzzle) -> str:
    if puzzle.game == "walak":
        return "e.g. North's c" if puzzle.kind == "relay-end" else "a hole letter, e.g. c"
    return "a hollow and a kind, e.g. F7 split" if puzzle.kind == "save-the-queen" else "a move, e.g. F5-F6"


def _hole_buttons(board: PuzzleBoard) -> tuple[widgets.Widget, ...]:
    """A button per hole that can be the answer: the mover's holes, or (relay-end) every hole."""
    from kit.walak import hole_name
    from kit.walak.board import side

    puzzle = board.puzzle
    holes = range(14) if puzzle.kind == "relay-end" else side(puzzle.position.to_move)
    buttons = []
    for hole in holes:
        label = hole_name(hole) if puzzle.kind == "relay-end" else hole_name(hole).split()[-1]
        control = button(label, f"answer {hole_name(hole)}")
        control.on_click(lambda _, hole=hole: board.click(hole))
        buttons.append(control)
    return tuple(buttons)
