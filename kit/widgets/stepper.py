"""The move stepper: a board picture that follows a move event by event, for any game.

A layout around a :class:`~kit.widgets.controller.BoardController` (which holds the
picture, the moves shown, the step and the Play clock): the narration, first / previous /
next / last buttons, a step slider and a speed list. The ``Play`` widget is linked to
the step slider in the browser; the kernel only redraws. While the pointer is over the
board, the arrow keys, Page Up / Page Down, Home, End and space step and play.

>>> import kit
>>> start = kit.game(kit.games()[0]).start()
>>> stepper = MoveStepper(start, start.legal_moves()[0])
>>> stepper.next_button.click()
>>> stepper.text == start.trace(start.legal_moves()[0]).narration()[0]
True
"""
from __future__ import annotations

import functools
from typing import Any

import ipywidgets as widgets

from kit.widgets.controller import SPEEDS, BoardController, traces_of
from kit.widgets.feedback import button
from kit.widgets.pictures import PngFallback, png_size

#: A stepper's picture is at most this tall, so that its step buttons show under it on a laptop's screen
#: (1366 x 768: the notebook shows about 650 pixels; the narration and buttons take about 100).
STEPPER_MAX_HEIGHT = "calc(100vh - 260px)"

#: What a stepper shows of its controller under its own name.
SHARED = ("view", "drawing", "position", "traces", "steps", "step", "go", "load", "extend", "locate", "event",
          "text", "show_position", "start_playing", "redraw", "use_drawing", "play", "on_render", "narration")


class MoveStepper(PngFallback, widgets.VBox):
    """Step through one or more moves event by event: board picture, narration, play,
    first / previous / next / last, a step slider and a speed control.

    ``source`` is a position (with ``move``, the move to show; without, just the position),
    a :class:`~kit.core.game.Trace`, or a sequence of traces played one after the other.
    ``size`` is the drawing's width in inches (default: the drawing's own). A widget that
    has a board already passes its ``controller`` instead (its messages are its own then).
    The controller's picture, moves and step are reached under their own names
    (``stepper.view``, ``stepper.step``, ``stepper.go(3)``...). ``compact``: the step slider has a
    row of its own under the buttons (a board 560 px wide, the puzzle's, keeps its buttons on one row).
    """

    def __init__(self, source: Any = None, move: Any = None, *, size: float | None = None,
                 controller: BoardController | None = None, compact: bool = False) -> None:
        own = controller is None
        if controller is None:
            traces, position = traces_of(source, move)
            controller = BoardController(position, size=size)
            if traces:
                controller.load(traces)
        self.controller = controller
        self.feedback = controller.feedback
        self.errors = self.feedback.errors
        # the step controls work while a play board's computer thinks (its board refuses clicks then)
        guard = functools.partial(self.feedback.guard, always=True)
        width, _ = png_size(controller.view.png())
        controller.narration.layout.max_width = f"{width}px"
        self.first_button = button("first", "first: the board before the move", icon="fast-backward")
        self.previous_button = button("previous", "previous: one step back", icon="step-backward")
        self.next_button = button("next", "next: one step on", icon="step-forward")
        self.last_button = button("last", "last: the board after the move", icon="fast-forward")
        # no readout: the line above the buttons says "step 3 of 44", and the row fits beside a play board's lists
        self.slider = widgets.IntSlider(min=0, max=0, value=0, description="step", readout=False,
                                        continuous_update=True, tooltip="drag to any step of the move",
                                        layout=widgets.Layout(width="100%" if compact else "12em"),
                                        style={"description_width": "2.5em"})
        self.link = widgets.jslink((controller.play, "value"), (self.slider, "value"))
        # a list, not a slider: "speed normal" takes little room, and the row fits beside a play board's lists
        self.speed = widgets.Dropdown(options=SPEEDS, value=controller.play.interval, description="speed",
                                      tooltip="how fast play steps through the move",
                                      layout=widgets.Layout(width="10.5em"), style={"description_width": "3.6em"})
        self.first_button.on_click(guard(lambda _: controller.go(0)))
        self.previous_button.on_click(guard(lambda _: controller.go(controller.step - 1)))
        self.next_button.on_click(guard(lambda _: controller.forward()))
        self.last_button.on_click(guard(lambda _: controller.forward(controller.steps)))
        self._syncing = False
        self.slider.observe(guard(self._slider_moved), "value")
        self.speed.observe(guard(self._speed_changed), "value")
        controller.on_render.append(self._follow)
        buttons = [controller.play, self.first_button, self.previous_button, self.next_button, self.last_button]
        row = widgets.Layout(flex_flow="row wrap", align_items="center")
        controls: widgets.Box
        if compact:
            controls = widgets.VBox([widgets.HBox([*buttons, self.speed], layout=row), self.slider])
        else:
            controls = widgets.HBox([*buttons, self.slider, self.speed], layout=row)
        if own:  # on a small screen the step buttons stay in sight under the picture
            controller.view.layout.max_height = STEPPER_MAX_HEIGHT
        self.picture = widgets.VBox([controller.view])  # a play board adds rows of buttons around the image
        messages = [self.feedback.message, self.errors] if own else []
        super().__init__([self.picture, controller.narration, controls, *messages])
        self._follow()

    def __getattr__(self, name: str) -> Any:
        controller = self.__dict__.get("controller")
        if name in SHARED and controller is not None:
            return getattr(controller, name)
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def png(self) -> bytes:
        """The board picture shown now, as PNG bytes."""
        return self.controller.png()

    def _follow(self) -> None:
        """The slider and buttons follow the step shown."""
        controller = self.controller
        step, steps = controller.step, controller.steps
        self._syncing = True
        try:
            self.slider.max = max(steps, self.slider.value)
            self.slider.value = step
            self.slider.max = steps
        finally:
            self._syncing = False
        at_start, at_end = step == 0, step == steps
        self.first_button.disabled = self.previous_button.disabled = at_start
        self.next_button.disabled = self.last_button.disabled = at_end
        controller.play.disabled = self.slider.disabled = steps == 0

    def _slider_moved(self, change: dict[str, Any]) -> None:
        if not self._syncing and not self.controller.stepping:
            self.controller.go(change["new"])

    def _speed_changed(self, change: dict[str, Any]) -> None:
        self.controller.play.interval = change["new"]
