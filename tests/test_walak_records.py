"""Game records as JSON: save, load, precise errors."""
import json

import pytest

from kit import walak
from kit.game import RecordError
from kit.walak.records import GameRecord, load_record, record_of


def test_record_round_trips(tmp_path):
    record = record_of(["c", "a", "b"], rules="ludii", south="Amara", north="Nimal", date="2026-11-30")
    path = tmp_path / "game.json"
    record.save(path)
    loaded = load_record(path)
    assert loaded == record and loaded.final() == record.final()
    assert json.loads(path.read_text())["rules"] == "ludii"
    assert loaded.final().to_string() == walak.start("ludii").play("c").play("a").play("b").to_string()


def test_custom_rules_are_saved_as_options():
    record = record_of(["c"], rules={"endless_laps": 500})
    assert load_record(record.to_json()).rules == walak.Rules(endless_laps=500)


def test_start_position_in_a_record():
    record = load_record({"game": "walak", "start": "N:5 4 3 6 3 4 3 | 5 2 7 6 1 4 3:0-0", "moves": ["b"]})
    assert record.first_position().to_move == 1


@pytest.mark.parametrize("data, message", [
    ({"game": "myra", "moves": []}, "not a Walak-pussa record"),
    ({"game": "walak", "moves": ["c", "q"]}, r"move 2 \(North 'q'\).*not a hole letter"),
    ({"game": "walak", "moves": ["c", "d"]}, r"move 2 \(North 'd'\).*North's d is empty"),
    ({"game": "walak", "moves": "cba"}, "must be a list"),
    ({"game": "walak", "moves": [3]}, "move 1: a move is a hole letter"),
    ({"game": "walak", "rules": "parker", "moves": []}, "unknown Walak-pussa rule preset"),
    ({"game": "walak", "rules": {"laps": 3}, "moves": []}, "unknown Walak-pussa rule option"),
    ({"game": "walak", "moves": [], "colour": "red"}, "unknown key 'colour'"),
    ({"game": "walak"}, "either \"moves\""),
    ({"game": "walak", "start": "S:1,2:0-0", "moves": []}, "bad \"start\""),
    ({"game": "walak", "south": 3, "moves": []}, "\"south\" must be text"),
    ({"game": "walak", "rounds": [["c"], ["a"]]}, "round 1 is not over"),
])
def test_bad_records_are_named(data, message):
    with pytest.raises(RecordError, match=message):
        load_record(data)


def test_bad_json_and_missing_file(tmp_path):
    with pytest.raises(RecordError, match="not valid JSON"):
        load_record("{oops")
    with pytest.raises(RecordError, match="cannot read"):
        load_record(tmp_path / "missing.json")


def test_match_record():
    import random

    from kit.walak.match import Match

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
    record = GameRecord(tuple(tuple(r) for r in rounds), match=True)
    loaded = load_record(record.to_json())
    assert loaded.is_match and "rounds" in record.to_dict()
    assert loaded.final() == m


def test_a_match_in_its_first_round_stays_a_match():
    from kit.walak.match import Match

    record = load_record(GameRecord((("c",),), match=True).to_json())
    assert record.is_match and record.final() == Match.start().play("c")
    with pytest.raises(RecordError, match="one list of moves"):
        GameRecord((("c",), ("a",)))
