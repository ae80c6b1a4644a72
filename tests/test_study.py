"""The lesson helpers (kit.study, kit.games.walak.study, kit.games.myra.study) answer the lessons' questions right."""
import doctest

import pytest

import kit.games.myra.study
import kit.games.walak.study
from kit import myra, walak
from kit.games.myra import study as myra_study
from kit.study import moves_text, play_moves
from kit.games.walak import study
from kit.games.walak.demos import demo


@pytest.mark.parametrize("module", [kit.games.walak.study, kit.games.myra.study])
def test_doctests(module):
    assert doctest.testmod(module).failed == 0


def test_sowing_and_laps():
    start = walak.start()
    assert study.sown_into(walak.parse_position("S:0,0,0,0,3,0,0/0,0,0,1,0,0,0:0-0"), "e") == [
        "South's f", "South's g", "North's a"]
    assert study.laps(start, "c") == len(study.lap_lines(start, "c")) == 7
    assert walak.hole_name(study.first_relay(start, "f")) == "North's d"
    assert study.nth_seed_hole(walak.parse_position("S:15,0,0,0,0,0,0/0,0,0,0,0,0,0:0-0"), "a", 14) == "South's a"


def test_why_a_chain_stops():
    empties, occupied = demo("broken-empties"), demo("broken-occupied")
    assert "two empty holes" in study.why_the_chain_stopped(empties.start(), empties.move)
    assert "holds seeds" in study.why_the_chain_stopped(occupied.start(), occupied.move)


def test_an_endless_move_is_shown_lap_by_lap_and_its_cycle_found():
    example = walak.parse_position("N:5,4,3,6,3,4,3/5,2,7,6,1,4,3:0-0")
    lines = study.lap_lines(example, "a", first=3)
    assert len(lines) == 4 and lines[-1].startswith("Endless sowing")
    small = walak.parse_position("N:1,0,1,0,1,0,1/0,1,0,1,2,1,0:0-0")
    assert study.relay_cycle(small, "e", laps=99) == (99, 1)
    trace = study.first_laps_trace(small, "e", laps=99)
    assert study.lap_start_step(trace, 1) == 1


def test_the_chase_ends_by_repetition():
    game = play_moves(walak.parse_position("S:1,0,0,0,0,0,0/1,0,0,0,0,0,0:27-27"), "a a b b c c d d e e f f g g " * 2)
    assert game[-1].after.repeated and game[-1].after.score == (28, 28)
    assert moves_text(game[:3]) == "a a b"


def test_openings_make_different_games():
    score = study.searching_players_score("alphabeta", openings=2, depth=1)
    assert score.games == score.distinct == len(study.opening_positions(2))
    assert 0 <= score.score <= 1 and "margin" in study.verdict(score)


def test_myra_levels_and_perft_kinds():
    assert [myra_study.level(name, "F11") for name in ("F11", "E10", "G10", "F10", "D9", "C8")] == [0, 1, 1, 2, 2, 3]
    assert myra_study.army_by_level(myra.start(3), 2) == {0: ["Q"], 1: ["4"] * 2, 2: ["3"] * 3, 3: ["2"] * 4}
    small = myra.make_position({"F11": "BQ", "F1": "OQ", "F6": "B1", "F2": "O1"})
    assert myra.perft_counts(small, 2)[-1] == myra_study.move_sequences(small, 2)  # no two ways meet yet
    assert myra.perft_counts(small, 3)[-1] < myra_study.move_sequences(small, 3)  # they do three plies deep


def test_one_meaning_of_captured_and_puzzles_leave_out_game_ends():
    """What a move captures is its pussa kanawa and bead chain (seeds_captured); a sweep is not a capture,
    and a most-captured puzzle is never set where some move ends the game (issue 23)."""
    from kit.games.walak.puzzle_kinds import seeds_taken, walak_most_captured
    from kit.games.walak.events import seeds_captured

    position = walak.parse_position("S:1,0,3,3,0,7,2/0,0,0,0,0,0,0:30-10")
    ending = position.play("d")
    assert ending.is_over and ending.score[0] - position.captured[0] == 16  # d captures nothing, then sweeps 16
    for move in position.legal_moves():
        trace = position.trace(move)
        assert study.gain(position, move) == seeds_captured(trace.events) == seeds_taken(trace)
    assert study.gain(position, "d") == 0 and study.gain(position, "f") == 4
    assert walak_most_captured(position) == []


def test_rare_range_and_margins_over_games():
    from kit.study import rare_range, share_over_games

    assert rare_range(0, 1000)[0] == 0 and 3.6 < 1000 * rare_range(0, 1000)[1] < 3.8  # about 3.7 / n
    low, high = rare_range(2, 22_584)
    assert (round(low * 22_584, 2), round(high * 22_584, 2)) == (0.24, 7.22)  # the exact Poisson range of 2
    with pytest.raises(ValueError, match="found must be"):
        rare_range(3, 2)
    share, margin = share_over_games([(1, 2), (1, 2), (1, 2)])
    assert share == 0.5 and margin == 0  # every game alike: no spread
    with pytest.raises(ValueError, match="at least two games"):
        share_over_games([(1, 2)])


def test_random_boards_count_endless_holes_and_the_longest_ending_sowing():
    count = study.endless_on_random_boards(28, boards=50)
    assert count.longest_at is not None
    position, move = count.longest_at
    assert study.laps(position, move) == count.longest and move in position.legal_moves()
    other = study.endless_on_random_boards(9, boards=50)
    total = study.all_boards([count, other])
    assert total.seeds is None and total.longest == max(count.longest, other.longest)
    assert (total.endless, total.occupied) == (count.endless + other.endless, count.occupied + other.occupied)
    assert str(total).startswith("     all:")
    ends = study.lap_ends(games=5)
    assert 0 < ends.relays < ends.laps and ends.margin > 0
