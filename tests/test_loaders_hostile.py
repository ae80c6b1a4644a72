"""No input can hurt a loader: every hostile input is refused with one RecordError naming the problem.

Each loader (Walak-pussa and Myra positions and records) takes a dict, JSON text or bytes,
never a path. The table below is run against each, with a time limit per case.
"""
from __future__ import annotations

import codecs
import json

import pytest

from kit import game
from kit.core.errors import RecordError
from kit.core.limits import MAX_MOVES, MAX_TEXT
from tests.limits import bounded

WALAK, MYRA = game("walak"), game("myra")
WALAK_POSITION = WALAK.start().to_json()
MYRA_POSITION = MYRA.start().to_json()
WALAK_RECORD = WALAK.record(None, ["c", "b"]).to_json()
MYRA_RECORD = MYRA.record(None, ["F10-F9"]).to_json()

LOADERS = {
    "walak position": (WALAK.position_from_json, WALAK_POSITION),
    "myra position": (MYRA.position_from_json, MYRA_POSITION),
    "walak record": (WALAK.record_from_json, WALAK_RECORD),
    "myra record": (MYRA.record_from_json, MYRA_RECORD),
}


def edited(good: dict, **changes: object) -> dict:
    data = json.loads(json.dumps(good))
    data.update(changes)
    return data


def deep(levels: int = 100_000) -> dict:
    data: dict = {"game": "walak"}
    for _ in range(levels):
        data = {"game": data}
    return data


def cyclic() -> dict:
    data: dict = {"game": "walak"}
    data["board"] = data
    return data


# (case, input or a function of the good example, what the message must say)
COMMON = [
    ("not UTF-8", b"\xff\xfe{\x00}\x00", "not UTF-8"),
    ("UTF-16 text", codecs.BOM_UTF16_LE + '{"game": "walak"}'.encode("utf-16-le"), "not UTF-8"),
    ("Latin-1 text", '{"game": "caf\xe9"}'.encode("latin-1"), "not UTF-8"),
    ("binary data", bytes(range(256)), "not UTF-8"),
    ("NUL bytes", b"\x00" * 100, "not valid JSON"),
    ("empty text", "", "not valid JSON"),
    ("a path", "/etc/passwd", "not valid JSON"),
    ("a relative path", "game.json", "not valid JSON"),
    ("a list", "[1, 2, 3]", "is a JSON object, not a list"),
    ("null", "null", "is a JSON object, not null"),
    ("a number", "3", "is a JSON object, not 3"),
    ("a string", '"walak"', "is a JSON object, not \"walak\""),
    ("a Python list", [1, 2], "dict, JSON text or bytes, not a list"),
    ("None", None, "dict, JSON text or bytes, not null"),
    ("a number object", 3.5, "dict, JSON text or bytes, not 3.5"),
    ("deep nesting", "[" * 100_000 + "]" * 100_000, "nested too deeply"),
    ("deep objects", '{"a":' * 100_000 + "1" + "}" * 100_000, "nested too deeply"),
    ("deep nesting unclosed", "[" * 100_000, "nested too deeply"),
    ("a huge number", '{"game": ' + "9" * 5000 + "}", "too big"),
    ("a huge float", '{"game": 1e400}', "too big"),
    ("NaN", '{"game": NaN}', "not a number JSON allows"),
    ("Infinity", '{"game": -Infinity}', "not a number JSON allows"),
    ("too large text", '{"game": "' + "x" * (MAX_TEXT + 10) + '"}', "too large"),
    ("too large bytes", b" " * (MAX_TEXT + 1), "too large"),
    ("a cyclic dict", cyclic(), "too many values|nested too deeply"),
    ("a dict nested 100,000 deep", deep(), "nested too deeply"),
    ("a dict with a non-text key", {1: "walak"}, "every key of a JSON object is text"),
    ("a dict holding a set", {"game": {1, 2}}, "is not a JSON value"),
    ("a dict holding NaN", {"game": float("nan")}, "not a number JSON allows"),
    ("a dict holding a huge int", {"game": 10 ** 100}, "too big"),
    ("wrong game", lambda good: edited(good, game="chess"), "'game' is \"chess\""),
    ("null game", lambda good: edited(good, game=None), "'game' is null"),
    ("unknown key", lambda good: edited(good, extra=1), "unknown key \"extra\""),
]

POSITIONS = [
    ("null board", {"game": "walak", "board": None, "captured": [0, 0], "to_move": 0}, "'board' must list 14"),
    ("short board", {"game": "walak", "board": [4] * 13, "captured": [0, 0], "to_move": 0}, "must list 14 .* of 13"),
    ("text in the board", {"game": "walak", "board": ["4"] * 14, "captured": [0, 0], "to_move": 0},
     "each of 'board' must be a whole number, not text"),
    ("floats in the board", {"game": "walak", "board": [4.0] * 14, "captured": [0, 0], "to_move": 0},
     "must be a whole number, not a number"),
    ("bools in the board", {"game": "walak", "board": [True] * 14, "captured": [0, 0], "to_move": 0},
     "must be a whole number, not true or false"),
    ("negative seeds", {"game": "walak", "board": [-1] + [4] * 13, "captured": [0, 0], "to_move": 0}, "0 to 56, not -1"),
    ("57 seeds in a hole", {"game": "walak", "board": [57] + [0] * 13, "captured": [0, 0], "to_move": 0},
     "0 to 56, not 57"),
    ("57 seeds in all", {"game": "walak", "board": [5] + [4] * 13, "captured": [0, 0], "to_move": 0},
     "holds 57 seeds .* at most 56"),
    ("captured over the total", {"game": "walak", "board": [0] * 14, "captured": [40, 17], "to_move": 0},
     "holds 57 seeds"),
    ("a huge hole", {"game": "walak", "board": [10 ** 20] + [0] * 13, "captured": [0, 0], "to_move": 0}, "0 to 56"),
    ("negative ply", dict(WALAK_POSITION, ply=-1), "'ply' must be 0 to"),
    ("huge ply", dict(WALAK_POSITION, ply=10 ** 25), "'ply' must be 0 to"),
    ("bool to move", dict(WALAK_POSITION, to_move=True), "'to_move' must be a whole number, not true or false"),
    ("mover 2", dict(WALAK_POSITION, to_move=2), "'to_move' must be 0 to 1, not 2"),
    ("null to move", dict(WALAK_POSITION, to_move=None), "'to_move' must be a whole number, not null"),
    ("rules a list", dict(WALAK_POSITION, rules=[1]), "'rules' must be a preset name or an object"),
    ("a huge lap limit", dict(WALAK_POSITION, rules={"endless_laps": 10 ** 12}), "endless_laps is 1,000,000,000,000; a loaded position allows at most 100,000"),
    ("a negative lap limit", dict(WALAK_POSITION, rules={"endless_laps": -1}), "endless_laps must be a positive whole number"),
    ("an unknown rule", dict(WALAK_POSITION, rules={"fast": True}), "unknown Walak-pussa rule option"),
    ("a rule of the wrong type", dict(WALAK_POSITION, rules={"skip_origin": "yes"}), "skip_origin must be true or false"),
    ("myra: 125 soldiers", dict(MYRA_POSITION, cells=MYRA_POSITION["cells"]
                                + [{"q": q, "r": r, "owner": 0, "queen": False, "count": 5}
                                   for q, r in [(0, 0), (1, 0), (0, 1), (-1, 0), (0, -1), (1, -1), (-1, 1), (2, 0),
                                                (0, 2), (-2, 0), (0, -2), (2, -2), (-2, 2), (2, -1), (-2, 1),
                                                (1, 1), (-1, -1), (1, -2), (-1, 2), (3, 0)]]),
     "Blue has 150 soldiers .* at most 50"),
    ("myra: 91 fortresses", dict(MYRA_POSITION, cells=[{"q": 0, "r": 0, "owner": 0, "queen": False, "count": 5}] * 200),
     "at most 91 pieces"),
    ("myra: a troop of 6", dict(MYRA_POSITION, cells=[{"q": 0, "r": 0, "owner": 0, "queen": False, "count": 6}]),
     "must be 1 to 5, not 6"),
    ("myra: bool count", dict(MYRA_POSITION, cells=[{"q": 0, "r": 0, "owner": 0, "queen": False, "count": True}]),
     "whole number, not true or false"),
    ("myra: null entry of cells", dict(MYRA_POSITION, cells=[None]), "each entry of 'cells' must be an object"),
    ("myra: cells an object", dict(MYRA_POSITION, cells={}), "'cells' must be a list"),
    ("myra: a huge coordinate", dict(MYRA_POSITION, cells=[{"q": 10 ** 20, "r": 0, "owner": 0, "queen": False,
                                                            "count": 1}]), "'q' must be -5 to 5"),
    ("myra: two queens", dict(MYRA_POSITION, cells=MYRA_POSITION["cells"]
                              + [{"q": 0, "r": 0, "owner": 0, "queen": True, "count": 1}]), "Blue has 2 queens"),
    ("myra: no queen", dict(MYRA_POSITION, cells=[]), "has no queen on the board"),
    ("myra: huge reserve", dict(MYRA_POSITION, reserve=[10 ** 9, 25]), "reserve of Blue .* must be 0 to 25"),
    ("myra: bool players", dict(MYRA_POSITION, players=True), "'players' must be a whole number, not true"),
    ("myra: eliminated text", dict(MYRA_POSITION, eliminated="0"), "'eliminated' must be a list"),
    ("myra: a ply limit of text", dict(MYRA_POSITION, rules={"ply_limit": "9"}), "ply_limit must be a positive"),
    ("myra: preset a list", dict(MYRA_POSITION, rules={"preset": []}), "unknown Myra rules preset"),
]

RECORDS = [
    ("walak: moves null", dict(WALAK_RECORD, moves=None), "'moves' must be a list"),
    ("walak: a move a number", dict(WALAK_RECORD, moves=[3]), "move 1 must be text"),
    ("walak: a move a list", dict(WALAK_RECORD, moves=[["c"]]), "move 1 must be text, not a list"),
    ("walak: a long move", dict(WALAK_RECORD, moves=["c" * 10_000]), "move 1 is too long"),
    ("walak: an illegal move", dict(WALAK_RECORD, moves=["c", "c"]), r"move 2 \(c\)"),
    ("walak: too long", dict(WALAK_RECORD, moves=["a"] * (MAX_MOVES + 1)), f"too long: {MAX_MOVES + 1:,} moves"),
    ("walak: start a path", dict(WALAK_RECORD, start="/etc/passwd"), "'start' must be a position"),
    ("walak: start bad", dict(WALAK_RECORD, start={"game": "walak"}), "bad 'start': .* has no 'board'"),
    ("walak: start with 57 seeds", dict(WALAK_RECORD, start=dict(WALAK_POSITION, board=[5] + [4] * 13)),
     "bad 'start': .* 57 seeds"),
    ("walak: rules differ from the start", dict(WALAK_RECORD, rules="ludii"), "differ from the rules of its 'start'"),
    ("walak: players 3", dict(WALAK_RECORD, players=3), "'players' must be 1 to 2|'players' must be 2"),
    ("walak: players true", dict(WALAK_RECORD, players=True), "'players' must be a whole number"),
    ("walak: a huge lap limit", dict(WALAK_RECORD, start=None, rules={"endless_laps": 10 ** 9}),
     "bad 'rules': .* at most 100,000"),
    ("walak: rounds text", dict(WALAK_RECORD, rounds="1"), "'rounds' must list"),
    ("walak: rounds negative", dict(WALAK_RECORD, rounds=[-1, 3]), "must be 0 to"),
    ("walak: names a list", dict(WALAK_RECORD, names=["Ann"]), "'names' must be an object"),
    ("walak: a huge name", dict(WALAK_RECORD, names={"south": "A" * 100_000}), "too long"),
    ("walak: a false result", dict(WALAK_RECORD, result={"winner": 1}), "the game goes on"),
    ("walak: result text", dict(WALAK_RECORD, result="1-0"), "'result' must be an object"),
    ("myra: start a path", dict(MYRA_RECORD, start="/etc/passwd"), "'start' must be a position"),
    ("myra: start a list", dict(MYRA_RECORD, start=[]), "'start' must be a position"),
    ("myra: bad start", dict(MYRA_RECORD, start=dict(MYRA_POSITION, reserve=[25, 26])), "bad 'start'"),
    ("myra: a move of junk", dict(MYRA_RECORD, moves=["\x00\x01"]), r"move 1"),
    ("myra: a move of brackets", dict(MYRA_RECORD, moves=["((((((((" * 10]), r"move 1"),
    ("myra: players 4", dict(MYRA_RECORD, players=4), "'players' must be 2 to 3|'players' must be 1 to 3"),
    ("myra: players differ", dict(MYRA_RECORD, players=3), "'players' is 3, but the 'start' position has 2"),
    ("myra: unknown seat", dict(MYRA_RECORD, names={"green": "Ann"}), "unknown seat \"green\""),
]


def refused(load, data, message: str) -> None:
    with bounded(seconds=5, megabytes=64), pytest.raises(RecordError, match=message) as caught:
        load(data)
    assert "\n" not in str(caught.value) and len(str(caught.value)) < 300


@pytest.mark.parametrize("loader", LOADERS)
@pytest.mark.parametrize("case, data, message", COMMON, ids=[case for case, _, _ in COMMON])
def test_common_hostile_inputs(loader, case, data, message):
    load, good = LOADERS[loader]
    if callable(data):
        data = data(good)
    refused(load, data, message)


@pytest.mark.parametrize("case, data, message", POSITIONS, ids=[case for case, _, _ in POSITIONS])
def test_hostile_positions(case, data, message):
    refused(MYRA.position_from_json if case.startswith("myra") else WALAK.position_from_json, data, message)


@pytest.mark.parametrize("case, data, message", RECORDS, ids=[case for case, _, _ in RECORDS])
def test_hostile_records(case, data, message):
    refused(MYRA.record_from_json if case.startswith("myra") else WALAK.record_from_json, data, message)


@pytest.mark.parametrize("loader", LOADERS)
def test_good_inputs_load_in_every_form(loader):
    load, good = LOADERS[loader]
    text = json.dumps(good)
    first = load(good)
    for form in (text, text.encode(), codecs.BOM_UTF8 + text.encode(), "\ufeff" + text, bytearray(text.encode())):
        assert load(form) == first


def test_nothing_is_half_applied():
    data = json.loads(json.dumps(WALAK_RECORD))
    data["moves"] = ["c", "b", "c", "q"]
    before = json.dumps(data)
    with pytest.raises(RecordError):
        WALAK.record_from_json(data)
    assert json.dumps(data) == before  # the input is left as it was


def test_classroom_set_ups_are_allowed_when_asked():
    small = dict(WALAK_POSITION, board=[1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 2, 1, 0])
    assert sum(WALAK.position_from_json(small).board) == 9  # fewer seeds: always allowed
    big = dict(WALAK_POSITION, board=[10] * 14)
    with pytest.raises(RecordError, match="holds 140 seeds .* at most 56"):
        WALAK.position_from_json(big)
    assert sum(WALAK.position_from_json(big, classroom=True).board) == 140
    with pytest.raises(RecordError, match="0 to 140, not 141"):
        WALAK.position_from_json(dict(WALAK_POSITION, board=[141] + [0] * 13), classroom=True)
    crowded = MYRA.start().to_json()
    crowded["cells"] = crowded["cells"] + [{"q": q, "r": 0, "owner": 0, "queen": False, "count": 5} for q in range(-3, 4)]
    with pytest.raises(RecordError, match="only a set-up in the classroom may have more"):
        MYRA.position_from_json(crowded)
    loaded = MYRA.position_from_json(crowded, classroom=True)
    assert sorted(map(str, loaded.to_json()["cells"])) == sorted(map(str, crowded["cells"]))
