"""One conformance test for every game: random games driven only through the shared protocol.

Parametrised over every registered game and each of its numbers of players, and over the
third game kept under tests/ (Nim, tests/third_game, registered by the ``third_game``
fixture); nothing here knows a game except the settings of games whose random games need
a ply limit.
"""
from __future__ import annotations

import json
import random

import pytest

from kit.core.errors import IllegalMove
from kit.core.game import GameState, game, game_of, games
from tests.third_game.game import NIM

#: Rules and the most plies of a random game, for games whose random games could go on for
#: long; every other game plays under its default rules, up to 400 plies.
SETTINGS = {"myra": ({"ply_limit": 24}, 24)}
MOST = 400


def _cases() -> dict[str, tuple[str, int, object, int]]:
    """Each registered game (and the third game) with each of its numbers of players, by test id."""
    cases = {}
    for description in [*map(game, games()), NIM]:
        rules, most = SETTINGS.get(description.name, (None, MOST))
        for players in description.player_counts:
            name = description.name if len(description.player_counts) == 1 else f"{description.name}-{players}"
            cases[name] = (description.name, players, rules, most)
    return cases


CASES = _cases()
GAMES = 3


def check_position(position: GameState, rng: random.Random) -> None:
    description = game_of(position)
    moves = list(position.legal_moves())
    assert len(position.returns()) == position.num_players
    if position.is_over:
        assert moves == [] and all(value in (1.0, -1.0, 0.0) for value in position.returns())
        assert isinstance(position.end_reason, str) and position.end_reason.endswith(".")
        if position.winner is not None:
            assert position.returns()[position.winner] == 1.0
            assert sum(position.returns()) == 2 - position.num_players  # one winner, every other player lost
        else:
            assert all(value in (0.0, -1.0) for value in position.returns())  # a draw: 0, or -1 for a player out
    else:
        assert moves and position.returns() == [0.0] * position.num_players and position.winner is None
        assert position.end_reason is None
        assert 0 <= position.to_move < position.num_players
    # moves: distinct notations that round trip, endless moves are not legal
    for move in moves:
        text = position.notation(move)
        assert isinstance(text, str) and position.notation(position.parse_move(text)) == text
    assert len({position.notation(move) for move in moves}) == len(moves)
    assert not {position.notation(m) for m in position.endless_moves()} & {position.notation(m) for m in moves}
    successors = list(position.successors())
    assert len(successors) == len(moves)
    for move, after in rng.sample(list(zip(moves, successors)), min(3, len(moves))):
        assert position.play(move) == after and position.play(position.notation(move)) == after
        trace = position.trace(move)
        assert trace.before == position and trace.after == after and trace.events
        assert all(isinstance(line, str) and line for line in trace.narration())
    # JSON, text, key, immutability
    data = position.to_json()
    assert json.loads(json.dumps(data)) == data and data["game"] == description.name
    again = description.position_from_json(json.dumps(data))
    assert again == position and again.key() == position.key() and hash(again.key()) == hash(position.key())
    assert position.key() == position.key() and again.to_json() == data
    assert isinstance(str(position), str) and str(position)
    with pytest.raises(AttributeError):
        position.to_move = 1  # type: ignore[misc]


def test_every_registered_game_and_the_third_game_are_checked(third_game):
    assert {name for name, _, _, _ in CASES.values()} == {*games()} == {"walak", "myra", "nim"}


@pytest.mark.parametrize("case", CASES)
def test_random_games_follow_the_protocol(case, third_game):
    name, players, rules, most = CASES[case]
    description = game(name)
    assert players in description.player_counts
    rng = random.Random(case)
    for _ in range(GAMES):
        start = description.start(players, rules)
        assert game_of(start) is description and start.num_players == players
        assert start.ply == 0 and start.rules == description.as_rules(rules)
        position, played = start, []
        while not position.is_over and len(played) < most:
            check_position(position, rng)
            move = rng.choice(list(position.legal_moves()))
            played.append(position.notation(move))
            position = position.play(move)
        check_position(position, rng)
        with pytest.raises(IllegalMove):
            position.parse_move("no such move") if not position.is_over else position.play("no such move")
        record = description.record(start, played, **{description.player_names(players)[0].lower(): "Ann"})
        data = json.loads(json.dumps(record.to_json()))
        assert data["game"] == name and data["players"] == players and data["moves"] == played
        loaded = description.record_from_json(data)
        assert loaded == record and loaded.final == position and loaded.positions()[0] == start
        assert len(loaded.positions()) == len(played) + 1
        assert ("result" in data) == position.is_over
