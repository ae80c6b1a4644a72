"""Walak-pussa positions and game records as JSON: save, load, precise errors."""
import json
import random

import pytest

from kit import game, walak
from kit.core.errors import RecordError
from kit.games.walak.match import Match

WALAK = game("walak")


def test_record_round_trips():
    record = WALAK.record(walak.start("ludii"), ["c", "a", "b"], south="Amara", north="Nimal")
    data = json.loads(json.dumps(record.to_json()))
    loaded = WALAK.record_from_json(data)
    assert loaded == record and loaded.final == record.final
    assert data["rules"] == "ludii" and data["names"] == {"south": "Amara", "north": "Nimal"}
    assert loaded.final.to_string() == walak.start("ludii").play("c").play("a").play("b").to_string()


def test_custom_rules_are_saved_as_options():
    record = WALAK.record(walak.start({"endless_laps": 500}), ["c"])
    assert WALAK.record_from_json(record.to_json()).rules == walak.Rules(endless_laps=500)


def test_start_position_in_a_record():
    start = walak.parse_position("N:5 4 3 6 3 4 3 | 5 2 7 6 1 4 3:0-0")
    record = WALAK.record_from_json({"game": "walak", "start": start.to_json(), "moves": ["b"]})
    assert record.start.to_move == 1 and record.positions()[0] == start


def test_positions_round_trip():
    position = walak.start("skip-origin").play("c").play("b")
    data = position.to_json()
    assert data["board"] == list(position.board) and data["ply"] == 2
    assert WALAK.position_from_json(data) == position
    assert WALAK.position_from_json(json.dumps(data)) == position


@pytest.mark.parametrize("data, message", [
    ({"game": "myra", "moves": []}, "not a Walak-pussa game record"),
    ({"game": "walak", "moves": ["c", "q"]}, r"move 2 \(q\).*not a hole letter"),
    ({"game": "walak", "moves": ["c", "d"]}, r"move 2 \(d\).*North's d is empty"),
    ({"game": "walak", "moves": "cba"}, "must be a list"),
    ({"game": "walak", "moves": [3]}, "move 1 must be text"),
    ({"game": "walak", "rules": "parker", "moves": []}, "unknown Walak-pussa rule preset"),
    ({"game": "walak", "rules": {"laps": 3}, "moves": []}, "unknown Walak-pussa rule option"),
    ({"game": "walak", "moves": [], "colour": "red"}, "unknown key \"colour\""),
    ({"game": "walak"}, "has no 'moves'"),
    ({"game": "walak", "start": "S:1,2:0-0", "moves": []}, "'start' must be a position"),
    ({"game": "walak", "names": {"south": 3}, "moves": []}, "the name of south must be text"),
    ({"game": "walak", "names": {"east": "Ann"}, "moves": []}, "unknown seat \"east\""),
    ({"game": "walak", "rounds": [1, 1], "moves": ["c", "a"]}, "round 1 is not over"),
    ({"game": "walak", "rounds": [3], "moves": ["c"]}, "'rounds' count 3 moves"),
    ({"game": "walak", "moves": ["c"], "result": {"winner": 0}}, "the game goes on"),
])
def test_bad_records_are_named(data, message):
    with pytest.raises(RecordError, match=message):
        WALAK.record_from_json(data)


def test_bad_json_and_paths_are_refused(tmp_path):
    with pytest.raises(RecordError, match="not valid JSON"):
        WALAK.record_from_json("{oops")
    path = tmp_path / "game.json"
    path.write_text(json.dumps(WALAK.record(None, ["c"]).to_json()))
    with pytest.raises(RecordError, match="not valid JSON"):
        WALAK.record_from_json(str(path))  # text is never taken for a path
    with pytest.raises(RecordError, match="dict, JSON text or bytes"):
        WALAK.record_from_json(path)


def test_match_record():
    rng = random.Random(2)
    m, rounds = Match.start(), [[]]
    for _ in range(2):
        while not m.round_over:
            move = rng.choice(m.position.legal_moves())
            rounds[-1].append(move)
            m = m.play(move)
        if m.is_over:
            break
        m = m.next_round()
        rounds.append([])
    record = walak.match_record(None, rounds)
    loaded = WALAK.record_from_json(record.to_json())
    assert loaded.rounds == tuple(map(len, rounds)) and "rounds" in record.to_json()
    assert walak.match_states(loaded)[-1] == m and loaded.final == m.position


def test_a_match_in_its_first_round_stays_a_match():
    record = WALAK.record_from_json(walak.match_record(None, [["c"]]).to_json())
    assert record.rounds == (1,) and walak.match_states(record)[-1] == Match.start().play("c")
