"""Hint reasons for Walak-pussa moves: chains, *pussa kanawa*, relays, threats stopped (see :mod:`kit.agents.hints`)."""
from __future__ import annotations

from typing import Any

from kit.agents.analyse import player_names
from kit.games.walak.evaluation import walak_decided
from kit.agents.reasons import NUMBERS, Reasons
from kit.core.game import Trace
from kit.games.walak import Capture, Relay, hole_name
from kit.games.walak.events import seed_count, seeds_captured


def move_reason(position: Any, move: Any) -> str | None:
    """What the move does: a chain or a single capture (after how many relays), a win made sure, a threat stopped."""
    trace = position.trace(move)
    after = trace.after
    captures = [e for e in trace.events if isinstance(e, Capture)]
    relays = sum(1 for e in trace.events if isinstance(e, Relay))
    total = sum(e.count for e in captures)
    text = None
    if len(captures) >= 2:
        sides = {hole_name(e.hole).split("'")[0] for e in captures}
        where = f"on {next(iter(sides))}'s side" if len(sides) == 1 else "on both sides"
        holes = [hole_name(e.hole) for e in captures]
        if len(sides) == 1:  # "North's c, e and g"
            holes = [holes[0]] + [name.split(" ")[-1] for name in holes[1:]]
        listed = ", ".join(holes[:-1]) + " and " + holes[-1]
        text = f"captures a chain of {NUMBERS[min(len(captures), 7)]} {where} ({listed}: {seed_count(total)})"
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
    danger, hole = threat(type(position)(position.board, position.captured, 1 - me, position.rules))
    left, _ = threat(after)
    if danger and left < danger:
        who = player_names(position)[1 - me]
        return f"stops {who}'s threat: {who}'s {hole} would capture {danger}"
    return None


def threat(position: Any) -> tuple[int, str]:
    """The most seeds the player to move could capture with one move, and the hole they would play."""
    if position.is_over:
        return 0, ""
    best, hole = 0, ""
    for move in position.legal_moves():
        taken = seeds_captured(position.trace(move).events)
        if taken > best:
            best, hole = taken, f"{move}"
    return best, hole


def captured(trace: Trace[Any]) -> str | None:
    """ "captures 9", or None when the move captures nothing."""
    taken = seeds_captured(trace.events)
    return f"captures {taken}" if taken else None


REASONS = Reasons(move_reason, captured)
