"""The big board: a move stepped through on a picture that fills the screen, with large
controls, keys for a presenter remote, and the predict-then-reveal questions.

A :class:`Stage` is a layout around a :class:`~kit.widgets.controller.BoardController`
for a projector: the narration is the caption in the picture (once, in large type), the
step line and any question sit under it (the question beside the picture, under what a
game shows there, if it shows anything), the buttons below (shown while a move is there to
step through). The classroom's other modes (the set-up, the puzzles) use the same board:
each sets what a click means on the controller when it is chosen.
With **predict, then reveal** on, stepping stops just before each decisive event (see
:mod:`kit.classroom.predict`); a click on the board answers (a wrong one gets "not yet"
and one more try, then the answer), **reveal** shows the answer. While a question is open
nothing on the board gives the answer away (a drawn way of the move is left out, the step
line and the screen readers' narration name only the mover, not the move's notation) and
the buttons that cannot step on are off.
A walk through predict mode on a demonstration is in tests/test_classroom_app.py.
"""
from __future__ import annotations

import html
from typing import Any, Callable

import ipywidgets as widgets

from kit.classroom.predict import Question, Target, check, questions, target_name
from kit.core.game import Trace
from kit.widgets.controller import BoardController
from kit.widgets.feedback import button
from kit.widgets.games import move_label, mover_name


def big_button(description: str, tooltip: str, icon: str = "") -> widgets.Button:
    """A button large enough to hit from a lectern."""
    made = button(description, tooltip, icon=icon)
    made.add_class("kit-big")
    return made


class Stage(widgets.VBox):
    """The big board of one game: step through a move, ask and reveal, or show a position.

    ``position`` is shown first; ``size`` is the drawing's width in inches (the picture is
    scaled to the window anyway; a larger drawing stays sharp on a large screen).
    :meth:`activate` makes a click on the board answer the questions (the demonstrations).
    """

    def __init__(self, position: Any, *, size: float | None = None) -> None:
        self.controller = controller = BoardController(position, size=size)
        self.feedback = controller.feedback
        guard = self.feedback.guard
        self.view = controller.view
        self.view.layout.max_width = "100%"
        controller.label = self.step_label
        controller.narration.add_class("kit-sr-only")  # the picture's caption says it; screen readers read this
        self.where = widgets.HTML()
        self.where.add_class("kit-where")
        self.prompt = controller.prompt
        keys = "with the pointer on the board"  # the board has the keys while the pointer is on it
        self.first_button = big_button("first", f"first: the board before the move (key: Home, {keys})", "fast-backward")
        self.back_button = big_button("back", f"back: one step back (keys: arrow left, Page Up, {keys})", "step-backward")
        self.next_button = big_button("next", f"next: one step on (keys: arrow right, Page Down, {keys})", "step-forward")
        self.last_button = big_button("last", f"last: the board after the move (key: End, {keys})", "fast-forward")
        self.reveal_button = big_button("reveal", "reveal: show the answer to the question", "eye")
        self.predict = widgets.ToggleButton(value=False, description="predict, then reveal", icon="question",
                                            layout=widgets.Layout(width="auto"), tooltip="stop before each decisive event and let the class answer "
                                                    "by clicking the board")
        self.predict.add_class("kit-big")
        self.play = controller.play
        self.feedback.message.add_class("kit-prompt")
        self.first_button.on_click(guard(lambda _: controller.go(0)))
        self.back_button.on_click(guard(lambda _: controller.go(controller.step - 1)))
        self.next_button.on_click(guard(lambda _: self.forward()))
        self.last_button.on_click(guard(lambda _: self.forward(controller.steps)))
        self.reveal_button.on_click(guard(lambda _: self.reveal()))
        self.predict.observe(guard(self._predict_changed), "value")
        controller.on_step.append(self._stepped)
        controller.on_render.append(self._refresh)
        self._asked: Trace | None = None  # the move the questions are of
        self.questions: tuple[Question, ...] = ()
        self.answered: set[int] = set()
        self.tried: set[int] = set()  # the questions answered wrongly once: one more try
        self.question: Question | None = None
        #: Called when a question comes or the last is answered (what to watch for is shortened
        #: while one is open or still to come: it would give the answer away).
        self.on_asking: list[Callable[[], None]] = []
        self._asking = False
        self._settling = False
        self.controls = widgets.HBox([self.play, self.first_button, self.back_button, self.next_button,
                                      self.last_button, self.reveal_button, self.predict])
        self.controls.add_class("kit-controls")
        self.picture_row = widgets.HBox([self.view])  # the picture, and what a game shows beside it
        self.picture_row.add_class("kit-picture-row")
        self._parts: list[widgets.Widget] = [self.picture_row, controller.narration, self.where, self.prompt,
                                             self.controls, self.feedback.message, self.feedback.errors]
        super().__init__(self._parts, layout=widgets.Layout(width="100%", align_items="center"))
        self.add_class("kit-stage")
        self.activate()
        self._refresh()

    # -- the mode ---------------------------------------------------------------------------------

    def activate(self) -> None:
        """A click on the board answers the open question; stepping on stops at the questions."""
        self.controller.set_mode(clicks=self.click, keys=self.key, gate=self._gate)

    def resume(self) -> None:
        """Shown again (back from another mode or game): the open question is asked again."""
        if self.question is not None:
            self._ask(self.question)

    def offer_predict(self, on: bool) -> None:
        """Show the predict button (the demonstrations), or turn predict off and hide it."""
        if not on:
            self.predict.value = False
        self.predict.layout.display = None if on else "none"

    # -- what is shown ---------------------------------------------------------------------------

    def place_beside(self, widget: widgets.Widget) -> None:
        """Show a widget beside the picture (what a game shows beside its board on a projector,
        e.g. the players, reserves and key), and the question line under it: the picture is as
        tall as the window allows, and a question under it would push the page into a scroll."""
        column = widgets.VBox([widget, self.prompt])
        column.add_class("kit-beside-column")
        self.picture_row.children = (self.view, column)
        self.picture_row.add_class("kit-with-beside")
        self.children = tuple(part for part in self._parts if part is not self.prompt)

    @property
    def trace(self) -> Trace | None:
        """The move shown (None: a position)."""
        traces = self.controller.traces
        return traces[0] if traces else None

    def show(self, trace: Trace) -> None:
        """Step through this move from its start; its questions are asked if predict is on."""
        self._asked = None  # asked afresh, even when it is the same move again
        self.controller.load(trace)
        self.say("")
        self._stepped()

    def show_position(self, position: Any, paint: Callable[[Any], None] | None = None) -> None:
        """Show a position without a move (``paint(drawing)`` draws it, if given)."""
        self.controller.show_position(position, paint)
        self.say("")

    def png(self) -> bytes:
        """The board picture shown now."""
        return self.controller.png()

    @property
    def step(self) -> int:
        """The step shown now (0: before the move)."""
        return self.controller.step

    @property
    def prompt_text(self) -> str:
        """The line under the board, as text."""
        return self.controller.prompt_text

    # -- stepping and asking -----------------------------------------------------------------------

    def _questions(self) -> None:
        """The questions of the move shown, asked afresh when another move is shown."""
        trace = self.trace
        if trace is not self._asked:
            self._asked, self.question = trace, None
            self.questions = () if trace is None else questions(trace)
            self.answered, self.tried = set(), set()

    @property
    def questions_to_come(self) -> bool:
        """Whether predict is on and a question of the move is open or still to come."""
        return self._open_question() is not None

    def _open_question(self) -> Question | None:
        """The next question not yet answered, at or after the current step (predict on)."""
        self._questions()
        if not self.predict.value:
            return None
        return next((q for i, q in enumerate(self.questions) if i not in self.answered and q.step >= self.step), None)

    def _gate(self, to: int) -> int:
        """How far a step on to ``to`` goes: up to the next question (asked again when there)."""
        question = self._open_question()
        if question is not None and to > question.step:
            if self.step == question.step:
                self._ask(question, again=self.question is question)
                return self.step
            return question.step
        return to

    def forward(self, to: int | None = None) -> None:
        """Step on (to ``to``, default one step), stopping at the next question in predict mode."""
        self.controller.forward(to)

    def key(self, name: str) -> None:
        """A key the board does not step with: Enter reveals the answer to the open question."""
        if name == "Enter" and self.question is not None:
            self.reveal()

    def click(self, target: Target | None) -> None:
        """A click on the board: an answer to the open question."""
        question = self.question
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
            self.controller.go(question.reveal_step)
        finally:
            self._settling = False
        self._refresh()

    def _ask(self, question: Question, again: bool = False) -> None:
        self.question = question
        self.play.playing = False
        hint = " (click the board to answer, or press reveal)" if again else ""
        self.say(f"Question: {question.text}{hint}", "ask")
        self._refresh()

    def _stepped(self) -> None:
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
                count = len(self.questions)
                events = "its decisive event" if count == 1 else f"each of its {count} decisive events"
                self.say(f"Predict mode: the board stops before {events}." if self.questions
                         else "This move has no decisive event to ask about.", "info")
        else:
            self.say("")
        self._refresh()

    # -- showing --------------------------------------------------------------------------------

    def say(self, text: str, kind: str = "info") -> None:
        """Show a line under the board in large type (``kind``: ask, right, wrong or info)."""
        self.controller.ask(text, kind)

    def step_label(self, trace: Trace | None = None) -> str:
        """The move named on the step line: its notation, or only its mover while a question is
        to come (the notation names the answer, e.g. the hollow a troop ends on)."""
        trace = self.trace if trace is None else trace
        if trace is None:
            return ""
        return f"{mover_name(trace)}'s move" if self._open_question() is not None else move_label(trace)

    def _refresh(self) -> None:
        """Bring the step line, the narration, the buttons and the Play limit up to date."""
        controller = self.controller
        step, steps = controller.step, controller.steps
        hide_way = self._open_question() is not None  # a question to come: the way or notation would answer it
        if self.trace is not None:
            self.where.value = (f'<span style="color:#555">{html.escape(self.step_label())} · '
                                f"step {step} of {steps}</span>")
        else:
            self.where.value = ""
        controller.narrate()
        drawing = controller.drawing
        if getattr(drawing, "way_shown", None) is hide_way:
            drawing.way_shown = not hide_way
            controller.redraw()
        asking = self.question is not None
        if hide_way != self._asking:  # a question open or still to come
            self._asking = hide_way
            for follow in self.on_asking:
                follow()
        self.controls.layout.display = None if self.trace is not None else "none"
        self.first_button.disabled = self.back_button.disabled = step == 0
        self.next_button.disabled = self.last_button.disabled = step == steps or asking
        self.play.disabled = steps == 0 or asking
        self.reveal_button.layout.display = None if self.predict.value else "none"
        self.reveal_button.disabled = not asking
        question = self._open_question()
        limit = question.step if question is not None and question.step >= step else steps
        if self.play.max != limit:  # Play stops by itself at the next question
            self.play.max = max(limit, self.play.value)
