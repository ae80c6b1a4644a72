"""The registry: every game described once, found by name or by position."""
from __future__ import annotations

import subprocess
import sys

import pytest

import kit
from kit.core.game import Game, game, game_of, games


def test_import_kit_gives_both_engines_and_the_registry_without_matplotlib():
    code = ("import sys, kit; kit.walak.start(); kit.myra.start(); kit.games(); kit.game('walak'); "
            "kit.game_of(kit.walak.start()); assert 'matplotlib' not in sys.modules, 'matplotlib imported'")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr


def test_the_games_and_their_descriptions():
    assert games() == kit.games() and games()[:2] == ["walak", "myra"]  # then any other game installed
    walak, myra = game("walak"), game("myra")
    assert isinstance(walak, Game) and (walak.title, walak.player_counts) == ("Walak-pussa", (2,))
    assert (myra.title, myra.player_counts) == ("Myra", (2, 3))
    assert walak.player_names() == ("South", "North") and myra.player_names(3) == ("Blue", "Orange", "Green")
    assert set(walak.presets) >= {"default", "ludii"} and "straight-chains" in myra.presets
    assert walak.start().legal_moves() == ["a", "b", "c", "d", "e", "f", "g"]
    assert myra.start(3).num_players == 3 and myra.start(rules="straight-chains").rules.straight_chains
    assert walak.as_rules("ludii") == kit.walak.as_rules("ludii") and myra.as_rules(None) == kit.myra.Rules()


def test_unknown_names_list_the_choices():
    with pytest.raises(ValueError, match=r"unknown game 'chess' \(choices: walak, myra[,)]"):
        game("chess")
    with pytest.raises(ValueError, match="Walak-pussa is played by 2 players, not 3"):
        game("walak").start(3)
    with pytest.raises(ValueError, match="Myra is played by 2 or 3 players, not 4"):
        game("myra").player_names(4)


def test_game_of_positions_and_matches():
    assert game_of(kit.walak.start()) is game("walak")
    assert game_of(kit.walak.Match.start()) is game("walak")
    assert game_of(kit.myra.start(3)) is game("myra")
    with pytest.raises(TypeError, match="expected a Walak-pussa or Myra (or .+ )?position, not str"):
        game_of("S:4,4")


def test_lazy_parts():
    for name in games():
        description = game(name)
        assert description.drawing().__name__.endswith("Board")
        assert description.evaluation().game == name
        assert list(description.levels()) == ["beginner", "club", "strong"]


def test_a_game_s_parts_are_named_and_imported_when_asked_for():
    import dataclasses

    from kit.core.game import register

    walak = game("walak")
    assert walak.part("drawing") is walak.drawing() and walak.part("setup_panel") is walak.setup_panel()
    with pytest.raises(ValueError, match="Walak-pussa names an unknown part 'drawings'"):
        dataclasses.replace(walak, parts={"drawings": "kit.games.walak.drawing:WalakBoard"})
    bare = dataclasses.replace(walak, parts={})
    with pytest.raises(NotImplementedError, match="Walak-pussa has no board drawing"):
        bare.drawing()
    assert bare.demos() == () and bare.rules_summary() == () and bare.puzzles() is None
    assert bare.setup_panel() is None and bare.click_picker() is None and bare.position_options(None) is None
    with pytest.raises(TypeError, match="register takes a Game, not str"):
        register("walak")  # type: ignore[arg-type]


@pytest.mark.parametrize("name", games())
def test_every_part_a_game_declares_is_found_where_it_says(name):
    """A game's parts are named as "module:attribute" (Game.parts): each one imports and is there."""
    declared = game(name)
    for part in declared.parts:
        assert declared.part(part) is not None, f"{declared.title}'s part {part} ({declared.parts[part]}) is missing"
