"""An exercise answered on the widget: a text box checked on Enter (or with **check**), and a list to
choose from where the answer is one of a few (a hole, a letter, a player, yes or no).

A lesson's exercise cell ``answer = ...`` / ``check_answer(key, answer)`` shows this box below the code
while no answer is written there (:meth:`kit.exercises.AnswerFeedback._repr_mimebundle_`), so a student
who writes no Python answers in the box; ``answer = ...`` stays for homework. The box checks exactly
as ``check_answer`` does (the same hints, one more per wrong answer, the answer behind its button).
"""
from __future__ import annotations

import ipywidgets as widgets

from kit.widgets.enter_box import act_on_enter
from kit.widgets.feedback import Feedback, button

#: The list's first entry, before anything is chosen.
UNCHOSEN = "choose…"

#: What the box says before an answer.
WAITING = "Your answer: ... (type it in the box above and press Enter, or write it after answer = and run the cell)"


class AnswerBox(widgets.VBox):
    """The answer box of exercise ``key``: ``entry`` (Enter or ``check_button`` checks it), ``choice``
    (a list, for an exercise with choices: choosing checks), and ``result``, the feedback shown."""

    def __init__(self, key: str) -> None:
        from kit.exercises import AnswerFeedback, check_answer, find_exercise

        exercise = find_exercise(key)
        self.key = key
        self._check = check_answer
        self.feedback = Feedback()
        guard = self.feedback.guard
        self.entry = widgets.Text(placeholder=f"{exercise.form}, then Enter",
                                  description="answer", tooltip=f"type your answer ({exercise.form}) and press Enter",
                                  layout=widgets.Layout(width="24em", max_width="100%"))
        self.check_button = button("check", "check my answer", button_style="primary")
        choices = exercise.choices() if exercise.choices else []
        self.choice = widgets.Dropdown(options=[UNCHOSEN, *choices], value=UNCHOSEN, description="or choose",
                                       layout=widgets.Layout(width="16em",
                                                             display="flex" if choices else "none"))
        self._waiting = AnswerFeedback(key, False, WAITING, answered=False)._repr_html_()
        self.result = widgets.HTML(self._waiting)
        act_on_enter(self.entry, guard(self.answer))
        self.check_button.on_click(guard(lambda _: self.answer(self.entry.value)))
        self.choice.observe(guard(self._chosen), "value")
        row = widgets.HBox([self.entry, self.check_button, self.choice],
                           layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        super().__init__([row, self.result, self.feedback.message, self.feedback.errors])
        self.add_class("kit-answer-box")

    def _chosen(self, change: dict) -> None:
        if change["new"] != UNCHOSEN:
            self.answer(change["new"])

    def answer(self, text: str) -> bool:
        """Check ``text`` as the answer and show the verdict; True if it is right."""
        if not text.strip():
            self.result.value = self._waiting
            return False
        verdict = self._check(self.key, text)
        self.result.value = verdict._repr_html_()
        return verdict.right
