"""Drawing speed: milliseconds per frame when stepping through a move, and GIF writing time.

Run from the repository root: ``python -m benchmarks.draw_bench``. Stepping means ``board.show(...)`` followed by
``board.png()`` (what a stepper widget does), and also by rendering alone (what an
animation does before encoding). Targets: under 30 ms per frame for Walak-pussa, under
60 ms for Myra; the GIF of a full Walak-pussa opening move under 3 s.
"""
from __future__ import annotations

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


def myra_capture_position() -> Any:
    position = myra.start()
    for move in MYRA_OPENING:
        position = position.play(move)
    return position


def per_frame(board: Any, position: Any, move: Any, finish: Callable[[], Any], inbetween: int = 2) -> str:
    """Median milliseconds (wall clock, and this process's CPU time) to show and finish each frame
    of a move, in-betweens included."""
    trace = position.trace(move)
    wall, cpu = [], []
    for frame in frames_for(trace, inbetween=inbetween, hold=0):
        began, began_cpu = time.perf_counter(), time.process_time()
        board.show(position, trace.events, frame.step, progress=frame.progress)
        finish()
        wall.append((time.perf_counter() - began) * 1000)
        cpu.append((time.process_time() - began_cpu) * 1000)
    return f"{statistics.median(wall):5.1f} ms/frame (CPU {statistics.median(cpu):5.1f} ms)"


def main() -> None:
    relay = walak.parse_position(LONG_RELAY[0])
    trace = relay.trace(LONG_RELAY[1])
    board = WalakBoard(relay)
    board.png()
    print(f"Walak-pussa long relay move ({len(trace.events)} events), {board.figure.bbox.width:.0f}x"
          f"{board.figure.bbox.height:.0f} px:")
    print(f"  show + png:    {per_frame(board, relay, LONG_RELAY[1], board.png)}  target < 30")
    print(f"  show + render: {per_frame(board, relay, LONG_RELAY[1], board.render)}")

    capture = myra_capture_position()
    board = MyraBoard(capture)
    board.png()
    events = capture.trace(MYRA_CAPTURE).events
    print(f"Myra capture move ({len(events)} events), {board.figure.bbox.width:.0f}x{board.figure.bbox.height:.0f} px:")
    print(f"  show + png:    {per_frame(board, capture, MYRA_CAPTURE, board.png)}  target < 60")
    print(f"  show + render: {per_frame(board, capture, MYRA_CAPTURE, board.render)}")

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "opening.gif"
        began, began_cpu = time.perf_counter(), time.process_time()
        frames = save_gif(walak.start(), "c", path)
        seconds, cpu = time.perf_counter() - began, time.process_time() - began_cpu
        print(f"GIF of the Walak-pussa opening move c: {frames} frames, {path.stat().st_size / 1024:.0f} KiB, "
              f"{seconds:.2f} s (CPU {cpu:.2f} s)  target < 3")


if __name__ == "__main__":
    main()
