"""Walak-pussa engine speed: random full games per second, and moves per second with tracing off and on.

Run: ``python benchmarks/walak_bench.py [--seconds S]``. Target (tracing off): at least
5,000 random games per second on the project's 2-core machine.
"""
from __future__ import annotations

import argparse
import random
import time

from kit import walak


def random_games(seconds: float, seed: int = 1) -> tuple[int, int, float]:
    """Play random games for about ``seconds``; return (games, plies, elapsed)."""
    rng = random.Random(seed)
    games = plies = 0
    begin = time.perf_counter()
    while time.perf_counter() - begin < seconds:
        p = walak.start()
        moves = p.legal_moves()
        while moves:
            p = p.play(rng.choice(moves))
            moves = p.legal_moves()
            plies += 1
        games += 1
    return games, plies, time.perf_counter() - begin


def sample_moves(count: int, seed: int = 2) -> list[tuple[walak.Position, str]]:
    """(position, legal move) pairs from random games."""
    rng = random.Random(seed)
    pairs: list[tuple[walak.Position, str]] = []
    while len(pairs) < count:
        p = walak.start()
        while p.legal_moves() and len(pairs) < count:
            move = rng.choice(p.legal_moves())
            pairs.append((walak.Position(p.board, p.captured, p.to_move, p.rules, p.ply), move))
            p = p.play(move)
    return pairs


def moves_per_second(pairs: list[tuple[walak.Position, str]], traced: bool) -> float:
    """Moves played per second on fresh (uncached) positions, with or without events."""
    fresh = [walak.Position(p.board, p.captured, p.to_move, p.rules, p.ply) for p, _ in pairs]
    begin = time.perf_counter()
    if traced:
        for p, (_, move) in zip(fresh, pairs):
            p.trace(move)
    else:
        for p, (_, move) in zip(fresh, pairs):
            p.play(move)
    return len(pairs) / (time.perf_counter() - begin)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0)
    args = parser.parse_args()
    games, plies, elapsed = random_games(args.seconds)
    print(f"random games, tracing off: {games / elapsed:,.0f} games/s "
          f"({plies / games:.1f} plies a game, {plies / elapsed:,.0f} plies/s) [target >= 5,000 games/s]")
    pairs = sample_moves(20_000)
    print(f"moves, tracing off: {moves_per_second(pairs, traced=False):,.0f} moves/s "
          "(each checks every hole for endless sowing)")
    print(f"moves, tracing on:  {moves_per_second(pairs, traced=True):,.0f} moves/s")


if __name__ == "__main__":
    main()
