"""Hints and explanations: the reason names what the move does, found from its events and the search."""
import pytest

import kit.games.myra as myra
from kit import walak
from kit.agents.hints import Hint, explain, hint

CHAIN = "S:2,0,1,0,0,0,1/0,0,3,0,2,0,4:20-23"  # South's g captures a bead chain of 3 + 2 + 4
QUIET = "S:1,1,0,1,0,1,2/0,1,0,0,0,0,2:20-27"  # South's d (one capture) wins by force
QUEEN_EN_PRISE = {"F11": "BQ", "F5": "B2", "F8": "B1", "K3": "B3", "F3": "OQ", "E8": "O4", "A2": "O3"}
QUEEN_THREATENED = {"F11": "BQ", "F8": "B1", "K3": "B3", "F9": "O2", "K4": "O4", "F1": "OQ"}


def test_a_walak_hint_names_the_bead_chain():
    h = hint(walak.parse_position(CHAIN), depth=2)
    assert isinstance(h, Hint) and h.move == "g" and h.value > 0
    assert h.text.startswith("captures a chain of three on North's side (North's c, e and g: 9 seeds)")


def test_a_walak_hint_names_the_pussa_kanawa_and_the_forced_win():
    h = hint(walak.parse_position(QUIET), depth=4)
    assert h.move == "d"
    assert "ends before the empty North's a and eats 1 from North's b (pussa kanawa)" in h.text
    assert "forced win" in h.text


def test_explain_says_what_the_answer_captures():
    assert explain(walak.parse_position(CHAIN), "a") == "The move a captures nothing; the best reply found: North plays e and captures 1."
    text = explain(walak.start(), "b")
    assert text.startswith("After 6 relays the sowing ends before the empty North's b and eats 6 from North's c")
    assert "the best reply found: North plays" in text and text.endswith(".")


def test_a_walak_move_that_stops_a_threat_and_a_chain_on_both_sides():
    # North's b (8 seeds) would capture 6 if it were North's move; South's e sows those holes full.
    position = walak.parse_position("S:0,0,2,0,3,0,3/0,8,2,0,0,0,0:21-17:12")
    assert explain(position, "e") == ("Stops North's threat: North's b would capture 6; "
                                      "the best reply found: North plays d and captures 3.")
    h = hint(position, depth=3)
    assert h.move == "c" and h.text.startswith("captures a chain of two on both sides (South's g and North's b: 11 seeds)")


def test_a_myra_hint_takes_the_queen():
    h = hint(myra.make_position(QUEEN_EN_PRISE), depth=2)
    assert (h.move, h.text) == ("F5-F4-F3", "takes Orange's queen on F3 and wins the game")


def test_a_myra_hint_saves_the_queen():
    h = hint(myra.make_position(QUEEN_THREATENED), depth=2)
    assert h.move in ("F8-F9", "*F10")
    assert "your queen" in h.text and "Orange's 2-troop on F9" in h.text
    assert explain(myra.make_position(QUEEN_THREATENED), "*F10").startswith(
        "Saves your queen: Orange's 2-troop on F9 could take it; the best reply found: Orange plays ")


def test_explain_a_greedy_capture_that_loses_the_queen():
    assert explain(myra.make_position(QUEEN_THREATENED), "K3-K4") == (
        "Captures Orange's troop of 4 on K4; the best reply found: Orange plays F9-F10-F11 and takes Blue's queen.")


def test_explain_a_fortress_next_to_the_queen_and_a_threat_on_the_enemy_queen():
    fort = myra.make_position({"F11": "BQ", "F10": "B2", "E10": "B3", "A1": "OQ", "K6": "O1"})
    assert explain(fort, "F10-E10").startswith("Builds a fortress on E10 next to your queen;")
    hunt = myra.make_position({"F11": "BQ", "F7": "B3", "F1": "OQ", "K6": "O1"})
    assert explain(hunt, "F7-F6-F5-F4").startswith("Threatens Orange's queen on F1;")


def test_hints_repeat_under_a_depth_limit_and_refuse_finished_games():
    position = myra.start()
    assert hint(position, depth=2) == hint(position, depth=2)
    over = walak.parse_position("S:0,0,0,0,0,0,0/0,0,0,0,0,0,0:30-26")
    with pytest.raises(ValueError, match="game is over"):
        hint(over)
    with pytest.raises(ValueError, match="cannot play"):
        explain(myra.start(), "F10-F8")


def test_a_quiet_myra_hint_says_what_the_search_saw():
    text = hint(myra.start(), depth=2).text
    assert text.startswith("moves your soldiers closer to Orange's queen (")
    assert "; the game is about even; the best reply found: Orange plays " in text


def test_a_hint_and_the_explanation_of_the_hinted_move_name_the_same_reply():
    # a quiet hint names the reply a fixed-depth search finds, as explain does, in words that
    # say it is the search's finding, not what the opponent will do
    for position in (myra.start(), walak.start()):
        for search in ({"depth": 2}, {"depth": 3}, {"seconds": 0.3}):
            h = hint(position, **search)
            said = explain(position, h.move)
            if "; the best reply found: " in h.text:
                reply = h.text.split("; the best reply found: ")[1]
                assert said.endswith(f"; the best reply found: {reply}.")
            assert " answers with " not in h.text + said
