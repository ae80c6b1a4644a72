"""One conformance test for every game: random games driven only through the shared protocol.

The check itself is the kit's (:mod:`kit.core.conformance`, which a game's author runs as
``python -m kit check GAME``). Parametrised over every installed game and each of its numbers
of players, and over the third game kept under tests/ (Nim, tests/third_game, registered by the
``third_game`` fixture); nothing here knows a game except the settings of games whose random
games need a ply limit. tests/test_plugins.py runs the same check on Nim installed as a
package of its own.
"""
from __future__ import annotations

import random
import re

import pytest

from kit.cli.main import main
from kit.core.conformance import ConformanceError, check, check_game, check_position
from kit.core.errors import IllegalMove
from kit.core.game import game, games
from tests.third_game.game import NIM
from tests.third_game.events import Emptied
from tests.third_game.position import Position, Take

#: Rules and the most plies of a random game, for games whose random games could go on for
#: long; every other game plays under its default rules, up to 400 plies.
SETTINGS = {"myra": ({"ply_limit": 24}, 24)}
MOST = 400


def _cases() -> dict[str, tuple[str, int, object, int]]:
    """Each installed game (and the third game) with each of its numbers of players, by test id."""
    cases = {}
    for description in [*map(game, games()), NIM]:
        rules, most = SETTINGS.get(description.name, (None, MOST))
        for players in description.player_counts:
            name = description.name if len(description.player_counts) == 1 else f"{description.name}-{players}"
            cases[name] = (description.name, players, rules, most)
    return cases


CASES = _cases()
GAMES = 3


def test_every_installed_game_and_the_third_game_are_checked(third_game):
    checked = {name for name, _, _, _ in CASES.values()}
    assert checked == {*games()} and checked >= {"walak", "myra", "nim"}  # and any other game installed


@pytest.mark.parametrize("case", CASES)
def test_random_games_follow_the_protocol(case, third_game):
    name, players, rules, most = CASES[case]
    description = game(name)
    assert players in description.player_counts
    assert check_game(description, players, rules, games=GAMES, plies=most, seed=case) > GAMES


class Broken(Position):
    """Nim whose positions forget to say why the game ended."""

    @property
    def end_reason(self):
        return None


def test_the_check_says_what_a_game_does_wrong(third_game):
    check_position(Position((0, 0, 0)), random.Random(0))
    with pytest.raises(ConformanceError, match="end_reason is one sentence ending in a full stop"):
        check_position(Broken((0, 0, 0)), random.Random(0))


def _check_nim(capsys, *extra: str) -> tuple[int, str]:
    status = main(["check", "nim", "--games", "2", *extra])
    out, err = capsys.readouterr()
    return status, out + err


def test_a_notation_parse_move_does_not_read_is_reported_not_raised(third_game, monkeypatch, capsys):
    """parse_move's IllegalMove for a notation the game itself wrote is the game's bug, said as such."""
    monkeypatch.setattr(Position, "notation", lambda self, move: f"{'abc'[self._move(move).heap]}{self._move(move).count - 1}")
    status, out = _check_nim(capsys)
    assert status == 1
    assert out == ("error: Nim does not follow the protocol: at the start: the notation 'a0' does not read back "
                  "(parse_move) to the same move: parse_move('a0') raised IllegalMove: not a Nim move: \"a0\" "
                  "(a move is a heap letter and a count, e.g. b2)\n")


def test_any_exception_of_the_games_code_names_the_moves_and_what_raised(third_game, monkeypatch, capsys):
    monkeypatch.setattr(Emptied, "text", property(lambda self: self.missing))
    status, out = _check_nim(capsys)
    assert status == 1 and "Traceback" not in out
    assert re.fullmatch(r"error: Nim does not follow the protocol: (at the start|after ([a-e][1-9] )*[a-e][1-9]): "
                        r"trace\('[a-e][1-9]'\)\.narration\(\) raised AttributeError: .*'missing'\n", out), out
    monkeypatch.undo()
    monkeypatch.setattr(Position, "endless_moves", lambda self: 1 / 0)
    with pytest.raises(ConformanceError, match=r"^at the start: endless_moves\(\) raised ZeroDivisionError: division by zero$"):
        check_game(NIM, 2, games=1)


class Lenient(Position):
    """Nim whose play() of a move object takes what is not there (and just passes the turn)."""

    def play(self, move):
        if isinstance(move, Take) and move not in self.legal_moves():
            return Lenient(self.heaps, self.taken, 1 - self.to_move, self.rules, self.ply + 1)
        return Position.play(self, move)


def test_a_move_of_another_position_that_is_not_legal_here_must_raise_illegal_move(third_game):
    rng = random.Random(0)
    seen = {}
    check_position(Position((3, 4, 5)), rng, seen)  # a5, c5 ... are seen, legal there
    assert {"a3", "b4", "c5"} <= set(seen)
    check_position(Position((3, 0, 0)), rng, seen)  # the real Nim refuses b4 and c5 here
    with pytest.raises(ConformanceError, match=r"^play\('[bc][1-5]'\) \(the move; a move of another "
                                               r"position, not among the legal moves of this position\) should raise "
                                               r"IllegalMove, got a position"):
        check_position(Lenient((3, 0, 0)), rng, seen)


class Unfair(Position):
    """Nim whose winner's return is -1."""

    def returns(self):
        return [-value for value in Position.returns(self)]


def test_a_failure_gives_what_was_found():
    with pytest.raises(ConformanceError) as caught:
        check_position(Unfair((0, 0, 0)), random.Random(0))
    assert str(caught.value) == "the winner's return should be +1, got [1.0, -1.0] (winner Second)"


def test_check_takes_rules_and_players(third_game, capsys):
    status, out = _check_nim(capsys, "--rules", "small", "--players", "2")
    assert status == 0 and re.fullmatch(r"2 players: 2 random games, \d+ positions checked\nNim follows the protocol\.\n", out)
    assert check("nim", games=1, rules="small", players=2)[0].startswith("2 players: 1 random game, ")
    assert main(["check", "nim", "--players", "3"]) == 2
    assert "error: Nim is played by 2 players, not 3" in capsys.readouterr().err
