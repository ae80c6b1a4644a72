"""The questions the Myra lessons ask about the board, moves and games, answered by the engine.

Each function answers one question a lesson asks ("which hollows does H7 touch?", "which
enemy troops can Blue capture now?") so that a lesson's code reads like the question.
Hollows are named as on the board (``"F10"``).

>>> neighbour_names("F11")
['E10', 'F10', 'G10']
>>> level("F10", "F11")
2
"""
from __future__ import annotations

import io
from typing import Any, Sequence

from kit.core.game import Trace
from kit.core.errors import IllegalMove
from kit.games.myra.events import Capture, ChangeSides, GameOver, QueenCaptured
from kit.games.myra.hexgrid import HOLLOWS, Hollow, hollow_name, neighbours, parse_hollow
from kit.games.myra.moves import Move
from kit.games.myra.pieces import PLAYER_NAMES
from kit.games.myra.position import Position
from kit.games.myra.records import position_from_json
from kit.study import narrate  # the lessons' narrate(trace), for both games

__all__ = ["name_board", "neighbour_names", "level", "army_by_level", "why_not", "moves_of_action", "moves_from",
           "soldiers", "capturable", "with_turn", "queen_in_danger", "narrate", "captures_in",
           "queen_events_in", "before_change_of_sides", "soldier_chart", "move_sequences", "neighbour_counts", "moves_by_action", "splits_by_size", "written",
           "match"]


def _hollow(hollow: Hollow | str) -> Hollow:
    return parse_hollow(hollow) if isinstance(hollow, str) else hollow


# -- the board ----------------------------------------------------------------------------------


def name_board() -> str:
    """Every hollow's name, laid out like the board."""
    lines = []
    for r in range(-5, 6):
        names = [hollow_name(hollow) for hollow in HOLLOWS if hollow[1] == r]
        lines.append("  " * abs(r) + "".join(f"{name:<4}" for name in names).rstrip())
    return "\n".join(lines)


def neighbour_names(hollow: Hollow | str) -> list[str]:
    """The names of a hollow's neighbours, in alphabetical order."""
    return sorted(hollow_name(near) for near in neighbours(_hollow(hollow)))


def level(hollow: Hollow | str, corner: Hollow | str) -> int:
    """A hollow's level from a corner: the row of the corner's triangle it lies in.

    For the corner ``5 * D`` (``D`` a direction in cube form ``(dq, dr, ds)``) the level of
    ``(q, r, s)`` is ``10 - (q*dq + r*dr + s*ds)``: one more for each step along an edge away
    from the corner, two more for each step straight in towards the centre.
    """
    (q, r), (cq, cr) = _hollow(hollow), _hollow(corner)
    dq, dr = cq // 5, cr // 5
    return 10 - (q * dq + r * dr + (-q - r) * (-dq - dr))


def army_by_level(position: Position, player: int) -> dict[int, list[str]]:
    """A player's pieces grouped by their level from the player's queen ("Q" the queen, digits troop sizes)."""
    queen = next(hollow for hollow, piece in position.hollows.items() if piece.owner == player and piece.queen)
    levels: dict[int, list[str]] = {}
    for hollow, piece in sorted(position.hollows.items()):
        if piece.owner == player:
            levels.setdefault(level(hollow, queen), []).append("Q" if piece.queen else str(piece.count))
    return dict(sorted(levels.items()))


# -- moves ----------------------------------------------------------------------------------------


def why_not(position: Position, move: str) -> str:
    """The engine's reason for refusing a move (it names the move), or "<move> is legal"."""
    try:
        position.play(move)
    except IllegalMove as error:
        return str(error)
    return f"{move} is legal"


def moves_of_action(position: Position, action: str) -> list[Move]:
    """The legal moves of one action ("move", "build", "split", "chain", "unchain", "produce")."""
    return [move for move in position.legal_moves() if move.action == action]


def moves_from(position: Position, hollow: str, action: str) -> list[Move]:
    """The legal moves of one action that start on the named hollow."""
    start = parse_hollow(hollow)
    return [move for move in moves_of_action(position, action) if move.hollows[0] == start]


def soldiers(position: Position) -> dict[str, int]:
    """Each player's soldiers on the board, by colour."""
    return {name: sum(piece.count for piece in position.hollows.values() if piece.owner == player and not piece.queen)
            for player, name in enumerate(PLAYER_NAMES[:position.num_players])}


def capturable(position: Position) -> frozenset[str]:
    """The hollows of enemy pieces the player to move can capture now."""
    me = position.to_move
    enemy = {hollow for hollow, piece in position.hollows.items() if piece.owner != me}
    return frozenset(hollow_name(move.hollows[-1]) for move in moves_of_action(position, "move") if move.hollows[-1] in enemy)


def with_turn(position: Position, player: int) -> Position:
    """The same position with ``player`` to move."""
    return position_from_json({**position.to_json(), "to_move": player})


def queen_in_danger(position: Position, player: int) -> bool:
    """Whether the enemy, if it were their turn, could take ``player``'s queen now (two players)."""
    enemy = with_turn(position, 1 - player)
    return any(player in after.eliminated for after in enemy.successors())


# -- games ----------------------------------------------------------------------------------------


def captures_in(traces: Sequence[Trace[Position]]) -> list[str]:
    """One line for each capture in a game: the ply, who, the move and what was taken."""
    lines = []
    for ply, trace in enumerate(traces, start=1):
        taken = [event.text for event in trace.events if isinstance(event, (Capture, QueenCaptured))]
        if taken:
            who = PLAYER_NAMES[trace.before.to_move]
            lines.append(f"ply {ply:2}: {who:6} {str(trace.move):16} {taken[0]}")
    return lines


def before_change_of_sides(trace: Trace[Position]) -> Trace[Position]:
    """The move's steps up to the change of sides (not that step), to step through beside an exercise that
    asks how many soldiers change sides: no step says the number. ``after`` stays the position after the
    whole move; a move without a change of sides is returned as it is."""
    cut = next((i for i, event in enumerate(trace.events) if isinstance(event, ChangeSides)), len(trace.events))
    return Trace(trace.before, trace.move, trace.events[:cut], trace.after)


def queen_events_in(traces: Sequence[Trace[Position]]) -> list[str]:
    """One line for each queen captured, army changing sides and the game's end."""
    return [f"ply {ply:2}: {event.text}" for ply, trace in enumerate(traces, start=1) for event in trace.events
            if isinstance(event, (QueenCaptured, ChangeSides, GameOver))]


def soldier_chart(traces: Sequence[Trace[Position]]) -> Any:
    """A picture of each player's soldiers on the board, ply by ply, through a game."""
    from IPython.display import Image
    from matplotlib.figure import Figure

    from kit.draw.palette import PLAYERS

    counts = [soldiers(traces[0].before)] + [soldiers(trace.after) for trace in traces]
    figure = Figure(figsize=(8, 3.5), layout="constrained")
    ax = figure.add_subplot()
    for player, name in enumerate(counts[0]):
        ax.plot([count[name] for count in counts], color=PLAYERS[player], linewidth=3, label=name)
    ax.set_xlabel("ply", fontsize=12)
    ax.set_ylabel("soldiers on the board", fontsize=12)
    ax.legend()
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=80)
    return Image(buffer.getvalue())


def move_sequences(position: Position, depth: int) -> int:
    """The number of move sequences of exactly ``depth`` plies: chess perft's count.

    Every way counts, also two ways to the same position; this kit's perft counts the
    distinct positions instead (:func:`kit.games.myra.perft_counts`).
    """
    if depth == 0 or position.is_over:
        return 1
    return sum(move_sequences(after, depth - 1) for after in position.successors())


def neighbour_counts() -> dict[int, int]:
    """How many hollows have 3, 4 or 6 neighbours."""
    counts: dict[int, int] = {}
    for hollow in HOLLOWS:
        n = len(neighbours(hollow))
        counts[n] = counts.get(n, 0) + 1
    return dict(sorted(counts.items()))


def moves_by_action(position: Position) -> dict[str, int]:
    """How many legal moves of each action a position has."""
    counts: dict[str, int] = {}
    for move in position.legal_moves():
        counts[move.action] = counts.get(move.action, 0) + 1
    return counts


def splits_by_size(position: Position, hollow: str) -> dict[int, int]:
    """How many ways there are to split off 1, 2, ... soldiers from the troop on a hollow."""
    counts: dict[int, int] = {}
    for move in moves_from(position, hollow, "split"):
        size = move.count or 0  # a split always says how many soldiers it takes
        counts[size] = counts.get(size, 0) + 1
    return dict(sorted(counts.items()))


def written(moves: Sequence[Move]) -> list[str]:
    """Moves in notation, as a player writes them ("F6-E6", "2:F8-F7", ...)."""
    return [str(move) for move in moves]


def match(agents: Sequence[str], games: int) -> Any:
    """A match of Myra between computer players named by level ("beginner", "random", ...), played
    here in the notebook's own process, quietly; the seats change every game, the games are the
    same each time (a :class:`~kit.agents.tournament.TournamentResult`: ``wins()``, ``draws``)."""
    from kit.agents.tournament import match as tournament_match

    return tournament_match("myra", list(agents), games=games, processes=1, progress=False)
