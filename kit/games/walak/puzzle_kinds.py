"""Walak-pussa puzzles: the hole that captures the most, and where a relay ends.

Each finder traces every legal move with the engine and counts from the events
(``Capture``, ``LapEnd``); no rule is computed here.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from kit.core.game import Trace
from kit.core.verdict import Verdict
from kit.puzzles.answers import hint_for
from kit.puzzles.kinds import Kind, Puzzles
from kit.puzzles.puzzle import Puzzle, counted
from kit.puzzles.levels import Found, closeness, level_of
from kit.games.walak import PLAYER_NAMES, LapEnd, hole_index, hole_name
from kit.games.walak.board import HOLES, side
from kit.games.walak.events import seeds_captured
from kit.core.errors import show


@lru_cache(maxsize=4)
def traces(position: Any) -> dict[str, Trace]:
    """Every legal move in notation, traced (the last few positions' traces are kept)."""
    return {position.notation(move): position.trace(move) for move in position.legal_moves()}


def seeds_taken(trace: Trace) -> int:
    """The seeds a Walak-pussa move captures (:func:`kit.games.walak.events.seeds_captured`; a sweep is no capture)."""
    return seeds_captured(trace.events)


def laps(trace: Trace) -> int:
    """How many laps a Walak-pussa move sows."""
    return sum(isinstance(event, LapEnd) for event in trace.events)


def relay_end(trace: Trace) -> int:
    """The hole where the last seed of the move's last lap falls."""
    return [event.hole for event in trace.events if isinstance(event, LapEnd)][-1]


def _mover(position: Any) -> str:
    return PLAYER_NAMES[position.to_move]


def walak_most_captured(position: Any) -> list[Found]:
    """The hole whose move captures strictly more seeds than every other move, and at least 3,
    where another move captures too (else the question would be "which move captures?").

    Difficulty: how close the runner-up comes (by 1 seed: 2 points, by 2: 1 point), and a
    long relay (3 laps or more: 1 point).
    """
    moves = traces(position)
    if any(trace.after.is_over for trace in moves.values()):
        return []  # a move that ends the game sweeps the board too: "captures the most" would mislead
    taken = {move: seeds_taken(trace) for move, trace in moves.items()}
    if not taken:
        return []
    best = max(taken, key=taken.__getitem__)
    runners_up = [n for move, n in taken.items() if n and move != best]
    if taken[best] < 3 or not runners_up or max(runners_up) == taken[best]:
        return []
    points = closeness(taken[best] - max(runners_up)) + (laps(moves[best]) >= 3)
    question = f"{_mover(position)} to move: which hole captures the most seeds?"
    return [Found(best, best, taken[best], level_of(points), question)]


def walak_relay_end(position: Any) -> list[Found]:
    """For each move of two laps or more: the hole where its relay ends (level by laps: 2, 3-4, 5+)."""
    found = []
    for move, trace in traces(position).items():
        lapped = laps(trace)
        if lapped >= 2:
            question = (f"{_mover(position)} to move: {_mover(position)} plays {move}. "
                        f"In which hole does the relay end?")
            level = 1 if lapped == 2 else 2 if lapped <= 4 else 3
            found.append(Found(move, hole_name(relay_end(trace)), seeds_taken(trace), level, question))
    return found


def _walak_hole(puzzle: Puzzle, answer: Any) -> int:
    """A Walak-pussa hole from a click (index) or text ("c" is the mover's, "North's c" or "N c" anyone's)."""
    if isinstance(answer, int) and not isinstance(answer, bool):
        if not 0 <= answer < 14:
            raise ValueError(f"a hole is 0..13, not {answer}")
        return answer
    text = str(answer).strip().lower().replace("’", "'")
    match = re.fullmatch(r"(?:(south|north|s|n)(?:'s)?\s*)?([a-g])", text)
    if not match:
        raise ValueError(f"{show(answer)} is not a hole: type the hole's letter, a to g, or whose hole it is and its letter, e.g. North's c")
    side, letter = match.groups()
    if side is None:
        if puzzle.kind == "relay-end":
            raise ValueError(f"say whose hole it is: South's {letter} or North's {letter}")
        return hole_index(puzzle.position.to_move, letter)
    return hole_index(0 if side.startswith("s") else 1, letter)


def _judge_walak_move(puzzle: Puzzle, answer: Any) -> Verdict:
    position = puzzle.position
    hole = _walak_hole(puzzle, answer)
    reason = position.why_illegal(hole)
    if reason:
        return Verdict(False, f"{hole_name(hole)} cannot be played: {reason}.", final=False)
    letter = position.notation(hole)
    if letter == puzzle.answer:
        return Verdict(True, f"Right! {letter} captures {counted(puzzle.captured, 'seed')}, more than any other move.")
    taken = seeds_taken(position.trace(letter))
    return Verdict(False, f"Not yet: {letter} captures {counted(taken, 'seed')}; another hole captures more. "
                          f"{hint_for(puzzle)}")


def _judge_relay(puzzle: Puzzle, answer: Any) -> Verdict:
    name = hole_name(_walak_hole(puzzle, answer))
    if name == puzzle.answer:
        return Verdict(True, f"Right! The relay of {puzzle.move} ends in {name}.")
    trace = puzzle.position.trace(puzzle.move)
    first = next(event for event in trace.events if isinstance(event, LapEnd))
    return Verdict(False, f"Not yet: the relay does not end in {name}. The move sows {laps(trace)} laps, and the first ends in "
                          f"{hole_name(first.hole)}. {hint_for(puzzle)}")


def _own_holes(puzzle: Any) -> list[tuple[Any, str]]:
    """An answer button for each of the mover's holes, labelled with its letter."""
    return [(hole, hole_name(hole).split()[-1]) for hole in side(puzzle.position.to_move)]


def _every_hole(puzzle: Any) -> list[tuple[Any, str]]:
    """An answer button for every hole, labelled with its name."""
    return [(hole, hole_name(hole)) for hole in range(HOLES)]


def _hole_played(puzzle: Any) -> list[Any]:
    """The hole of the move a relay-end puzzle asks about (ringed in the lift colour: chosen, not yet sown)."""
    return [puzzle.position.parse_move(puzzle.move)]


def standing_alone(position: Any) -> Any:
    """The position without the history of the game before it (what the repetition ruling counts)."""
    return type(position)(position.board, position.captured, position.to_move, position.rules, position.ply)


def _ring_played(board: Any, puzzle: Puzzle) -> None:
    """On a worksheet: a bold dashed ring round the hole a relay-end question plays."""
    from matplotlib.patches import Circle

    from kit.games.walak.drawing import HINT_RADIUS, hole_center

    hole = hole_index(puzzle.position.to_move, puzzle.move)
    axes = board.axes
    axes.add_patch(Circle(hole_center(hole), HINT_RADIUS + 0.08, fill=False, edgecolor="black", linewidth=2.2,
                          linestyle=(0, (3, 1.5)), zorder=20, gid="played"))


KINDS: dict[str, Kind] = {
    "most-captured": Kind("walak", "most-captured", "Which hole captures the most?",
                          "the hole that captures the most seeds, at least 3, where another hole captures too",
                          "pussa kanawa: when a lap ends before an empty hole, the hole beyond it is captured, "
                          "and the bead chain goes on: while the next hole is empty and the one after it holds seeds, "
                          "those are captured too",
                          walak_most_captured, _judge_walak_move, "the hole's letter, e.g. c",
                          targets=_own_holes, answer_form=("the letter of the mover's hole", "c")),
    "relay-end": Kind("walak", "relay-end", "Where does the relay end?",
                      "where the relay of a move of two laps or more ends",
                      "relay sowing: when the last seed falls and the next hole holds seeds, lift them and "
                      "sow on from the hole after it; the relay ends before an empty hole",
                      walak_relay_end, _judge_relay, "whose hole and its letter, e.g. North's c", targets=_every_hole,
                      marked=_hole_played, answer_form=("the hole's owner and letter", "North's c"),
                      printed_note="(The ringed hole is played.)", print_marks=_ring_played),
}

# Who plays whom in the games searched for puzzles: agent names (or (name, depth) for a
# depth-limited alpha-beta), one per seat.
SEATINGS: tuple[tuple[Any, ...], ...] = (
    ("random", "greedy"), ("greedy", "random"), ("greedy", ("alphabeta", 2)), (("alphabeta", 2), "random"),
    ("random", "random"), (("alphabeta", 3), "greedy"))

REMINDER = (
    "Lift all the seeds of one of your holes and sow them one a hole, counter-clockwise.",
    "Relay: when the last seed falls and the next hole holds seeds, lift them and sow on from the hole after.",
    "When the next hole is empty the move ends: the hole beyond it is captured (pussa kanawa), and so on "
    "(bead chain).")

PUZZLES = Puzzles(KINDS, SEATINGS, standing_alone, "Click a hole to answer, or type your answer and press check (or Enter).", REMINDER)
