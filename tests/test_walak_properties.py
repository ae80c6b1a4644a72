"""Property tests: seeds are conserved, tracing agrees with play, strings round-trip."""
import pytest
from hypothesis import assume, given, settings, strategies as st

from kit import walak
from kit.core.errors import IllegalMove

rules_names = st.sampled_from(sorted(walak.PRESETS))
choices = st.lists(st.integers(min_value=0, max_value=6), max_size=60)
boards = st.lists(st.integers(min_value=0, max_value=9), min_size=14, max_size=14).filter(lambda b: any(b) and sum(b) <= 56)


def games(rules: str, picks: list[int]):
    """The positions of a game whose moves are picked from the legal ones by index."""
    p = walak.start(rules)
    yield p
    for pick in picks:
        moves = p.legal_moves()
        if not moves:
            return
        p = p.play(moves[pick % len(moves)])
        yield p


@settings(max_examples=150, deadline=None)
@given(rules_names, choices)
def test_seeds_are_conserved(rules, picks):
    for p in games(rules, picks):
        assert sum(p.board) + sum(p.captured) == 56
        assert all(n >= 0 for n in p.board)


@settings(max_examples=60, deadline=None)
@given(rules_names, choices)
def test_traced_and_untraced_play_agree(rules, picks):
    for p in games(rules, picks):
        for move in p.legal_moves():
            trace = p.trace(move)
            assert trace.after == p.play(move)
            snapshot = walak.state_at(p, trace.events, len(trace.events))
            after = trace.after  # a third repetition ends the game: each player takes their row
            expected = ((0,) * 14, after.score) if after.repeated else (after.board, after.captured)
            assert (snapshot.board, snapshot.captured) == expected
            assert all(isinstance(event.text, str) and event.text for event in trace.events)


@settings(max_examples=150, deadline=None)
@given(boards, st.integers(0, 1), st.integers(0, 40), st.integers(0, 40), st.integers(0, 99))
def test_position_string_round_trips(board, mover, south, north, ply):
    assume(sum(board) + south + north <= 56)
    p = walak.Position(board, (south, north), mover, None, ply)
    assert walak.parse_position(p.to_string()) == p


@settings(max_examples=100, deadline=None)
@given(boards, st.integers(0, 1), st.sampled_from(list("abcdefgxz") + [0, 7, 13, 99]))
def test_illegal_moves_raise_and_change_nothing(board, mover, move):
    p = walak.Position(board, (0, 0), mover)
    before = p.to_string()
    legal = p.legal_moves()
    try:
        after = p.play(move)
    except IllegalMove as error:
        assert p.why_illegal(move) and str(error)
        try:
            name = p.notation(move)  # a hole of the mover's: one that cannot be played now
        except IllegalMove as unnamed:  # no hole of the mover's at all: said so in the refusal too
            assert str(unnamed) == str(error) and move not in range(7 * mover, 7 * mover + 7)
        else:
            assert name in "abcdefg" and name not in legal
    else:
        assert p.notation(move) in legal and after is not p
    assert p.to_string() == before


def test_malformed_position_strings_are_named():
    for bad, match in [("S:1,2,3:0-0", "14 hole counts"), ("X:4,4:0-0", "malformed"), ("", "malformed")]:
        with pytest.raises(ValueError, match=match):
            walak.parse_position(bad)
