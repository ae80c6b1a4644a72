"""Property tests over random games: conservation, shape of the board, tracing, round trips, move lists."""
from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from kit.core.errors import IllegalMove
from kit.games.myra import Move, Piece, Position, make_position, position_from_json, start, state_at
from kit.games.myra.events import Capture, PlayerOut, QueenCaptured
from kit.games.myra.hexgrid import HOLLOWS, neighbours

PLIES = 120
FULL_CHECK_EVERY = 12
games = st.tuples(st.integers(0, 2**32 - 1), st.sampled_from([2, 3]),
                  st.sampled_from(["default", "unchain-keeps-one", "straight-chains"]))


def balls(position: Position) -> int:
    """Soldiers and queens on the board plus reserves."""
    return sum(p.count for p in position.hollows.values()) + sum(position.reserve)


def captured(events) -> int:
    """Balls that left the game during a move."""
    return sum(e.count if isinstance(e, Capture) else 1 if isinstance(e, QueenCaptured)
               else e.reserve_lost if isinstance(e, PlayerOut) else 0 for e in events)


def pick(position: Position, rng: random.Random) -> Move:
    """A random legal move, preferring captures so that games reach their end."""
    moves = position.legal_moves()
    captures = [m for m in moves if m.action == "move" and m.hollows[-1] in position.hollows]
    return rng.choice(captures if captures and rng.random() < 0.6 else moves)


def random_candidate(position: Position, rng: random.Random) -> Move:
    """A move of a random action over random neighbouring hollows: often illegal."""
    mine = [c for c, p in position.hollows.items() if p.owner == position.to_move] or list(HOLLOWS)
    path = [rng.choice(mine)]
    for _ in range(rng.randint(1, 5)):
        path.append(rng.choice(neighbours(path[-1])))
    action = rng.choice(["move", "build", "split", "chain", "unchain", "produce"])
    if action == "produce":
        return Move(action, (path[-1],))
    return Move(action, tuple(path), rng.randint(1, 4) if action == "split" else None)


def check_board(position: Position) -> None:
    queens = [p.owner for p in position.hollows.values() if p.queen]
    assert len(queens) == len(set(queens))
    assert all(1 <= p.count <= 5 and (not p.queen or p.count == 1) for p in position.hollows.values())
    assert sorted(set(range(position.num_players)) - set(queens)) == list(position.eliminated)


def check_all_moves(position: Position, rng: random.Random) -> None:
    moves = position.legal_moves()
    results = [position.play(m) for m in moves]
    assert len(set(results)) == len(moves) and results == position.successors()
    assert all(position.parse_move(str(m)) == m for m in moves)
    legal = set(results)
    for _ in range(40):
        candidate = random_candidate(position, rng)
        try:
            after = position.play(candidate)
        except IllegalMove:
            continue
        assert after in legal, f"{candidate} was accepted but is not among the legal results"


@settings(max_examples=30, deadline=None)
@given(games)
def test_random_games_keep_every_invariant(game):
    seed, players, preset = game
    rng = random.Random(seed)
    position = start(players, preset)
    for ply in range(PLIES):
        if position.is_over:
            assert position.legal_moves() == [] and position.winner is not None
            break
        check_board(position)
        if ply % FULL_CHECK_EVERY == 0:
            check_all_moves(position, rng)
        move = pick(position, rng)
        trace = position.trace(move)
        after = position.play(move)
        assert trace.after == after and trace.after.to_json() == after.to_json()
        assert balls(position) == balls(after) + captured(trace.events)
        end = state_at(position, trace.events, len(trace.events))
        assert dict(end.hollows) == dict(after.hollows) and end.reserve == after.reserve
        assert end.eliminated == after.eliminated
        assert position_from_json(json.dumps(after.to_json())) == after
        assert position.parse_move(position.notation(move)) == move
        position = after


@settings(max_examples=30, deadline=None)
@given(games)
def test_random_games_reach_captures_and_position_files_round_trip(game):
    seed, players, preset = game
    rng = random.Random(seed)
    position = start(players, {"preset": preset, "ply_limit": 120})
    while not position.is_over:
        position = position.play(pick(position, rng))
    check_board(position)
    again = position_from_json(position.to_json())
    assert again == position and again.is_over and again.returns() == position.returns()


def simple_paths(origin, length: int):
    """Every path of exactly `length` steps from origin that never revisits a hollow."""
    paths = [(origin,)]
    for _ in range(length):
        paths = [p + (n,) for p in paths for n in neighbours(p[-1]) if n not in p]
    return paths


def every_candidate(position: Position):
    """All moves of every kind over all simple paths the pieces could conceivably use."""
    for hollow, piece in position.hollows.items():
        if piece.owner != position.to_move:
            continue
        reach = 1 if piece.queen else min(piece.count, 4)
        for steps in range(1, reach + 1):
            for path in simple_paths(hollow, steps):
                yield Move("move", path)
                yield Move("build", path)
                for k in range(steps, piece.count):
                    yield Move("split", path, k)
        if not piece.queen and piece.count >= 2:
            for laid in {piece.count, piece.count - 1} - {0}:
                yield from (Move("unchain", path) for path in simple_paths(hollow, laid))
        if piece.count == 1 and not piece.queen:
            for steps in range(1, 5):
                yield from (Move("chain", path) for path in simple_paths(hollow, steps))
        if piece.queen:
            yield from (Move("produce", (n,)) for n in neighbours(hollow))


MIDDLE = [c for c in HOLLOWS if max(abs(c[0]), abs(c[1]), abs(c[0] + c[1])) <= 3]  # crowded: pieces meet
crowded = st.lists(st.tuples(st.sampled_from(MIDDLE), st.integers(0, 1), st.integers(1, 5)), min_size=2, max_size=16)


@settings(max_examples=60, deadline=None)
@given(crowded, st.lists(st.sampled_from(MIDDLE), min_size=2, max_size=2, unique=True),
       st.sampled_from(["default", "unchain-keeps-one", "straight-chains"]), st.integers(0, 1))
def test_the_checked_moves_are_exactly_the_generated_ones(pieces, queens, preset, reserve):
    """Brute force over every conceivable move: play() accepts exactly the results legal_moves() lists."""
    placed = {queens[0]: Piece(0, 1, True), queens[1]: Piece(1, 1, True)}
    for hollow, owner, count in pieces:
        placed.setdefault(hollow, Piece(owner, count))
    position = make_position(placed, reserve=[reserve, 25], rules=preset,
                             classroom=True)  # crowded boards may hold more soldiers than a game gives
    accepted = set()
    for move in every_candidate(position):
        try:
            accepted.add(position.play(move))
        except IllegalMove:
            pass
    if position.legal_moves() == [Move("pass")]:
        assert not accepted
    else:
        assert accepted == set(position.successors())
