"""Match mode: refill, store, who opens, match end (RULINGS 'Match of several rounds')."""
import pytest

from kit import walak
from kit.core.errors import IllegalMove
from kit.games.walak.match import Match, opener, refill


def finished_round(board_after_sweep_scores, opened_by=0, stores=(0, 0)):
    """A match whose current round is over with the given scores (South, North)."""
    south, north = board_after_sweep_scores
    over = walak.Position((0,) * 14, (south, north), 1 - opened_by)
    assert over.is_over
    return Match(over, stores, opened_by)


def test_refill_from_a_with_four_per_hole():
    assert refill(28) == ((4,) * 7, 0)
    assert refill(26) == ((4, 4, 4, 4, 4, 4, 2), 0)  # remainder under 4 into the next hole
    assert refill(13) == ((4, 4, 4, 1, 0, 0, 0), 0)  # holes left empty stay in play
    assert refill(35) == ((4,) * 7, 7)  # beyond 28 stays in the store


def test_fewer_seeds_opens_and_a_tie_goes_to_the_other_player():
    assert opener((20, 36), last_opener=0) == 0
    assert opener((36, 20), last_opener=0) == 1
    assert opener((28, 28), last_opener=0) == 1
    assert opener((28, 28), last_opener=1) == 0


def test_next_round_refills_and_keeps_the_store():
    m = finished_round((35, 21)).next_round()
    assert m.position.board == (4,) * 7 + (4, 4, 4, 4, 4, 1, 0)
    assert m.stores == (7, 0) and m.opened_by == 1 and m.position.to_move == 1
    assert m.round_number == 2 and m.rounds[0].holdings == (35, 21)


def test_store_counts_again_at_the_end_of_the_next_round():
    m = Match(walak.Position((0,) * 14, (20, 29), 0), stores=(7, 0), opened_by=1)
    assert m.round_over and m.holdings == (27, 29)


def test_match_ends_when_a_player_cannot_fill_one_hole():
    m = finished_round((53, 3))
    assert m.is_over and m.winner == 0
    with pytest.raises(IllegalMove, match="match is over"):
        m.next_round()


def test_next_round_needs_a_finished_round():
    with pytest.raises(IllegalMove, match="not over"):
        Match.start().next_round()


def test_a_whole_match_conserves_seeds():
    import random

    rng = random.Random(7)
    m = Match.start()
    for _ in range(20):
        while not m.round_over:
            m = m.play(rng.choice(m.position.legal_moves()))
        assert sum(m.holdings) == 56
        if m.is_over:
            break
        m = m.next_round()
        assert sum(m.position.board) + sum(m.stores) == 56
