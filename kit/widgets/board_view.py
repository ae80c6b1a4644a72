"""The board picture as a widget that scales with its container and answers clicks, hover and keys.

:class:`BoardView` shows a board drawing's PNG in an ``ipywidgets.Image`` (CSS width 100%,
height auto, so the aspect ratio stays fixed) and watches it with ``ipyevents``. A click is
mapped from the displayed picture to the PNG's pixels and then, through the drawing's own
geometry (its ``target_at``, e.g. which hole or hollow lies under a pixel), to a board
target. Keys reach the view while the pointer is over the picture (ipyevents focuses it then).
A click at ``board.pixel_of(target)`` reaches ``on_click`` as ``target``
(tests/test_widgets_board_view.py).
"""
from __future__ import annotations

from typing import Any, Callable, Protocol

import ipyevents
import ipywidgets as widgets

from kit.widgets.pictures import png_size

#: Mouse moves are sent to the kernel at most this often (milliseconds).
HOVER_EVERY_MS = 120


class Locating(Protocol):
    """A board drawing that knows what lies under a pixel of its PNG."""

    def png(self) -> bytes: ...
    def target_at(self, x: float, y: float) -> Any: ...


class BoardView(widgets.Image):
    """A board picture that scales with its container and reports what is clicked or hovered.

    ``board`` is the drawing (its ``png()`` is shown first, its ``target_at`` maps pixels);
    ``on_click(target)`` gets a hole index or a Hollow, or None for a click elsewhere;
    ``on_hover(target)`` the same when the pointer comes to another target (None when it
    leaves the board); ``on_key(key)`` the key's name ("ArrowRight", "PageDown", "Home",
    "End", " ", ...). ``max_width`` caps the displayed width (default: the PNG's own width).
    """

    def __init__(self, board: Locating, on_click: Callable[[Any], None] | None = None,
                 on_key: Callable[[str], None] | None = None, on_hover: Callable[[Any], None] | None = None,
                 *, max_width: str | None = None) -> None:
        png = board.png()
        width, _ = png_size(png)
        super().__init__(value=png, format="png",
                         layout=widgets.Layout(width="100%", height="auto", max_width=max_width or f"{width}px",
                                               object_fit="contain"))
        self.add_class("kit-board-view")
        self.board = board
        self.on_click, self.on_key, self.on_hover = on_click, on_key, on_hover
        self.hovered: Any = None
        self.mouse_events = ipyevents.Event(source=self, watched_events=["click", "mouseleave"])
        self.motion_events = ipyevents.Event(source=self, watched_events=["mousemove"], throttle_or_debounce="throttle",
                                      wait=HOVER_EVERY_MS)
        self.key_events = ipyevents.Event(source=self, watched_events=["keydown"], ignore_modifier_key_events=True)
        for watcher in (self.mouse_events, self.motion_events, self.key_events):
            watcher.on_dom_event(self.handle_event)

    def update(self, png: bytes) -> None:
        """Show another picture of the board."""
        self.value = png

    def png(self) -> bytes:
        """The picture shown now, as PNG bytes."""
        return bytes(self.value)

    def pixel_of_event(self, event: dict[str, Any]) -> tuple[float, float] | None:
        """The PNG pixel (x, y) a mouse event points at, or None when it is off the picture.

        From ``relativeX/relativeY`` and the element's bounding box when the browser sent
        them (scaled to the PNG's size, allowing for the margins ``object-fit: contain``
        leaves), else ipyevents' own ``dataX/dataY`` (already in PNG pixels).
        """
        width, height = png_size(self.png())
        shown_width, shown_height = event.get("boundingRectWidth"), event.get("boundingRectHeight")
        if (isinstance(shown_width, (int, float)) and isinstance(shown_height, (int, float))
                and shown_width > 0 and shown_height > 0 and "relativeX" in event and "relativeY" in event):
            scale = min(shown_width / width, shown_height / height)
            x = (float(event["relativeX"]) - (shown_width - width * scale) / 2) / scale
            y = (float(event["relativeY"]) - (shown_height - height * scale) / 2) / scale
        elif "dataX" in event and "dataY" in event:
            x, y = float(event["dataX"]), float(event["dataY"])
        else:
            return None
        return (x, y) if 0 <= x < width and 0 <= y < height else None

    def target_of_event(self, event: dict[str, Any]) -> Any:
        """The hole or hollow a mouse event points at, or None."""
        pixel = self.pixel_of_event(event)
        return None if pixel is None else self.board.target_at(*pixel)

    def handle_event(self, event: dict[str, Any]) -> None:
        """Dispatch one ipyevents event (also used by tests with synthetic events)."""
        kind = event.get("type")
        if kind == "click":
            if self.on_click is not None:
                self.on_click(self.target_of_event(event))
        elif kind in ("mousemove", "mouseleave"):
            target = self.target_of_event(event) if kind == "mousemove" else None
            if target != self.hovered:
                self.hovered = target
                if self.on_hover is not None:
                    self.on_hover(target)
        elif kind == "keydown" and self.on_key is not None and isinstance(event.get("key"), str):
            self.on_key(event["key"])
