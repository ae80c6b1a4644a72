"""Perft check figures of RULINGS and the start formation."""
from __future__ import annotations

import time

import pytest

from kit.games.myra import Piece, parse_hollow, perft, perft_counts, start
from kit.games.myra.position import PerftTooDeep


def test_start_formation_matches_the_rulings_drawing():
    rows = str(start()).splitlines()
    assert rows[5].split() == ["F", "OQ", "O3", *["."] * 7, "B3", "BQ"]
    assert rows[4].split() == ["E", "O4", "O2", *["."] * 6, "B2", "B4"]
    assert rows[2].split() == ["C", "O2", *["."] * 6, "B2"]


@pytest.mark.parametrize("players", [2, 3])
def test_each_player_starts_with_25_soldiers_on_board_and_25_in_reserve(players):
    pos = start(players)
    for p in range(players):
        mine = [piece for piece in pos.hollows.values() if piece.owner == p]
        assert sum(piece.count for piece in mine if not piece.queen) == 25
        assert sum(piece.queen for piece in mine) == 1
    assert pos.reserve == (25,) * players
    assert pos.hollows[parse_hollow("F11")] == Piece(0, 1, True)


def test_three_player_queens_sit_in_every_other_corner():
    queens = {piece.owner: hollow for hollow, piece in start(3).hollows.items() if piece.queen}
    assert queens == {0: parse_hollow("F11"), 1: parse_hollow("A1"), 2: parse_hollow("K1")}


@pytest.mark.parametrize("players, figures", [(2, [217, 47089]), (3, [217, 47055])])
def test_perft_check_figures(players, figures):
    assert perft_counts(start(players), 2) == figures
    assert perft(start(players), 1) == figures[0]
    assert perft(start(players), 0) == 1


def test_perft_two_from_the_start_is_fast():
    began = time.thread_time()
    perft(start(), 2)
    assert time.thread_time() - began < 2.0  # CPU time: target 1 s


def test_perft_in_passes_counts_the_same():
    """A last level too big for the memory given is counted in passes, each holding a share."""
    assert perft_counts(start(), 2, memory=4 * 2**20) == [217, 47089]  # 47,089 x 180 bytes: 3 passes


def test_perft_too_deep_for_its_memory_is_refused_before_any_work():
    began = time.thread_time()
    with pytest.raises(PerftTooDeep, match="depth 3 would hold about .* positions"):
        perft_counts(start(), 3, memory=16 * 2**20)
    with pytest.raises(PerftTooDeep, match="ask for depth 1 or less"):
        perft_counts(start(), 3, memory=2**15)  # depth 2, not the last, would need passes
    assert time.thread_time() - began < 2.0
