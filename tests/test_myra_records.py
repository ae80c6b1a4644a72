"""Myra positions, game records and rule presets: round trips and precise errors."""
from __future__ import annotations

import copy
import json

import pytest

from kit import game
from kit.core.errors import RecordError, RulesError
from kit.games.myra import Rules, as_rules, make_position, position_from_json, start

MYRA = game("myra")
GOOD = {"game": "myra", "players": 2, "to_move": 0, "reserve": [25, 25], "eliminated": [],
        "cells": [{"q": 5, "r": 0, "owner": 0, "queen": True, "count": 1},
                  {"q": 5, "r": -1, "owner": 0, "queen": False, "count": 4},
                  {"q": -5, "r": 0, "owner": 1, "queen": True, "count": 1}]}


def changed(**edits):
    data = copy.deepcopy(GOOD)
    data.update(edits)
    return data


def with_hollow(**hollow):
    data = copy.deepcopy(GOOD)
    data["cells"].append({"q": 0, "r": 0, "owner": 0, "queen": False, "count": 1, **hollow})
    return data


def test_the_rulings_example_loads():
    pos = position_from_json(GOOD)
    assert pos.to_json()["cells"] and position_from_json(pos.to_json()) == pos
    assert MYRA.position_from_json(json.dumps(GOOD)) == pos
    assert len(pos.legal_moves()) > 0


@pytest.mark.parametrize("data, problem", [
    (with_hollow(q=6, r=0), r"'q' must be -5 to 5, not 6"),
    (with_hollow(q=5, r=5), r"q=5, r=5 is off the board"),
    (with_hollow(q=5, r=0), r"two pieces in the hollow F11"),
    (with_hollow(count=6), r"count at F6 .* must be 1 to 5, not 6"),
    (with_hollow(count=0), r"count at F6 .* must be 1 to 5, not 0"),
    (with_hollow(queen=True, count=2), r"queen at F6 .* has count 2"),
    (with_hollow(owner=2), r"owner at F6 .* must be 0 to 1"),
    (with_hollow(count=True), r"count at F6 .* must be a whole number"),
    (changed(cells=GOOD["cells"][:2]), r"Orange \(player 1\) has no queen on the board but is not marked eliminated"),
    (changed(eliminated=[1]), r"Orange \(player 1\) is marked eliminated but has a queen on F1"),
    (changed(reserve=[26, 25]), r"reserve of Blue \(player 0\) must be 0 to 25, not 26"),
    (changed(reserve=[-1, 25]), r"reserve of Blue \(player 0\) must be 0 to 25, not -1"),
    (changed(reserve=[25]), r"'reserve' must list 2 numbers"),
    (changed(players=4), r"'players' must be 2 to 3, not 4"),
    (changed(players=3), r"'reserve' must list 3 numbers"),
    (changed(to_move=2), r"'to_move' must be 0 to 1, not 2"),
    (changed(game="walak"), r"not a Myra position: 'game' is \"walak\""),
    (changed(colour="red"), r"unknown key \"colour\""),
    (changed(rules="fast"), r"unknown Myra rules preset 'fast'"),
    ({"game": "myra"}, r"the Myra position has no 'players'"),
])
def test_validation_errors_name_the_problem(data, problem):
    with pytest.raises(RecordError, match=problem):
        position_from_json(data)


def test_three_player_positions_check_who_is_out():
    pos = make_position({"F11": "BQ", "K1": "GQ"}, players=3, reserve=[25, 0, 25])
    assert pos.eliminated == (1,) and pos.to_move == 0
    with pytest.raises(RecordError, match="Orange is out, yet has soldiers on F6"):
        make_position({"F11": "BQ", "K1": "GQ", "F6": "O2"}, players=3, reserve=[25, 0, 25])
    with pytest.raises(RecordError, match="Orange is out, yet has 3 in reserve"):
        make_position({"F11": "BQ", "K1": "GQ"}, players=3, reserve=[25, 3, 25])
    with pytest.raises(RecordError, match="Orange is to move but is out"):
        make_position({"F11": "BQ", "K1": "GQ"}, players=3, reserve=[25, 0, 25], to_move=1)
    with pytest.raises(RecordError, match="Blue has 2 queens"):
        make_position({"F11": "BQ", "F10": "BQ", "K1": "OQ"})


def test_armies_are_bounded_unless_a_classroom_set_up_is_asked_for():
    crowded = {hollow: "B5" for hollow in ("A1", "A2", "A3", "A4", "A5", "A6", "B1", "B2")}
    with pytest.raises(RecordError, match="Blue has 65 soldiers on the board and in reserve; .* at most 50"):
        make_position({"F11": "BQ", "F1": "OQ", **crowded})
    assert make_position({"F11": "BQ", "F1": "OQ", **crowded}, classroom=True).num_players == 2
    data = make_position({"F11": "BQ", "F1": "OQ", **crowded}, classroom=True).to_json()
    with pytest.raises(RecordError, match="at most 50"):
        position_from_json(data)
    assert position_from_json(data, classroom=True).to_json() == data


def test_paths_are_never_opened(tmp_path):
    path = tmp_path / "pos.json"
    path.write_text(json.dumps(start(3).to_json()))
    with pytest.raises(RecordError, match="not valid JSON"):
        position_from_json(str(path))
    assert position_from_json(path.read_bytes()) == start(3)


def test_rules_and_ply_survive_a_round_trip():
    pos = start(rules=as_rules({"preset": "straight-chains", "ply_limit": 50})).play("F10-F9")
    data = json.loads(json.dumps(pos.to_json()))
    assert data["ply"] == 1 and data["rules"]["straight_chains"] is True
    again = position_from_json(data)
    assert again == pos and again.rules == pos.rules and again.ply == 1
    assert position_from_json(data, rules="default").rules == Rules()


def test_game_records_round_trip_and_name_the_bad_ply():
    record = MYRA.record(start(), ["F10-F9", "F2-F3", "2:E10-D9"], blue="Ann")
    data = json.loads(json.dumps(record.to_json()))
    assert data["moves"] == ["F10-F9", "F2-F3", "2:E10-D9"] and data["names"] == {"blue": "Ann"}
    loaded = MYRA.record_from_json(data)
    assert loaded.start == start() and list(loaded.moves) == data["moves"]
    assert loaded.final == start().play("F10-F9").play("F2-F3").play("2:E10-D9")
    data["moves"][1] = "F3-F4"
    with pytest.raises(RecordError, match=r"move 2 \(F3-F4\): Orange cannot play F3-F4: F3 is empty"):
        MYRA.record_from_json(data)


def test_a_record_start_is_a_position_never_a_path(tmp_path):
    path = tmp_path / "pos.json"
    path.write_text(json.dumps(start().to_json()))
    with pytest.raises(RecordError, match="'start' must be a position"):
        MYRA.record_from_json({"game": "myra", "start": str(path), "moves": []})


def test_rule_presets_and_unknown_options():
    assert as_rules(None) == Rules() and as_rules("unchain-keeps-one").unchain_keeps_one
    assert as_rules("straight-chains").straight_chains and as_rules({"ply_limit": 200}).ply_limit == 200
    with pytest.raises(RulesError, match="unknown Myra rules preset 'nope'; choose one of: default"):
        as_rules("nope")
    with pytest.raises(RulesError, match="unknown Myra rule option 'plylimit'"):
        as_rules({"plylimit": 3})
    with pytest.raises(RulesError, match="ply_limit must be a positive whole number"):
        Rules(ply_limit=0)
    with pytest.raises(RulesError, match="unknown Myra rules preset"):
        start(rules="nope")
