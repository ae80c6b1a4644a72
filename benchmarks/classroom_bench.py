"""Classroom stepping speed: milliseconds per step on the big board, at the classroom's sizes.

Run from the repository root: ``python -m benchmarks.classroom_bench``. One step is what the
Arrow Right key does: :meth:`kit.classroom.stage.Stage.forward`, which draws the board and
swaps the PNG into the widget. The figure printed is the best of three runs through the
move (the machine may be busy), with the per-step median of that run.
"""
from __future__ import annotations

import statistics
import time

from kit.classroom.room import SIZES
from kit.classroom.stage import Stage
from kit.myra.demos import demo as myra_demo
from kit.walak.demos import demo as walak_demo


def per_step(game: str, demo: object, runs: int = 3) -> str:
    """The median milliseconds per step of the best run through the demonstration."""
    stage = Stage(demo.start(), size=SIZES[game])
    best: list[float] = []
    for _ in range(runs):
        stage.show(demo.trace())
        times = []
        while stage.step < stage.stepper.steps:
            began = time.perf_counter()
            stage.forward()
            times.append((time.perf_counter() - began) * 1000)
        if not best or statistics.median(times) < statistics.median(best):
            best = times
    width, height = stage.stepper.drawing.figure.bbox.width, stage.stepper.drawing.figure.bbox.height
    return (f"{game} {demo.name!r} at {width:.0f}x{height:.0f} px: {statistics.median(best):5.1f} ms/step "
            f"(median of {len(best)} steps, best of {runs} runs)")


def main() -> None:
    print(per_step("walak", walak_demo("opening")))
    print(per_step("myra", myra_demo("sides")))


if __name__ == "__main__":
    main()
