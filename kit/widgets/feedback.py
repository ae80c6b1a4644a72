"""The message line of a widget, and callbacks that show their errors instead of losing them."""
from __future__ import annotations

import functools
import html
import threading
import time
import traceback
from typing import Any, Callable

import ipywidgets as widgets

from kit.core.errors import IllegalMove, RecordError, RulesError, sentence

#: Errors that are the user's doing (an illegal move, a bad record): shown as a message only.
USER_ERRORS = (IllegalMove, RecordError, RulesError)

MESSAGE_COLOURS = {"info": "#1a1a1a", "ok": "#1b6e20", "error": "#b00020"}

#: Widget callbacks run one at a time. ipykernel 7 delivers some comm messages (the
#: browser-linked Play and slider) on a subshell thread while others run on the main
#: thread; two callbacks drawing on one Figure at once would leave it half drawn.
CALLBACK_LOCK = threading.RLock()

#: When a guarded callback last ended (``time.monotonic()``): work done in the background
#: waits for a quiet moment (:func:`quiet_for`).
_last_callback_end = 0.0


def quiet_for() -> float:
    """Seconds since a guarded callback (a click, a key, a step) last ended."""
    return time.monotonic() - _last_callback_end


class Feedback:
    """A message line for the user and an ``Output`` area for errors raised in callbacks.

    :meth:`guard` wraps a callback: an illegal move or a bad record becomes a message (its words
    as a sentence: :func:`kit.core.errors.sentence`); any other exception a message plus its
    traceback in ``errors``.
    """

    def __init__(self) -> None:
        self.message = widgets.HTML()
        self.errors = widgets.Output()
        self.text = ""
        #: While it returns a sentence, guarded callbacks are refused with that sentence (the
        #: computer thinking); callbacks guarded with ``always=True`` still run.
        self.refusal: Callable[[], str] | None = None

    def say(self, text: str, kind: str = "info") -> None:
        """Show a message (``kind`` info, ok or error)."""
        self.text = text
        colour = MESSAGE_COLOURS[kind]
        self.message.value = (f'<span style="color:{colour};font-size:1.1em">{html.escape(text, quote=False)}</span>'
                              if text else "")

    def guard(self, callback: Callable[..., Any], always: bool = False) -> Callable[..., Any]:
        """The callback, run under :data:`CALLBACK_LOCK`, with its errors shown instead of lost
        in the kernel log; refused with a word while :attr:`refusal` gives one (unless ``always``)."""

        @functools.wraps(callback)
        def guarded(*args: Any, **kwargs: Any) -> Any:
            global _last_callback_end
            try:
                with CALLBACK_LOCK:
                    refused = "" if always or self.refusal is None else self.refusal()
                    if refused:
                        self.say(refused, "error")
                        return None
                    return callback(*args, **kwargs)
            except USER_ERRORS as error:
                self.say(sentence(error), "error")
            except Exception as error:  # noqa: BLE001 - shown to the user, with its traceback
                self.say(f"Something went wrong: {error} (details below).", "error")
                self.errors.outputs = ()
                self.errors.append_stderr(traceback.format_exc())
            finally:
                _last_callback_end = time.monotonic()
            return None

        return guarded


def button(description: str, tooltip: str, width: str = "auto", **options: Any) -> widgets.Button:
    """A button with a visible description and a tooltip."""
    return widgets.Button(description=description, tooltip=tooltip, layout=widgets.Layout(width=width), **options)
