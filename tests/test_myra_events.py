"""Traced moves: events, narration, and the board after any number of events."""
from __future__ import annotations

import pytest

from kit.games.myra import Piece, make_position, parse_hollow, start, state_at
from kit.games.myra.events import Capture, Drop, Gather, Hand, Lay, Lift, Merge, Produce, Step

BOARD = {"A1": "BQ", "K6": "OQ", "F6": "B3", "F8": "O2", "E6": "B2", "G7": "B1", "G8": "B1", "H8": "B1"}


def traced(move: str):
    return make_position(BOARD).trace(move)


def test_a_capture_is_lift_steps_capture_drop():
    trace = traced("F6-F7-F8")
    c = parse_hollow
    assert trace.events == (Lift(0, c("F6"), 3), Step(0, c("F6"), c("F7"), 3), Step(0, c("F7"), c("F8"), 3),
                            Capture(0, c("F8"), 1, 2), Drop(0, c("F8"), 3))
    assert trace.narration() == [
        "Blue lifts all 3 soldiers from F6.",
        "Blue's 3 soldiers step from F6 to F7.",
        "Blue's 3 soldiers step from F7 to F8.",
        "Blue captures Orange's troop of 2 on F8; 2 soldiers leave the game.",
        "Blue puts 3 soldiers down on F8.",
    ]


@pytest.mark.parametrize("move, last", [
    ("F6-E6", "Blue builds up E6: 2 + 3 = 5 soldiers, a fortress."),
    ("2:F6-F5", "Blue puts 2 soldiers down on F5."),
    ("G7+G8+H8", "Blue puts 3 soldiers down on H8."),
    ("F6>F5>E4>D4", "Blue lays a soldier on D4 (the chain is laid)."),
    ("A1-B1", "Blue puts the queen down on B1."),
    ("*B1", "Blue brings a soldier from the reserve onto B1, next to the queen (24 left in reserve)."),
])
def test_each_kind_narrates_in_one_line(move, last):
    trace = traced(move)
    assert trace.narration()[-1] == last
    assert all("\n" not in line and line.endswith((".", "!")) for line in trace.narration())


def test_kinds_use_their_events():
    assert [type(e) for e in traced("F6-E6").events] == [Lift, Step, Merge]
    assert [type(e) for e in traced("G7+G8+H8").events] == [Lift, Gather, Gather, Drop]
    assert [type(e) for e in traced("F6>F5>E4>D4").events] == [Lift, Lay, Lay, Lay]
    assert [type(e) for e in traced("*B1").events] == [Produce]
    assert traced("2:F6-F5").narration()[0] == "Blue lifts 2 of the 3 soldiers from F6, leaving 1."


@pytest.mark.parametrize("move", ["F6-F7-F8", "F6-E6", "2:F6-F5", "G7+G8+H8", "F6>F5>E4>D4", "*B1"])
def test_state_at_every_step(move):
    trace = traced(move)
    before = state_at(trace.before, trace.events, 0)
    assert dict(before.hollows) == dict(trace.before.hollows) and before.hand is None
    end = state_at(trace.before, trace.events, len(trace.events))
    assert dict(end.hollows) == dict(trace.after.hollows) and end.reserve == trace.after.reserve and end.hand is None
    for step in range(1, len(trace.events)):
        middle = state_at(trace.before, trace.events, step)
        assert middle.hand is not None or isinstance(trace.events[step - 1], (Capture,))


def test_state_at_shows_the_hand_and_the_half_laid_chain():
    trace = traced("F6>F5>E4>D4")
    middle = state_at(trace.before, trace.events, 2)
    assert middle.hand == Hand(0, 2, False, parse_hollow("F5"))
    assert middle.hollows[parse_hollow("F5")] == Piece(0, 1) and parse_hollow("F6") not in middle.hollows
    with pytest.raises(ValueError, match="between 0 and 4"):
        state_at(trace.before, trace.events, 5)


def test_events_are_immutable_and_tracing_does_not_change_the_result():
    trace = start().trace("F10-F9")
    with pytest.raises(AttributeError):
        trace.events[0].count = 2
    assert trace.after == start().play("F10-F9")
