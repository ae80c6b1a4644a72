"""Classroom kernel memory over a long lesson: the resident size fresh, after the first round
through every mode of both games, and after each further round (what a kernel that stays open
for a whole lesson holds).

Run from the repository root: ``python -m benchmarks.classroom_memory [--rounds 6] [--trace]``.
One round, for each game: every demonstration stepped to its end, a live game of a few moves
against the computer (club) played to the board's rest, the set-up shown, a puzzle drawn.
``--trace`` prints, for each round after the second, the allocations that grew most since the
round before (tracemalloc: slow). Target: after the first round, less than 5 MB more a round
(the kit keeps the game and the one before it for undo, bounded caches, no history of
pictures); the first round's growth is what the modes make once (drawings, live games,
puzzles, the move generators' bounded caches).
"""
from __future__ import annotations

import argparse
import gc
import os
import random
import tracemalloc
from typing import Any

from kit.classroom import app
from kit.widgets.feedback import CALLBACK_LOCK

#: Growth allowed a round once every mode has been used (MB).
TARGET_PER_ROUND = 5


def resident_mb() -> float:
    """This process's resident memory (Linux ``/proc``), in MB."""
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 1e6


def one_round(room: Any, rng: random.Random, moves: int = 6) -> None:
    """Every mode of both games once, as a teacher's lesson would use them."""
    for game in room.stages:
        room.game.value = game
        room.mode.value = "demos"
        for demo in room.galleries[game].demos:
            room.choose(demo)
            room.stage.forward(room.stage.controller.steps)
        room.mode.value = "live"
        board = room.board(game)
        board.longest_move_ms = 50
        board.seats.seat(1, "club")
        for _ in range(moves):
            if board.position.is_over:
                board.new_game()
            else:
                with CALLBACK_LOCK:
                    board.play_move(rng.choice(board.position.legal_moves()))
            board.wait(300)
        board.seats.seat(1, "person")
        board.new_game()
        if game in room.setups:
            room.mode.value = "setup"
        room.mode.value = "puzzles"
        room.puzzles[game].next_puzzle()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=6, help="rounds through every mode")
    parser.add_argument("--trace", action="store_true", help="print what grew most each round (slow)")
    options = parser.parse_args()
    rng = random.Random(1)
    room = app(seed=1)
    gc.collect()
    figures = [resident_mb()]
    print(f"fresh: {figures[0]:.0f} MB")
    before = None
    for number in range(options.rounds):
        one_round(room, rng)
        gc.collect()
        figures.append(resident_mb())
        print(f"after round {number + 1}: {figures[-1]:.0f} MB ({figures[-1] - figures[-2]:+.1f} MB)", flush=True)
        if options.trace and number == 0:
            tracemalloc.start(12)
        elif options.trace:
            snapshot = tracemalloc.take_snapshot()
            if before is not None:
                for stat in snapshot.compare_to(before, "traceback")[:5]:
                    print(f"    {stat.size_diff / 1e6:+.2f} MB in {stat.count_diff:+d} blocks, from "
                          + " <- ".join(str(frame) for frame in stat.traceback[-3:]))
            before = snapshot
    later = figures[2:]
    per_round = (later[-1] - later[0]) / max(1, len(later) - 1) if len(later) > 1 else float("nan")
    verdict = "met" if per_round < TARGET_PER_ROUND else "NOT met"
    print(f"first round: {figures[1] - figures[0]:+.0f} MB; later rounds: {per_round:+.1f} MB a round "
          f"(target < {TARGET_PER_ROUND} MB: {verdict})")


if __name__ == "__main__":
    main()
