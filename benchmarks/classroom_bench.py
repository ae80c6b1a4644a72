"""Classroom stepping speed: milliseconds per step on the big board, at the classroom's sizes.

Run from the repository root: ``python -m benchmarks.classroom_bench``. One step is what the
Arrow Right key does: :meth:`kit.classroom.stage.Stage.forward`, which draws the board
(show + PNG bytes) and swaps the PNG into the widget. Each demonstration is stepped through
``--runs`` times; printed are the steps' minimum and median, the least of each over the
runs (the machine may be busy: the least is the least disturbed), in this process's CPU
time and in wall-clock time. Targets (median CPU): 15 ms a step for Walak-pussa, 20 ms for Myra.
"""
from __future__ import annotations

import argparse
from typing import Any

from benchmarks.draw_bench import Timings
from kit.classroom.room import SIZES
from kit.classroom.stage import Stage
from kit.games.myra.demos import demo as myra_demo
from kit.games.walak.demos import demo as walak_demo

TARGETS = {"walak": 15, "myra": 20}


def per_step(game: str, demo: Any, runs: int) -> str:
    """The figures for stepping through one demonstration on the classroom's board."""
    stage = Stage(demo.start(), size=SIZES[game])
    timings = Timings()
    for _ in range(runs):
        stage.show(demo.trace())
        timings.run(stage.forward for _ in range(stage.controller.steps))
    width, height = stage.controller.drawing.figure.bbox.width, stage.controller.drawing.figure.bbox.height
    verdict = "met" if timings.median_cpu < TARGETS[game] else "NOT met"
    return (f"{game} {demo.name!r} ({stage.controller.steps} steps) at {width:.0f}x{height:.0f} px:\n"
            f"  {timings}  target < {TARGETS[game]} ms ({verdict})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="runs through each demonstration; the least counts")
    runs = parser.parse_args().runs
    print(per_step("walak", walak_demo("opening"), runs))
    print(per_step("myra", myra_demo("sides"), runs))
    print(per_step("myra", myra_demo("capture-4"), runs))


if __name__ == "__main__":
    main()
