"""Myra engine speed: perft(2) from the start, the strong player's nodes per second, random full games.

Run from the repository root: ``python -m benchmarks.myra_bench [--games N] [--ply-limit N]
[--against COMMIT] [--rounds R]``

Targets: perft(2) from the 2-player start at least 3 times faster than the first engine
(issue 16: 0.10 s on the project's machine when it was quiet; now 0.02-0.03 s), with the same
count, 47,089; and (issue 34) perft(2) and the strong player's nodes per second kept or
better than at ``COMMIT`` (default: the commit before the Walak-pussa engine's speed-up).
The two kits are measured side by side, each in its own process (``kit`` of ``COMMIT`` is
copied out of git into a temporary folder), ``R`` rounds interleaved, the best of each kept.
The strong player searches to depth 4 from the start and from a middle game. Side by side,
speeds are positions per second of the process's CPU time, steadier than the wall clock on
a shared machine.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path

from kit.games.myra import perft, start

ROOT = Path(__file__).resolve().parent.parent
BASELINE = "d8da4a6"  # the commit before issue 34's engine work
STRONG_DEPTH = 4


def bench_perft(players: int, repeats: int = 3) -> tuple[int, float, float]:
    """The perft(2) count from the start, the time of the first run and the best of a few (fresh positions each run).

    The first run starts with the move generator's neighbourhood caches empty (when the
    benchmark runs first in its process); later runs find them filled.
    """
    times = []
    for _ in range(repeats):
        began = time.perf_counter()
        count = perft(start(players), 2)
        times.append(time.perf_counter() - began)
    return count, times[0], min(times)


def bench_strong(depth: int = STRONG_DEPTH) -> dict[str, tuple[int, float]]:
    """The strong player's search to ``depth`` from the start and from a middle game: (positions, CPU seconds) each."""
    from kit.agents import make_agent

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from agents_bench import myra_middle_game

    figures = {}
    for name, position in (("start", start(2, {"ply_limit": 200})), ("middle game", myra_middle_game())):
        agent = make_agent("strong", "myra", seed=1, depth=depth, time_per_move=600.0)
        cpu = time.process_time()
        info = agent.analyse(position)
        figures[name] = (info.nodes, time.process_time() - cpu)
    return figures


def bench_games(games: int, ply_limit: int, seed: int = 1) -> tuple[float, int]:
    """Seconds for random full games (uniformly random legal moves) and the plies played."""
    rng = random.Random(seed)
    plies = 0
    began = time.perf_counter()
    for _ in range(games):
        position = start(rules={"ply_limit": ply_limit})
        while not position.is_over:
            position = position.play(rng.choice(position.legal_moves()))
        plies += position.ply
    return time.perf_counter() - began, plies


def measure() -> dict[str, list[float]]:
    """The figures compared across kits, each (positions, CPU seconds): perft(2) for 2 and 3
    players (best of 3, caches filled), the strong player from the start and the middle game."""
    figures: dict[str, list[float]] = {}
    for players in (2, 3):
        perft(start(players), 2)  # the move generator's caches filled
        seconds = float("inf")
        for _ in range(3):
            cpu = time.process_time()
            count = perft(start(players), 2)
            seconds = min(seconds, time.process_time() - cpu)
        figures[f"perft(2), {players} players"] = [count, seconds]
    for name, (nodes, seconds) in bench_strong().items():
        figures[f"strong player, depth {STRONG_DEPTH}, {name}"] = [nodes, seconds]
    return figures


def kit_of(commit: str, folder: Path) -> Path:
    """``kit`` as it was at ``commit``, copied out of git into ``folder``."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", commit, "kit"],
                             check=True, capture_output=True).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(folder, filter="data")
    return folder


def measured_in(root: Path) -> dict[str, list[float]]:
    """:func:`measure` in a new process that imports ``kit`` from ``root``."""
    environment = {**os.environ, "PYTHONPATH": str(root)}
    result = subprocess.run([sys.executable, __file__, "--measure"], env=environment, check=True,
                            capture_output=True, text=True)
    return json.loads(result.stdout)


def compare(commit: str, rounds: int) -> None:
    """Print this kit's figures against those of ``commit``, side by side."""
    with tempfile.TemporaryDirectory() as folder:
        kits = {"this kit": ROOT, commit: kit_of(commit, Path(folder))}
        best: dict[str, dict[str, list[float]]] = {}
        for _ in range(rounds):
            for label, root in kits.items():
                for name, (count, seconds) in measured_in(root).items():
                    kept = best.setdefault(label, {}).get(name)
                    if kept is not None and kept[0] != count:
                        raise AssertionError(f"{label}: {name} counted {count} and {kept[0]}")
                    if kept is None or seconds < kept[1]:
                        best[label][name] = [count, seconds]
    print(f"best of {rounds} rounds, each kit in its own process, interleaved:")
    for name, (count, seconds) in best["this kit"].items():
        old_count, old_seconds = best[commit][name]
        same = "same count" if old_count == count else f"COUNTS DIFFER: {old_count:,} at {commit}"
        print(f"  {name}: {count:,} positions, {seconds:.3f} s ({count / seconds:,.0f}/s) "
              f"against {old_seconds:.3f} s ({old_count / old_seconds:,.0f}/s) at {commit}: "
              f"{old_seconds / seconds:.2f}x, {same}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--ply-limit", type=int, default=200)
    parser.add_argument("--against", default=BASELINE, help="the commit whose kit to compare with")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--measure", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure:
        print(json.dumps(measure()))
        return
    print("load average: " + " ".join(f"{load:.2f}" for load in os.getloadavg()))
    for players in (2, 3):
        count, first, seconds = bench_perft(players)
        print(f"perft(2), {players} players: {count} positions in {seconds:.3f} s, the first run {first:.3f} s "
              f"({count / seconds:,.0f} positions per second)")
    seconds, plies = bench_games(args.games, args.ply_limit)
    print(f"random games (ply limit {args.ply_limit}): {args.games} games, {plies} plies in {seconds:.2f} s "
          f"= {args.games / seconds:.2f} games per second, {plies / seconds:,.0f} plies per second")
    compare(args.against, args.rounds)
    print("load average: " + " ".join(f"{load:.2f}" for load in os.getloadavg()))


if __name__ == "__main__":
    main()
