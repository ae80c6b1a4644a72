"""The puzzle board: a puzzle on the board, the answer, right or not yet, the solution played.

One class serves the notebook (``kit.puzzle(game)``) and the classroom's puzzle mode; each
is a layout around a :class:`~kit.widgets.controller.BoardController`:

- in the notebook the board makes its own: the picture with its step buttons beside the
  question, the answer clicked or typed (check, or Enter in the answer box, judges it) (answer buttons where the kind of puzzle lists
  them), **check**, **show the solution**, **next puzzle**, the score and streak;
- in the classroom it is given the big board's controller and is the panel beside it:
  the question, the level, the buttons for the moves a click may mean, **reveal**, **next
  puzzle**, the class's score and streak (the first puzzle is drawn when the mode is first
  shown, the board hidden meanwhile).

A click on the board answers at once: the hole or hollow itself or, in a game whose moves take
several clicks (``Game.click_picker``), the move the clicks choose, with buttons for the
moves where one click allows several. The puzzles, answers and scores are a
:class:`~kit.puzzles.session.PuzzleSession`.
"""
from __future__ import annotations

import html
import re
from typing import Any

import ipywidgets as widgets

from kit.core.game import game as find_game
from kit.core.verdict import Verdict
from kit.puzzles.generate import LEVELS
from kit.puzzles.kinds import kinds_for, puzzles_of
from kit.puzzles.levels import DIFFICULTY
from kit.puzzles.puzzle import Puzzle
from kit.puzzles.session import PuzzleSession
from kit.widgets.controller import BoardController
from kit.widgets.enter_box import act_on_enter
from kit.widgets.feedback import button
from kit.widgets.stepper import MoveStepper

#: The picture's width in the notebook: beside the answers it fits a laptop's notebook area.
NOTEBOOK_BOARD_WIDTH = "560px"


class PuzzleBoard(widgets.VBox):
    """Puzzles of one game, one at a time: question, board, answer, verdict, solution, score
    and streak. ``level`` 1-3 is the difficulty (easy, medium, hard); ``seed`` makes the run
    repeatable. Without ``controller`` it is the notebook's widget; with one (the classroom's
    big board) it is the panel beside that board (see the module's docstring)."""

    def __init__(self, game: str, kind: str | None = None, level: int = 1, seed: int | None = None, *,
                 controller: BoardController | None = None) -> None:
        self.game, self.kind, self.level, self.seed = game, kind, level, seed
        self.big = controller is not None
        self.session: PuzzleSession | None = None if self.big else PuzzleSession(game, kind, level, seed)
        if controller is None:
            assert self.session is not None
            controller = BoardController(self.session.puzzle.position)
        self.controller = controller
        self.feedback = controller.feedback  # one message line (and error area) under the board
        guard = self.feedback.guard
        self.picker = find_game(game).click_picker()  # None: a click is the answer itself
        self.revealed = False
        self.filled = ""  # the text a click wrote into the answer box (the start of a move)
        self.question = widgets.HTML(layout=widgets.Layout(width="100%"))
        self.reveal_button = button("reveal" if self.big else "show the solution",
                                    "show the answer and play the solution on the board", icon="eye")
        self.next_button = button("next puzzle", "a new puzzle (one not answered counts as not solved)",
                                  icon="forward")
        self.tally = widgets.HTML()
        #: Whether the class answers the puzzles (the classroom with a class connected): the
        #: score line is then the class's, written by :class:`kit.classes.tally.ClassTally`,
        #: not this board's own one-click score.
        self.class_scored = False
        self.choices = widgets.VBox()  # buttons for the moves a click may mean, where it means several
        self.holes = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))  # answer buttons
        self.entry = widgets.Text(description="answer", layout=widgets.Layout(width="20em"))
        self.check_button = button("check", "check my answer", button_style="primary")
        self.level_choice = widgets.ToggleButtons(options=[(DIFFICULTY[n], n) for n in LEVELS], value=level,
                                                  tooltips=["easier", "harder", "hardest"][:len(LEVELS)],
                                                  style={"button_width": "5.5em"})
        self.click = guard(self.clicked)
        self.reveal_button.on_click(guard(lambda _: self.reveal()))
        self.next_button.on_click(guard(lambda _: self.next_puzzle()))
        self.check_button.on_click(guard(lambda _: self.answer(self.entry.value)))
        act_on_enter(self.entry, guard(self.answer))  # Enter in the answer box checks too
        self.level_choice.observe(guard(self._level_changed), "value")
        super().__init__()
        if self.big:
            self._arrange_beside()
        else:
            self._arrange_notebook()
            self.activate()

    def _arrange_notebook(self) -> None:
        """The picture with its step buttons on the left, the question and answers beside it."""
        stepper = MoveStepper(controller=self.controller, compact=True)  # its buttons stay on one row
        self.controller.view.layout.max_width = NOTEBOOK_BOARD_WIDTH
        stepper.layout = widgets.Layout(flex=f"1 1 {NOTEBOOK_BOARD_WIDTH}", min_width="300px")
        answers = widgets.VBox([self.question, self.holes, widgets.HBox([self.entry, self.check_button],
                                                                         layout=widgets.Layout(flex_flow="row wrap")),
                                self.choices, widgets.HBox([self.reveal_button, self.next_button],
                                                           layout=widgets.Layout(flex_flow="row wrap")),
                                self.feedback.message, self.tally],
                               layout=widgets.Layout(flex="1 1 18em", min_width="16em"))
        self.stepper = stepper
        parts: tuple[widgets.Widget, ...] = (
            widgets.HBox([stepper, answers], layout=widgets.Layout(flex_flow="row wrap", grid_gap="1em")),
            self.feedback.errors)
        self.children = parts

    def _arrange_beside(self) -> None:
        """The panel beside the classroom's big board: large buttons, the level to choose."""
        for big in (self.reveal_button, self.next_button):
            big.add_class("kit-big")
        self.question.add_class("kit-note")
        how = "Click the board where the answer is." if self.picker is None else self.picker.how
        parts: tuple[widgets.Widget, ...] = (
            widgets.HTML(f"<b>Puzzles</b><br><small>{html.escape(how)}</small>"), self.level_choice, self.question,
            self.choices,
            widgets.HBox([self.reveal_button, self.next_button], layout=widgets.Layout(flex_flow="row wrap")),
            self.tally)
        self.children = parts

    # -- the session's state ------------------------------------------------------------------------

    @property
    def puzzle(self) -> Any:
        """The puzzle shown (None in the classroom before the mode was first shown)."""
        return None if self.session is None else self.session.puzzle

    @property
    def _session(self) -> PuzzleSession:
        if self.session is None:
            raise ValueError("no puzzle has been drawn yet: choose the puzzles mode first")
        return self.session

    # -- the mode ------------------------------------------------------------------------------

    def activate(self) -> None:
        """A click on the board answers; show the puzzle (in the classroom, the first one is
        drawn now, the board hidden meanwhile so that no other board is seen under its question)."""
        self.controller.set_mode(clicks=self.click)
        if self.session is None:
            self.controller.ask("")
            self.controller.wait("Drawing a puzzle…")
            self.session = PuzzleSession(self.game, self.kind, self.level_choice.value, self.seed)
        self.show()

    def deactivate(self) -> None:
        """Another mode is chosen: forget a move half chosen."""
        self._cancel_choosing()

    # -- puzzles ---------------------------------------------------------------------------------

    def show(self) -> None:
        """The puzzle on the board, its question with it."""
        puzzle = self._session.puzzle
        self.revealed = False
        self._cancel_choosing()
        self.controller.show_position(puzzle.position, self.paint)
        self.controller.ask(puzzle.question, "ask")
        title = "" if self.big else f"{find_game(puzzle.game).title} "
        self.question.value = (f'<div style="font-size:{1 if self.big else 1.25}em"><b>{title}puzzle: '
                               f'{html.escape(puzzle.heading)}</b><br>{html.escape(puzzle.question)}</div>')
        kind = kinds_for(puzzle.game)[puzzle.kind]
        self.entry.value = ""
        self.entry.placeholder = kind.placeholder
        self.holes.children = tuple(self._answer_button(target, label) for target, label in kind.targets(puzzle))
        self.feedback.say("Click the board to answer; reveal shows the solution." if self.big
                          else puzzles_of(puzzle.game).how_to_answer)
        self._tally()

    def next_puzzle(self) -> None:
        """Show a new puzzle (an unanswered one counts as tried and breaks the streak)."""
        self._session.next()
        self.show()

    def _level_changed(self, change: dict[str, Any]) -> None:
        if self.session is not None:
            self.session.next(level=change["new"])
            self.show()

    def paint(self, drawing: Any) -> None:
        """The puzzle's position, with the piece clicked and where it can go while a move is
        being chosen, else what the puzzle's kind marks."""
        puzzle = self._session.puzzle
        if self.picker is not None and self.picker.clicked:
            drawing.show(puzzle.position, highlight=self.picker.lit(puzzle.position), chosen=self.picker.clicked)
        else:
            draw_puzzle(drawing, puzzle)

    # -- answers ---------------------------------------------------------------------------------

    def clicked(self, target: Any) -> None:
        """A click on the board (or an answer button): an answer, or a step of choosing the
        move that answers (whose start goes into the answer box, where the kind says so)."""
        if self.session is None:
            return
        if self.revealed:
            self.feedback.say("The solution is shown: press next puzzle for another.")
            return
        if self.picker is None:
            if target is None:
                self.feedback.say("Click the board to answer.")
                return
            self.answer(target)
            return
        puzzle = self.session.puzzle
        pick = self.picker.click(puzzle.position, target)
        if pick.move is not None:
            self.answer(pick.move)
            return
        typed = kinds_for(puzzle.game)[puzzle.kind].typed(puzzle, target)
        if typed is not None and len(self.picker.clicked) == 1:
            self.entry.value = self.filled = typed
        elif not self.picker.clicked and self.entry.value == self.filled:
            self.entry.value = ""  # the click cancelled the move whose start the board wrote
        self._offer(list(pick.choices))
        self.feedback.say(pick.text)
        self.controller.show_position(puzzle.position, self.paint)

    def answer(self, value: Any) -> Verdict:
        """Judge an answer (typed text, a board target or a move); the first whole answer to a
        puzzle is scored (one that cannot be read, or an illegal move, is not). An answer given
        on the board empties the answer box, so that check never judges text left in it."""
        session = self._session
        self._cancel_choosing()
        if not isinstance(value, str):
            self.entry.value = ""
        verdict = session.answer(value)
        if not self.revealed:
            self.controller.show_position(session.puzzle.position, self.paint)
            self.controller.ask(session.puzzle.question, "ask")
        self.feedback.say(verdict.text, "ok" if verdict.right else "error")
        self._tally()
        return verdict

    def reveal(self) -> None:
        """Show the answer and play the solution on the board (unanswered: counted as not solved)."""
        session = self._session
        self._cancel_choosing()
        self.entry.value = ""
        self.controller.load(session.reveal(), autoplay=True)
        self.revealed = True
        self.feedback.say(f"The answer: {session.puzzle.answer_text}. Watch the solution step by step; "
                          "next puzzle for another.", "ok")
        self._tally()

    def _answer_button(self, target: Any, label: str) -> widgets.Button:
        control = button(label, f"answer {label}")
        control.on_click(lambda _: self.click(target))
        return control

    def _offer(self, moves: list[Any]) -> None:
        """Buttons for the moves a click may mean; none: no buttons."""
        self.choices.children = (find_game(self.game).choice_buttons(
            self._session.puzzle.position, moves, self.feedback.guard(self.answer)) if moves else ())

    def _cancel_choosing(self) -> None:
        if self.picker is not None:
            self.picker.cancel()
        self.choices.children = ()

    def _tally(self) -> None:
        if self.class_scored:
            return
        self.tally.value = (f'<div class="kit-tally" style="font-size:1.1em">'
                            f'{_bold_numbers(html.escape(self._session.tally()))}</div>')

    def png(self) -> bytes:
        """The board shown now, as PNG bytes."""
        return self.controller.png()


def draw_puzzle(drawing: Any, puzzle: Puzzle, hint: tuple[Any, ...] = ()) -> None:
    """Draw a puzzle's position, ringing what its kind marks while the question is open (e.g.
    the hole of the move a question is about, in the "lift" colour: chosen, not yet played);
    ``hint``: targets marked with the hint's dashed rings (e.g. a student's answer)."""
    marked = kinds_for(puzzle.game)[puzzle.kind].marked(puzzle)
    drawing.show(puzzle.position, **({"chosen": marked} if marked else {}), **({"hint": hint} if hint else {}))


def _bold_numbers(tally: str) -> str:
    """The tally with the score and the streak in bold: "score <b>2</b> of 3 · streak <b>1</b> (best 2)"."""
    return re.sub(r"(score|streak) (\d+)", r"\1 <b>\2</b>", tally)
