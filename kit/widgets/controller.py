"""The board controller: one per board picture, whatever is laid out around it.

A :class:`BoardController` holds the drawing and its :class:`~kit.widgets.board_view.BoardView`,
what is shown (a position, with a paint function for its highlights, or the traces of moves
being stepped through, and the step), the Play clock that steps them, and what a click, a
key or the pointer means now. It is the only thing that binds the view's events:

- a click goes to :attr:`clicks`, the hover to :attr:`hovers` (the mode's handlers, set
  together with :meth:`set_mode`);
- the stepping keys (arrows, Page Up / Page Down, Home, End, space) step the board itself,
  through the mode's :attr:`gate` (which may stop the step short, e.g. at a question);
  other keys go to the mode's :attr:`keys`.

Every widget is a layout around a controller and calls its methods: the notebook's
:class:`~kit.widgets.stepper.MoveStepper` (its button row and slider), a game's play
board, the classroom's stage, the puzzle board and the set-up.

>>> import kit
>>> start = kit.game(kit.games()[0]).start()
>>> board = BoardController(start)
>>> board.load(start.trace(start.legal_moves()[0]))
>>> board.view.handle_event({"type": "keydown", "key": "ArrowRight"})
>>> board.step, board.text == board.traces[0].narration()[0]
(1, True)
"""
from __future__ import annotations

import html
import math
import threading
import time
from typing import Any, Callable, Sequence

import ipywidgets as widgets

from kit.core.game import Trace, game_of
from kit.widgets.board_view import BoardView
from kit.widgets.feedback import CALLBACK_LOCK, Feedback
from kit.widgets.games import move_label, status_text, trace_of

#: Play speeds: label and milliseconds per step.
SPEEDS: tuple[tuple[str, int], ...] = (("slow", 1500), ("normal", 800), ("fast", 400), ("very fast", 150))

#: Inline CSS that hides text from the eye but not from screen readers.
SCREEN_READERS_ONLY = ("position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;"
                       "clip:rect(0,0,0,0);white-space:nowrap;border:0")

#: Keys that step the move (presenter remotes send Page Up / Page Down), and by how much.
STEP_KEYS = {"ArrowRight": 1, "ArrowDown": 1, "PageDown": 1, "ArrowLeft": -1, "ArrowUp": -1, "PageUp": -1}

Handler = Callable[[Any], None]

PROMPT_COLOURS = {"ask": "#0b4f8a", "right": "#1b6e20", "wrong": "#a33b00", "info": "#333333"}


class BoardController:
    """The board of one widget: drawing, picture, what is shown, the step, and what the
    board's events mean (see the module's docstring).

    ``position`` is shown first; ``size`` is the drawing's width in inches (default: the
    drawing's own); ``feedback`` is the message line and error area the board's events
    report to (default: a new one).
    """

    def __init__(self, position: Any, *, size: float | None = None, feedback: Feedback | None = None) -> None:
        self.drawing = game_of(position).drawing()(position, **({} if size is None else {"size": size}))
        self.feedback = feedback or Feedback()
        guard = self.feedback.guard
        self.view = BoardView(self.drawing, on_click=guard(self._clicked), on_key=guard(self.key, always=True),
                              on_hover=guard(self._hovered, always=True))
        #: The step clock: the browser's Play button steps it; its ``max`` is how far Play goes.
        self.play = widgets.Play(min=0, max=0, value=0, interval=SPEEDS[1][1], show_repeat=False,
                                 tooltip="play / pause: step through the move automatically",
                                 layout=widgets.Layout(width="auto"))
        #: The narration of the step shown, for screen readers (the picture's caption shows it).
        self.narration = widgets.HTML(layout=widgets.Layout(width="100%", min_height="1.4em"))
        #: A line under the board in large type: the question asked (a layout places it, or not).
        self.prompt = widgets.HTML(layout=widgets.Layout(width="100%"))
        self.prompt.add_class("kit-prompt")
        self.prompt_text = ""
        #: Called after every picture shown (a play board keeps its status line with the picture).
        self.on_render: list[Callable[[], None]] = []
        #: Called when the step changes by :meth:`go` (not when other moves are loaded).
        self.on_step: list[Callable[[], None]] = []
        #: How the move is named on the step line (a question open names only the mover).
        self.label: Callable[[Trace[Any]], str] = move_label
        self.clicks: Handler | None = None
        self.hovers: Handler | None = None
        self.keys: Handler | None = None
        self.gate: Callable[[int], int] | None = None
        #: Board targets marked with the drawing's dashed "hint" rings on every picture not painted
        #: by a paint function (e.g. a student's answer); set it, then :meth:`redraw`.
        self.marks: tuple[Any, ...] = ()
        self.traces: tuple[Trace[Any], ...] = ()
        self.position = position
        self._steps = self._step = 0
        self._interval: int | None = None  # the interval of a play started from the kernel
        self._timer: threading.Timer | None = None
        self._deadline: float | None = None  # when a play given ``within_ms`` must have ended (monotonic)
        self._drawn_s = 0.0  # how long the last step took to draw
        self._shown: tuple[int, int] | None = None
        self._quiet = False
        self._paint: Callable[[Any], None] | None = None
        self.play.observe(guard(self._played, always=True), "value")
        self.play.observe(self._playing_changed, "playing")
        self._render()

    # -- what the board's events mean -----------------------------------------------------------

    def set_mode(self, clicks: Handler | None = None, keys: Handler | None = None, hovers: Handler | None = None,
                 gate: Callable[[int], int] | None = None) -> None:
        """What the board's events mean from now on: ``clicks(target)`` gets a click (a hole,
        a hollow, None elsewhere), ``hovers(target)`` the target under the pointer, ``keys(name)``
        the keys that do not step, and ``gate(to)`` the step a step forward may go to."""
        self.clicks, self.keys, self.hovers, self.gate = clicks, keys, hovers, gate

    def _clicked(self, target: Any) -> None:
        if self.clicks is not None:
            self.clicks(target)

    def _hovered(self, target: Any) -> None:
        if self.hovers is not None:
            self.hovers(target)

    def key(self, name: str) -> None:
        """A key pressed on the board: arrow keys and Page Up / Page Down step, Home / End
        jump to the first / last step, space plays or pauses; others go to :attr:`keys`."""
        if name in STEP_KEYS:
            if STEP_KEYS[name] > 0:
                self.forward()
            else:
                self.go(self.step - 1)
        elif name == "Home":
            self.go(0)
        elif name == "End":
            self.forward(self.steps)
        elif name == " " and self.steps:
            self.toggle_playing()
        elif name != " " and self.keys is not None:
            self.keys(name)

    def forward(self, to: int | None = None) -> None:
        """Step on (to ``to``, default one step), as far as the mode's :attr:`gate` lets it."""
        to = self.step + 1 if to is None else to
        self.go(to if self.gate is None else self.gate(to))

    def toggle_playing(self) -> None:
        """Pause a play, else play on (from the start when at the end) as far as the gate lets it."""
        if self.play.playing:
            self.play.playing = False
            return
        if self.step == self.steps:
            self.go(0)
        if self.gate is None or self.gate(self.step + 1) > self.step:
            self.start_playing()

    # -- what is shown ----------------------------------------------------------------------------

    def load(self, traces: Trace[Any] | Sequence[Trace[Any]], step: int = 0, autoplay: bool = False,
             within_ms: int | None = None) -> None:
        """Show these moves, one after the other, at ``step`` (the end if negative);
        ``autoplay`` plays them from there (in at most ``within_ms``, if given)."""
        traces = (traces,) if isinstance(traces, Trace) else tuple(traces)
        if not traces:
            raise ValueError("the board needs at least one move to step through")
        self.traces, self.position, self._paint = traces, traces[0].before, None
        self._set_range(sum(len(t.events) for t in traces), step)
        if autoplay and self.steps:
            self.start_playing(within_ms)

    def extend(self, trace: Trace[Any], autoplay: bool = False, within_ms: int | None = None) -> None:
        """Add a move after the moves shown, keeping the step shown; ``autoplay`` plays on
        into it (if Play has stopped at the end, from there; in at most ``within_ms``), else
        it shows its end."""
        if not self.traces:  # the picture showed the position before it: its first step at once
            self.load(trace, step=1 if autoplay else -1, autoplay=autoplay, within_ms=within_ms)
            return
        self.traces = (*self.traces, trace)
        self._steps += len(trace.events)
        self._limit(self._steps)
        if autoplay:
            if self._timer is None:  # the picture at rest: the move's first step at once, as a move played
                self.start_playing(within_ms, at_once=True)
            elif within_ms is not None:  # playing on into it: what is left still lasts at most within_ms
                left = max(1, self.play.max - self.step)
                self._interval = min(self._interval or self.play.interval, max(1, within_ms // left))
                self._deadline = time.monotonic() + within_ms / 1000
        else:
            self.go(self._steps)

    def show_position(self, position: Any, paint: Callable[[Any], None] | None = None) -> None:
        """Show a position without a move; ``paint(drawing)``, if given, draws it instead of
        ``drawing.show(position)`` (a play board's highlights)."""
        self.traces, self.position, self._paint = (), position, paint
        self._set_range(0, 0)

    def ask(self, text: str, kind: str = "info") -> None:
        """Show a line under the board in large type (``kind``: ask, right, wrong or info; empty: clear it)."""
        self.prompt_text = text
        weight = "bold" if kind == "ask" else "normal"
        self.prompt.value = (f'<div style="color:{PROMPT_COLOURS[kind]};font-weight:{weight}">'
                             f'{html.escape(text, quote=False)}</div>' if text else "")

    def wait(self, text: str) -> None:
        """Hide the picture until the next one is drawn (no stale board is seen meanwhile), saying why."""
        self.view.layout.visibility = "hidden"
        self.feedback.say(text)

    def _set_range(self, steps: int, step: int) -> None:
        self.play.playing = False
        self._stop_timer()
        self._shown = None
        self._steps = steps
        self._step = steps if step < 0 else max(0, min(step, steps))
        self._limit(steps)
        self._render()

    def _limit(self, steps: int) -> None:
        """Play's range: up to ``steps``, at the step shown."""
        self._quiet = True
        try:
            self.play.max = max(steps, self._step)
            self.play.value = self._step
        finally:
            self._quiet = False

    @property
    def steps(self) -> int:
        """The number of events of the moves shown."""
        return self._steps

    @property
    def step(self) -> int:
        """The current step: 0 before the first event, ``steps`` after the last."""
        return self._step

    def go(self, step: int) -> None:
        """Show the board after ``step`` events (clamped to 0..steps)."""
        step = max(0, min(step, self.steps))
        if step == self._step:
            return
        self._step = step
        self._quiet = True
        try:
            if self.play.max < step:
                self.play.max = step
            self.play.value = step
        finally:
            self._quiet = False
        self._render()
        for follow in self.on_step:
            follow()

    def _played(self, change: dict[str, Any]) -> None:
        """Play stepped in the browser (its own button, or a linked slider)."""
        if not self._quiet and not self.stepping:
            self.go(change["new"])

    @property
    def stepping(self) -> bool:
        """Whether the kernel is playing (:meth:`start_playing`): the browser's echoes of the
        steps it sets are not steps of their own then (late, they would step back)."""
        return self._timer is not None

    def locate(self, step: int | None = None) -> tuple[Trace[Any] | None, int]:
        """The trace the step falls in and the step within it (a boundary belongs to the move
        it ends); (None, 0) when no move is shown."""
        step = self.step if step is None else step
        for trace in self.traces:
            if step <= len(trace.events):
                return trace, step
            step -= len(trace.events)
        return None, 0

    @property
    def event(self) -> Any:
        """The event just shown, or None at step 0 or without a move."""
        trace, step = self.locate()
        return trace.events[step - 1] if trace is not None and step else None

    @property
    def text(self) -> str:
        """The narration of the current step as plain text."""
        event = self.event
        if event is not None:
            return str(event.text)
        if self.traces:
            trace = self.traces[0]
            return f"{self.label(trace)}: {len(trace.events)} steps. Press play or next."
        return status_text(self.position)

    def png(self) -> bytes:
        """The board picture shown now, as PNG bytes."""
        return self.view.png()

    def use_drawing(self, drawing: Any) -> None:
        """Draw with another drawing of the game from now on (e.g. a projector's), showing the same step."""
        self.drawing = drawing
        self.view.board = drawing
        self.redraw()

    def redraw(self) -> None:
        """Draw the step shown again (after a change to how the drawing shows it)."""
        self._shown = None
        self._render()

    def _render(self) -> None:
        trace, step = self.locate()
        key = (id(trace), step)
        if key == self._shown:
            return
        self._shown = key
        marked = {"hint": self.marks} if self.marks else {}
        if trace is None:
            if self._paint is None:
                self.drawing.show(self.position, **marked)
            else:
                self._paint(self.drawing)
        else:
            self.drawing.show(trace.before, trace.events, step, **marked)
        self.view.update(self.drawing.png())
        self.view.layout.visibility = None
        self.narrate()
        for follow in self.on_render:
            follow()

    def narrate(self) -> None:
        """Write the narration of the step shown (the step line and, for screen readers, the event)."""
        trace, step = self.locate()
        where = ""
        if trace is not None:
            # the step counts over all the moves shown; with several moves the step within
            # the one shown follows in brackets
            number = self.traces.index(trace) + 1
            within = (f" (move {number} of {len(self.traces)}: its step {step} of {len(trace.events)})"
                      if len(self.traces) > 1 else "")
            where = (f'<span style="color:#666">{html.escape(self.label(trace), quote=False)} · '
                     f"step {self.step} of {self.steps}{within}</span><br>")
        spoken = html.escape(self.text, quote=False)
        self.narration.value = (f'<div style="font-size:1.2em;line-height:1.35">{where}'
                                f'<span style="{SCREEN_READERS_ONLY}">{spoken}</span></div>')

    # -- playing from the kernel --------------------------------------------------------------------

    def start_playing(self, within_ms: int | None = None, at_once: bool = False) -> None:
        """Play from the step shown to Play's ``max``, one step per ``interval`` (shorter, if
        ``within_ms`` is given, so that the play lasts at most that long), from the kernel
        (the browser's Play loop runs only when its own button is pressed); ``at_once``: the
        first step without waiting an interval."""
        self._stop_timer()
        left = self.play.max - self.step
        if left <= 0:
            return
        self._interval = None if within_ms is None else min(self.play.interval, max(1, within_ms // left))
        self._deadline = None if within_ms is None else time.monotonic() + within_ms / 1000
        self._drawn_s = 0.0
        self.play.playing = True
        self._tick_later(0.0 if at_once else None)

    @property
    def playing(self) -> bool:
        """Whether a play is under way."""
        return bool(self.play.playing)

    def _tick_later(self, wait_s: float | None = None) -> None:
        wait = (self._interval or self.play.interval) / 1000 if wait_s is None else wait_s
        if self._deadline is not None:  # a play that must end in time: its drawing counts in the interval
            wait = max(0.0, wait - self._drawn_s)
        timer = threading.Timer(wait, self._tick)
        timer.daemon = True
        self._timer = timer
        timer.start()

    def _tick(self) -> None:
        with CALLBACK_LOCK:
            if self._timer is None or threading.current_thread() is not self._timer:
                return  # stopped or restarted meanwhile
            self._timer = None
            if not self.play.playing or self.step >= self.play.max:
                self.play.playing = False
                return
            began = time.monotonic()
            self.feedback.guard(self.go, always=True)(self._next_step(began))
            self._drawn_s = time.monotonic() - began
            if self.play.playing and self.step < self.play.max:
                self._tick_later()
                return
            self.play.playing = False
            for follow in self.on_render:  # played to the end: a play board may show the position now
                self.feedback.guard(follow, always=True)()

    def _next_step(self, now: float) -> int:
        """The step a play goes to next: the next one, or further on when drawing each step would
        make a play given ``within_ms`` overrun (a long relay on a busy machine); the last at its end."""
        if self._deadline is None:
            return self.step + 1
        last: int = self.play.max
        left, left_s = last - self.step, self._deadline - now
        if left_s <= 0:
            return last
        if self._drawn_s * left <= left_s:
            return self.step + 1
        return min(last, self.step + math.ceil(self._drawn_s * left / left_s))

    def _stop_timer(self) -> None:
        timer, self._timer = self._timer, None
        if timer is not None:
            timer.cancel()

    def _playing_changed(self, change: dict[str, Any]) -> None:
        if not change["new"]:
            self._stop_timer()


def traces_of(source: Any, move: Any) -> tuple[tuple[Trace[Any], ...], Any]:
    """The traces to show and the first position, from a position (and a move), a trace, or
    a sequence of traces (a match of rounds shows its current round)."""
    if isinstance(source, Trace):
        return (source,), source.before
    if isinstance(source, (list, tuple)):
        if not source or not all(isinstance(t, Trace) for t in source):
            raise TypeError("a sequence given to the stepper must hold traces of moves")
        return tuple(source), source[0].before
    position = getattr(source, "position", source)
    game_of(position)
    return ((trace_of(position, move),) if move is not None else ()), position
