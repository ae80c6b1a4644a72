"""Judging a student's answer to a puzzle: right, or not yet with a hint that points at the rule.

An answer may be typed (``"c"``, ``"North's c"``, ``"F5-F6"``, ``"F7 split"``) or come
from a click on the board (a Walak-pussa hole index, a Myra cell). Every verdict is
computed by the engine: a wrong move is traced to say what it does.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from kit.game import IllegalMove, Trace
from kit.puzzles.kinds import KINDS
from kit.puzzles.myra_kinds import soldiers_taken
from kit.puzzles.walak_kinds import laps, seeds_taken
from kit.puzzles.puzzle import Puzzle


@dataclass(frozen=True)
class Verdict:
    """Whether an answer is right, one or two sentences for the student, and whether it is a
    whole answer (``final`` False: half an answer, such as a hollow without its kind)."""

    right: bool
    text: str
    final: bool = True


def judge(puzzle: Puzzle, answer: Any) -> Verdict:
    """The verdict on ``answer`` (text, a hole index or a Myra cell); ValueError if it cannot be read."""
    if puzzle.game == "walak":
        return _judge_relay(puzzle, answer) if puzzle.kind == "relay-end" else _judge_walak_move(puzzle, answer)
    if puzzle.kind == "save-the-queen":
        return _judge_saving(puzzle, answer)
    return _judge_myra_move(puzzle, answer)


def _count(n: int, what: str) -> str:
    return f"{n} {what}" if n == 1 else f"{n} {what}s"


def _hint(puzzle: Puzzle) -> str:
    return f"Hint: {KINDS[puzzle.game][puzzle.kind].rule}."


def _walak_hole(puzzle: Puzzle, answer: Any) -> int:
    """A Walak-pussa hole from a click (index) or text ("c" is the mover's, "North's c" or "N c" anyone's)."""
    from kit.walak import hole_index

    if isinstance(answer, int) and not isinstance(answer, bool):
        if not 0 <= answer < 14:
            raise ValueError(f"a hole is 0..13, not {answer}")
        return answer
    text = str(answer).strip().lower().replace("’", "'")
    match = re.fullmatch(r"(?:(south|north|s|n)(?:'s)?\s*)?([a-g])", text)
    if not match:
        raise ValueError(f"{answer!r} is not a hole: write a letter a..g, or e.g. North's c")
    side, letter = match.groups()
    if side is None:
        if puzzle.kind == "relay-end":
            raise ValueError(f"say whose hole: South's {letter} or North's {letter}")
        return hole_index(puzzle.position.to_move, letter)
    return hole_index(0 if side.startswith("s") else 1, letter)


def _judge_walak_move(puzzle: Puzzle, answer: Any) -> Verdict:
    from kit.walak import hole_name

    position = puzzle.position
    hole = _walak_hole(puzzle, answer)
    reason = position.why_illegal(hole)
    if reason:
        return Verdict(False, f"{hole_name(hole)} cannot be played: {reason}.", final=False)
    letter = position.notation(hole)
    if letter == puzzle.answer:
        return Verdict(True, f"Right! {letter} captures {_count(puzzle.captured, 'seed')}, more than any other move.")
    taken = seeds_taken(position.trace(letter))
    return Verdict(False, f"Not yet: {letter} captures {_count(taken, 'seed')}; another hole captures more. "
                          f"{_hint(puzzle)}")


def _judge_relay(puzzle: Puzzle, answer: Any) -> Verdict:
    from kit.walak import LapEnd, hole_name

    name = hole_name(_walak_hole(puzzle, answer))
    if name == puzzle.answer:
        return Verdict(True, f"Right! The relay of {puzzle.move} ends in {name}.")
    trace = puzzle.position.trace(puzzle.move)
    first = next(event for event in trace.events if isinstance(event, LapEnd))
    return Verdict(False, f"Not yet: the move sows {laps(trace)} laps, and the first ends in "
                          f"{hole_name(first.hole)}. {_hint(puzzle)}")


def _myra_move(puzzle: Puzzle, answer: Any) -> Any:
    """The move typed (notation) or given; a clicked cell only starts one, so ValueError says how to go on."""
    position = puzzle.position
    if isinstance(answer, tuple):
        from kit.myra import PLAYER_NAMES, cell_name

        name = cell_name(answer)
        starting = [str(move) for move in position.legal_moves() if move.cells and move.cells[0] == answer]
        if not starting:
            raise ValueError(f"no move of {PLAYER_NAMES[position.to_move]} starts at {name}")
        raise ValueError(f"{name} is where a move starts: type the whole move, e.g. {starting[0]}")
    try:
        return position.parse_move(answer) if isinstance(answer, str) else answer
    except IllegalMove as error:
        raise ValueError(str(error)) from None


def _judge_myra_move(puzzle: Puzzle, answer: Any) -> Verdict:
    position = puzzle.position
    move = _myra_move(puzzle, answer)
    try:
        trace = position.trace(move)
    except IllegalMove as error:
        return Verdict(False, f"{error}.", final=False)
    if trace.after == position.play(puzzle.move):  # any path to the same result is the same move
        what = "captures an enemy queen" if puzzle.kind == "queen-hunt" else \
            f"captures {_count(puzzle.captured, 'soldier')}, more than any other move"
        return Verdict(True, f"Right! {_as_written(answer, trace)} {what}.")
    if puzzle.kind == "queen-hunt":
        said = "does not capture a queen"
    else:
        taken = soldiers_taken(trace)
        said = f"captures {_count(taken, 'soldier')}; another move captures more"
    return Verdict(False, f"Not yet: {trace.move} {said}. {_hint(puzzle)}")


def _as_written(answer: Any, trace: Trace) -> str:
    """The move as the student wrote it (typed text, trimmed), else in the kit's notation."""
    return " ".join(answer.split()) if isinstance(answer, str) else str(trace.move)


def _judge_saving(puzzle: Puzzle, answer: Any) -> Verdict:
    from kit.myra import KINDS as MOVE_KINDS, cell_name, parse_cell

    if isinstance(answer, tuple):
        hollow, kind = cell_name(answer), None
    else:
        words = str(answer).replace(",", " ").split()
        cells = [w for w in words if w.lower() not in MOVE_KINDS]
        kinds = [w.lower() for w in words if w.lower() in MOVE_KINDS]
        if len(cells) != 1:
            raise ValueError(f"{answer!r}: write a hollow and a kind of move, e.g. F7 split")
        try:
            hollow = cell_name(parse_cell(cells[0]))
        except ValueError as error:
            raise ValueError(str(error)) from None
        kind = kinds[0] if kinds else None
    if hollow != puzzle.answer:
        return Verdict(False, f"Not yet: after every move from {hollow}, some reply captures the queen. "
                              f"{_hint(puzzle)}")
    if kind is None:
        return Verdict(False, f"{hollow} is the right hollow. Which kind of move: "
                              f"{', '.join(MOVE_KINDS[:-1])}?", final=False)
    if kind != puzzle.answer_kind:
        return Verdict(False, f"Not yet: {hollow} is right, but no {kind} from there keeps the queen safe. "
                              f"{_hint(puzzle)}")
    return Verdict(True, f"Right! A {kind} from {hollow} (such as {puzzle.move}) keeps the queen safe.")
