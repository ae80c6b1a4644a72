"""Myra engine speed: perft(2) from the 2-player start, and random full games with a ply limit.

Run from the repository root: ``python -m benchmarks.myra_bench [--games N] [--ply-limit N]``

Target (issue 16): perft(2) from the 2-player start at least 3 times faster than the first
engine (0.10 s on the project's machine when it was quiet; now 0.02-0.03 s), with the same count, 47,089.
Times depend on the machine's load: compare engines side by side, minimum of several runs.
"""
from __future__ import annotations

import argparse
import random
import time

from kit.games.myra import perft, start


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--ply-limit", type=int, default=200)
    args = parser.parse_args()
    for players in (2, 3):
        count, first, seconds = bench_perft(players)
        print(f"perft(2), {players} players: {count} positions in {seconds:.3f} s, the first run {first:.3f} s "
              f"({count / seconds:,.0f} positions per second)")
    seconds, plies = bench_games(args.games, args.ply_limit)
    print(f"random games (ply limit {args.ply_limit}): {args.games} games, {plies} plies in {seconds:.2f} s "
          f"= {args.games / seconds:.2f} games per second, {plies / seconds:,.0f} plies per second")


if __name__ == "__main__":
    main()
