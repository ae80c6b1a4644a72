"""The plain loop of the engine benchmark plays the same games as the engine (benchmarks/walak_bench.py).

The benchmark compares the engine's speed with this loop's, so the loop must play the same
rules: both choose among the legal moves with the same random numbers, and must end every
game with the same seeds after the same number of plies.
"""
import importlib.util
import random
from pathlib import Path

from kit import walak
from kit.games.walak.events import seeds_captured

spec = importlib.util.spec_from_file_location("walak_bench", Path(__file__).parent.parent / "benchmarks" / "walak_bench.py")
bench = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bench)


def test_the_plain_loop_and_the_engine_play_the_same_games():
    bench.same_games(300, seed=7)


def test_the_plain_loop_sows_as_the_engine_does():
    rng = random.Random(3)
    for _ in range(300):
        board = [rng.randint(0, 4) for _ in range(14)]
        position = walak.Position(board, (0, 0), rng.randint(0, 1))
        for move in position.legal_moves():
            after = list(board)
            taken = bench.plain_sow(after, position.parse_move(move))
            trace = position.trace(move)
            assert taken == seeds_captured(trace.events)
            assert tuple(after) == trace.after.board_before_sweep


def test_the_engine_from_a_new_start_plays_the_same_games():
    assert bench.engine_game(random.Random(5), new_start=True) == bench.engine_game(random.Random(5))
