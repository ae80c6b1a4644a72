"""The classroom's puzzle mode: a puzzle from :mod:`kit.puzzles` on the big board, answered
by the class with a click, then revealed with its solution stepped through.

The puzzles, the judging of answers and the class's score and streak are a
:class:`~kit.puzzles.session.PuzzleSession` (the notebook's puzzle widget keeps one too).
A click on the board answers: the hole or hollow itself, or, in a game whose moves take
several clicks (``Game.click_picker``), the move the clicks choose, as on the play boards;
where one target allows several moves, buttons beside the board list them.
"""
from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets

from kit.classroom.stage import Stage, big_button
from kit.puzzles import LEVELS
from kit.puzzles.levels import DIFFICULTY
from kit.puzzles.session import PuzzleSession
from kit.puzzles.widget import draw_puzzle
from kit.core.game import game as find_game


class PuzzlePanel(widgets.VBox):
    """The puzzles of one game beside its big board: the question, the level, **reveal**,
    **next puzzle**, the score and the streak. The first puzzle is drawn when the mode is
    first shown (``seed`` makes the run repeatable)."""

    def __init__(self, game: str, stage: Stage, seed: int | None = None) -> None:
        self.game, self.stage, self.seed = game, stage, seed
        guard = stage.feedback.guard
        self.session: PuzzleSession | None = None
        self.picker = find_game(game).click_picker()  # None: a click is the answer itself
        self.revealed = False
        self.level = widgets.ToggleButtons(options=[(DIFFICULTY[n], n) for n in LEVELS], value=LEVELS[0],
                                           tooltips=["easier", "harder", "hardest"][:len(LEVELS)],
                                           style={"button_width": "5.5em"})
        self.question = widgets.HTML(layout=widgets.Layout(width="100%"))
        self.question.add_class("kit-note")
        self.reveal_button = big_button("reveal", "show the answer and play the solution on the board", "eye")
        self.next_button = big_button("next puzzle", "a new puzzle (one not answered counts as not solved)",
                                      "forward")
        self.tally = widgets.HTML()
        self.choices = widgets.VBox()
        self.level.observe(guard(self._level_changed), "value")
        self.reveal_button.on_click(guard(lambda _: self.reveal()))
        self.next_button.on_click(guard(lambda _: self.next_puzzle()))
        how = "Click the board where the answer is." if self.picker is None else self.picker.how
        super().__init__([widgets.HTML(f"<b>Puzzles</b><br><small>{how}</small>"), self.level, self.question,
                          self.choices, widgets.HBox([self.reveal_button, self.next_button],
                                                     layout=widgets.Layout(flex_flow="row wrap")), self.tally])

    @property
    def puzzle(self) -> Any:
        """The puzzle shown (None before the mode was first shown)."""
        return None if self.session is None else self.session.puzzle

    # -- the mode ------------------------------------------------------------------------------

    def activate(self) -> None:
        """Take over the board's clicks and show the puzzle (drawing the first one)."""
        self.stage.on_click = self.stage.feedback.guard(self.clicked)
        self.stage.predict.value = False
        self.stage.predict.layout.display = "none"
        if self.session is None:
            self.session = PuzzleSession(self.game, level=self.level.value, seed=self.seed)
        self.show()

    def deactivate(self) -> None:
        """Give the board's clicks back."""
        self.stage.on_click = None
        self.stage.predict.layout.display = self.stage.controls.layout.display = None

    def show(self) -> None:
        """The puzzle on the board, its question under it."""
        assert self.session is not None
        self.revealed = False
        self._cancel_choosing()
        puzzle = self.session.puzzle
        self.stage.show_position(puzzle.position, self.paint)
        self.stage.controls.layout.display = "none"  # nothing to step through until the solution is shown
        self.stage.say(puzzle.question, "ask")
        self.stage.feedback.say("Click the board to answer; reveal shows the solution.")
        self.question.value = f"<b>Puzzle: {html.escape(puzzle.heading)}</b><br>{html.escape(puzzle.question)}"
        self._tally()

    def paint(self, drawing: Any) -> None:
        """The puzzle's position, with the piece clicked and where it can go while a move is
        being chosen, else what the puzzle's kind marks."""
        assert self.session is not None
        position = self.session.puzzle.position
        if self.picker is not None and self.picker.clicked:
            drawing.show(position, highlight=self.picker.lit(position), chosen=self.picker.clicked)
        else:
            draw_puzzle(drawing, self.session.puzzle)

    # -- answers ---------------------------------------------------------------------------------

    def clicked(self, target: Any) -> None:
        """A click on the board: an answer, or a step of choosing the move that answers."""
        if self.session is None:
            return
        if self.revealed:
            self.stage.feedback.say("The solution is shown: press next puzzle for another.")
            return
        if self.picker is None:
            if target is None:
                self.stage.feedback.say("Click the board to answer.")
                return
            self.answer(target)
            return
        position = self.session.puzzle.position
        pick = self.picker.click(position, target)
        if pick.move is not None:
            self.answer(pick.move)
            return
        self._offer(list(pick.choices))
        self.stage.feedback.say(pick.text)
        self.stage.show_position(position, self.paint)

    def answer(self, value: Any) -> None:
        """Judge the class's answer (a board target, a move, or typed text) and say right or not yet."""
        assert self.session is not None
        self._cancel_choosing()
        verdict = self.session.answer(value)
        self.stage.show_position(self.session.puzzle.position, self.paint)
        self.stage.say(self.session.puzzle.question, "ask")
        self.stage.feedback.say(verdict.text, "ok" if verdict.right else "error")
        self._tally()

    def reveal(self) -> None:
        """Show the answer and play the solution on the board (unanswered: counted as not solved)."""
        assert self.session is not None
        self._cancel_choosing()
        self.stage.show(self.session.reveal())
        self.stage.controls.layout.display = None
        self.stage.stepper.start_playing()
        self.revealed = True
        self.stage.say(self.session.puzzle.question, "ask")  # cleared as the solution steps on
        self.stage.feedback.say(f"The answer: {self.session.puzzle.answer_text}. Watch the solution step by step; "
                                "next puzzle for another.", "ok")
        self._tally()

    def next_puzzle(self) -> None:
        """A new puzzle (one not answered counts as tried and breaks the streak)."""
        assert self.session is not None
        self.session.next()
        self.show()

    def _level_changed(self, change: dict[str, Any]) -> None:
        if self.session is not None:
            self.session.next(level=change["new"])
            self.show()

    def _offer(self, moves: list[Any]) -> None:
        """Buttons for the moves a click may mean; none: no buttons."""
        self.choices.children = (find_game(self.game).choice_buttons(
            self.session.puzzle.position, moves, self.stage.feedback.guard(self.answer))
            if moves and self.session is not None else ())

    def _cancel_choosing(self) -> None:
        if self.picker is not None:
            self.picker.cancel()
        self._offer([])

    def _tally(self) -> None:
        assert self.session is not None
        text = html.escape(self.session.tally())
        self.tally.value = f'<div class="kit-tally">{text}</div>'
