"""Enter in a text box acts on the text the box showed when Enter was pressed.

ipywidgets' ``Text`` sends a ``{"event": "submit"}`` message on Enter at once, while its value
goes through the model's updates, which the front end holds back while the kernel is still
busy with an earlier message: typed fast (or to a busy kernel, e.g. one drawing the board just
clicked), Enter could reach the kernel before the text and an answer be judged on its first
letter, or on the text judged before. :func:`act_on_enter` sends the value only when it is
committed (Enter, or leaving the box: ``continuous_update=False``) and acts on Enter once the
value committed with it has come. If none comes, the text was committed before: it is acted on
after :data:`SETTLE_S`, or, if it is empty or the text last acted on (the new text may still be
held back), after :data:`PATIENCE_S`.
"""
from __future__ import annotations

import threading
from typing import Any, Callable

import ipywidgets as widgets

#: How long Enter waits for a text sent behind it before acting on a new text the kernel holds.
SETTLE_S = 0.4
#: How long it waits before acting again on the text last acted on, or on an empty box.
PATIENCE_S = 3.0


class EnterAction:
    """Runs ``action(text)`` on Enter in ``box`` with the text the box held then (see the module)."""

    def __init__(self, box: widgets.Text, action: Callable[[str], Any]) -> None:
        box.continuous_update = False
        self.box, self.action = box, action
        self._lock = threading.Lock()
        self._waiting: object | None = None  # the Enter waited on (a token)
        self._acted: str | None = None  # the text last acted on
        box.on_msg(self._message)
        box.observe(self._committed, "value")

    def _message(self, _box: Any, content: dict[str, Any], _buffers: Any) -> None:
        if content.get("event") != "submit":
            return
        token = object()
        with self._lock:
            self._waiting = token
        self._after(SETTLE_S, token, patient=False)

    def _after(self, seconds: float, token: object, patient: bool) -> None:
        timer = threading.Timer(seconds, self._settled, args=(token, patient))
        timer.daemon = True
        timer.start()

    def _take(self, token: object | None = None) -> bool:
        """Stop waiting (for this Enter, if ``token``): True if it was waited on."""
        with self._lock:
            waited = self._waiting is not None and (token is None or self._waiting is token)
            if waited:
                self._waiting = None
        return waited

    def _committed(self, change: dict[str, Any]) -> None:
        if self._take():  # the text sent right behind the Enter
            self._act(change["new"])

    def _settled(self, token: object, patient: bool) -> None:
        text = self.box.value
        if not patient and (not text.strip() or text == self._acted):
            with self._lock:
                waiting = self._waiting is token
            if waiting:  # the new text may still be held back by the front end
                self._after(PATIENCE_S - SETTLE_S, token, patient=True)
            return
        if self._take(token):  # no new text came: the box held it already
            self._act(text)

    def _act(self, text: str) -> None:
        self._acted = text
        self.action(text)


def act_on_enter(box: widgets.Text, action: Callable[[str], Any]) -> EnterAction:
    """Make Enter in ``box`` run ``action(text)`` with the text shown when it was pressed."""
    return EnterAction(box, action)
