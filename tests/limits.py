"""A time limit and a memory cap for the tests of hostile input, in the test's own process.

The time is the CPU time of the test's thread (``time.thread_time``), not the wall clock: a
machine busy with other work slows the clock's figure, never the CPU's (docs/testing.md)."""
from __future__ import annotations

import time
import tracemalloc
from contextlib import contextmanager
from typing import Iterator


@contextmanager
def bounded(seconds: float = 5.0, megabytes: float = 64.0) -> Iterator[None]:
    """Fail unless the block takes under ``seconds`` of CPU time and its Python allocations peak below ``megabytes``."""
    tracing = tracemalloc.is_tracing()
    if not tracing:
        tracemalloc.start()
    tracemalloc.reset_peak()
    started, base = time.thread_time(), tracemalloc.get_traced_memory()[0]
    try:
        yield
    finally:
        peak = (tracemalloc.get_traced_memory()[1] - base) / 2**20
        took = time.thread_time() - started
        if not tracing:
            tracemalloc.stop()
    assert took < seconds, f"a hostile input took {took:.1f} s of CPU to refuse (limit {seconds} s)"
    assert peak < megabytes, f"a hostile input took {peak:.0f} MB to refuse (cap {megabytes} MB)"
