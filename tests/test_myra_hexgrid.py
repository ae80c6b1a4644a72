"""Hex geometry and the human cell notation."""
from __future__ import annotations

import pytest

from kit.games.myra.hexgrid import CELLS, NEIGHBOURS, INDEX, cell_name, corner, distance, neighbours, on_board, parse_cell


def test_board_has_91_hollows_in_rows_of_six_to_eleven():
    assert len(CELLS) == 91
    assert [sum(1 for c in CELLS if c[1] == r) for r in range(-5, 6)] == [6, 7, 8, 9, 10, 11, 10, 9, 8, 7, 6]
    assert not on_board((6, 0)) and not on_board((3, 3)) and on_board((2, 3))


def test_neighbours_in_rulings_order_and_distance():
    assert neighbours((0, 0)) == [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]
    assert neighbours(corner(0)) == [(5, -1), (4, 0), (4, 1)]
    assert all(distance(c, n) == 1 for c in CELLS for n in neighbours(c))
    assert distance(corner(0), corner(3)) == 10 and distance(corner(0), corner(2)) == 10
    assert all(tuple(INDEX[n] for n in neighbours(c)) == NEIGHBOURS[INDEX[c]] for c in CELLS)


def test_corners():
    assert [corner(k) for k in range(6)] == [(5, 0), (5, -5), (0, -5), (-5, 0), (-5, 5), (0, 5)]
    assert [cell_name(corner(k)) for k in range(6)] == ["F11", "A6", "A1", "F1", "K1", "K6"]


def test_cell_names_round_trip_and_read_in_rows():
    assert [parse_cell(cell_name(c)) for c in CELLS] == list(CELLS)
    assert cell_name((0, 0)) == "F6" and parse_cell("f6") == (0, 0)
    assert [cell_name(c) for c in CELLS[:6]] == ["A1", "A2", "A3", "A4", "A5", "A6"]


@pytest.mark.parametrize("text, problem", [("A7", "row A has hollows 1 to 6"), ("L1", "not a cell name"),
                                           ("F0", "row F has hollows 1 to 11"), ("F", "not a cell name")])
def test_bad_cell_names(text, problem):
    with pytest.raises(ValueError, match=problem):
        parse_cell(text)
