"""Puzzle speed: puzzles per second for each kind, and the time to make a 12-puzzle worksheet.

Run from the repository root: ``python -m benchmarks.puzzles_bench [--count N] [--repeats R]``.
Each figure is the best of ``repeats`` runs; the worksheet shows wall-clock seconds and the
process's CPU seconds (on a shared machine the wall clock includes waiting for a core).
Target: a 12-puzzle worksheet in under 20 s.
"""
from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

from kit.puzzles import kinds_of, make_puzzles
from kit.puzzles.worksheet import write_worksheet

WORKSHEET_TARGET = 20.0  # seconds for a 12-puzzle worksheet


def best_of(repeats: int, work: Callable[[], Any]) -> tuple[float, float, Any]:
    """The shortest wall-clock and CPU times of a few runs of ``work()``, and its last result."""
    wall = cpu = float("inf")
    result = None
    for _ in range(repeats):
        began, began_cpu = time.perf_counter(), time.process_time()
        result = work()
        wall = min(wall, time.perf_counter() - began)
        cpu = min(cpu, time.process_time() - began_cpu)
    return wall, cpu, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=4, help="puzzles per kind (default 4)")
    parser.add_argument("--repeats", type=int, default=2, help="runs per figure; the best is shown (default 2)")
    args = parser.parse_args()
    print("puzzles per second (any level, seed 0):")
    for game in ("walak", "myra"):
        for kind in kinds_of(game):
            seconds, _, found = best_of(args.repeats, lambda: make_puzzles(game, kind, None, args.count, seed=0))
            print(f"  {game:6} {kind:15} {len(found) / seconds:8.2f} /s   ({len(found)} in {seconds:.2f} s)")
    print(f"12-puzzle worksheets (level 1, the default mix, seed 0; target under {WORKSHEET_TARGET:.0f} s):")
    with tempfile.TemporaryDirectory() as folder:
        for game in ("walak", "myra"):
            path = Path(folder) / f"{game}.pdf"
            seconds, cpu, _ = best_of(args.repeats,
                                      lambda: write_worksheet(make_puzzles(game, None, 1, 12, seed=0), path))
            verdict = "ok" if seconds < WORKSHEET_TARGET else "TOO SLOW"
            print(f"  {game:6} {seconds:6.2f} s wall, {cpu:6.2f} s CPU  {verdict}")


if __name__ == "__main__":
    main()
