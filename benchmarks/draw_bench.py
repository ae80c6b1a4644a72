"""Drawing speed: milliseconds per frame when stepping through a move, and GIF writing time.

Run from the repository root: ``python -m benchmarks.draw_bench``. Stepping means ``board.show(...)`` followed by
``board.png()`` (what a stepper widget does), and also by rendering alone (what an
animation does before encoding), at the lessons' size and at 1920 pixels wide (a
classroom projector). Each figure is the median over the frames of a move, and the
minimum of that over ``--runs`` runs (the machine is shared: the minimum is the least
disturbed). Targets: under 15 ms per frame for Walak-pussa and 20 ms for Myra, at both
sizes; the GIF of a full Walak-pussa opening move under 3 s.
"""
from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

import kit.myra as myra
from kit import walak
from kit.draw.animate import frames_for, save_gif
from kit.draw.myra import MyraBoard
from kit.draw.walak import WalakBoard

LONG_RELAY = ("S:3,0,2,2,13,0,4/0,0,0,0,1,0,12:7-12:6", "d")  # 195 events: 34 relays, 2 captures
MYRA_OPENING = ("D9-D8-E8-F8", "F2-F3-F4-F5")
MYRA_CAPTURE = "F8-F7-F6-F5"  # Blue's 4-troop takes Orange's troop: 3 steps, a capture, a drop
PROJECTOR = 1920  # pixels wide


def myra_capture_position() -> Any:
    position = myra.start()
    for move in MYRA_OPENING:
        position = position.play(move)
    return position


def per_frame(board: Any, position: Any, move: Any, finish: Callable[[], Any], runs: int, inbetween: int = 2) -> str:
    """Milliseconds (wall clock, and this process's CPU time) to show and finish each frame of a move,
    in-betweens included: the median over the frames, the least over the runs."""
    trace = position.trace(move)
    frames = frames_for(trace, inbetween=inbetween, hold=0)
    best_wall, best_cpu = float("inf"), float("inf")
    for _ in range(runs):
        wall, cpu = [], []
        for frame in frames:
            began, began_cpu = time.perf_counter(), time.process_time()
            board.show(position, trace.events, frame.step, progress=frame.progress)
            finish()
            wall.append((time.perf_counter() - began) * 1000)
            cpu.append((time.process_time() - began_cpu) * 1000)
        best_wall, best_cpu = min(best_wall, statistics.median(wall)), min(best_cpu, statistics.median(cpu))
    return f"{best_wall:5.1f} ms/frame (CPU {best_cpu:5.1f} ms)"


def stepping(title: str, make: Callable[[float], Any], position: Any, move: Any, events: int, nominal: float,
             target: int, runs: int) -> None:
    """The figures for one game at the lessons' size and at the projector's."""
    for dpi in (None, PROJECTOR / nominal):
        board = make(dpi) if dpi else make(0)
        board.png()
        print(f"{title} ({events} events), {board.figure.bbox.width:.0f}x{board.figure.bbox.height:.0f} px:")
        print(f"  show + png:    {per_frame(board, position, move, board.png, runs)}  target < {target}")
        print(f"  show + render: {per_frame(board, position, move, board.render, runs)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="runs of each move; the least median counts")
    runs = parser.parse_args().runs

    relay = walak.parse_position(LONG_RELAY[0])
    stepping("Walak-pussa long relay move", lambda dpi: WalakBoard(relay, dpi=dpi) if dpi else WalakBoard(relay),
             relay, LONG_RELAY[1], len(relay.trace(LONG_RELAY[1]).events), 10.0, 15, runs)
    capture = myra_capture_position()
    stepping("Myra capture move", lambda dpi: MyraBoard(capture, dpi=dpi) if dpi else MyraBoard(capture),
             capture, MYRA_CAPTURE, len(capture.trace(MYRA_CAPTURE).events), 11.0, 20, runs)

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "opening.gif"
        began, began_cpu = time.perf_counter(), time.process_time()
        frames = save_gif(walak.start(), "c", path)
        seconds, cpu = time.perf_counter() - began, time.process_time() - began_cpu
        print(f"GIF of the Walak-pussa opening move c: {frames} frames, {path.stat().st_size / 1024:.0f} KiB, "
              f"{seconds:.2f} s (CPU {cpu:.2f} s)  target < 3")


if __name__ == "__main__":
    main()
