"""Hints for students: a suggested move and one sentence saying why, for every game
(each game's own hint sentences are its ``reasons``; the examples are in tests/test_agents_hints.py).

The move comes from the strong search (:class:`kit.agents.alphabeta.AlphaBetaAgent`); the
sentence comes from what the move does (its traced events: captures, bead chains, a queen
taken, a fortress built) and from what the search saw around it (a threat it removes, the
best reply it found). :func:`explain` gives the same kind of sentence for any legal move,
with the best reply the search finds ("the best reply found: North plays e and captures 9"):
what a strong opponent would do, not what the one at the board will. The reply is always
searched to :data:`REPLY_DEPTH` plies after the move, so a hint and the explanation of the
hinted move name the same reply. Under a depth limit (``depth=...``) hints are the same
every time; under a time limit the search may reach a different depth on a busy machine.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kit.core.errors import sentence
from kit.core.game import game_of
from kit.agents.analyse import player_names, searcher, value_words
from kit.agents.evaluation import WIN

REPLY_DEPTH = 2  # plies the search looks at after a move to find the best reply to it (hint and explain alike)


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
    reason = game_of(position).reasons().move(position, info.move)
    if reason is None:
        reason = _quiet(position, info.move, info.value)
    elif info.value >= WIN / 2 and " win" not in reason:
        reason += ", and the search sees a forced win"
    return Hint(position.notation(info.move), reason, info.value)


def explain(position: Any, move: Any) -> str:
    """One sentence on what a legal move does and the best reply the search finds to it."""
    if position.is_over:
        raise ValueError("the game is over: there is no move to explain")
    if isinstance(move, str):
        move = position.parse_move(move)
    position.play(move)  # IllegalMove says why not
    after = position.play(move)
    description = game_of(position)
    reasons = description.reasons()
    reason = reasons.move(position, move)
    if reason is None:
        done = reasons.capture(position.trace(move)) or ("captures nothing" if description.captures else "")
        reason = f"the move {position.notation(move)}{' ' + done if done else ''}"
    if after.is_over:
        return sentence(reason)
    return sentence(f"{reason}; {_reply(after)}")


def _reply(after: Any) -> str:
    """The best reply the search finds after a move, to :data:`REPLY_DEPTH` plies, and what it
    does, e.g. "the best reply found: North plays e and captures 9" (the same words for the
    same move in a hint and an explanation)."""
    reply = _search(after, None, REPLY_DEPTH).move
    who = player_names(after)[after.to_move]
    description = game_of(after)
    done = description.reasons().capture(after.trace(reply))
    nothing = ", capturing nothing" if description.captures else ""
    return f"the best reply found: {who} plays {after.notation(reply)}" + (f" and {done}" if done else nothing)


def _quiet(position: Any, move: Any, value: float) -> str:
    """The reason for a quiet move, from the search: what it works towards, the value, and the best reply to it."""
    after = position.play(move)
    standing = value_words(position, value)
    standing = "the game is about even" if standing == "about even" else standing
    what = game_of(position).reasons().quiet(position, after) or "the search's best move"
    if after.is_over:
        return f"{what}; {standing}"
    return f"{what}; {standing}; {_reply(after)}"
