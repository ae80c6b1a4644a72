"""Position files, game records and rule presets: round trips and precise errors."""
from __future__ import annotations

import copy
import json

import pytest

from kit.game import RecordError, RulesError
from kit.myra import Rules, game_record, load_position, load_record, make_position, make_rules, start

GOOD = {"game": "myra", "players": 2, "to_move": 0, "reserve": [25, 25], "eliminated": [],
        "cells": [{"q": 5, "r": 0, "owner": 0, "queen": True, "count": 1},
                  {"q": 5, "r": -1, "owner": 0, "queen": False, "count": 4},
                  {"q": -5, "r": 0, "owner": 1, "queen": True, "count": 1}]}


def changed(**edits):
    data = copy.deepcopy(GOOD)
    data.update(edits)
    return data


def with_cell(**cell):
    data = copy.deepcopy(GOOD)
    data["cells"].append({"q": 0, "r": 0, "owner": 0, "queen": False, "count": 1, **cell})
    return data


def test_the_rulings_example_loads():
    pos = load_position(GOOD)
    assert pos.to_dict()["cells"] and load_position(pos.to_dict()) == pos
    assert len(pos.legal_moves()) > 0


@pytest.mark.parametrize("data, problem", [
    (with_cell(q=6, r=0), r"q=6, r=0 is off the board"),
    (with_cell(q=5, r=0), r"two pieces in the hollow F11"),
    (with_cell(count=6), r"F6 .* has count 6; a troop has 1 to 5"),
    (with_cell(count=0), r"F6 .* has count 0; a troop has 1 to 5"),
    (with_cell(queen=True, count=2), r"queen at F6 .* has count 2"),
    (with_cell(owner=2), r"owner at F6 .* must be a player 0..1"),
    (with_cell(count=True), r"count at F6 .* must be a whole number"),
    (changed(cells=GOOD["cells"][:2]), r"Orange \(player 1\) has no queen on the board but is not marked eliminated"),
    (changed(eliminated=[1]), r"Orange \(player 1\) is marked eliminated but has a queen on F1"),
    (changed(reserve=[26, 25]), r"reserve of Blue \(player 0\) is 26; it must be 0 to 25"),
    (changed(reserve=[-1, 25]), r"reserve of Blue \(player 0\) is -1"),
    (changed(reserve=[25]), r"'reserve' must list 2 numbers"),
    (changed(players=4), r"'players' must be 2 or 3, not 4"),
    (changed(players=3), r"'reserve' must list 3 numbers"),
    (changed(to_move=2), r"'to_move' must be a player 0..1, not 2"),
    (changed(game="walak"), r"'game' must be \"myra\""),
    (changed(colour="red"), r"unknown key 'colour'"),
    (changed(rules="fast"), r"unknown Myra rules preset 'fast'"),
    ({"game": "myra"}, r"the position has no 'players'"),
])
def test_validation_errors_name_the_problem(data, problem):
    with pytest.raises(RecordError, match=problem):
        load_position(data)


def test_three_player_files_check_who_is_out():
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


def test_files_on_disk(tmp_path):
    path = tmp_path / "pos.json"
    path.write_text(start(3).to_json())
    assert load_position(path) == start(3) and load_position(str(path)) == start(3)
    path.write_text("{not json")
    with pytest.raises(RecordError, match="is not valid JSON"):
        load_position(path)
    with pytest.raises(RecordError, match="cannot read the position file"):
        load_position(tmp_path / "missing.json")


def test_rules_and_ply_survive_a_round_trip():
    pos = start(rules=make_rules("straight-chains", ply_limit=50)).play("F10-F9")
    data = json.loads(pos.to_json())
    assert data["ply"] == 1 and data["rules"]["straight_chains"] is True
    again = load_position(data)
    assert again == pos and again.rules == pos.rules and again.ply == 1
    assert load_position(data, rules="default").rules == Rules()


def test_game_records_round_trip_and_name_the_bad_ply():
    record = game_record(start(), ["F10-F9", "F2-F3", "2:E10-D9"])
    assert record["moves"] == ["F10-F9", "F2-F3", "2:E10-D9"]
    first, played = load_record(json.loads(json.dumps(record)))
    assert first == start() and [str(m) for m, _ in played] == record["moves"]
    assert played[-1][1] == start().play("F10-F9").play("F2-F3").play("2:E10-D9")
    record["moves"][1] = "F3-F4"
    with pytest.raises(RecordError, match=r"ply 2 \(F3-F4\): Orange cannot play F3-F4: F3 is empty"):
        load_record(record)


def test_rule_presets_and_unknown_options():
    assert make_rules() == Rules() and make_rules("unchain-keeps-one").unchain_keeps_one
    assert make_rules("straight-chains").straight_chains and make_rules(ply_limit=200).ply_limit == 200
    with pytest.raises(RulesError, match="unknown Myra rules preset 'nope'; choose one of: default"):
        make_rules("nope")
    with pytest.raises(RulesError, match="unknown Myra rule option 'plylimit'"):
        make_rules(plylimit=3)
    with pytest.raises(RulesError, match="ply_limit must be a positive whole number"):
        Rules(ply_limit=0)
    with pytest.raises(RulesError, match="unknown Myra rules preset"):
        start(rules="nope")
