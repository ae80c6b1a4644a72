"""Hex geometry and the human hollow notation."""
from __future__ import annotations

import pytest

from kit.games.myra.hexgrid import HOLLOWS, NEIGHBOURS, INDEX, hollow_name, corner, distance, neighbours, on_board, parse_hollow


def test_board_has_91_hollows_in_rows_of_six_to_eleven():
    assert len(HOLLOWS) == 91
    assert [sum(1 for c in HOLLOWS if c[1] == r) for r in range(-5, 6)] == [6, 7, 8, 9, 10, 11, 10, 9, 8, 7, 6]
    assert not on_board((6, 0)) and not on_board((3, 3)) and on_board((2, 3))


def test_neighbours_in_rulings_order_and_distance():
    assert neighbours((0, 0)) == [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]
    assert neighbours(corner(0)) == [(5, -1), (4, 0), (4, 1)]
    assert all(distance(c, n) == 1 for c in HOLLOWS for n in neighbours(c))
    assert distance(corner(0), corner(3)) == 10 and distance(corner(0), corner(2)) == 10
    assert all(tuple(INDEX[n] for n in neighbours(c)) == NEIGHBOURS[INDEX[c]] for c in HOLLOWS)


def test_corners():
    assert [corner(k) for k in range(6)] == [(5, 0), (5, -5), (0, -5), (-5, 0), (-5, 5), (0, 5)]
    assert [hollow_name(corner(k)) for k in range(6)] == ["F11", "A6", "A1", "F1", "K1", "K6"]


def test_hollow_names_round_trip_and_read_in_rows():
    assert [parse_hollow(hollow_name(c)) for c in HOLLOWS] == list(HOLLOWS)
    assert hollow_name((0, 0)) == "F6" and parse_hollow("f6") == (0, 0)
    assert [hollow_name(c) for c in HOLLOWS[:6]] == ["A1", "A2", "A3", "A4", "A5", "A6"]


@pytest.mark.parametrize("text, problem", [("A7", "row A has hollows 1 to 6"), ("L1", "not a hollow name"),
                                           ("F0", "row F has hollows 1 to 11"), ("F", "not a hollow name")])
def test_bad_hollow_names(text, problem):
    with pytest.raises(ValueError, match=problem):
        parse_hollow(text)
