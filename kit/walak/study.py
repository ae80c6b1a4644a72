"""The questions the Walak-pussa lessons ask about moves and games, answered by the engine.

Each function answers one question a lesson asks ("which holes does this move capture?",
"how many laps does it take?") in words a student can read, so that a lesson's code reads
like the question. Holes are named as players name them ("North's c").

>>> captures(parse_position("S:0,0,0,0,2,0,0/0,3,0,1,0,4,1:0-0"), "e")
[("North's b", 3), ("North's d", 1), ("North's f", 4)]
"""
from __future__ import annotations

import random
from collections import Counter
from typing import Any, Sequence

from kit.game import Trace
from kit.walak.board import HOLES, PLAYER_NAMES, Hole, side
from kit.walak.board import hole_name as _name
from kit.walak.events import Capture, GameEnd, LapEnd, Lift, MoveEnd, Relay, Sow, Sweep, state_at
from kit.walak.match import Match
from kit.walak.position import Move, Position, parse_position, start

__all__ = ["hole_table", "sown_into", "laps", "lap_lines", "first_lap_end", "first_relay", "move_summary",
           "captured_holes", "captures", "gain", "why_the_chain_stopped", "ends_after_capture",
           "first_capture_step", "lift_steps", "relay_cycle", "longest_ending_move", "endless_on_random_boards",
           "hands_of_games", "play_out", "play_round", "play_match", "opening_positions", "parse_position"]


# -- the board ----------------------------------------------------------------------------------


def hole_table() -> str:
    """The 14 holes, one a line: global index and the name players use."""
    return "\n".join(f"{hole:2d}  {_name(hole)}" for hole in range(HOLES))


# -- sowing and relays ------------------------------------------------------------------------


def sown_into(position: Position, move: Move) -> list[str]:
    """The holes the first handful of a move is sown into, in order."""
    return [_name(event.hole) for event in position.first_laps(move, 1) if isinstance(event, Sow)]


def laps(position: Position, move: Move) -> int:
    """How many laps the sowing of a move takes."""
    return sum(isinstance(event, LapEnd) for event in position.trace(move).events)


def lap_lines(position: Position, move: Move) -> list[str]:
    """One line per lap: how many seeds from where, where the lap ended, what the next hole decided."""
    lines, lifted = [], None
    for event in position.trace(move).events:
        if isinstance(event, (Lift, Relay)):
            lifted = event
        elif isinstance(event, LapEnd) and lifted is not None:
            after = "relay" if event.goes_on else "stop"
            lines.append(f"lap {event.lap}: {lifted.count:2d} from {_name(lifted.hole):10} end in "
                         f"{_name(event.hole):10} next {_name(event.looked_at)}: {after}")
    return lines


def first_lap_end(position: Position, move: Move) -> Hole:
    """The hole where the first lap of a move ends (where the last seed of the first hand falls)."""
    return next(event.hole for event in position.first_laps(move, 1) if isinstance(event, LapEnd))


def first_relay(position: Position, move: Move) -> Hole:
    """The hole lifted by a move's first relay."""
    return next(event.hole for event in position.trace(move).events if isinstance(event, Relay))


def move_summary(position: Position, move: Move) -> str:
    """A move's laps, steps and captures in one line."""
    trace = position.trace(move)
    taken = ", ".join(f"{count} from {hole}" for hole, count in captures(position, move)) or "nothing"
    return f"{laps(position, move)} laps, {len(trace.events)} steps, captures {taken}"


# -- captures -----------------------------------------------------------------------------------


def captured_holes(position: Position, move: Move) -> list[Hole]:
    """The holes a move captures, in order (global index)."""
    return [event.hole for event in position.trace(move).events if isinstance(event, Capture)]


def captures(position: Position, move: Move) -> list[tuple[str, int]]:
    """The holes a move captures, in order, with the seeds taken from each."""
    return [(_name(event.hole), event.count) for event in position.trace(move).events
            if isinstance(event, Capture)]


def gain(position: Position, move: Move) -> int:
    """The seeds the mover captures with a move (a final sweep included)."""
    me = position.to_move
    return position.play(move).score[me] - position.captured[me]


def why_the_chain_stopped(position: Position, move: Move) -> str:
    """A sentence saying why the captures of a move stopped where they did."""
    holes = captured_holes(position, move)
    if not holes:
        return "Nothing was captured."
    board = position.trace(move).after.board_before_sweep
    last = holes[-1]
    one, two = (last + 1) % HOLES, (last + 2) % HOLES
    if board[one]:
        return f"After {_name(last)} comes {_name(one)}, which holds seeds: the chain stops at once."
    return (f"After {_name(last)} come {_name(one)} and {_name(two)}, both empty: "
            "two empty holes in a row break the chain.")


def ends_after_capture(trace: Trace[Position]) -> bool:
    """Whether the move ended right after its captures: nothing but the game's end follows, and the turn passes."""
    end = next(i for i, event in enumerate(trace.events) if isinstance(event, MoveEnd))
    return (all(isinstance(event, (Sweep, GameEnd)) for event in trace.events[end + 1:])
            and trace.after.to_move != trace.before.to_move)


def first_capture_step(trace: Trace[Position]) -> int:
    """The step (counted from 1, as the stepper counts) of a move's first capture."""
    return next(step for step, event in enumerate(trace.events, 1) if isinstance(event, Capture))


# -- endless sowing -------------------------------------------------------------------------------


def lift_steps(events: Sequence[Any]) -> list[int]:
    """The steps (counted from 1) at which a hand is lifted: the first lift and every relay."""
    return [step for step, event in enumerate(events, 1) if isinstance(event, (Lift, Relay))]


def relay_cycle(position: Position, move: Move, laps: int) -> tuple[int, int] | None:
    """The first lap whose start looks exactly like an earlier one, and that earlier lap (both from 1).

    A lap's start is the board, the hole lifted and the seeds lifted; None if no start repeats
    within the first ``laps`` laps.
    """
    events = position.first_laps(move, laps)
    seen: dict[Any, int] = {}
    for lap, step in enumerate(lift_steps(events), 1):
        event = events[step - 1]
        state = (state_at(position, events, step).board, event.hole, event.count)
        if state in seen:
            return lap, seen[state]
        seen[state] = lap
    return None


def longest_ending_move(position: Position) -> tuple[Move, int]:
    """The legal move whose sowing takes the most laps, and its laps."""
    counts = {move: laps(position, move) for move in position.legal_moves()}
    longest = max(counts, key=counts.get)
    return longest, counts[longest]


def endless_on_random_boards(seeds: int, boards: int, start_number: int = 0) -> tuple[int, int, Position | None]:
    """Endless holes and occupied holes on random boards, and the first position found with an endless hole.

    Each board gets ``seeds`` seeds dropped one by one into random holes; every occupied hole of
    either player is asked. The same ``start_number`` gives the same boards.
    """
    rng = random.Random(start_number)
    endless = occupied = 0
    found = None
    for _ in range(boards):
        board = [0] * HOLES
        for _ in range(seeds):
            board[rng.randrange(HOLES)] += 1
        for mover in (0, 1):
            position = Position(board, to_move=mover)
            occupied += sum(1 for hole in side(mover) if board[hole])
            refused = position.endless_moves()
            endless += len(refused)
            if found is None and refused:
                found = position
    return endless, occupied, found


# -- games and matches -------------------------------------------------------------------------------


def play_out(position: Any, players: Sequence[Any], max_plies: int = 1000) -> list[Trace[Any]]:
    """The moves (as traces) of a game the computer players play from a position, ``players[p]`` for player p."""
    traces: list[Trace[Any]] = []
    while not position.is_over and len(traces) < max_plies:
        traces.append(position.trace(players[position.to_move].choose(position)))
        position = traces[-1].after
    return traces


def play_round(match: Match, players: Sequence[Any]) -> Match:
    """The match once its current round has been played to the end."""
    for trace in play_out(match.position, players):
        match = match.play(trace.move)
    return match


def play_match(players: Sequence[Any], rules: str | None = None) -> list[str]:
    """A whole match of several rounds played to its end; one line about each round."""
    match = Match.start(rules)
    lines = []
    while True:
        match = play_round(match, players)
        opener = PLAYER_NAMES[match.opened_by]
        lines.append(f"round {match.round_number}, opened by {opener}: South holds {match.holdings[0]}, "
                     f"North {match.holdings[1]}")
        if match.is_over:
            lines.append(str(match))
            return lines
        match = match.next_round()


def opening_positions(plies: int = 2, rules: str | None = None) -> list[Position]:
    """Every distinct position after the first ``plies`` moves of a game (all openings)."""
    level = {start(rules)}
    for _ in range(plies):
        level = {p.play(m) for p in level for m in p.legal_moves()}
    return sorted(level, key=lambda p: p.to_string())


def hands_of_games(moves_of_games: Sequence[Sequence[Move]], rules: str | None = None) -> Counter[int]:
    """How many hands (first lifts and relays) of each size the games held."""
    sizes: Counter[int] = Counter()
    for moves in moves_of_games:
        position = start(rules)
        for move in moves:
            trace = position.trace(move)
            sizes.update(event.count for event in trace.events if isinstance(event, (Lift, Relay)))
            position = trace.after
    return sizes

