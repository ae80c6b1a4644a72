"""Hint reasons for Myra moves: queens taken and saved, captures, threats, fortresses (see :mod:`kit.agents.hints`)."""
from __future__ import annotations

from typing import Any

from kit.agents.analyse import player_names
from kit.agents.reasons import Reasons
from kit.core.game import Trace
from kit.games.myra.events import Capture, Merge, Produce, QueenCaptured
from kit.games.myra.hexgrid import HOLLOWS, INDEX, NEIGHBOURS, hollow_name, distance
from kit.games.myra.pieces import QUEEN, Piece
from kit.games.myra.position import Position


def threats(position: Any, player: int) -> list[tuple[int, int, float]]:
    """The captures ``player`` could make if it were their move: (attacker hollow, target hollow, gain)."""
    if player in position.eliminated or position.is_over:
        return []
    turned = Position(position.packed, position.reserve, player, position.eliminated, position.ply, position.rules)
    return [(spec[1], spec[2], gain) for spec, gain, _ in turned.ranked_successors(True)  # type: ignore[index]
            if gain > 0]


def move_reason(position: Any, move: Any) -> str | None:
    """What the move does: a queen taken or saved, a capture, a threat to a queen, a fortress built, a soldier produced."""
    names = player_names(position)
    me = position.to_move
    trace = position.trace(move)
    after = trace.after
    for event in trace.events:
        if isinstance(event, QueenCaptured):
            won = " and wins the game" if after.winner == me else ""
            return f"takes {names[event.victim]}'s queen on {hollow_name(event.hollow)}{won}"
    queen = position.packed.find(me << 3 | QUEEN)
    others = [p for p in range(position.num_players) if p != me and p not in position.eliminated]
    danger = [(p, a) for p in others for a, t, gain in threats(position, p) if gain >= 100]
    if danger:
        still = [(p, a) for p in others for a, t, gain in threats(after, p) if gain >= 100]
        if not still:
            p, attacker = danger[0]
            piece = Piece.unpack(position.packed[attacker])
            what = "queen" if piece.queen else ("soldier" if piece.count == 1 else f"{piece.count}-troop")
            where = hollow_name(HOLLOWS[attacker])
            if any(isinstance(e, Capture) and e.hollow == HOLLOWS[attacker] for e in trace.events):
                return f"captures {names[p]}'s {what} on {where}, which could take your queen"
            return f"saves your queen: {names[p]}'s {what} on {where} could take it"
    for event in trace.events:
        if isinstance(event, Capture):
            return f"captures {Piece(event.victim, event.count).describe()} on {hollow_name(event.hollow)}"
    attacks = [t for a, t, gain in threats(after, me) if gain >= 100]
    if attacks:
        victim = Piece.unpack(after.packed[attacks[0]])
        return f"threatens {names[victim.owner]}'s queen on {hollow_name(HOLLOWS[attacks[0]])}"
    for event in trace.events:
        if isinstance(event, Merge) and event.total == 5:
            near = queen >= 0 and INDEX[event.hollow] in NEIGHBOURS[queen]
            return f"builds a fortress on {hollow_name(event.hollow)}{' next to your queen' if near else ''}"
        if isinstance(event, Produce):
            return f"brings a soldier from the reserve onto {hollow_name(event.hollow)} to guard your queen"
    return None


def closer(before: Any, after: Any) -> str | None:
    """ "moves your soldiers 3 steps closer to Orange's queen" when the mover's soldiers got nearer to the enemy queens."""
    me = before.to_move
    names = player_names(before)
    queens = {p: before.packed.find(p << 3 | QUEEN) for p in range(before.num_players) if p != me}
    queens = {p: q for p, q in queens.items() if q >= 0}
    if not queens:
        return None

    def steps(position: Any) -> int:
        return sum((value & 7) * min(distance(HOLLOWS[i], HOLLOWS[q]) for q in queens.values())
                   for i, value in enumerate(position.packed)
                   if value and value >> 3 == me and value & 7 != QUEEN)

    gained = steps(before) - steps(after)
    if gained <= 0:
        return None
    target = f"{names[next(iter(queens))]}'s queen" if len(queens) == 1 else "the enemy queens"
    return f"moves your soldiers closer to {target} ({gained} soldier-step{'s' if gained != 1 else ''} in all)"


def captured(trace: Trace[Any]) -> str | None:
    """ "takes Blue's queen" or "captures a troop of 3 on F6", or None when the move captures nothing."""
    names = player_names(trace.before)
    for event in trace.events:
        if isinstance(event, QueenCaptured):
            return f"takes {names[event.victim]}'s queen"
        if isinstance(event, Capture):
            return f"captures {Piece(event.victim, event.count).describe()} on {hollow_name(event.hollow)}"
    return None


REASONS = Reasons(move_reason, captured, closer)
