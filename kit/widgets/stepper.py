"""The move stepper: a board picture that follows a move event by event, for any game.

The picture is one board drawing (one matplotlib Figure, its artists updated) whose PNG
bytes replace those of a :class:`~kit.widgets.board_view.BoardView`, so updates do not
flicker. The ``Play`` widget is linked to the step slider in the browser; the kernel only
redraws. Play started from the kernel (:meth:`MoveStepper.start_playing`: a new move
animated, a solution revealed) is stepped by a timer thread, one step per ``interval``,
since the browser's Play loop only runs when its own button is pressed. While the pointer is over the board, the arrow keys, Page Up / Page Down, Home,
End and space step and play.

>>> import kit
>>> start = kit.game(kit.games()[0]).start()
>>> stepper = MoveStepper(start, start.legal_moves()[0])
>>> stepper.next_button.click()
>>> stepper.text == start.trace(start.legal_moves()[0]).narration()[0]
True
"""
from __future__ import annotations

import html
import threading
from typing import Any, Callable, Sequence

import ipywidgets as widgets

from kit.core.game import Trace, game_of
from kit.widgets.board_view import BoardView
from kit.widgets.feedback import CALLBACK_LOCK, Feedback, button
from kit.widgets.games import move_label, status_text, trace_of
from kit.widgets.pictures import PngFallback, png_size

#: Play speeds: label and milliseconds per step.
SPEEDS: tuple[tuple[str, int], ...] = (("slow", 1500), ("normal", 800), ("fast", 400), ("very fast", 150))

#: Inline CSS that hides text from the eye but not from screen readers.
SCREEN_READERS_ONLY = ("position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;"
                       "clip:rect(0,0,0,0);white-space:nowrap;border:0")

#: Keys that step the move (presenter remotes send Page Up / Page Down), and by how much.
STEP_KEYS = {"ArrowRight": 1, "ArrowDown": 1, "PageDown": 1, "ArrowLeft": -1, "ArrowUp": -1, "PageUp": -1}


class MoveStepper(PngFallback, widgets.VBox):
    """Step through one or more moves event by event: board picture, narration, play,
    first / previous / next / last, a step slider and a speed control.

    ``source`` is a position (with ``move``, the move to show; without, just the position),
    a :class:`~kit.core.game.Trace`, or a sequence of traces played one after the other.
    ``size`` is the drawing's width in inches (default: the drawing's own).
    """

    def __init__(self, source: Any, move: Any = None, *, size: float | None = None) -> None:
        traces, position = _traces_of(source, move)
        self.drawing = game_of(position).drawing()(position, **({} if size is None else {"size": size}))
        self.feedback = Feedback()
        guard = self.feedback.guard
        self.view = BoardView(self.drawing, on_key=guard(self.key))
        width, _ = png_size(self.view.png())
        self.narration = widgets.HTML(layout=widgets.Layout(width="100%", max_width=f"{width}px", min_height="1.4em"))
        self.errors = self.feedback.errors

        self.first_button = button("first", "first: the board before the move", icon="fast-backward")
        self.previous_button = button("previous", "previous: one step back", icon="step-backward")
        self.next_button = button("next", "next: one step on", icon="step-forward")
        self.last_button = button("last", "last: the board after the move", icon="fast-forward")
        self.play = widgets.Play(min=0, max=0, value=0, interval=SPEEDS[1][1], show_repeat=False,
                                 tooltip="play / pause: step through the move automatically",
                                 layout=widgets.Layout(width="auto"))
        self.slider = widgets.IntSlider(min=0, max=0, value=0, description="step", readout=True,
                                        continuous_update=True, tooltip="drag to any step of the move",
                                        layout=widgets.Layout(width="18em"), style={"description_width": "2.5em"})
        self.link = widgets.jslink((self.play, "value"), (self.slider, "value"))
        self.speed = widgets.SelectionSlider(options=SPEEDS, value=SPEEDS[1][1], description="speed",
                                             tooltip="how fast play steps through the move",
                                             layout=widgets.Layout(width="17em"),
                                             style={"description_width": "initial"})

        self.first_button.on_click(guard(lambda _: self.go(0)))
        self.previous_button.on_click(guard(lambda _: self.go(self.step - 1)))
        self.next_button.on_click(guard(lambda _: self.go(self.step + 1)))
        self.last_button.on_click(guard(lambda _: self.go(self.steps)))
        self.slider.observe(guard(self._slider_moved), "value")
        self.speed.observe(guard(self._speed_changed), "value")
        self.play.observe(self._playing_changed, "playing")
        self._timer: threading.Timer | None = None
        #: Called after every picture shown (a play board keeps its status line with the picture).
        self.on_render: list[Callable[[], None]] = []

        self.traces: tuple[Trace, ...] = ()
        self.position = position
        self._shown: tuple[int, int] | None = None
        self._quiet = False
        self._paint: Callable[[Any], None] | None = None
        controls = widgets.HBox([self.play, self.first_button, self.previous_button, self.next_button,
                                 self.last_button, self.slider, self.speed],
                                layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        self.picture = widgets.VBox([self.view])  # a play board adds rows of buttons around the image
        super().__init__([self.picture, self.narration, controls, self.feedback.message, self.errors])
        if traces:
            self.load(traces)
        else:
            self.show_position(position)

    # -- what is shown -------------------------------------------------------------------------

    def load(self, traces: Trace | Sequence[Trace], step: int = 0, autoplay: bool = False) -> None:
        """Show these moves, one after the other, at ``step`` (the end if negative);
        ``autoplay`` starts Play from the first step in the browser."""
        traces = (traces,) if isinstance(traces, Trace) else tuple(traces)
        if not traces:
            raise ValueError("the stepper needs at least one move to show")
        self.traces, self.position, self._paint = traces, traces[0].before, None
        self._set_range(sum(len(t.events) for t in traces), step)
        if autoplay and self.steps:
            self.start_playing()

    def extend(self, trace: Trace, autoplay: bool = False) -> None:
        """Add a move after the moves shown, keeping the step shown; ``autoplay`` plays on
        into it (if Play has stopped at the end, from there), else it shows its end."""
        if not self.traces:
            self.load(trace, step=0 if autoplay else -1, autoplay=autoplay)
            return
        self.traces = (*self.traces, trace)
        steps = self.steps + len(trace.events)
        self._quiet = True
        try:
            for control in (self.play, self.slider):
                control.max = steps
        finally:
            self._quiet = False
        if autoplay:
            if self._timer is None:
                self.start_playing()
        else:
            self.go(steps)

    def start_playing(self) -> None:
        """Play from the step shown to Play's ``max``, one step per ``interval``, from the
        kernel (the browser's Play loop runs only when its own button is pressed)."""
        self._stop_timer()
        if self.step >= self.play.max:
            return
        self.play.playing = True
        self._tick_later()

    def _tick_later(self) -> None:
        timer = threading.Timer(self.play.interval / 1000, self._tick)
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
            self.feedback.guard(self.go)(self.step + 1)
            if self.play.playing and self.step < self.play.max:
                self._tick_later()
                return
            self.play.playing = False
            for follow in self.on_render:  # played to the end: a play board may show the position now
                self.feedback.guard(follow)()

    def _stop_timer(self) -> None:
        timer, self._timer = self._timer, None
        if timer is not None:
            timer.cancel()

    def _playing_changed(self, change: dict[str, Any]) -> None:
        if not change["new"]:
            self._stop_timer()

    def show_position(self, position: Any, paint: Callable[[Any], None] | None = None) -> None:
        """Show a position without a move; ``paint(drawing)``, if given, draws it instead of
        ``drawing.show(position)`` (a play board's highlights)."""
        self.traces, self.position, self._paint = (), position, paint
        self._set_range(0, 0)

    def _set_range(self, steps: int, step: int) -> None:
        self.play.playing = False
        self._stop_timer()
        self._shown, self._quiet = None, True
        try:
            for control in (self.play, self.slider):
                control.value = 0
                control.max = steps
                control.value = steps if step < 0 else min(step, steps)
        finally:
            self._quiet = False
        self._render()

    @property
    def steps(self) -> int:
        """The number of events of the moves shown."""
        return self.slider.max

    @property
    def step(self) -> int:
        """The current step: 0 before the first event, ``steps`` after the last."""
        return self.slider.value

    def go(self, step: int) -> None:
        """Show the board after ``step`` events (clamped to 0..steps)."""
        self.slider.value = max(0, min(step, self.steps))

    def locate(self, step: int | None = None) -> tuple[Trace | None, int]:
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
            return event.text
        if self.traces:
            trace = self.traces[0]
            return f"{move_label(trace)}: {len(trace.events)} steps. Press play or next."
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
        if trace is None:
            if self._paint is None:
                self.drawing.show(self.position)
            else:
                self._paint(self.drawing)
        else:
            self.drawing.show(trace.before, trace.events, step)
        self.view.update(self.drawing.png())
        where = ""
        if trace is not None:
            # the step counts as the slider does (over all the moves shown); with several
            # moves the step within the one shown follows in brackets
            number = self.traces.index(trace) + 1
            within = (f" (move {number} of {len(self.traces)}: its step {step} of {len(trace.events)})"
                      if len(self.traces) > 1 else "")
            where = (f'<span style="color:#666">{html.escape(move_label(trace), quote=False)} · '
                     f"step {self.step} of {self.steps}{within}</span><br>")
        # the picture's caption shows the narration; this copy is for screen readers only
        self.narration.value = (f'<div style="font-size:1.2em;line-height:1.35">{where}'
                                f'<span style="{SCREEN_READERS_ONLY}">{html.escape(self.text, quote=False)}</span></div>')
        at_start, at_end = self.step == 0, self.step == self.steps
        self.first_button.disabled = self.previous_button.disabled = at_start
        self.next_button.disabled = self.last_button.disabled = at_end
        self.play.disabled = self.slider.disabled = self.steps == 0
        for follow in self.on_render:
            follow()

    def key(self, name: str) -> None:
        """A key pressed on the board: arrow keys and Page Up / Page Down step, Home / End
        jump to the first / last step, space plays or pauses."""
        if name in STEP_KEYS:
            self.go(self.step + STEP_KEYS[name])
        elif name == "Home":
            self.go(0)
        elif name == "End":
            self.go(self.steps)
        elif name == " " and self.steps:
            if self.play.playing:
                self.play.playing = False
                return
            if self.step == self.steps:
                self.go(0)
            self.start_playing()

    def _slider_moved(self, change: dict[str, Any]) -> None:
        if self._quiet:
            return
        if self.play.value != change["new"]:  # without a browser the jslink does not run
            self.play.value = change["new"]
        self._render()

    def _speed_changed(self, change: dict[str, Any]) -> None:
        self.play.interval = change["new"]


def _traces_of(source: Any, move: Any) -> tuple[tuple[Trace, ...], Any]:
    """The traces to show and the first position, from what :class:`MoveStepper` accepts."""
    if isinstance(source, Trace):
        return (source,), source.before
    if isinstance(source, (list, tuple)):
        if not source or not all(isinstance(t, Trace) for t in source):
            raise TypeError("a sequence given to the stepper must hold traces of moves")
        return tuple(source), source[0].before
    position = getattr(source, "position", source)  # a match of rounds shows its current round
    game_of(position)
    return ((trace_of(position, move),) if move is not None else ()), position
