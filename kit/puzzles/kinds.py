"""The kinds of puzzle and how the engine proves each answer, by brute force over the legal moves.

Every finder takes a position and returns the puzzles it holds (often none): each answer
is checked against every legal move, traced by the game's own engine, so the counts come
from the engine's events (no rule is computed here). Levels 1-3 come from a few points of
difficulty (see :func:`level_of` and ``docs/puzzles.md``).
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, Callable

from kit.game import Trace


@dataclass(frozen=True)
class Found:
    """One puzzle a position holds: the move asked about, its answer, the seeds or soldiers it takes, its level."""

    move: str
    answer: str
    captured: int
    level: int
    question: str


@dataclass(frozen=True)
class Kind:
    """A kind of puzzle: its game and name, what it asks, and the finder that proves its answers."""

    game: str
    name: str
    summary: str
    rule: str  # the rule a wrong answer's hint points at
    find: Callable[[Any], list[Found]]
    in_mix: bool = True  # whether a request without a kind includes this kind (rare kinds do not)


def level_of(points: int) -> int:
    """The level for a number of difficulty points: 0-1 is level 1, 2 is level 2, 3 or more level 3."""
    return 1 if points <= 1 else 2 if points == 2 else 3


@lru_cache(maxsize=4)
def traces(position: Any) -> dict[str, Trace]:
    """Every legal move in notation, traced (the last few positions' traces are kept)."""
    return {position.notation(move): position.trace(move) for move in position.legal_moves()}


# -- Walak-pussa -------------------------------------------------------------------------------


def seeds_taken(trace: Trace) -> int:
    """The seeds a Walak-pussa move captures (its pussa kanawa and bead-chain captures)."""
    from kit.walak import Capture

    return sum(event.count for event in trace.events if isinstance(event, Capture))


def laps(trace: Trace) -> int:
    """How many laps a Walak-pussa move sows."""
    from kit.walak import LapEnd

    return sum(isinstance(event, LapEnd) for event in trace.events)


def relay_end(trace: Trace) -> int:
    """The hole where the last seed of the move's last lap falls."""
    from kit.walak import LapEnd

    return [event.hole for event in trace.events if isinstance(event, LapEnd)][-1]


def _mover(position: Any) -> str:
    from kit.walak import PLAYER_NAMES

    return PLAYER_NAMES[position.to_move]


def walak_most_captured(position: Any) -> list[Found]:
    """The hole whose move captures strictly more seeds than every other move, and at least 3."""
    from kit.walak import Capture

    moves = traces(position)
    taken = {move: seeds_taken(trace) for move, trace in moves.items()}
    if not taken:
        return []
    best = max(taken, key=taken.__getitem__)
    if taken[best] < 3 or sum(n == taken[best] for n in taken.values()) > 1:
        return []
    chain = sum(isinstance(event, Capture) for event in moves[best].events)
    others = sum(1 for move, n in taken.items() if n and move != best)
    points = (laps(moves[best]) >= 3) + (chain >= 2) + (others >= 1) + (others >= 3)
    question = f"{_mover(position)} to move: which hole captures the most seeds?"
    return [Found(best, best, taken[best], level_of(points), question)]


def walak_relay_end(position: Any) -> list[Found]:
    """For each move of two laps or more: the hole where its relay ends (level by laps: 2, 3-4, 5+)."""
    from kit.walak import hole_name

    found = []
    for move, trace in traces(position).items():
        lapped = laps(trace)
        if lapped >= 2:
            question = f"{_mover(position)} plays {move}. In which hole does the relay end?"
            level = 1 if lapped == 2 else 2 if lapped <= 4 else 3
            found.append(Found(move, hole_name(relay_end(trace)), seeds_taken(trace), level, question))
    return found


# -- Myra --------------------------------------------------------------------------------------


def soldiers_taken(trace: Trace) -> int:
    """The enemy soldiers a Myra move captures."""
    from kit.myra.events import Capture

    return sum(event.count for event in trace.events if isinstance(event, Capture))


def takes_queen(trace: Trace) -> bool:
    """Whether a Myra move captures an enemy queen."""
    from kit.myra.events import QueenCaptured

    return any(isinstance(event, QueenCaptured) for event in trace.events)


def _player(position: Any) -> str:
    from kit.myra import PLAYER_NAMES

    return PLAYER_NAMES[position.to_move]


def _far(trace: Trace) -> bool:
    """A move that goes two hollows or more, or gathers a chain: harder to see."""
    move = trace.move
    return move.kind == "chain" or (move.kind in ("move", "build", "split") and len(move.cells) > 2)


def queen_in_reach(position: Any) -> bool:
    """Whether some Myra move captures an enemy queen (a player more is out after it)."""
    return any(len(after.eliminated) > len(position.eliminated) for after in position.successors())


def myra_most_captured(position: Any) -> list[Found]:
    """The move that captures strictly more soldiers than any other (in a position where no move takes a queen)."""
    if queen_in_reach(position):
        return []
    moves = traces(position)
    taken = {move: soldiers_taken(trace) for move, trace in moves.items()}
    if not taken:
        return []
    best = max(taken, key=taken.__getitem__)
    if taken[best] < 1 or sum(n == taken[best] for n in taken.values()) > 1:
        return []
    others = sum(1 for move, n in taken.items() if n and move != best)
    points = (taken[best] >= 3) + _far(moves[best]) + (others >= 1) + (others >= 3)
    question = f"{_player(position)} to move: which move captures the most soldiers?"
    return [Found(best, best, taken[best], level_of(points), question)]


def myra_queen_hunt(position: Any) -> list[Found]:
    """The one move that captures an enemy queen."""
    if not queen_in_reach(position):
        return []
    moves = traces(position)
    hunters = [move for move, trace in moves.items() if takes_queen(trace)]
    if len(hunters) != 1:
        return []
    best = hunters[0]
    others = sum(1 for move, trace in moves.items() if move != best and soldiers_taken(trace))
    points = _far(moves[best]) + (moves[best].move.kind != "move") + (others >= 1) + (others >= 3)
    question = f"{_player(position)} to move: which move captures an enemy queen?"
    return [Found(best, best, soldiers_taken(moves[best]), level_of(points), question)]


def hollow_of(move: Any) -> str:
    """The hollow a Myra move is played from (a chain: its first soldier; produce: the hollow filled)."""
    from kit.myra import cell_name

    return cell_name(move.cells[0])


def queen_safe_after(position: Any, move: Any) -> bool:
    """Whether, after the move, no reply of the opponent captures the mover's queen (2 players)."""
    after = position.play(move)
    mover = position.to_move
    return after.is_over or not any(mover in reply.eliminated for reply in after.successors())


def myra_save_the_queen(position: Any) -> list[Found]:
    """Two players: the only moves that keep the mover's queen safe are all of one kind from one hollow."""
    if position.num_players != 2 or not queen_in_reach(replace(position, to_move=1 - position.to_move)):
        return []  # the queen is not attacked now: moves that leave her be keep her safe, too many to be one kind
    moves = position.legal_moves()
    groups: dict[tuple[str, str], list[Any]] = {}
    for move in moves:
        groups.setdefault((move.kind, hollow_of(move)), []).append(move)
    saving = None  # the one group with a safe move; a second one means no puzzle
    for group, members in groups.items():
        if any(queen_safe_after(position, move) for move in members):
            if saving is not None:
                return []
            saving = group
    if saving is None:
        return []
    safe = [move for move in groups[saving] if queen_safe_after(position, move)]
    if len(safe) == len(moves):
        return []
    answer = safe[0]
    queen = next(cell for cell, piece in position.cells.items() if piece.queen and piece.owner == position.to_move)
    tempting = sum(1 for move in moves if move not in safe and soldiers_taken(position.trace(move)))
    points = (answer.cells[0] != queen) + (answer.kind != "move") + (tempting >= 1) + (tempting >= 3)
    name = _player(position)
    question = (f"{name} to move: {name}'s queen is in danger. From which hollow, and with which kind "
                f"of move, can {name} keep the queen safe?")
    return [Found(str(answer), hollow_of(answer), soldiers_taken(position.trace(answer)), level_of(points),
                  question)]


KINDS: dict[str, dict[str, Kind]] = {
    "walak": {
        "most-captured": Kind("walak", "most-captured", "the hole that captures the most seeds (at least 3)",
                              "pussa kanawa: when a lap ends before an empty hole, the hole beyond it is captured, "
                              "and the bead chain goes on past every other empty hole", walak_most_captured),
        "relay-end": Kind("walak", "relay-end", "where the relay of a move of two laps or more ends",
                          "relay sowing: when the last seed falls and the next hole holds seeds, lift them and "
                          "sow on from the hole after it; the relay ends before an empty hole",
                          walak_relay_end),
    },
    "myra": {
        "most-captured": Kind("myra", "most-captured", "the move that captures the most soldiers",
                              "captures: a troop (or the queen) whose path ends on an enemy troop of any size "
                              "captures it; only a fortress of five is safe", myra_most_captured),
        "queen-hunt": Kind("myra", "queen-hunt", "the one move that captures an enemy queen",
                           "the queen hunt: a troop (or the queen) whose path ends on the enemy queen's hollow "
                           "captures her; every hollow before the last must be empty", myra_queen_hunt),
        "save-the-queen": Kind("myra", "save-the-queen",
                               "two players: the hollow and kind of move that keep the queen safe",
                               "the queen hunt: after your move, look at every reply of your opponent; "
                               "none may reach your queen", myra_save_the_queen, in_mix=False),
    },
}
