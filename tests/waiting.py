"""Waiting on a state, not on the clock: the tests' one polling loop.

A test waits until something is so (a thread done, a file written, a process gone); the
time limit only stops a wait that would never end, and is far above what the state takes on
a loaded machine (docs/testing.md, "No flakes"). A test asserts order, never a tight time.
"""
from __future__ import annotations

import time
from typing import Callable, TypeVar

T = TypeVar("T")

#: How long a wait may last before the test fails: only a state that never comes takes it.
HANG = 300.0


def until(condition: Callable[[], T], what: str, seconds: float = HANG, every: float = 0.02) -> T:
    """Wait until ``condition()`` is true and return it; fail naming ``what`` after ``seconds``."""
    end = time.monotonic() + seconds
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > end:
            raise AssertionError(f"waited {seconds:.0f} s for {what}")
        time.sleep(every)
