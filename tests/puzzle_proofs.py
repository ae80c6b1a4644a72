"""Independent brute-force proofs of puzzle answers for the tests: every legal move traced by the engine."""
from __future__ import annotations

from kit.games.myra import hollow_name
from kit.games.myra.events import Capture as MyraCapture
from kit.games.myra.events import QueenCaptured
from kit.games.walak import Capture as WalakCapture
from kit.games.walak import LapEnd, hole_name


def _traced(position):
    return [position.trace(move) for move in position.legal_moves()]


def _taken(trace, capture):
    return sum(e.count for e in trace.events if isinstance(e, capture))


def _queen(trace):
    return any(isinstance(e, QueenCaptured) for e in trace.events)


def prove(puzzle) -> None:
    """Assert that the puzzle's answer is right and the only one, and that the question says who
    moves (and among how many players, in a game with more than one count)."""
    position = puzzle.position
    mover = ("South", "North") if puzzle.game == "walak" else ("Blue", "Orange", "Green")
    if puzzle.game == "walak":  # always two players: the count is not said
        assert puzzle.question.startswith(f"{mover[position.to_move]} to move:")
    else:  # a player who is out is named, so "enemies" means those still in
        assert puzzle.question.startswith(f"{mover[position.to_move]} to move ({position.num_players} players")
        assert all(f"{mover[player]} out" in puzzle.question for player in position.eliminated)
    traces = _traced(position)
    if puzzle.game == "walak" and puzzle.kind == "most-captured":
        taken = {t.move: _taken(t, WalakCapture) for t in traces}
        assert taken[puzzle.answer] == puzzle.captured >= 3
        assert all(n < puzzle.captured for move, n in taken.items() if move != puzzle.answer)
        assert sum(n > 0 for n in taken.values()) >= 2  # which captures the most, not which captures
    elif puzzle.kind == "relay-end":
        trace = position.trace(puzzle.move)
        ends = [e for e in trace.events if isinstance(e, LapEnd)]
        assert len(ends) >= 2 and not ends[-1].goes_on
        assert hole_name(ends[-1].hole) == puzzle.answer
        assert _taken(trace, WalakCapture) == puzzle.captured
    elif puzzle.kind == "most-captured":
        assert not any(_queen(t) for t in traces)
        taken = {str(t.move): _taken(t, MyraCapture) for t in traces}
        assert taken[puzzle.answer] == puzzle.captured >= 1
        assert all(n < puzzle.captured for move, n in taken.items() if move != puzzle.answer)
        assert sum(n > 0 for n in taken.values()) >= 2  # which captures the most, not which captures
    elif puzzle.kind == "queen-hunt":
        hunters = [str(t.move) for t in traces if _queen(t)]
        assert hunters == [puzzle.answer]
    elif puzzle.kind == "save-the-queen":
        me = position.to_move
        safe = []
        for trace in traces:
            after = trace.after
            replies = [] if after.is_over else [after.trace(m) for m in after.legal_moves()]
            if not any(isinstance(e, QueenCaptured) and e.victim == me for r in replies for e in r.events):
                safe.append(trace.move)
        assert safe and len(safe) < len(traces)
        assert {(m.action, hollow_name(m.hollows[0])) for m in safe} == {(puzzle.answer_action, puzzle.answer)}
        assert position.parse_move(puzzle.move) in safe
    else:
        raise AssertionError(f"unknown kind {puzzle.kind}")
