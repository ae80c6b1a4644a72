"""A student's answer panel: the question the projector asks, on the student's own screen.

When the teacher's projector stops at a predict question or shows a puzzle, every student's
panel shows the same board and question; a click on the board is the student's answer (in a
game whose moves take several clicks, the clicks choose a move, with buttons where one click
allows several). The panel says "Answer sent: ..." and nothing about whether it is right
until the teacher reveals; then it says right or wrong with the kit's own explanation, and
the student's score. The lines that say so stand above the board, the board's height is
capped (:data:`BOARD_HEIGHT`), and the answer sent is marked on the board with dashed rings.
The panel reads the class database (:mod:`kit.classes.answers`) every
:data:`kit.classes.poll.EVERY` seconds; a reloaded page finds its student's answer again.
"""
from __future__ import annotations

import html
import re
from typing import Any, Callable

import ipywidgets as widgets

import kit
from kit.classes.answers import Asked, ClassAnswers, Problem
from kit.classes.db import ClassDB, Student
from kit.classes.poll import Poller
from kit.core.errors import ClassError, IllegalMove
from kit.puzzles.board import draw_puzzle
from kit.widgets.controller import BoardController
from kit.widgets.feedback import Feedback
from kit.widgets.pictures import png_size

#: What the panel says while no question is open.
WAITING = "Waiting for the teacher's question…"

#: What the line at the top of the panel says while the teacher has closed the answers.
CLOSED = "Answers are closed: wait for the reveal."

#: The answer board's greatest height on the screen (CSS pixels): with the question, the lines
#: above the board and the score it fits in about 600 pixels (a 1366 x 768 laptop's page).
BOARD_HEIGHT = 380

#: What the student's board calls the dashed rings that mark their answer (elsewhere: a hint).
YOUR_ANSWER = "your answer"


class AnswerPanel(widgets.VBox):
    """The answer panel of ``student`` in the class of ``db``; :meth:`poll` (run by itself in a
    kernel) brings it up to date with the class."""

    def __init__(self, db: ClassDB, student: Student, *, size: float | None = None) -> None:
        self.answers = ClassAnswers(db)
        self.student, self.size = student, size
        self.feedback = Feedback()
        self.notice = widgets.HTML()
        self.notice.add_class("kit-class-closed")
        self.heading = widgets.HTML()
        self.heading.add_class("kit-class-question")
        self.status = widgets.HTML()
        self.status.add_class("kit-class-status")
        self.score = widgets.HTML()
        self.score.add_class("kit-class-score")
        self.how = widgets.HTML()
        self.choices = widgets.VBox()
        self.boards: dict[str, BoardController] = {}
        self.board_box = widgets.Box()
        self.asked: Asked | None = None
        self.problem: Problem | None = None
        self.picker: Any = None
        self._stamp: Any = None
        self._shown: tuple[int, str] | None = None  # the question and state shown
        #: Called with the question shown whenever it or its state changes (None: no question
        #: open any more): a page may, e.g., bring the panel to the front while one is open.
        self.on_question: list[Callable[[Asked | None], None]] = []
        super().__init__([self.notice, self.heading, self.status, self.score, self.how, self.board_box, self.choices,
                          self.feedback.errors])
        self.add_class("kit-class-answers")
        self.poller = Poller(self.poll, self.feedback)
        self.poll()
        self.poller.start()

    def follow(self, callback: Callable[[Asked | None], None]) -> None:
        """Call ``callback`` with the question shown now (None: none open), then whenever it or
        its state changes (:attr:`on_question`): a page opened while a question is open hides
        what would answer it from the start."""
        self.on_question.append(callback)
        callback(self.asked if self.asked is not None and self.asked.state != "dropped" else None)

    # -- keeping up with the class -----------------------------------------------------------

    def poll(self) -> None:
        """Read the class's last question; show it, or its verdict, when it changed."""
        stamp = self.answers.stamp()
        if stamp == self._stamp:
            return
        self._stamp = stamp
        asked = self.answers.current()
        self._score()
        if asked is None or asked.state == "dropped":
            if asked is not None and self.asked is not None and self.asked.id == asked.id:
                self._say("The teacher moved on: this question is not scored. " + WAITING)
            elif self.asked is None:
                self.heading.value = f"<b>{html.escape(WAITING)}</b>"
            self._notice("")
            changed = self._shown != (None if asked is None else (asked.id, asked.state))
            self._shown = None if asked is None else (asked.id, asked.state)
            self.asked = asked
            self._board_off()
            if changed:
                self._tell(None)
            return
        if self._shown == (asked.id, asked.state):
            return
        new = self.asked is None or self.asked.id != asked.id
        self.asked, self._shown = asked, (asked.id, asked.state)
        if new:
            self._show_question(asked)
        sent = self.answers.sent(self.student, asked.id)
        self._mark(sent)
        self._notice(CLOSED if asked.state == "closed" else "")
        if asked.state == "open":
            self._say(self._sent_text(sent) if sent else "Click the board to answer.")
        elif asked.state == "closed":
            self._cancel_choosing()
            self.how.value = ""
            self._say(self._sent_text(sent, closed=True) if sent else "You did not answer.")
        else:
            self.how.value = ""
            self._revealed(asked, sent)
        self._tell(asked)

    def _tell(self, asked: Asked | None) -> None:
        self.remove_class("kit-class-open")
        if asked is not None:
            self.add_class("kit-class-open")
        for follow in self.on_question:
            follow(asked)

    def _score(self) -> None:
        right, of = self.answers.score(self.student)
        name = html.escape(self.student.name)
        self.score.value = (f"<span>{name} · score: <b>{right}</b> of {of}</span>" if of
                            else f"<span>{name} · score: none yet</span>")

    def _notice(self, text: str) -> None:
        self.notice.value = (f'<div style="font-size:1.2em;font-weight:bold;color:#a33b00">{html.escape(text)}</div>'
                             if text else "")

    # -- showing a question --------------------------------------------------------------------

    def _board(self, game: str, position: Any) -> BoardController:
        if game not in self.boards:
            board = BoardController(position, size=self.size, feedback=self.feedback)
            width, height = png_size(board.png())
            board.view.layout.max_width = f"min(100%, {round(BOARD_HEIGHT * width / height)}px)"
            board.view.layout.max_height = f"{BOARD_HEIGHT}px"
            if hasattr(board.drawing, "name_in_key"):
                board.drawing.name_in_key("hint", YOUR_ANSWER)
                board.redraw()
            board.set_mode(clicks=self.click)
            self.boards[game] = board
        return self.boards[game]

    def _board_off(self) -> None:
        self.how.value = ""
        self.board_box.children = ()
        self.choices.children = ()

    def _show_question(self, asked: Asked) -> None:
        problem = self.problem = asked.problem()
        board = self._board(asked.game, problem.position)
        self.picker = kit.game(asked.game).click_picker() if problem.moves else None
        title = kit.game(asked.game).title
        if problem.puzzle is not None:
            heading = f"{title} puzzle: {asked.data.get('heading', '')}"
            how = "Click the board where the answer is." if self.picker is None else self.picker.how
        else:
            heading = f"{title}: predict"
            how = "Click the board where the answer is."
        self.heading.value = (f"<div><b>{html.escape(heading)}</b><br>"
                              f'<span style="font-size:1.3em">{html.escape(asked.text)}</span></div>')
        self.how.value = f"<div>{html.escape(how)}</div>"
        board.marks = ()
        self._draw_question()
        self.board_box.children = (board.view,)

    def _draw_question(self) -> None:
        """The board as the projector shows it with the question open (the way not drawn)."""
        problem, asked = self.problem, self.asked
        assert problem is not None and asked is not None
        board = self.boards[asked.game]
        if problem.question is not None:
            step = problem.question.step
            board.gate = lambda to: min(to, step)  # the keys never step on past the question
            if getattr(board.drawing, "way_shown", None):
                board.drawing.way_shown = False
            board.load(problem.trace, step=step)
        else:
            board.gate = None
            board.show_position(problem.position, self._paint)

    def _paint(self, drawing: Any) -> None:
        problem = self.problem
        assert problem is not None and problem.puzzle is not None
        if self.picker is not None and self.picker.clicked:
            drawing.show(problem.position, highlight=self.picker.lit(problem.position), chosen=self.picker.clicked)
        else:
            assert self.asked is not None
            draw_puzzle(drawing, problem.puzzle, self.boards[self.asked.game].marks)

    def _revealed(self, asked: Asked, sent: Any) -> None:
        problem = self.problem
        assert problem is not None
        self._cancel_choosing()
        board = self.boards[asked.game]
        if problem.question is not None:
            board.gate = None
            if getattr(board.drawing, "way_shown", None) is False:
                board.drawing.way_shown = True
            board.go(problem.question.reveal_step)
            board.redraw()
        else:
            board.load(problem.position.trace(problem.position.parse_move(problem.puzzle.move)), autoplay=True)
        if sent is None:
            self._say(f"You did not answer. The answer: {asked.answer}.", "info")
        elif sent.right:
            self._say(f"Right! You said {sent.said}. {explanation(sent.verdict)}", "right")
        else:
            self._say(f"Not this time: you said {sent.said}. The answer: {asked.answer}. {explanation(sent.verdict)}",
                      "wrong")

    # -- answering --------------------------------------------------------------------------------

    def click(self, target: Any) -> None:
        """A click on the board: the answer, or a step of choosing the move that answers."""
        asked, problem = self.asked, self.problem
        if asked is None or problem is None or asked.state == "dropped":
            self._say(WAITING)
            return
        if asked.state != "open":
            self._say("This question is closed: no more answers.", "wrong")
            return
        if self.picker is None:
            if target is None:
                self._say("Click on the board: a click beside it is no answer.")
                return
            self.send(target)
            return
        try:
            pick = self.picker.click(problem.position, target)
        except IllegalMove as error:
            self.picker.cancel()
            self._say(str(error), "wrong")
            return
        if pick.move is not None:
            self.send(pick.move)
            return
        self._offer(list(pick.choices))
        self._say(pick.text)
        self._draw_question()

    def send(self, answer: Any) -> None:
        """Send an answer (a target or a move) to the open question; refusals are said."""
        asked = self.asked
        assert asked is not None
        self._cancel_choosing()
        if self.picker is not None:
            self._draw_question()
        try:
            sent = self.answers.answer(self.student.token, asked.id, answer)
        except ClassError as error:
            self._say(str(error), "wrong")
            return
        self._mark(sent)
        self._say(self._sent_text(sent))

    def _mark(self, sent: Any) -> None:
        """Mark the answer sent on the board (dashed rings: the hole or hollow, or the move's)."""
        asked, problem = self.asked, self.problem
        if asked is None or problem is None or asked.game not in self.boards:
            return
        board = self.boards[asked.game]
        marks = () if sent is None else tuple(problem.marks(sent.value))
        if marks != board.marks:
            board.marks = marks
            board.redraw()

    def _sent_text(self, sent: Any, closed: bool = False) -> str:
        if closed:
            return f"Your answer: {sent.said}."
        more = ("You may change it once until the teacher closes the question." if sent.sent < 2
                else "This is your final answer.")
        return f"Answer sent: {sent.said}. {more}"

    def _offer(self, moves: list[Any]) -> None:
        problem = self.problem
        assert problem is not None
        self.choices.children = (kit.game(problem.game.name).choice_buttons(
            problem.position, moves, self.feedback.guard(self.send)) if moves else ())

    def _cancel_choosing(self) -> None:
        if self.picker is not None:
            self.picker.cancel()
        self.choices.children = ()

    def _say(self, text: str, kind: str = "info") -> None:
        colours = {"info": "#1a1a1a", "right": "#1b6e20", "wrong": "#a33b00"}
        self.status.value = f'<div style="font-size:1.2em;color:{colours[kind]}">{html.escape(text)}</div>'
        self.status_text = text


def explanation(verdict: str | None) -> str:
    """A verdict's explanation without its "Right!" or "Not yet:" (the panel says that itself); the
    rule a wrong puzzle answer is told as a hint is said as the reason: "Why:".

    >>> explanation("Not yet: G1-G2 captures 0 soldiers; another move captures more.")
    'G1-G2 captures 0 soldiers; another move captures more.'
    >>> explanation("Not yet: c sows 2 seeds. Hint: pussa kanawa.")
    'C sows 2 seeds. Why: pussa kanawa.'
    """
    text = re.sub(r"^(Right|Not yet)\s*[!:.]\s*", "", verdict or "")
    text = re.sub(r"\bHint:", "Why:", text)
    return text[:1].upper() + text[1:]


def answer_panel(db: ClassDB, student: Student, *, size: float | None = None) -> AnswerPanel:
    """The answer panel of ``student`` (a student of the class in ``db``); ClassError if not one."""
    if db.student(student.token) != student:
        raise ClassError("This page is not a student's seat in this class: join the class again.")
    return AnswerPanel(db, student, size=size)
