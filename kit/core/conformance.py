"""The conformance check every game passes: random games driven only through the protocol.

What the kit's other packages rely on, checked at every position of a few random games of each
number of players (:func:`check_game`): legal moves and their notation round trip, successors
match ``play``, traces narrate, ``returns()``, ``winner`` and ``end_reason`` agree, the JSON and
``key()`` round trip, positions are immutable, bad moves raise ``IllegalMove`` and change
nothing (text that is no move, and moves met in other positions that are not legal here), and
game records round trip through JSON. A failure says what went wrong and what was found, after
which moves; an exception the game's code raises is reported the same way, naming what raised.
A game's author runs it on their own game with ``python -m kit check GAME`` (:func:`check`);
the kit's tests run it on every installed game.

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
    """A game breaks the protocol; the message says where, what went wrong and what was found."""


class _Doing:
    """What the check is asking the game's code at the moment: named when that code raises."""

    __slots__ = ("what",)

    def __init__(self, what: str) -> None:
        self.what = what

    def __call__(self, what: str) -> None:
        self.what = what


def _claim(holds: bool, what: str) -> None:
    if not holds:
        raise ConformanceError(what)


class _Guard:
    """A context turning any exception the game's code raises into a ConformanceError saying
    what the check asked (``doing``) and, before it, ``where`` in the game it was."""

    __slots__ = ("doing", "where")

    def __init__(self, doing: _Doing, where: str = "") -> None:
        self.doing, self.where = doing, where

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: Any, error: Any, traceback: Any) -> None:
        if error is None:
            return
        prefix = f"{self.where}: " if self.where else ""
        if isinstance(error, ConformanceError):
            raise ConformanceError(f"{prefix}{error}") from None
        if isinstance(error, Exception):
            raise ConformanceError(f"{prefix}{self.doing.what} raised {type(error).__name__}: {error}") from error


def _where(played: list[str]) -> str:
    return f"after {' '.join(played)}" if played else "at the start"


def check_position(position: Any, rng: random.Random, seen: dict[str, Any] | None = None) -> None:
    """Check one position through the protocol (``rng`` picks the moves whose results are
    compared). ``seen`` collects moves met so far in notation (legal in other positions of the
    game): one of them that is not legal here must raise IllegalMove and change nothing.
    ConformanceError says what went wrong, also where the game's code raised."""
    doing = _Doing("reading the position")
    with _Guard(doing):
        _check_position(position, rng, {} if seen is None else seen, doing)


def _check_position(position: Any, rng: random.Random, seen: dict[str, Any], doing: _Doing) -> None:
    description = game_of(position)
    doing("legal_moves()")
    moves = list(position.legal_moves())
    doing("returns()")
    returns = position.returns()
    _claim(len(returns) == position.num_players,
           f"returns() should give one number per player ({position.num_players}), got {returns!r}")
    doing("is_over, winner and end_reason")
    names = description.player_names(position.num_players)
    if position.is_over:
        _claim(moves == [], f"a finished game should have no legal moves, got {len(moves)}")
        _claim(all(value in (1.0, -1.0, 0.0) for value in returns),
               f"returns() of a finished game should be +1, -1 or 0, got {returns!r}")
        _claim(isinstance(position.end_reason, str) and position.end_reason.endswith("."),
               f"a finished game's end_reason is one sentence ending in a full stop: got {position.end_reason!r}")
        winner = position.winner
        if winner is not None:
            _claim(isinstance(winner, int) and 0 <= winner < position.num_players,
                   f"the winner should be a player's index, got {winner!r}")
            _claim(returns[winner] == 1.0, f"the winner's return should be +1, got {returns!r} (winner {names[winner]})")
            _claim(sum(returns) == 2 - position.num_players,
                   f"one winner: every other player's return should be -1, got {returns!r} (winner {names[winner]})")
        else:
            _claim(all(value in (0.0, -1.0) for value in returns),
                   f"a draw should return 0 (or -1 for a player out), got {returns!r}")
    else:
        _claim(bool(moves), "a game going on should have legal moves, got none")
        _claim(returns == [0.0] * position.num_players,
               f"a game going on should return 0 for everyone, got {returns!r}")
        _claim(position.winner is None, f"a game going on should have no winner, got {position.winner!r}")
        _claim(position.end_reason is None, f"a game going on should have no end_reason, got {position.end_reason!r}")
        _claim(isinstance(position.to_move, int) and 0 <= position.to_move < position.num_players,
               f"to_move should be a player's index (0..{position.num_players - 1}), got {position.to_move!r}")
    shown = []
    for move in moves:
        doing(f"notation({move!r})")
        text = position.notation(move)
        _claim(isinstance(text, str) and bool(text), f"notation({move!r}) should be text, got {text!r}")
        doing(f"parse_move({text!r})")
        try:
            back = position.parse_move(text)
        except IllegalMove as error:
            raise ConformanceError(f"the notation {text!r} does not read back (parse_move) to the same move: "
                                   f"parse_move({text!r}) raised IllegalMove: {error}") from None
        doing(f"notation({back!r})")
        again = position.notation(back)
        _claim(again == text, f"the notation {text!r} does not read back (parse_move) to the same move: "
                              f"it reads back as {again!r}")
        shown.append(text)
        seen.setdefault(text, move)
    if len(set(shown)) != len(shown):
        double = next(text for number, text in enumerate(shown) if text in shown[:number])
        raise ConformanceError(f"legal moves should be distinct, got {double!r} twice")
    doing("endless_moves()")
    endless = sorted({position.notation(move) for move in position.endless_moves()} & set(shown))
    _claim(not endless, f"an endless move should not be legal, got {endless[0]!r} in both" if endless else "")
    doing("successors()")
    successors = list(position.successors())
    _claim(len(successors) == len(moves),
           f"successors() should give one position a legal move ({len(moves)}), got {len(successors)}")
    for move, after in rng.sample(list(zip(moves, successors)), min(3, len(moves))):
        text = position.notation(move)
        doing(f"play({text!r})")
        _claim(position.play(move) == after and position.play(text) == after,
               f"successors() and play({text!r}) should agree, for the move and its notation; they differ")
        doing(f"trace({text!r})")
        trace = position.trace(move)
        _claim(trace.before == position and trace.after == after and bool(trace.events),
               f"trace({text!r}) should hold the position before, its events and the position play gives; "
               f"got {len(trace.events)} events, before {'equal' if trace.before == position else 'differs'}, "
               f"after {'equal' if trace.after == after else 'differs'}")
        doing(f"trace({text!r}).narration()")
        lines = list(trace.narration())
        empty = [line for line in lines if not (isinstance(line, str) and line)]
        _claim(not empty, f"every event of trace({text!r}) should have a text, got {empty[0]!r}" if empty else "")
    _check_bad_moves(position, set(shown), successors, seen, doing)
    doing("to_json()")
    data = position.to_json()
    _claim(json.loads(json.dumps(data)) == data and data.get("game") == description.name,
           f"to_json() should be JSON with \"game\": {description.name!r}, got \"game\": {data.get('game')!r}"
           if isinstance(data, dict) else f"to_json() should be a dict, got {type(data).__name__}")
    doing("position_from_json(to_json())")
    again = description.position_from_json(json.dumps(data))
    _claim(again == position and again.to_json() == data,
           f"the position should read back from its JSON; it reads back as {again.to_json()!r}")
    doing("key()")
    _claim(again.key() == position.key() and hash(again.key()) == hash(position.key()),
           f"key() should be a hashable value the JSON keeps, got {position.key()!r} and {again.key()!r}")
    doing("str(position)")
    _claim(isinstance(str(position), str) and bool(str(position)), "str(position) should be a text picture, got ''")
    doing("assigning position.to_move")
    try:
        position.to_move = 1
    except AttributeError:
        pass
    else:
        raise ConformanceError("positions should be immutable: assigning position.to_move raised no AttributeError")


def _check_bad_moves(position: Any, legal: set[str], successors: list[Any], seen: dict[str, Any],
                     doing: _Doing) -> None:
    """Bad moves raise IllegalMove and change nothing: text that is no move, and a move met in
    another position (as the move and as its notation) that is not listed here; such a move
    may only be played where it is another way of writing a legal move (it then gives one of
    the successors)."""
    before = position.to_json()
    tries: list[tuple[str, Any]] = [("no such move", "no such move")]
    known = list(seen)  # one of them not legal here, picked without the rng: the random games stay as they were
    first = position.ply * 7  # from a different place at each ply
    other = next((known[(first + step) % len(known)] for step in range(len(known))
                  if known[(first + step) % len(known)] not in legal), None)
    if other is not None:
        tries += [(other, seen[other]), (other, other)]
    state = "a finished game" if position.is_over else "this position"
    for text, move in tries:
        if text == "no such move":
            what = f"play({text!r})"
        else:
            kind = "its notation" if isinstance(move, str) else "the move"
            what = f"play({text!r}) ({kind}; a move of another position, not among the legal moves of {state})"
        doing(what)
        try:
            after = position.play(move)
        except IllegalMove:
            _claim(position.to_json() == before, f"{what} raised IllegalMove but changed the position")
            continue
        _claim(text != "no such move" and after in successors,
               f"{what} should raise IllegalMove, got a position: {_shown(after)}")


def _shown(position: Any) -> str:
    """A position in one line, for a message."""
    return " / ".join(line.strip() for line in str(position).splitlines() if line.strip())[:200]


def check_game(description: Game, players: int, rules: Any = None, *, games: int = 3, plies: int = PLIES,
               seed: Any = 0) -> int:
    """Play ``games`` random games of ``players`` players under ``rules`` (each at most ``plies``
    plies), checking every position and each game's record; the number of positions checked.
    ConformanceError says what a game does wrong, after which moves (and what raised, where the
    game's code raised)."""
    rng = random.Random(f"{description.name}-{players}-{seed}")
    checked = 0
    seen: dict[str, Any] = {}  # moves met in notation, legal somewhere in these games
    for _ in range(games):
        doing, played = _Doing(f"start({players}, {rules!r})"), list[str]()  # the moves played, in notation
        with _Guard(doing):
            start = description.start(players, rules)
            _claim(game_of(start) is description and start.num_players == players,
                   f"start({players}) should be a {players}-player position of the game, "
                   f"got {start.num_players} players")
            _claim(start.ply == 0, f"the start should be ply 0, got {start.ply!r}")
            _claim(start.rules == description.as_rules(rules),
                   f"the start should be under the rules asked for, got {start.rules!r}")
        position = start
        while True:
            with _Guard(doing, _where(played)):
                check_position(position, rng, seen)
            checked += 1
            if position.is_over or len(played) >= plies:
                break
            with _Guard(doing, _where(played)):
                doing("choosing a random move (legal_moves(), notation(), play())")
                move = rng.choice(list(position.legal_moves()))
                text = position.notation(move)
                doing(f"play({text!r})")
                position = position.play(move)
                played.append(text)
        with _Guard(doing, f"the record of the game {' '.join(played) or '(no moves)'}"):
            doing("Game.record()")
            record = description.record(start, played, **{description.player_names(players)[0].lower(): "Ann"})
            doing("Record.to_json()")
            data = json.loads(json.dumps(record.to_json()))
            _claim(data["game"] == description.name and data["players"] == players and data["moves"] == played,
                   f"a record's JSON should name the game, the players and the moves, got game {data['game']!r}, "
                   f"players {data['players']!r}, moves {' '.join(data['moves'])!r}")
            doing("Game.record_from_json()")
            loaded = description.record_from_json(data)
            _claim(loaded == record and loaded.final == position and loaded.positions()[0] == start,
                   "a record should read back from its JSON and replay to the same positions; it does not")
            _claim(len(loaded.positions()) == len(played) + 1,
                   f"a record should have a position a move ({len(played) + 1}), got {len(loaded.positions())}")
            _claim(("result" in data) == position.is_over,
                   "a record should have a result once the game is over (and none before), "
                   f"got {'a result' if 'result' in data else 'none'} for a game {'over' if position.is_over else 'going on'}")
    return checked


def check(name: str, *, games: int = 3, plies: int = PLIES, seed: Any = 0, players: int | None = None,
          rules: Any = None) -> list[str]:
    """Check the game called ``name`` with each of its numbers of players (or ``players`` only)
    under ``rules`` (a preset's name; None: the default); a line on each (ConformanceError at
    the first problem, after which moves)."""
    description = game(name)
    lines = []
    for count in description.player_counts if players is None else (description.players(players),):
        checked = check_game(description, count, rules, games=games, plies=plies, seed=seed)
        lines.append(f"{count} players: {games} random game{'s' if games != 1 else ''}, "
                     f"{checked:,} positions checked")
    return lines
