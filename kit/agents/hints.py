"""Hints for students: a suggested move and one sentence saying why, for both games.

>>> from kit import walak
>>> from kit.agents.hints import hint, explain
>>> h = hint(walak.parse_position("S:2,0,1,0,0,0,1/0,0,3,0,2,0,4:20-23"), depth=2)
>>> h.move
'g'
>>> h.text
"captures a chain of three on North's side (North's c, e and g: 9 seeds) and makes the win sure: more than half of all the seeds are yours"

The move comes from the strong search (:class:`kit.agents.alphabeta.AlphaBetaAgent`); the
sentence comes from what the move does (its traced events: captures, bead chains, a queen
taken, a fortress built) and from what the search saw around it (a threat it removes, the
opponent's best answer). :func:`explain` gives the same kind of sentence for any legal
move, with the answer the opponent would give ("North answers with e and captures 9").
Under a depth limit (``depth=...``) hints are the same every time; under a time limit the
search may reach a different depth on a busy machine.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kit.agents.analyse import _game_of, player_names, searcher, value_words
from kit.agents.evaluation import WIN, walak_decided

NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven")
REPLY_DEPTH = 2  # plies the search looks at after a move to find the answer to it


@dataclass(frozen=True)
class Hint:
    """A suggested move in notation, one sentence why, and the search's value for the player to move."""

    move: str
    text: str
    value: float


def _search(position: Any, seconds: float | None, depth: int | None) -> Any:
    return searcher(position, seconds, depth, "hint").analyse(position)


def hint(position: Any, seconds: float | None = 1.0, depth: int | None = None) -> Hint:
    """The move the search suggests and why, in one sentence (``depth`` makes it repeatable)."""
    if position.is_over:
        raise ValueError("the game is over: there is nothing to hint")
    info = _search(position, None if depth is not None else seconds, depth)
    reason = _reason(position, info.move)
    if reason is None:
        reply = info.pv[1] if len(info.pv) > 1 else None
        reason = _quiet(position, info.move, reply, info.value)
    elif info.value >= WIN / 2 and " win" not in reason:
        reason += ", and the search sees a forced win"
    return Hint(position.notation(info.move), reason, info.value)


def explain(position: Any, move: Any) -> str:
    """One sentence on what a legal move does and what the opponent's best answer to it would do."""
    if position.is_over:
        raise ValueError("the game is over: there is no move to explain")
    if isinstance(move, str):
        move = position.parse_move(move)
    position.play(move)  # IllegalMove says why not
    after = position.play(move)
    reason = _reason(position, move) or f"the move {position.notation(move)} captures nothing"
    if after.is_over:
        return _sentence(reason)
    answer = _search(after, None, REPLY_DEPTH)
    return _sentence(f"{reason}; {_answer(after, answer.move)}")


def _sentence(text: str) -> str:
    return text[0].upper() + text[1:] + "."


def _answer(after: Any, reply: Any) -> str:
    """What the opponent's answer does, e.g. "North answers with e and captures 9"."""
    who = player_names(after)[after.to_move]
    trace = after.trace(reply)
    name = after.notation(reply)
    if _game_of(after) == "walak":
        taken = sum(e.count for e in trace.events if type(e).__name__ == "Capture")
        if taken:
            return f"{who} answers with {name} and captures {taken}"
        return f"{who} answers with {name}, capturing nothing"
    from kit.myra.hexgrid import cell_name
    from kit.myra.pieces import Piece

    for event in trace.events:
        kind = type(event).__name__
        if kind == "QueenCaptured":
            return f"{who} answers with {name} and takes {player_names(after)[event.victim]}'s queen"
        if kind == "Capture":
            return (f"{who} answers with {name} and captures {Piece(event.victim, event.count).describe()} "
                    f"on {cell_name(event.cell)}")
    return f"{who} answers with {name}, capturing nothing"


def _reason(position: Any, move: Any) -> str | None:
    """What the move itself does, from its events and the threats around it; None for a quiet move."""
    if _game_of(position) == "walak":
        return _walak_reason(position, move)
    return _myra_reason(position, move)


# -- Walak-pussa ----------------------------------------------------------------------------


def _walak_reason(position: Any, move: Any) -> str | None:
    from kit.walak import hole_name

    trace = position.trace(move)
    after = trace.after
    captures = [e for e in trace.events if type(e).__name__ == "Capture"]
    relays = sum(1 for e in trace.events if type(e).__name__ == "Relay")
    total = sum(e.count for e in captures)
    text = None
    if len(captures) >= 2:
        sides = {hole_name(e.hole).split("'")[0] for e in captures}
        where = f"on {next(iter(sides))}'s side" if len(sides) == 1 else "on both sides"
        holes = [hole_name(e.hole) for e in captures]
        if len(sides) == 1:  # "North's c, e and g"
            holes = [holes[0]] + [name.split(" ")[-1] for name in holes[1:]]
        listed = ", ".join(holes[:-1]) + " and " + holes[-1]
        text = f"captures a chain of {NUMBERS[min(len(captures), 7)]} {where} ({listed}: {total} seeds)"
    elif captures:
        capture = captures[0]
        how = f"after {relays} relay{'s' if relays != 1 else ''} " if relays else ""
        text = (f"{how}the sowing ends before the empty {hole_name(capture.past)} and eats {capture.count} "
                f"from {hole_name(capture.hole)} (pussa kanawa)")
    if after.is_over and after.winner == position.to_move:
        return (text + " and wins the game") if text else "wins the game"
    if text and walak_decided(after) == position.to_move and walak_decided(position) is None:
        return text + " and makes the win sure: more than half of all the seeds are yours"
    if text:
        return text
    me = position.to_move
    threat, hole = _walak_threat(type(position)(position.board, position.captured, 1 - me, position.rules))
    left, _ = _walak_threat(after)
    if threat and left < threat:
        who = player_names(position)[1 - me]
        return f"stops {who}'s threat: {who}'s {hole} would capture {threat}"
    return None


def _walak_threat(position: Any) -> tuple[int, str]:
    """The most seeds the player to move could capture with one move, and the hole they would play."""
    if position.is_over:
        return 0, ""
    mover = position.to_move
    best, hole = 0, ""
    for move in position.legal_moves():
        taken = position.play(move).captured[mover] - position.captured[mover]
        if taken > best:
            best, hole = taken, f"{move}"
    return best, hole


# -- Myra -----------------------------------------------------------------------------------


def _myra_threats(position: Any, player: int) -> list[tuple[int, int, float]]:
    """The captures ``player`` could make if it were their move: (attacker hollow, target hollow, gain)."""
    from kit.myra.position import Position

    if player in position.eliminated or position.is_over:
        return []
    turned = Position(position.packed, position.reserve, player, position.eliminated, position.ply, position.rules)
    return [(spec[1], spec[2], gain) for spec, gain, _ in turned.ranked_successors(True)  # type: ignore[index]
            if gain > 0]


def _myra_reason(position: Any, move: Any) -> str | None:
    from kit.myra.hexgrid import NEIGHBOURS, cell_name, INDEX
    from kit.myra.pieces import QUEEN, Piece

    names = player_names(position)
    me = position.to_move
    trace = position.trace(move)
    after = trace.after
    for event in trace.events:
        kind = type(event).__name__
        if kind == "QueenCaptured":
            won = " and wins the game" if after.winner == me else ""
            return f"takes {names[event.victim]}'s queen on {cell_name(event.cell)}{won}"
    queen = position.packed.find(me << 3 | QUEEN)
    others = [p for p in range(position.num_players) if p != me and p not in position.eliminated]
    danger = [(p, a) for p in others for a, t, gain in _myra_threats(position, p) if gain >= 100]
    if danger:
        still = [(p, a) for p in others for a, t, gain in _myra_threats(after, p) if gain >= 100]
        if not still:
            p, attacker = danger[0]
            piece = Piece.unpack(position.packed[attacker])
            what = "queen" if piece.queen else ("soldier" if piece.count == 1 else f"{piece.count}-troop")
            where = cell_name(_cell(attacker))
            if any(type(e).__name__ == "Capture" and e.cell == _cell(attacker) for e in trace.events):
                return f"captures {names[p]}'s {what} on {where}, which could take your queen"
            return f"saves your queen: {names[p]}'s {what} on {where} could take it"
    for event in trace.events:
        if type(event).__name__ == "Capture":
            return f"captures {Piece(event.victim, event.count).describe()} on {cell_name(event.cell)}"
    attacks = [t for a, t, gain in _myra_threats(after, me) if gain >= 100]
    if attacks:
        victim = Piece.unpack(after.packed[attacks[0]])
        return f"threatens {names[victim.owner]}'s queen on {cell_name(_cell(attacks[0]))}"
    for event in trace.events:
        kind = type(event).__name__
        if kind == "Merge" and event.total == 5:
            near = queen >= 0 and INDEX[event.cell] in NEIGHBOURS[queen]
            return f"builds a fortress on {cell_name(event.cell)}{' next to your queen' if near else ''}"
        if kind == "Produce":
            return f"brings a soldier from the reserve onto {cell_name(event.cell)} to guard your queen"
    return None


def _cell(index: int) -> Any:
    from kit.myra.hexgrid import CELLS

    return CELLS[index]


def _quiet(position: Any, move: Any, reply: Any, value: float) -> str:
    """The reason for a quiet move, from the search: what the opponent can do against it, and the value."""
    after = position.play(move)
    standing = value_words(position, value)
    standing = "the game is about even" if standing == "about even" else standing
    what = "the search's best move"
    if _game_of(position) == "myra":
        closer = _myra_closer(position, after)
        if closer:
            what = closer
    if reply is None or after.is_over:
        return f"{what}; {standing}"
    return f"{what}; {standing}; {_answer(after, reply)}"


def _myra_closer(before: Any, after: Any) -> str | None:
    """ "moves your soldiers 3 steps closer to Orange's queen" when the mover's soldiers got nearer to the enemy queens."""
    from kit.myra.hexgrid import CELLS, distance
    from kit.myra.pieces import QUEEN

    me = before.to_move
    names = player_names(before)
    queens = {p: before.packed.find(p << 3 | QUEEN) for p in range(before.num_players) if p != me}
    queens = {p: q for p, q in queens.items() if q >= 0}
    if not queens:
        return None

    def steps(position: Any) -> int:
        return sum((value & 7) * min(distance(CELLS[i], CELLS[q]) for q in queens.values())
                   for i, value in enumerate(position.packed)
                   if value and value >> 3 == me and value & 7 != QUEEN)

    gained = steps(before) - steps(after)
    if gained <= 0:
        return None
    target = f"{names[next(iter(queens))]}'s queen" if len(queens) == 1 else "the enemy queens"
    return f"moves your soldiers closer to {target} ({gained} soldier-step{'s' if gained != 1 else ''} in all)"
