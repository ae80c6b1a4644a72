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

import pytest

from kit.core.conformance import ConformanceError, check_game, check_position
from kit.core.game import game, games
from tests.third_game.game import NIM
from tests.third_game.position import Position

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
