"""The conformance check every game passes: random games driven only through the protocol.

What the kit's other packages rely on, checked at every position of a few random games of each
number of players (:func:`check_game`): legal moves and their notation round trip, successors
match ``play``, traces narrate, ``returns()``, ``winner`` and ``end_reason`` agree, the JSON and
``key()`` round trip, positions are immutable, bad moves raise ``IllegalMove``, and game
records round trip through JSON. A game's author runs it on their own game with
``python -m kit check GAME`` (:func:`check`); the kit's tests run it on every installed game.

>>> from kit.core.game import games
>>> check(games()[0], games=1, plies=20)[0].startswith("2 players: 1 random game")
True
"""
from __future__ import annotations

import json
import random
from typing import Any

from kit.core.errors import IllegalMove
from kit.core.game import Game, game, game_of

#: The most plies of a random game unless said otherwise (a game still going is checked as it stands).
PLIES = 400


class ConformanceError(AssertionError):
    """A game breaks the protocol; the message says where and what."""


def _claim(holds: bool, what: str) -> None:
    if not holds:
        raise ConformanceError(what)


def check_position(position: Any, rng: random.Random) -> None:
    """Check one position through the protocol (``rng`` picks the moves whose results are compared)."""
    description = game_of(position)
    moves = list(position.legal_moves())
    returns = position.returns()
    _claim(len(returns) == position.num_players, "returns() gives one number per player")
    if position.is_over:
        _claim(moves == [], "a finished game has no legal moves")
        _claim(all(value in (1.0, -1.0, 0.0) for value in returns), "returns() of a finished game are +1, -1 or 0")
        _claim(isinstance(position.end_reason, str) and position.end_reason.endswith("."),
               "a finished game's end_reason is one sentence ending in a full stop")
        if position.winner is not None:
            _claim(returns[position.winner] == 1.0, "the winner's return is +1")
            _claim(sum(returns) == 2 - position.num_players, "one winner: every other player's return is -1")
        else:
            _claim(all(value in (0.0, -1.0) for value in returns), "a draw: returns 0 (or -1 for a player out)")
    else:
        _claim(bool(moves), "a game going on has legal moves")
        _claim(returns == [0.0] * position.num_players and position.winner is None,
               "a game going on has no winner and returns 0 for everyone")
        _claim(position.end_reason is None, "a game going on has no end_reason")
        _claim(0 <= position.to_move < position.num_players, "to_move is a player's index")
    for move in moves:
        text = position.notation(move)
        _claim(isinstance(text, str) and position.notation(position.parse_move(text)) == text,
               f"the notation {text!r} reads back (parse_move) to the same move")
    _claim(len({position.notation(move) for move in moves}) == len(moves), "legal moves are distinct")
    endless = {position.notation(move) for move in position.endless_moves()}
    _claim(not endless & {position.notation(move) for move in moves}, "an endless move is not legal")
    successors = list(position.successors())
    _claim(len(successors) == len(moves), "successors() gives one position a legal move")
    for move, after in rng.sample(list(zip(moves, successors)), min(3, len(moves))):
        shown = position.notation(move)
        _claim(position.play(move) == after and position.play(shown) == after,
               f"successors() and play({shown!r}) agree, for the move and its notation")
        trace = position.trace(move)
        _claim(trace.before == position and trace.after == after and bool(trace.events),
               f"trace({shown!r}) holds the position before, its events and the position play gives")
        _claim(all(isinstance(line, str) and line for line in trace.narration()), "every event has a text")
    data = position.to_json()
    _claim(json.loads(json.dumps(data)) == data and data.get("game") == description.name,
           f"to_json() is JSON with \"game\": {description.name!r}")
    again = description.position_from_json(json.dumps(data))
    _claim(again == position and again.to_json() == data, "the position reads back from its JSON")
    _claim(again.key() == position.key() and hash(again.key()) == hash(position.key()),
           "key() is a hashable value the JSON keeps")
    _claim(isinstance(str(position), str) and bool(str(position)), "str(position) is a text picture")
    try:
        position.to_move = 1
    except AttributeError:
        pass
    else:
        raise ConformanceError("positions are immutable: assigning an attribute raises AttributeError")


def check_game(description: Game, players: int, rules: Any = None, *, games: int = 3, plies: int = PLIES,
               seed: Any = 0) -> int:
    """Play ``games`` random games of ``players`` players under ``rules`` (each at most ``plies``
    plies), checking every position and each game's record; the number of positions checked.
    ConformanceError says what a game does wrong, at which move."""
    rng = random.Random(f"{description.name}-{players}-{seed}")
    checked = 0
    for _ in range(games):
        start = description.start(players, rules)
        _claim(game_of(start) is description and start.num_players == players,
               f"start({players}) is a {players}-player position of the game")
        _claim(start.ply == 0 and start.rules == description.as_rules(rules), "the start is ply 0, under the rules")
        position, played = start, list[str]()  # the moves played, in notation
        while True:
            try:
                check_position(position, rng)
            except ConformanceError as error:
                after = f"after {' '.join(played)}" if played else "at the start"
                raise ConformanceError(f"{after}: {error}") from None
            checked += 1
            if position.is_over or len(played) >= plies:
                break
            move = rng.choice(list(position.legal_moves()))
            played.append(position.notation(move))
            position = position.play(move)
        try:
            position.parse_move("no such move") if not position.is_over else position.play("no such move")
        except IllegalMove:
            pass
        else:
            raise ConformanceError("a bad move (or any move after the end) raises IllegalMove")
        record = description.record(start, played, **{description.player_names(players)[0].lower(): "Ann"})
        data = json.loads(json.dumps(record.to_json()))
        _claim(data["game"] == description.name and data["players"] == players and data["moves"] == played,
               "a record's JSON names the game, the players and the moves")
        loaded = description.record_from_json(data)
        _claim(loaded == record and loaded.final == position and loaded.positions()[0] == start,
               "a record reads back from its JSON and replays to the same positions")
        _claim(len(loaded.positions()) == len(played) + 1 and ("result" in data) == position.is_over,
               "a record has a position a move and a result once the game is over")
    return checked


def check(name: str, *, games: int = 3, plies: int = PLIES, seed: Any = 0) -> list[str]:
    """Check the game called ``name`` with each of its numbers of players; a line on each
    (ConformanceError at the first problem)."""
    description = game(name)
    lines = []
    for players in description.player_counts:
        checked = check_game(description, players, games=games, plies=plies, seed=seed)
        lines.append(f"{players} players: {games} random game{'s' if games != 1 else ''}, "
                     f"{checked:,} positions checked")
    return lines
