"""Drawing speed: milliseconds per frame when stepping through a move, and GIF writing time.

Run from the repository root: ``python -m benchmarks.draw_bench``. Stepping means ``board.show(...)`` followed by
``board.png()`` (what a stepper widget does), and also by rendering alone (what an
animation does before encoding), at the lessons' size, at the classroom app's size
(``kit.classroom.room.SIZES``) and at 1920 pixels wide (the widest projector). Every frame
of a move is timed, in-betweens included, ``--runs`` times; printed are the frames'
minimum and median, the least of each over the runs (the machine is shared: the least is
the least disturbed), in CPU time of this process and in wall-clock time. Targets (on the
median CPU time): under 15 ms per frame for Walak-pussa and 20 ms for Myra, at every
size; the GIF of a full Walak-pussa opening move under 3 s. Last, the GIF of a long relay
(1,228 frames at 150 dpi) with the process's peak memory: frames are streamed to the file.
"""
from __future__ import annotations

import argparse
import resource
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any, Callable, Iterable

import kit.games.myra as myra
from kit import walak
from kit.classroom.room import SIZES
from kit.draw.animate import frames_for, save_gif
from kit.games.myra.drawing import MyraBoard
from kit.games.walak.drawing import WalakBoard

LONG_RELAY = ("S:3,0,2,2,13,0,4/0,0,0,0,1,0,12:7-12:6", "d")  # 195 events: 34 relays, 2 captures
GIF_RELAY = ("N:3,2,3,5,2,3,8/5,6,3,1,6,5,4:0-0:0", "d")  # 1,228 frames without in-betweens
MYRA_OPENING = ("D9-D8-E8-F8", "F2-F3-F4-F5")
MYRA_CAPTURE = "F8-F7-F6-F5"  # Blue's 4-troop takes Orange's troop: 3 steps, a capture, a drop
PROJECTOR = 1920  # pixels wide


def sizes(game: str, dpi: float) -> dict[str, float | None]:
    """The sizes measured: the lessons', the classroom's and the projector's full width."""
    return {"lessons": None, "classroom": SIZES[game], f"{PROJECTOR} px wide": PROJECTOR / dpi}


def myra_capture_position() -> Any:
    position = myra.start()
    for move in MYRA_OPENING:
        position = position.play(move)
    return position


class Timings:
    """Milliseconds per frame over several runs: per run the frames' minimum and median, in CPU time
    (this process's: little disturbed by other work on a shared machine) and wall-clock time; the
    least of each over the runs is kept."""

    def __init__(self) -> None:
        self.cpu: list[list[float]] = []
        self.wall: list[list[float]] = []

    def run(self, frames: Iterable[Callable[[], Any]]) -> None:
        """Time one run: each callable is one frame."""
        cpu, wall = [], []
        for frame in frames:
            began, began_cpu = time.perf_counter(), time.process_time()
            frame()
            wall.append((time.perf_counter() - began) * 1000)
            cpu.append((time.process_time() - began_cpu) * 1000)
        self.cpu.append(cpu)
        self.wall.append(wall)

    def __str__(self) -> str:
        def least(runs: list[list[float]], measure: Callable[[list[float]], float]) -> float:
            return min(measure(run) for run in runs)
        return (f"CPU min {least(self.cpu, min):5.1f} median {least(self.cpu, statistics.median):5.1f} ms/frame, "
                f"wall min {least(self.wall, min):5.1f} median {least(self.wall, statistics.median):5.1f}")

    @property
    def median_cpu(self) -> float:
        """The least over the runs of the median CPU milliseconds per frame."""
        return min(statistics.median(run) for run in self.cpu)


def per_frame(board: Any, position: Any, move: Any, finish: Callable[[], Any], runs: int, inbetween: int = 2) -> Timings:
    """The times to show and finish each frame of a move, in-betweens included."""
    trace = position.trace(move)
    frames = frames_for(trace, inbetween=inbetween, hold=0)

    def frame(step: int, progress: float) -> Callable[[], None]:
        def shown() -> None:
            board.show(position, trace.events, step, progress=progress)
            finish()
        return shown

    timings = Timings()
    for _ in range(runs):
        timings.run(frame(f.step, f.progress) for f in frames)
    return timings


def stepping(title: str, make: Callable[[float | None], Any], position: Any, move: Any, events: int,
             sizes: dict[str, float | None], target: int, runs: int) -> None:
    """The figures for one game at each size (a name and the figure width in inches, None: the lessons')."""
    for name, size in sizes.items():
        board = make(size)
        board.png()
        print(f"{title} ({events} events), {name}, {board.figure.bbox.width:.0f}x{board.figure.bbox.height:.0f} px:")
        png = per_frame(board, position, move, board.png, runs)
        verdict = "met" if png.median_cpu < target else "NOT met"
        print(f"  show + png:    {png}  target < {target} ms ({verdict})")
        print(f"  show + render: {per_frame(board, position, move, board.render, runs)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="runs of each move; the least of each figure counts")
    runs = parser.parse_args().runs

    relay = walak.parse_position(LONG_RELAY[0])
    stepping("Walak-pussa long relay move", lambda size: WalakBoard(relay, size=size), relay, LONG_RELAY[1],
             len(relay.trace(LONG_RELAY[1]).events), sizes("walak", 80), 15, runs)
    capture = myra_capture_position()
    stepping("Myra capture move", lambda size: MyraBoard(capture, size=size), capture, MYRA_CAPTURE,
             len(capture.trace(MYRA_CAPTURE).events), sizes("myra", 72), 20, runs)

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "opening.gif"
        began, began_cpu = time.perf_counter(), time.process_time()
        frames = save_gif(walak.start(), "c", path)
        seconds, cpu = time.perf_counter() - began, time.process_time() - began_cpu
        print(f"GIF of the Walak-pussa opening move c: {frames} frames, {path.stat().st_size / 1024:.0f} KiB, "
              f"{seconds:.2f} s (CPU {cpu:.2f} s)  target < 3")
        position, move = walak.parse_position(GIF_RELAY[0]), GIF_RELAY[1]
        path = Path(folder) / "relay.gif"
        began_cpu = time.process_time()
        frames = save_gif(position, move, path, inbetween=0, dpi=150)
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(f"GIF of a long relay at 150 dpi: {frames} frames, {path.stat().st_size / 2**20:.0f} MiB, "
              f"CPU {time.process_time() - began_cpu:.1f} s; this process's peak memory so far {peak:.0f} MB "
              "(frames are streamed: holding them all took 2.8 GB)")


if __name__ == "__main__":
    main()
