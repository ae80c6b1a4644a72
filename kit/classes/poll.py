"""Polling the class database from a page: an asyncio task on the kernel's own event loop.

A page learns what other pages did (a question asked, an answer given) by reading the class
database every :data:`EVERY` seconds. The reading runs as a task on the kernel's event loop,
between the page's own messages, never as a sleeping loop on the thread that handles the
widgets. Outside a kernel (a test, a script) nothing polls: call the page's ``poll()`` yourself.
"""
from __future__ import annotations

import asyncio
import traceback
from typing import Any, Callable

from kit.widgets.feedback import CALLBACK_LOCK, Feedback

#: Seconds between two readings of the database by one page.
EVERY = 0.2


def kernel_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop of the kernel this code runs in (None: not in a kernel)."""
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - IPython comes with ipywidgets
        return None
    loop = getattr(getattr(get_ipython(), "kernel", None), "io_loop", None)
    return getattr(loop, "asyncio_loop", None)


class Poller:
    """Calls ``check()`` every ``every`` seconds on the kernel's loop (under the widgets' lock
    when ``check`` says something changed, see :meth:`tick`); errors go to ``feedback``."""

    def __init__(self, check: Callable[[], None], feedback: Feedback, every: float = EVERY) -> None:
        self.check, self.feedback, self.every = check, feedback, every
        self.running = False
        self.future: Any = None

    def start(self) -> bool:
        """Start polling on the kernel's loop; False outside a kernel."""
        loop = kernel_loop()
        if loop is None or self.running:
            return False
        self.running = True
        self.future = asyncio.run_coroutine_threadsafe(self._run(), loop)
        return True

    def stop(self) -> None:
        """Stop polling (at the next tick)."""
        self.running = False

    async def _run(self) -> None:
        while self.running:
            self.tick()
            await asyncio.sleep(self.every)

    def tick(self) -> None:
        """One reading: ``check()`` under the widgets' lock, its errors shown, never raised."""
        try:
            with CALLBACK_LOCK:
                self.check()
        except Exception as error:  # noqa: BLE001 - shown on the page, with its traceback
            self.feedback.say(f"Something went wrong: {error} (details below).", "error")
            self.feedback.errors.outputs = ()
            self.feedback.errors.append_stderr(traceback.format_exc())
