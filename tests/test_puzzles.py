"""Puzzles: every generated puzzle re-proven by brute force, seeds, levels, JSON."""
from __future__ import annotations

import json

import pytest

import kit

from kit.puzzles import Puzzle, kinds_for, PuzzleError, make_puzzles
from tests.puzzle_proofs import prove

KEYS = {"kind", "level", "position", "question", "move", "answer", "captured"}


@pytest.fixture(scope="module")
def walak_puzzles():
    return [p for kind in kinds_for("walak") for level in (1, 2, 3)
            for p in make_puzzles("walak", kind, level, count=3, seed=level)]


@pytest.fixture(scope="module")
def myra_puzzles():
    puzzles = make_puzzles("myra", "most-captured", None, count=4, seed=0)
    puzzles += make_puzzles("myra", "queen-hunt", None, count=2, seed=0)
    puzzles += make_puzzles("myra", "save-the-queen", None, count=1, seed=0)
    return puzzles


def test_walak_puzzles_are_proven_at_their_level(walak_puzzles):
    assert len(walak_puzzles) == 2 * 3 * 3
    for number, puzzle in enumerate(walak_puzzles):
        assert puzzle.level == 1 + (number // 3) % 3
        prove(puzzle)


def test_myra_puzzles_are_proven(myra_puzzles):
    assert [p.kind for p in myra_puzzles] == ["most-captured"] * 4 + ["queen-hunt"] * 2 + ["save-the-queen"]
    for puzzle in myra_puzzles:
        prove(puzzle)


def test_mixed_kinds_take_turns():
    puzzles = make_puzzles("walak", count=5, seed=4)
    assert [p.kind for p in puzzles] == ["most-captured", "relay-end"] * 2 + ["most-captured"]
    assert all(p.level == 1 for p in puzzles)


def test_same_seed_same_puzzles():
    first = [p.to_json() for p in make_puzzles("walak", count=4, seed=9)]
    assert first == [p.to_json() for p in make_puzzles("walak", count=4, seed=9)]
    assert first != [p.to_json() for p in make_puzzles("walak", count=4, seed=10)]
    myra = [p.to_json() for p in make_puzzles("myra", "most-captured", count=2, seed=3)]
    assert myra == [p.to_json() for p in make_puzzles("myra", "most-captured", count=2, seed=3)]


def test_json_form_and_round_trip(walak_puzzles, myra_puzzles):
    for puzzle in walak_puzzles[:6] + myra_puzzles:
        data = json.loads(json.dumps(puzzle.to_json()))
        assert set(data) == KEYS
        assert isinstance(data["level"], int) and isinstance(data["captured"], int)
        assert all(isinstance(data[key], str) for key in ("kind", "question", "move", "answer"))
        assert data["position"]["game"] == puzzle.game
        again = Puzzle.from_json(puzzle.game, data)
        assert again.position == puzzle.position and again.to_json() == data
        assert kit.game(puzzle.game).position_from_json(puzzle.position.to_json()) == puzzle.position


def test_walak_position_json_holds_board_captured_to_move_rules(walak_puzzles):
    data = walak_puzzles[0].to_json()["position"]
    assert len(data["board"]) == 14 and len(data["captured"]) == 2
    assert data["to_move"] in (0, 1) and isinstance(data["rules"], dict)
    assert sum(data["board"]) + sum(data["captured"]) == 56


def test_answers_are_in_the_games_notation(walak_puzzles, myra_puzzles):
    for puzzle in walak_puzzles:
        if puzzle.kind == "most-captured":
            assert puzzle.answer == puzzle.move and puzzle.answer in "abcdefg"
        else:
            assert puzzle.answer.split("'s ")[0] in ("South", "North")
    for puzzle in myra_puzzles:
        assert str(puzzle.position.parse_move(puzzle.move)) == puzzle.move


@pytest.mark.parametrize("args, message", [
    (("chess",), "unknown game"),
    (("walak", "queen-hunt"), "unknown kind"),
    (("myra", None, 4), "level must be 1, 2 or 3"),
    (("walak", None, 1, 0), "whole number >= 1"),
])
def test_bad_requests_say_what_is_wrong(args, message):
    with pytest.raises(PuzzleError, match=message):
        make_puzzles(*args)


def test_a_search_gives_up_after_its_time_limit_and_reports_progress():
    import time

    calls = []
    began = time.monotonic()
    found = make_puzzles("myra", "save-the-queen", 3, 100, seed=0, seconds=1.0,
                         progress=lambda games, count, elapsed: calls.append((games, count, elapsed)))
    assert time.monotonic() - began < 30  # a game or a position more after the limit: 5x what it takes on a loaded machine
    assert len(found) < 100 and calls
    assert all(count <= 100 and elapsed >= 0 for _, count, elapsed in calls)


@pytest.mark.parametrize("game, kind, captured, text", [
    ("myra", "most-captured", 1, "F8-F7 (1 soldier)"), ("myra", "most-captured", 3, "F8-F7 (3 soldiers)"),
    ("myra", "queen-hunt", 0, "F8-F7 (takes the queen)"), ("walak", "most-captured", 1, "F8-F7 (1 seed)"),
    ("walak", "most-captured", 0, "F8-F7 (0 seeds)")])
def test_answers_say_one_soldier_and_take_the_queen(game, kind, captured, text):
    puzzle = Puzzle(kind, 1, kit.game(game).start(), "?", "F8-F7", "F8-F7", captured)
    assert puzzle.answer_text == text


def test_most_captured_levels_follow_the_runner_up(walak_puzzles, myra_puzzles):
    """Easy: the runner-up misses by 2 or more; hard: by exactly 1 (and a long relay or a winding path)."""
    for puzzle in [p for p in walak_puzzles + myra_puzzles if p.kind == "most-captured"]:
        position = puzzle.position
        taken = sorted((sum(getattr(e, "count", 0) for e in position.trace(m).events
                            if type(e).__name__ == "Capture") for m in position.legal_moves()), reverse=True)
        margin = taken[0] - taken[1]
        assert taken[1] > 0 and margin >= 1
        if puzzle.level == 1:
            assert margin >= 2
        if puzzle.level == 3:
            assert margin == 1
