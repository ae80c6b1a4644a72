"""The big board: a move stepped through on a picture that fills the screen, with large
controls, keys for a presenter remote, and the predict-then-reveal questions.

A :class:`Stage` keeps a :class:`~kit.widgets.MoveStepper` for the stepping and its
:class:`~kit.widgets.board_view.BoardView` picture, and lays them out for a projector:
the narration is the caption in the picture (once, in large type), the step line and any
question sit under it, the buttons below. With **predict, then reveal** on, stepping
stops just before each decisive event (see :mod:`kit.classroom.predict`); a click on the
board answers (a wrong one gets "not yet" and one more try, then the answer), **reveal**
shows the answer. While a question is open nothing on the board gives the answer away
(a drawn way of the move is left out, the step line names only the mover, not the
move's notation) and the buttons that cannot step on are off.
A walk through predict mode on a demonstration is in tests/test_classroom_app.py.
"""
from __future__ import annotations

import html
from typing import Any, Callable

import ipywidgets as widgets

from kit.classroom.predict import Question, Target, check, questions, target_name
from kit.core.game import Trace
from kit.widgets.feedback import button
from kit.widgets.games import move_label, mover_name
from kit.widgets.stepper import MoveStepper

#: Keys that step forward and back (presenter remotes send Page Down / Page Up).
FORWARD_KEYS = ("ArrowRight", "ArrowDown", "PageDown")
BACK_KEYS = ("ArrowLeft", "ArrowUp", "PageUp")

PROMPT_COLOURS = {"ask": "#0b4f8a", "right": "#1b6e20", "wrong": "#a33b00", "info": "#333333"}


def big_button(description: str, tooltip: str, icon: str = "") -> widgets.Button:
    """A button large enough to hit from a lectern."""
    made = button(description, tooltip, icon=icon)
    made.add_class("kit-big")
    return made


class Stage(widgets.VBox):
    """The big board of one game: step through a move, ask and reveal, or show a position.

    ``position`` is shown first; ``size`` is the drawing's width in inches (the picture is
    scaled to the window anyway; a larger drawing stays sharp on a large screen).
    ``on_click``, when set, receives the clicks on the board instead of the questions
    (the set-up uses it).
    """

    def __init__(self, position: Any, *, size: float | None = None) -> None:
        self.stepper = MoveStepper(position, size=size)
        self.feedback = self.stepper.feedback
        guard = self.feedback.guard
        self.view = self.stepper.view
        self.view.layout.max_width = "100%"
        self.view.on_key = guard(self.key)
        self.view.on_click = guard(self.click)
        self.on_click: Callable[[Target | None], None] | None = None
        self.stepper.narration.add_class("kit-sr-only")  # the picture's caption says it; screen readers read this
        self.where = widgets.HTML()
        self.where.add_class("kit-where")
        self.prompt = widgets.HTML(layout=widgets.Layout(width="100%"))
        self.prompt.add_class("kit-prompt")
        self.prompt_text = ""
        self.first_button = big_button("first", "first: the board before the move (Home)", "fast-backward")
        self.back_button = big_button("back", "back: one step back (arrow left, Page Up)", "step-backward")
        self.next_button = big_button("next", "next: one step on (arrow right, Page Down)", "step-forward")
        self.last_button = big_button("last", "last: the board after the move (End)", "fast-forward")
        self.reveal_button = big_button("reveal", "reveal: show the answer to the question", "eye")
        self.predict = widgets.ToggleButton(value=False, description="predict, then reveal", icon="question",
                                            layout=widgets.Layout(width="auto"), tooltip="stop before each decisive event and let the class answer "
                                                    "by clicking the board")
        self.predict.add_class("kit-big")
        self.play = self.stepper.play
        self.feedback.message.add_class("kit-prompt")
        self.first_button.on_click(guard(lambda _: self.stepper.go(0)))
        self.back_button.on_click(guard(lambda _: self.stepper.go(self.stepper.step - 1)))
        self.next_button.on_click(guard(lambda _: self.forward()))
        self.last_button.on_click(guard(lambda _: self.forward(self.stepper.steps)))
        self.reveal_button.on_click(guard(lambda _: self.reveal()))
        self.predict.observe(guard(self._predict_changed), "value")
        self.stepper.slider.observe(guard(self._stepped), "value")
        self.trace: Trace | None = None
        self.questions: tuple[Question, ...] = ()
        self.answered: set[int] = set()
        self.tried: set[int] = set()  # the questions answered wrongly once: one more try
        self.question: Question | None = None
        self._settling = False
        self.controls = widgets.HBox([self.play, self.first_button, self.back_button, self.next_button,
                                      self.last_button, self.reveal_button, self.predict])
        self.controls.add_class("kit-controls")
        self.picture_row = widgets.HBox([self.view])  # the picture, and what a game shows beside it
        self.picture_row.add_class("kit-picture-row")
        super().__init__([self.picture_row, self.stepper.narration, self.where, self.prompt, self.controls,
                          self.feedback.message, self.feedback.errors],
                         layout=widgets.Layout(width="100%", align_items="center"))
        self.add_class("kit-stage")
        self._refresh()

    # -- what is shown ---------------------------------------------------------------------------

    def place_beside(self, widget: widgets.Widget) -> None:
        """Show a widget beside the picture (what a game shows beside its board on a projector, e.g. the players, reserves and key)."""
        self.picture_row.children = (self.view, widget)
        self.picture_row.add_class("kit-with-beside")

    def show(self, trace: Trace) -> None:
        """Step through this move from its start; its questions are asked if predict is on."""
        self.trace, self.questions, self.answered, self.question = None, (), set(), None
        self.tried = set()
        self.stepper.load(trace)
        self.trace, self.questions = trace, questions(trace)
        self.say("")
        self._stepped({})

    def show_position(self, position: Any, paint: Callable[[Any], None] | None = None) -> None:
        """Show a position without a move (``paint(drawing)`` draws it, if given)."""
        self.trace, self.questions, self.answered, self.question = None, (), set(), None
        self.stepper.show_position(position, paint)
        self.say("")
        self._refresh()

    def png(self) -> bytes:
        """The board picture shown now."""
        return self.stepper.png()

    @property
    def step(self) -> int:
        """The step shown now (0: before the move)."""
        return self.stepper.step

    # -- stepping and asking -----------------------------------------------------------------------

    def _open_question(self) -> Question | None:
        """The next question not yet answered, at or after the current step (predict on)."""
        if not self.predict.value:
            return None
        return next((q for i, q in enumerate(self.questions) if i not in self.answered and q.step >= self.step), None)

    def forward(self, to: int | None = None) -> None:
        """Step on (to ``to``, default one step), stopping at the next question in predict mode."""
        to = self.step + 1 if to is None else to
        question = self._open_question()
        if question is not None and to > question.step:
            if self.step == question.step:
                self._ask(question, again=self.question is question)
                return
            to = question.step
        self.stepper.go(to)

    def key(self, name: str) -> None:
        """A key pressed on the board: arrows and Page Up / Page Down step, Home / End jump,
        space plays or pauses, Enter reveals."""
        if name in FORWARD_KEYS:
            self.forward()
        elif name in BACK_KEYS:
            self.stepper.go(self.step - 1)
        elif name == "Home":
            self.stepper.go(0)
        elif name == "End":
            self.forward(self.stepper.steps)
        elif name == "Enter" and self.question is not None:
            self.reveal()
        elif name == " " and self.stepper.steps:
            if self.question is not None:
                self._ask(self.question, again=True)
            elif self.play.playing:
                self.play.playing = False
            else:
                if self.step == self.stepper.steps:
                    self.stepper.go(0)
                self.stepper.start_playing()

    def click(self, target: Target | None) -> None:
        """A click on the board: an answer to the open question, else the set-up's business."""
        question = self.question
        if question is None and self.on_click is not None:
            self.on_click(target)
            return
        if question is None:
            if self.trace is not None and not self.predict.value:
                self.say("Press predict, then reveal to let the class answer questions by clicking the board.",
                          "info")
            return
        if target is None:  # a stray click beside the holes is no answer
            self._ask(question, again=True)
            return
        verdict = check(question, target)
        index = self.questions.index(question)
        if not verdict.right and index not in self.tried:
            self.tried.add(index)
            self.say(f"Not yet: not {target_name(question, target)}. One more try: {question.text}", "wrong")
            return
        self._settle(question)
        self.say(verdict.text, "right" if verdict.right else "wrong")

    def reveal(self) -> None:
        """Show the answer to the open question."""
        question = self.question
        if question is None:
            self.say("There is no question open: press next.", "info")
            return
        self._settle(question)
        self.say(f"The answer: {question.answer_names}.", "info")

    def _settle(self, question: Question) -> None:
        """The question is answered: go to the step that shows the answer."""
        self.answered.add(self.questions.index(question))
        self.question = None
        self._settling = True  # the next question waits for the next step on: the verdict stays
        try:
            self.stepper.go(question.reveal_step)
        finally:
            self._settling = False
        self._refresh()

    def _ask(self, question: Question, again: bool = False) -> None:
        self.question = question
        self.play.playing = False
        hint = " (click the board to answer, or press reveal)" if again else ""
        self.say(f"Question: {question.text}{hint}", "ask")
        self._refresh()

    def _stepped(self, _change: dict[str, Any]) -> None:
        if self._settling:
            return
        question = self._open_question()
        if question is not None and self.step == question.step:
            if self.question is not question:
                self._ask(question)
        else:
            self.question = None  # stepped away from a question: it is asked again when back
            self.say("")
        self._refresh()

    def _predict_changed(self, change: dict[str, Any]) -> None:
        self.question = None
        if change["new"]:
            question = self._open_question()
            if question is not None and question.step == self.step:
                self._ask(question)
            elif self.trace is not None:
                self.say(f"Predict mode: the board stops before each of the {len(self.questions)} decisive "
                          "events of this move." if self.questions else "This move has no decisive event to ask "
                          "about.", "info")
        else:
            self.say("")
        self._refresh()

    # -- showing --------------------------------------------------------------------------------

    def say(self, text: str, kind: str = "info") -> None:
        """Show a line under the board in large type (``kind``: ask, right, wrong or info)."""
        self.prompt_text = text
        colour = PROMPT_COLOURS[kind]
        weight = "bold" if kind == "ask" else "normal"
        self.prompt.value = (f'<div style="color:{colour};font-weight:{weight}">{html.escape(text, quote=False)}</div>'
                             if text else "")

    def step_label(self) -> str:
        """The move named on the step line: its notation, or only its mover while a question is
        to come (the notation names the answer, e.g. the hollow a troop ends on)."""
        if self.trace is None:
            return ""
        return f"{mover_name(self.trace)}'s move" if self._open_question() is not None else move_label(self.trace)

    def _refresh(self) -> None:
        """Bring the step line, the buttons and the Play limit up to date."""
        stepper = self.stepper
        step, steps = stepper.step, stepper.steps
        hide_way = self._open_question() is not None  # a question to come: the way or notation would answer it
        if self.trace is not None:
            self.where.value = (f'<span style="color:#555">{html.escape(self.step_label())} · '
                                f"step {step} of {steps}</span>")
        else:
            self.where.value = ""
        drawing = stepper.drawing
        if getattr(drawing, "way_shown", None) is hide_way:
            drawing.way_shown = not hide_way
            stepper.redraw()
        asking = self.question is not None
        self.first_button.disabled = self.back_button.disabled = step == 0
        self.next_button.disabled = self.last_button.disabled = step == steps or asking
        self.play.disabled = steps == 0 or asking
        self.reveal_button.layout.display = None if self.predict.value else "none"
        self.reveal_button.disabled = not asking
        question = self._open_question()
        limit = question.step if question is not None and question.step >= step else steps
        if self.play.max != limit:  # Play stops by itself at the next question
            self.play.max = max(limit, self.play.value)
