"""Students playing each other: many pairs at once on one class database, the opponent's move seen by polling.

Run from the repository root: ``python -m benchmarks.class_games_bench`` (``--pairs``,
``--games``, ``--poll``, ``--think``). Every student is a process of its own with its own
connection to one real SQLite class file, as every student's page is a kernel of its own.
The teacher pairs ``--pairs`` pairs; each pair plays ``--games`` games of the first registered
game (each page choosing its moves with the computer's beginner level, then "thinking"
``--think`` seconds on average, as a person would). A page waiting for the opponent reads its
game's change number every ``--poll`` seconds (what a page's timer does). Printed are

- the delay from a move written (its transaction committed on the mover's page) to the
  opponent's poll seeing it, p50/p95/max over every move, with the poll interval chosen;
- how long writing a move takes on the mover's page (the engine's check and the transaction);
- the database's size per 100 games: of the games this run played, and of 100 further games
  written without pauses (the file after a checkpoint, WAL folded in).

The page's screen (drawing and animating the opponent's move) is not in these figures: it
comes with the student page.
"""
from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import kit
from kit.agents.factory import make_agent
from kit.classes.db import ClassDB
from kit.classes.games import ClassGames, Seat


def page(path: str, token: str, games: list[int], poll: float, think: float, seed: int, out: Any) -> None:
    """A student's page: play one's own side of each game, wait for the opponent by polling."""
    db = ClassDB(path)
    store = ClassGames(db)
    me = db.student(token)
    assert me is not None
    rng = random.Random(seed)
    written: list[tuple[int, int, float, float]] = []  # (game, move number, committed at, seconds to write)
    seen: list[tuple[int, int, float]] = []  # (game, move number, seen at)
    for game in games:
        view = store.view(game)
        agent = make_agent("beginner", view.game, seed=seed)
        known = view.version
        while view.status == "playing":
            if view.to_move == view.seat_of(me.id):
                time.sleep(rng.uniform(0, 2 * think))  # the person thinking
                move = view.position.notation(agent.choose(view.position))
                began = time.perf_counter()
                view = store.play(token, game, move, view.number)
                written.append((game, view.number - 1, time.time(), time.perf_counter() - began))
                known = view.version
                continue
            now = store.version(game)
            if now == known:
                time.sleep(poll)  # the page's timer
                continue
            at = time.time()
            before = view.number
            view = store.view(game)
            known = view.version
            seen.extend((game, number, at) for number in range(before, view.number))
    out.put((written, seen))


def size_per_100(path: Path, games: int) -> float:
    """The class file's size in KB per 100 games, after folding the WAL into it."""
    db = ClassDB(path)
    db.query("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()
    return os.path.getsize(path) / 1024 * 100 / games


def quick_games(path: Path, count: int) -> int:
    """``count`` games between two students written as fast as they are played (for the size figure):
    the moves played."""
    db = ClassDB(path)
    store = ClassGames(db)
    ana, ben = db.join("Ana Perera"), db.join("Ben Silva")
    name = kit.games()[0]
    for number in range(count):
        game = store.new_game(name, [Seat(ana.id), Seat(ben.id)], key=db.teacher_key)
        agents = [make_agent("beginner", name, seed=number), make_agent("random", name, seed=number)]
        view = store.view(game)
        while view.status == "playing":
            token = ana.token if view.to_move == 0 else ben.token
            move = view.position.notation(agents[view.to_move].choose(view.position))
            view = store.play(token, game, move, view.number)
    moves = sum(len(g.moves) for g in store.games())
    db.close()
    return moves


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=15, help="pairs playing at once (default 15)")
    parser.add_argument("--games", type=int, default=2, help="games each pair plays, one after another (default 2)")
    parser.add_argument("--poll", type=float, default=0.2, help="seconds between a page's polls (default 0.2)")
    parser.add_argument("--think", type=float, default=0.5, help="a person's mean seconds a move (default 0.5)")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="class-games-bench-"))
    path = folder / "class.sqlite"
    db = ClassDB(path)
    store = ClassGames(db)
    students = [db.join(f"Student {number:02d}") for number in range(2 * args.pairs)]
    name = kit.games()[0]
    schedule: dict[int, list[int]] = {s.id: [] for s in students}
    for _ in range(args.games):
        for pair in range(args.pairs):
            first, second = students[2 * pair], students[2 * pair + 1]
            game = store.new_game(name, [Seat(first.id), Seat(second.id)], key=db.teacher_key)
            schedule[first.id].append(game)
            schedule[second.id].append(game)
    context = multiprocessing.get_context("spawn")
    out = context.Queue()
    pages = [context.Process(target=page, args=(str(path), s.token, schedule[s.id], args.poll, args.think, index, out))
             for index, s in enumerate(students)]
    started = time.perf_counter()
    for process in pages:
        process.start()
    reports = [out.get(timeout=1800) for _ in pages]
    for process in pages:
        process.join(60)
    seconds = time.perf_counter() - started
    committed = {(game, number): at for written, _ in reports for game, number, at, _ in written}
    writes = [took for written, _ in reports for *_, took in written]
    delays = [at - committed[(game, number)] for _, seen in reports for game, number, at in seen
              if (game, number) in committed]
    played = store.games()
    moves = sum(len(g.moves) for g in played)
    print(f"{args.pairs} pairs, {len(played)} games of {kit.game(name).title}, {moves} moves in {seconds:.1f} s; "
          f"every student a process of its own ({2 * args.pairs} processes) on {os.cpu_count()} cores; "
          f"load average {os.getloadavg()[0]:.1f}")
    print(f"opponent's move seen, polling every {args.poll:g} s: p50 {statistics.median(delays) * 1000:.0f} ms, "
          f"p95 {percentile(delays, 0.95) * 1000:.0f} ms, max {max(delays) * 1000:.0f} ms ({len(delays)} moves)")
    print(f"writing a move (engine check and transaction): p50 {statistics.median(writes) * 1000:.1f} ms, "
          f"p95 {percentile(writes, 0.95) * 1000:.1f} ms")
    print(f"database: {size_per_100(path, len(played)):.0f} KB per 100 games ({moves / len(played):.0f} moves a game)")
    quick = folder / "quick.sqlite"
    quick_moves = quick_games(quick, 100)
    print(f"database: {size_per_100(quick, 100):.0f} KB per 100 games written without pauses "
          f"({quick_moves / 100:.0f} moves a game)")


if __name__ == "__main__":
    main()
