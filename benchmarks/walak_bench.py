"""Walak-pussa engine speed: random games against a bare-Python loop of the same rules, and moves per second.

Run: ``python benchmarks/walak_bench.py [--games N] [--runs R]``. Target (issue 34): random
games with tracing off at least as fast as :func:`plain_game`, a loop written with no
positions, no events and no rule options that plays the default rules (relay sowing, *pussa
kanawa* and the bead chain, endless sowing refused, the sweep, the repetition count since the
last capture). Both play the same games from the same random numbers (checked on 1,000 games
before timing); each is timed ``R`` times, interleaved, and the best run of each is compared, in the CPU time
of this process (steadier on a shared machine) and in wall-clock time. Times depend on the
machine's load: the figures are printed with the load average.
"""
from __future__ import annotations

import argparse
import os
import random
import time
from typing import Callable

from kit import walak

Result = tuple[int, int, int]  # South's seeds, North's seeds, plies
ENDLESS_LAPS = 10_000


def plain_sow(board: list[int], origin: int) -> int | None:
    """Sow ``origin`` on ``board`` in place (relay, pussa kanawa, bead chain); the seeds captured, None if endless."""
    hand, board[origin] = board[origin], 0
    pos, lap = origin, 1
    while True:
        while hand:
            pos = pos + 1 if pos < 13 else 0
            board[pos] += 1
            hand -= 1
        look = pos + 1 if pos < 13 else 0
        if not board[look]:
            break
        if lap >= ENDLESS_LAPS:
            return None
        lap += 1
        hand, board[look] = board[look], 0
        pos = look
    total = 0
    k = look + 1 if look < 13 else 0
    while board[k]:
        total += board[k]
        board[k] = 0
        past = k + 1 if k < 13 else 0
        if board[past]:
            break
        k = past + 1 if past < 13 else 0
    return total


def plain_game(rng: random.Random) -> Result:
    """A random game from the start, the mover choosing uniformly among its legal holes, a to g."""
    board, captured, mover, plies = [4] * 14, [0, 0], 0, 0
    seen: dict[tuple[int, ...], int] = {}  # positions since the last capture, and the times each stood
    while True:
        key = (*board, mover)
        times = seen.get(key, 0) + 1
        if times == 3:  # the third repetition: each player takes the seeds in their own row
            return captured[0] + sum(board[:7]), captured[1] + sum(board[7:]), plies
        seen[key] = times
        outcomes = []
        for hole in range(7 * mover, 7 * mover + 7):
            if board[hole]:
                after = board[:]
                taken = plain_sow(after, hole)
                if taken is not None:
                    outcomes.append((after, taken))
        if not outcomes:  # no legal move: the other player sweeps the board
            captured[1 - mover] += sum(board)
            return captured[0], captured[1], plies
        board, taken = rng.choice(outcomes)
        if taken:
            captured[mover] += taken
            seen = {}
        mover = 1 - mover
        plies += 1


def engine_game(rng: random.Random, new_start: bool = False) -> Result:
    """The same random game played by the kit's engine, tracing off; from ``walak.start()``
    (one position for each set of rules, its moves found once), or with ``new_start`` from a
    start position made afresh, whose moves are found again."""
    p = walak.Position((4,) * 14) if new_start else walak.start()
    moves = p.legal_moves()
    while moves:
        p = p.play(rng.choice(moves))
        moves = p.legal_moves()
    return p.score[0], p.score[1], p.ply


def same_games(games: int, seed: int = 1) -> None:
    """Check that the plain loop and the engine play the same ``games`` games to the same ends."""
    plain, engine = random.Random(seed), random.Random(seed)
    for number in range(games):
        expected, got = plain_game(plain), engine_game(engine)
        if expected != got:
            raise AssertionError(f"game {number}: the plain loop ends {expected}, the engine {got}")


def timed(play: Callable[[random.Random], Result], games: int, seed: int = 1) -> tuple[float, float, int]:
    """CPU seconds and wall-clock seconds for ``games`` random games, and the plies played."""
    rng = random.Random(seed)
    cpu, wall = time.process_time(), time.perf_counter()
    plies = sum(play(rng)[2] for _ in range(games))
    return time.process_time() - cpu, time.perf_counter() - wall, plies


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
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2_000, help="random games in each timed run")
    parser.add_argument("--runs", type=int, default=5, help="timed runs of each, interleaved")
    args = parser.parse_args()
    print("load average: " + " ".join(f"{load:.2f}" for load in os.getloadavg()))
    same_games(1_000)
    print("the plain loop and the engine play the same 1,000 random games to the same ends")
    players: dict[str, Callable[[random.Random], Result]] = {
        "plain loop": plain_game, "engine": engine_game,
        "engine, each game from a new start position": lambda rng: engine_game(rng, new_start=True)}
    cpu = {name: float("inf") for name in players}
    wall = dict(cpu)
    plies = 0
    for _ in range(args.runs):
        for name, play in players.items():
            seconds, clock, plies = timed(play, args.games)
            cpu[name], wall[name] = min(cpu[name], seconds), min(wall[name], clock)
    for name, seconds in cpu.items():
        print(f"random games, {name}: {args.games / seconds:,.0f} games/s of CPU time, "
              f"{args.games / wall[name]:,.0f} games/s of wall-clock time")
    print(f"({plies / args.games:.1f} plies a game; best of {args.runs} runs of {args.games:,} games each, interleaved)")
    for name in list(players)[1:]:
        print(f"{name} / plain loop: {cpu['plain loop'] / cpu[name]:.2f}x in CPU time, "
              f"{wall['plain loop'] / wall[name]:.2f}x in wall-clock time" + (" [target >= 1.0]" if name == "engine" else ""))
    pairs = sample_moves(20_000)
    print(f"moves, tracing off: {moves_per_second(pairs, traced=False):,.0f} moves/s "
          "(each checks every hole for endless sowing)")
    print(f"moves, tracing on:  {moves_per_second(pairs, traced=True):,.0f} moves/s")
    print("load average: " + " ".join(f"{load:.2f}" for load in os.getloadavg()))


if __name__ == "__main__":
    main()
