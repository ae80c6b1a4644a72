"""Perft over the protocol (kit.core.perft, ``python -m kit GAME perft``): counted by hand on a
small Nim position, the same through the command line for every game, and Myra's own perft
command (distinct positions) unchanged."""
from __future__ import annotations

import pytest

from kit.cli.main import main
from kit.core.game import game, games
from kit.core.perft import perft, perft_counts
from tests.third_game.position import Position


def test_perft_counts_the_move_sequences_of_a_small_nim_position_as_worked_out_by_hand(third_game):
    # heaps 0, 1, 2: b1 c1 c2; then (0,0,2): c1 c2 | (0,1,1): b1 c1 | (0,1,0): b1; then 1 + 0 | 1 + 1 | 0
    position = Position((0, 1, 2))
    assert perft_counts(position, 4) == [3, 5, 3, 0] and [perft(position, d) for d in range(4)] == [1, 3, 5, 3]
    with pytest.raises(ValueError, match="a perft depth is 0 or more, not -1"):
        perft(position, -1)


@pytest.mark.parametrize("name", [name for name in games() if name != "myra"])  # Myra's own: below
def test_the_command_prints_each_depth_and_the_count_last(name, capsys):
    start = game(name).start()
    assert main([name, "perft", "--depth", "2"]) == 0
    lines = capsys.readouterr().out.splitlines()
    counts = perft_counts(start, 2)
    assert lines[:2] == [f"depth {d}: {count:,} move sequences" for d, count in enumerate(counts, 1)]
    assert lines[2].startswith("time: ") and lines[3] == str(perft(start, 2)) == str(counts[-1])


def test_myra_keeps_its_own_perft_of_distinct_positions(capsys):
    assert main(["myra", "perft", "--depth", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "depth 1: 217 positions" and lines[-1] == "217"
    assert perft(game("myra").start(), 1) == 217  # one ply: every move leads to a position of its own
