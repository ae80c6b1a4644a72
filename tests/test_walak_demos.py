"""The capture demonstrations: each move is legal and captures what its title says."""
import pytest

from kit.games.walak import Capture, LapEnd, hole_name
from kit.games.walak.board import HOLES, ROW
from kit.games.walak.demos import DEMOS, demo

# (hole, count) of every capture, in order: worked by hand (see tests/test_walak_rules.py)
CAPTURES = {
    "single": [(3, 5)],
    "chain-2-south": [(3, 5), (5, 3)],
    "chain-2-north": [(10, 5), (12, 3)],
    "chain-3-north": [(9, 2), (11, 3), (13, 5)],
    "chain-3-south": [(2, 2), (4, 3), (6, 5)],
    "chain-across": [(10, 4), (12, 3), (0, 2)],
    "broken-empties": [(3, 5)],
    "broken-occupied": [(3, 5)],
    "relay-7": [(13, 1), (1, 1), (3, 1), (5, 1), (7, 1), (9, 1), (11, 3)],
    "lapping-15": [(3, 2), (5, 2), (7, 2), (9, 2), (11, 2), (13, 2), (1, 3)],
    "opening": [(10, 6)],
}
LAPS = {"relay-7": 7, "lapping-15": 8, "opening": 7}
WORDS = {"two": 2, "three": 3, "seven": 7}


def captures(d):
    return [(e.hole, e.count) for e in d.trace().events if isinstance(e, Capture)]


@pytest.mark.parametrize("d", DEMOS, ids=lambda d: d.name)
def test_demo_move_is_legal_and_captures_as_hand_worked(d):
    position = d.start()
    assert d.move in position.legal_moves()
    assert captures(d) == CAPTURES[d.name]
    laps = sum(isinstance(e, LapEnd) for e in d.trace().events)
    assert laps == LAPS.get(d.name, 1)


@pytest.mark.parametrize("d", [d for d in DEMOS if d.title.startswith("Chain of")], ids=lambda d: d.name)
def test_chain_titles_name_the_length_and_the_side(d):
    length, side = d.title.removeprefix("Chain of ").split(", ")
    holes = [hole for hole, _ in captures(d)]
    assert len(holes) == WORDS[length]
    assert {hole_name(h).split("'")[0] for h in holes} == {side.split("'")[0]}


def test_chain_across_both_sides():
    holes = [hole for hole, _ in captures(demo("chain-across"))]
    assert {h // ROW for h in holes} == {0, 1}


def test_broken_chains_stop_for_the_reason_their_title_gives():
    for name, reason in (("broken-empties", "two empties"), ("broken-occupied", "occupied")):
        d = demo(name)
        assert reason in d.title
        last, _ = captures(d)[-1]
        board = d.trace().after.board
        after, beyond = board[(last + 1) % HOLES], board[(last + 2) % HOLES]
        if reason == "occupied":
            assert after > 0
        else:
            assert after == 0 and beyond == 0 and board[(last + 3) % HOLES] > 0  # seeds there stay


def test_seven_link_chain_and_lapping():
    assert len(captures(demo("relay-7"))) == 7
    sown = [e for e in demo("lapping-15").trace().events if type(e).__name__ == "Sow"]
    assert sown[13].hole == 0  # the origin, South's a, gets the 14th seed


def test_names_and_titles_are_distinct_and_unknown_names_are_named():
    assert len({d.name for d in DEMOS}) == len({d.title for d in DEMOS}) == len(DEMOS)
    with pytest.raises(KeyError, match="no capture demonstration 'chain-9'.*single"):
        demo("chain-9")
