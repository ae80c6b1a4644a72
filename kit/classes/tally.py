"""The projector's side of the class answers: ask the class, the tally, the answers on the board.

:class:`ClassTally` is a row on the teacher's classroom page (``kit.classroom.app(...,
class_db=db, teacher_key=key)``). It watches the projector: when the big board stops at a
predict question (predict, then reveal) or shows a puzzle, the question is asked to every
student's screen; when the projector reveals it (its own **reveal**, or a click on the board
that settles the question), every answer is judged and scored. The row shows how many have
answered ("17 of 23"), **close answers** (no more answers) and **show answers**: the answers
drawn on the board itself, a shaded disc with a count on each place clicked, or a move's path
for each group of moves that come to the same result. Only counts are shown, never names.
"""
from __future__ import annotations

import html
import io
from collections import Counter
from functools import cache
from typing import Any

import ipywidgets as widgets
from PIL import Image, ImageDraw, ImageFont

from kit.classes.answers import Asked, ClassAnswers, Problem
from kit.classes.db import ClassDB
from kit.classes.poll import Poller
from kit.core.errors import ClassError
from kit.core.game import game as find_game
from kit.widgets.feedback import button

#: The colour of the answers drawn on the board (RGB), and the strongest shading's opacity
#: (the piece and the name under a count stay visible through it).
ANSWER_COLOUR = (125, 40, 160)
MOST_OPAQUE = 0.65


@cache
def _font(size: int) -> Any:
    from matplotlib import font_manager

    path = font_manager.findfont(font_manager.FontProperties(family="DejaVu Sans", weight="bold"))
    return ImageFont.truetype(path, size)


def groups(problem: Problem, values: list[dict[str, Any]]) -> list[tuple[int, tuple[Any, ...]]]:
    """The answers grouped by what they come to, most first: (how many, the places one of them
    names on the board: a target, or a move's clicks)."""
    counted: Counter[Any] = Counter()
    marks: dict[Any, tuple[Any, ...]] = {}
    for value in values:
        key = problem.result_key(value)
        counted[key] += 1
        marks.setdefault(key, problem.marks(value))
    return [(count, marks[key]) for key, count in counted.most_common()]


def _pulled(point: tuple[int, int], toward: tuple[int, int], by: float) -> tuple[int, int]:
    """``point`` moved ``by`` pixels toward ``toward`` (not past it)."""
    dx, dy = toward[0] - point[0], toward[1] - point[1]
    length = (dx * dx + dy * dy) ** 0.5
    share = min(by / length, 0.5) if length else 0.0
    return round(point[0] + dx * share), round(point[1] + dy * share)


def draw_answers(png: bytes, drawing: Any, problem: Problem, values: list[dict[str, Any]]) -> bytes:
    """The board picture ``png`` (drawn by ``drawing``) with the answers on it: a disc shaded by
    how many chose each place, with the count, beside the place (where the drawing's ``beside(place)``
    says, else up and to the right, so that its piece and its name stay visible); a path for
    each group of moves."""
    picture = Image.open(io.BytesIO(png)).convert("RGBA")
    layer = Image.new("RGBA", picture.size, (0, 0, 0, 0))
    pen = ImageDraw.Draw(layer)
    found = groups(problem, values)
    most = max((count for count, _ in found), default=1)
    reach = max(12, picture.width // 34)  # about a hole's or hollow's radius on the picture
    radius = max(9, int(reach * 0.7))
    font = _font(max(11, int(radius * 1.15)))
    beside = getattr(drawing, "beside", None)  # where the drawing has room for a mark by a place
    for count, marks in found:
        points = [drawing.pixel_of(mark) for mark in marks]
        alpha = int(255 * MOST_OPAQUE * (0.35 + 0.65 * count / most))
        target = points[-1]
        if len(points) > 1:  # from rim to rim: the pieces at both ends stay visible
            points = [_pulled(points[0], points[1], reach * 0.75), *points[1:-1],
                      _pulled(points[-1], points[-2], reach * 0.75)]
            pen.line(points, fill=(*ANSWER_COLOUR, alpha), width=max(3, radius // 3), joint="curve")
        spot = beside(marks[-1]) if beside is not None else (target[0] + int(reach * 1.2), target[1] - int(reach * 1.2))
        x = max(radius + 2, min(spot[0], picture.width - radius - 2))
        y = max(radius + 2, min(spot[1], picture.height - radius - 2))
        pen.ellipse((x - radius, y - radius, x + radius, y + radius), fill=(*ANSWER_COLOUR, alpha),
                    outline=(255, 255, 255, 255), width=2)
        pen.text((x, y), str(count), font=font, fill=(255, 255, 255, 255), anchor="mm",
                 stroke_width=2, stroke_fill=(*ANSWER_COLOUR, 255))
    out = io.BytesIO()
    Image.alpha_composite(picture, layer).convert("RGB").save(out, format="PNG")
    return out.getvalue()


class ClassTally(widgets.HBox):
    """The class's answers on the teacher's classroom page ``room`` (see the module's docstring);
    ``key`` must be the class's teacher key. :meth:`poll` (run by itself in a kernel) keeps it
    up to date."""

    def __init__(self, room: Any, db: ClassDB, key: str | None) -> None:
        if not db.is_teacher(key):
            raise ClassError("Only the teacher's page shows the class's answers: its address carries the teacher's key.")
        self.room, self.key = room, key
        self.answers = ClassAnswers(db)
        self.feedback = room.feedback
        self.count = widgets.HTML()
        self.count.add_class("kit-class-tally")
        self.close_button = button("close answers", "no more answers to this question", icon="lock")
        self.show_button = button("show answers", "draw the class's answers on the board (counts only, no names)",
                                  icon="bar-chart")
        self.reveal_button = button("reveal", "judge and score the answers to the question asked before this page "
                                    "opened (a reload, or the server restarted)", icon="check")
        for big in (self.close_button, self.show_button, self.reveal_button):
            big.add_class("kit-big")
        guard = self.feedback.guard
        self.close_button.on_click(guard(lambda _: self.close_answers()))
        self.show_button.on_click(guard(lambda _: self.toggle_shown()))
        self.reveal_button.on_click(guard(lambda _: self.reveal_left()))
        self.source: Any = None  # what the question was asked of: (the trace, question index) or the puzzle
        left = self.answers.current()  # a question this page did not ask (a reload, a restart) comes back
        self.asked: Asked | None = left if left is not None and left.state in ("open", "closed") else None
        self._stamp: Any = None
        self._drawn_shown = False
        for stage in room.stages.values():
            stage.controller.on_render.append(self._annotate)
        for board in room.puzzles.values():  # the puzzles' score line tells the class's result instead
            board.class_scored = True
            board.tally.value = ""
        super().__init__([self.count, self.close_button, self.show_button, self.reveal_button])
        self.add_class("kit-class-bar")
        self._refresh()
        self.poller = Poller(self.poll, self.feedback)
        self.poller.start()

    # -- what the projector asks ----------------------------------------------------------------

    def _stage_question(self) -> tuple[Any, ...] | None:
        """What the projector asks now: ("predict", trace, index), ("puzzle", puzzle), or None."""
        room = self.room
        game, mode = room.game.value, room.mode.value
        if mode == "demos":
            stage = room.stages[game]
            if stage.question is not None and stage.trace is not None:
                return ("predict", stage.trace, stage.questions.index(stage.question))
        elif mode == "puzzles":
            board = room.puzzles[game]
            if board.session is not None and not board.revealed:
                return ("puzzle", board.puzzle)
        return None

    def _settled(self) -> bool:
        """Whether the projector has answered the question asked (revealed it, or a click settled it)."""
        source = self.source
        if source is None:
            return False
        if source[0] == "predict":
            _, trace, index = source
            stage = next((s for s in self.room.stages.values() if s.trace is trace), None)
            return stage is not None and index in stage.answered
        board = next((b for b in self.room.puzzles.values() if b.session is not None and b.puzzle is source[1]), None)
        return board is not None and board.revealed

    def sync(self) -> None:
        """Ask the class what the projector asks; reveal what it revealed."""
        if self.asked is not None and self.asked.state not in ("revealed", "dropped") and self._settled():
            self.asked = self.answers.reveal(self.key, self.asked.id)
            if self.asked.shown:  # the solution plays on a clean board (show answers draws them again)
                self.asked = self.answers.show(self.key, self.asked.id, False)
            self._refresh()
        wanted = self._stage_question()
        if wanted is None or self._same(wanted):
            return
        if wanted[0] == "predict":
            demo = self.room.chosen.get(self.room.game.value)
            self.asked = self.answers.ask_predict(self.key, wanted[1], wanted[2], getattr(demo, "title", ""))
        else:
            self.asked = self.answers.ask_puzzle(self.key, wanted[1])
        self.source = wanted
        self._refresh()

    def _same(self, wanted: tuple[Any, ...]) -> bool:
        source = self.source
        return source is not None and len(source) == len(wanted) and all(a is b or a == b
                                                                          for a, b in zip(source, wanted))

    def poll(self) -> None:
        """Follow the projector and the students' answers (run every moment on the kernel's loop)."""
        self.sync()
        stamp = (self.answers.stamp(), self.on_board)
        if stamp != self._stamp:
            self._stamp = stamp
            if self.asked is not None:
                self.asked = self.answers.question(self.asked.id)
            self._refresh()

    @property
    def on_board(self) -> bool:
        """Whether the board shows what the question asked is about (its game, in its mode)."""
        asked, room = self.asked, self.room
        if asked is None or self.source is None or room.game.value != asked.game:
            return False
        return room.mode.value == ("demos" if asked.kind == "predict" else "puzzles")

    # -- the teacher's commands --------------------------------------------------------------------

    def close_answers(self) -> None:
        """No more answers to the open question."""
        if self.asked is None or self.asked.state != "open":
            self.feedback.say("There is no open question to close.")
            return
        self.asked = self.answers.close(self.key, self.asked.id)
        self._refresh()

    def toggle_shown(self) -> None:
        """Show the class's answers on the board, or hide them again."""
        if self.asked is None:
            self.feedback.say("There is no question: its answers are shown once the board asks one.")
            return
        self.asked = self.answers.show(self.key, self.asked.id, not self.asked.shown)
        self._refresh()

    @property
    def left_over(self) -> bool:
        """Whether the question open is one asked before this page opened (not on its board)."""
        return self.asked is not None and self.source is None and self.asked.state in ("open", "closed")

    def reveal_left(self) -> None:
        """Judge and score the question asked before this page opened (its board is not shown here)."""
        if not self.left_over:
            self.feedback.say("Reveal on the board: this button is for a question asked before the page opened.")
            return
        assert self.asked is not None
        self.asked = self.answers.reveal(self.key, self.asked.id)
        self.feedback.say(f"Revealed: {self.answers.right(self.asked.id)} of {self.answers.tally(self.asked.id)[0]} "
                          "answers right; the students see theirs.", "ok")
        self._refresh()

    # -- showing -----------------------------------------------------------------------------------

    @property
    def tally_text(self) -> str:
        """The tally in words: "17 of 23 answered"."""
        if self.asked is None:
            joined = len(self.answers.db.students())
            return f"Class: {joined} joined · no question asked yet"
        answered, joined = self.answers.tally(self.asked.id)
        state = {"open": "", "closed": " (closed)", "revealed": " (revealed)", "dropped": " (not scored)"}
        return f"Class: {answered} of {joined} answered{state[self.asked.state]}"

    @property
    def puzzle_text(self) -> str:
        """The class's result for the puzzle asked, for the puzzle's score line: "class: 2 of 3 right"."""
        if self.asked is None:
            return ""
        answered, joined = self.answers.tally(self.asked.id)
        if self.asked.state != "revealed":
            return f"class: {answered} of {joined} answered"
        missing = f" ({joined - answered} did not answer)" if joined > answered else ""
        return f"class: {self.answers.right(self.asked.id)} of {answered} right{missing}"

    def _refresh(self) -> None:
        asked = self.asked
        text = html.escape(self.tally_text)
        before = (' <span style="white-space:nowrap">· asked before this page opened: reveal it, or ask the next '
                  'one</span>' if self.left_over else "")
        if asked is not None and not self.left_over and asked.state in ("open", "closed") and not self.on_board:
            where = f"{find_game(asked.game).title}'s {'demonstrations' if asked.kind == 'predict' else 'puzzles'}"
            before = f' <span style="white-space:nowrap">· asked on {html.escape(where)}: go back there to reveal</span>'
        self.count.value = f'<span style="font-size:1.3em;white-space:nowrap">{text}</span>{before}'
        self.close_button.disabled = asked is None or asked.state != "open"
        # the answers are drawn on the question's own board only (not on another game's, nor another mode's)
        self.show_button.disabled = asked is None or asked.state == "dropped" or not self.on_board
        self.reveal_button.layout.display = None if self.left_over else "none"
        self.show_button.description = "hide answers" if asked is not None and asked.shown else "show answers"
        if asked is not None and asked.kind == "puzzle" and asked.game in self.room.puzzles and not self.left_over:
            line = html.escape(self.puzzle_text)
            self.room.puzzles[asked.game].tally.value = f'<div class="kit-tally" style="font-size:1.1em">{line}</div>'
        self._redraw()

    def _stage(self) -> Any:
        """The big board the question was asked on (None: no question asked, or another board shown)."""
        if self.asked is None:
            return None
        return self.room.stages.get(self.asked.game)

    def _redraw(self) -> None:
        """Draw the board again when the answers on it changed (shown, hidden, or more of them)."""
        shown = self.asked is not None and self.asked.shown
        stage = self._stage()
        if stage is not None and (shown or self._drawn_shown):
            stage.controller.redraw()
        self._drawn_shown = shown

    def _annotate(self) -> None:
        """Draw the answers on the picture just rendered, when they are shown and the board shows
        the question's move or position."""
        asked, stage, source = self.asked, self._stage(), self.source
        if asked is None or stage is None or source is None or not asked.shown:
            return
        controller = stage.controller
        if source[0] == "predict":
            if not controller.traces or controller.traces[0] is not source[1]:
                return
        else:
            start = controller.traces[0].before if controller.traces else controller.position
            if start.key() != source[1].position.key():
                return
        values = self.answers.values(asked.id)
        controller.view.update(draw_answers(controller.drawing.png(), controller.drawing, asked.problem(), values))
