"""No input hurts a reader, round two (issue 25): every reader of positions and records refuses
hostile input fast, in one short line, and changes nothing.

The readers: the JSON loaders of both games (positions and records), the text form of a
position (``position_from_text``, Walak-pussa's ``S:4,4,...:0-0``), ``analyse``'s position
and moves, and the record box of a play board. Each case of each table runs under a limit
of 1 s of CPU time (CPU, not wall-clock time, so a busy machine does not fail it) and a
memory cap (the peak of Python's allocations under 100 MB), and must raise the expected
exception with a message of one line of at most 200 characters holding the expected words.
"""
from __future__ import annotations

import json
import re
import subprocess
import sys
import time
import tracemalloc
from contextlib import contextmanager
from typing import Any, Callable, Iterator

import pytest

import kit
from kit import game
from kit.cli import analyse as analysing
from kit.core.errors import IllegalMove, RecordError, clip, show
from kit.core.limits import MAX_DIGITS, MAX_KEPT_GAMES, MAX_NESTING, MAX_PLY, MAX_QUOTE, MAX_TEXT, MAX_VALUES
from kit.games.myra.hexgrid import HOLLOWS
from kit.games.myra.pieces import Piece
from kit.games.myra.records import make_position
from kit.games.walak.position import parse_position

WALAK, MYRA = game("walak"), game("myra")
SECONDS, MEGABYTES, LONGEST_LINE = 1.0, 100, 200
NEAR_LIMIT = MAX_TEXT - 100  # an input just under the size limit: the slowest the readers take


@contextmanager
def bounded(seconds: float = SECONDS, megabytes: float = MEGABYTES, traced: bool | None = None) -> Iterator[None]:
    """Fail unless the block takes under ``seconds`` of CPU time and its allocations peak under ``megabytes``.

    The CPU time is this thread's: threads other tests left running (a puzzle drawn in the
    background, a computer thinking) do not count against the reader. Allocations are traced
    (which slows the block several times over) unless ``megabytes`` is infinite and ``traced`` not set."""
    tracing = tracemalloc.is_tracing()
    if traced is None:
        traced = megabytes != float("inf")
    if traced and not tracing:
        tracemalloc.start()
    tracemalloc.reset_peak()
    base, started = tracemalloc.get_traced_memory()[0], time.thread_time()
    try:
        yield
    finally:
        took = time.thread_time() - started
        peak = (tracemalloc.get_traced_memory()[1] - base) / 2**20
        if traced and not tracing:
            tracemalloc.stop()
    assert took < seconds, f"took {took:.2f} s of CPU (limit {seconds} s)"
    assert peak < megabytes, f"took {peak:.0f} MB (cap {megabytes} MB)"


def refused(read: Callable[[Any], Any], data: Any, error: type[Exception], words: str) -> str:
    """Read ``data`` under the bounds; it must be refused with ``error``, in one short line
    holding ``words`` (a regular expression), leaving ``data`` as it was."""
    before = snapshot(data)
    with bounded(megabytes=float("inf")), pytest.raises(error) as caught:  # the time, memory not traced
        read(data)
    with bounded(seconds=float("inf"), traced=True), pytest.raises(error):  # the memory (tracing slows it)
        read(data)
    message = str(caught.value)
    assert "\n" not in message and len(message) <= LONGEST_LINE, f"{len(message)} characters: {message[:300]}"
    assert re.search(words, message), message
    assert snapshot(data) == before, "the input was changed"
    return message


def snapshot(data: Any) -> str | None:
    """The JSON of a dict given to a reader, to see it unchanged (None for what JSON cannot
    hold, such as a dict holding itself, and for the huge ones)."""
    if not isinstance(data, dict) or len(data) > 1_000 or any(
            isinstance(value, (dict, list)) and len(value) > 10_000 for value in data.values()):
        return None
    try:
        return json.dumps(data, sort_keys=True)
    except ValueError:
        return None


# -- the readers ---------------------------------------------------------------------------------

WALAK_POSITION = WALAK.start().to_json()
MYRA_POSITION = MYRA.start().to_json()
MYRA3_POSITION = MYRA.start(3).to_json()
WALAK_RECORD = WALAK.record(None, ["c", "b"], south="Amara", north="Nimal").to_json()
MYRA_RECORD = MYRA.record(None, ["F10-F9"], blue="Ann", orange="Bo").to_json()


def box_reader() -> Callable[[Any], Any]:
    """The record box of a Walak-pussa play board, checked to change nothing when it refuses."""
    from kit.games.walak.play_board import WalakPlayBoard

    board = WalakPlayBoard()
    board.records.load(json.dumps(WALAK_RECORD))

    def read(data: Any) -> None:
        before = (board.position, len(board.history.entries), board.history.cursor, board.records.text.value)
        try:
            board.records.load(data)
        finally:
            after = (board.position, len(board.history.entries), board.history.cursor, board.records.text.value)
            assert after == before, "the record box changed"
    return read


JSON_READERS: dict[str, Callable[[Any], Any]] = {
    "walak position": WALAK.position_from_json,
    "myra position": MYRA.position_from_json,
    "walak record": WALAK.record_from_json,
    "myra record": MYRA.record_from_json,
    "walak text": WALAK.position_from_text,
    "myra text": MYRA.position_from_text,
}
TEXT_READERS: dict[str, Callable[[Any], Any]] = {
    **JSON_READERS,
    "analyse walak": lambda text: analysing.load("walak", text),
    "analyse myra": lambda text: analysing.load("myra", text),
}


@pytest.fixture(scope="module")
def record_box() -> Callable[[Any], Any]:
    return box_reader()


# -- 1. inputs that used to take seconds: every one refused in under a second, whatever its size ----

def unterminated(size: int = NEAR_LIMIT) -> str:
    return '{"game": "' + '\\"' * (size // 2)


SLOW = [  # (case, a function making the input, the message's words)
    ("an unterminated string of escaped quotes, 32 KB", lambda: unterminated(32_000), "not valid JSON"),
    ("an unterminated string of escaped quotes, 128 KB", lambda: unterminated(128_000), "not valid JSON"),
    ("an unterminated string of escaped quotes, 1 MB", unterminated, "not valid JSON"),
    ("an unterminated string of backslashes", lambda: '{"game": "' + "\\" * NEAR_LIMIT, "not valid JSON"),
    ("an unterminated string of brackets", lambda: '{"game": "' + "[{" * (NEAR_LIMIT // 2), "not valid JSON"),
    ("quotes only", lambda: '"' * NEAR_LIMIT, "not valid JSON"),
    ("quote, backslash, quote", lambda: '"\\"' * (NEAR_LIMIT // 3), "not valid JSON"),
    ("many unterminated strings in a list", lambda: '{"a": [' + '"\\",' * (NEAR_LIMIT // 5), "not valid JSON"),
    ("a million opening brackets", lambda: "[" * NEAR_LIMIT, "nested too deeply"),
    ("a million opening braces after a key", lambda: '{"a":' * (NEAR_LIMIT // 5), "nested too deeply"),
    ("brackets 33 deep", lambda: '{"game": ' + "[" * MAX_NESTING + "]" * MAX_NESTING + "}", "nested too deeply"),
    ("half a million empty lists", lambda: '{"a": [' + "[]," * (NEAR_LIMIT // 3 - 10) + "[]]}", "too many values"),
    ("199,990 empty objects", lambda: '{"a": [' + "{}," * 199_990 + "{}]}", "has no 'game'|not a"),
    ("199,990 zeros", lambda: '{"a": [' + "0," * 199_990 + "0]}", "has no 'game'|not a"),
    ("199,990 floats", lambda: '{"a": [' + "1.5," * 199_990 + "1]}", "has no 'game'|not a"),
    ("too many values", lambda: '{"a": [' + "0," * MAX_VALUES + "0]}", "too many values"),
    ("a million digits", lambda: '{"game": ' + "9" * NEAR_LIMIT + "}", "digits is too big"),
    ("a float of a million digits", lambda: '{"game": 0.' + "9" * NEAR_LIMIT + "}", "digits is too big"),
    ("an exponent too big", lambda: '{"game": 1e999}', "too big"),
    ("30,000 numbers of 30 digits", lambda: '{"a": [' + ("9" * MAX_DIGITS + ",") * 30_000 + "1]}",
     "has no 'game'|not a"),
    ("a million spaces", lambda: " " * NEAR_LIMIT, "not valid JSON"),
    ("NUL characters", lambda: "\x00" * NEAR_LIMIT, "not valid JSON"),
    ("escaped characters in a string", lambda: '{"a": "' + "\\u0000" * (NEAR_LIMIT // 6 - 2) + '"}',
     "has no 'game'|not a"),
    ("a key of a megabyte", lambda: '{"' + "k" * NEAR_LIMIT + '": 1}', "has no 'game'|not a"),
    ("over the size limit", lambda: '{"game": "' + "x" * MAX_TEXT + '"}', "too large"),
    ("ten million entries as text", lambda: '{"moves": [' + '"a",' * 10**7 + '"a"]}', "too large"),
]


EVERY_READER = ("an unterminated string of escaped quotes, 1 MB", "quotes only", "a million opening brackets",
                "199,990 empty objects", "a million digits", "over the size limit")
SLOW_CASES = [(reader, case) for case, _, _ in SLOW for reader in TEXT_READERS
              if case in EVERY_READER or reader in ("myra position", "walak record", "walak text", "analyse myra")]
_MADE: dict[str, Any] = {}


def made(table: list, case: str) -> tuple[Any, str]:
    """The input of a case (made once, however many readers get it) and the message's words."""
    make, words = next((make, words) for name, make, words in table if name == case)
    if case not in _MADE:
        _MADE.clear()  # one big input at a time
        _MADE[case] = make()
    return _MADE[case], words


@pytest.mark.parametrize("reader, case", SLOW_CASES, ids=[f"{case}-{reader}" for reader, case in SLOW_CASES])
def test_slow_inputs_are_refused_within_a_second(reader, case):
    text, words = made(SLOW, case)
    if reader.startswith("analyse") and len(text) > MAX_TEXT:
        words = "too long"
    elif reader in ("walak text", "analyse walak") and not text.lstrip().startswith("{"):
        words = "too long|malformed position string"  # Walak-pussa's own text form, not JSON
    error = ValueError if reader.startswith("analyse") else RecordError
    refused(TEXT_READERS[reader], text, error, words)


@pytest.mark.parametrize("case", EVERY_READER)
def test_slow_inputs_are_refused_by_the_record_box(record_box, case):
    text, words = made(SLOW, case)
    if not text.startswith("{"):
        words = 'a game record is a JSON object, starting with "{"'  # said before any reading
    refused(record_box, text, RecordError, words)


DICTS = [
    ("a record of ten million moves", lambda: dict(WALAK_RECORD, moves=["a"] * 10**7), "too many values"),
    ("ten million cells", lambda: dict(MYRA_POSITION, cells=[{}] * 10**7), "too many values"),
    ("a dict holding itself", lambda: (lambda d: (d.__setitem__("game", d), d)[1])({}), "nested too deeply"),
    ("a list holding itself", lambda: (lambda items: (items.append(items), {"moves": items})[1])([]),
     "nested too deeply"),
    ("a million keys", lambda: {str(i): i for i in range(10**6)}, "too many values"),
    ("a number of 5,000 digits", lambda: dict(WALAK_POSITION, ply=10**5000), "a number of 5,001 digits is too big"),
    ("a text value over the limit", lambda: {"game": "x" * (MAX_TEXT + 1)}, "too long: 1,000,001 characters"),
]


DICT_CASES = [(reader, case) for case, _, _ in DICTS for reader in JSON_READERS if "text" not in reader]


@pytest.mark.parametrize("reader, case", DICT_CASES, ids=[f"{case}-{reader}" for reader, case in DICT_CASES])
def test_huge_dicts_are_refused_before_they_are_walked(reader, case):
    data, words = made(DICTS, case)
    refused(JSON_READERS[reader], data, RecordError, words)


# -- 2. keys given twice ---------------------------------------------------------------------------

def twice(data: dict, key: str, value: Any) -> str:
    """The JSON of ``data`` with ``key`` written a second time (JSON itself would keep the last)."""
    return json.dumps(data)[:-1] + f", {json.dumps(key)}: {json.dumps(value)}}}"


TWICE = [
    ("myra: reserve", MYRA.position_from_json, lambda: twice(MYRA_POSITION, "reserve", [0, 0]), "'reserve'"),
    ("myra: the same reserve", MYRA.position_from_json, lambda: twice(MYRA_POSITION, "reserve", [25, 25]),
     "'reserve'"),
    ("myra: cells", MYRA.position_from_json, lambda: twice(MYRA_POSITION, "cells", []), "'cells'"),
    ("myra: an entry's q", MYRA.position_from_json,
     lambda: json.dumps(MYRA_POSITION).replace('"q": 5,', '"q": 5, "q": 4,', 1), "'q'"),
    ("myra: rules", MYRA.position_from_json, lambda: twice(dict(MYRA_POSITION, rules="default"), "rules", "default"),
     "'rules'"),
    ("myra: a rule option", MYRA.position_from_json,
     lambda: json.dumps(dict(MYRA_POSITION, rules={"ply_limit": 9}))[:-2] + ', "ply_limit": 900}}', "'ply_limit'"),
    ("walak: board", WALAK.position_from_json, lambda: twice(WALAK_POSITION, "board", [0] * 14), "'board'"),
    ("walak: ply", WALAK.position_from_json, lambda: twice(WALAK_POSITION, "ply", 7), "'ply'"),
    ("walak: game", WALAK.position_from_json, lambda: twice(WALAK_POSITION, "game", "walak"), "'game'"),
    ("walak text: to_move", WALAK.position_from_text, lambda: twice(WALAK_POSITION, "to_move", 1), "'to_move'"),
    ("walak record: moves", WALAK.record_from_json, lambda: twice(WALAK_RECORD, "moves", []), "'moves'"),
    ("walak record: a name", WALAK.record_from_json,
     lambda: json.dumps(WALAK_RECORD).replace('"south": "Amara"', '"south": "Amara", "south": "Eve"'), "'south'"),
    ("walak record: the start's captured", WALAK.record_from_json,
     lambda: json.dumps(WALAK_RECORD).replace('"captured": [0, 0]', '"captured": [0, 0], "captured": [1, 1]'),
     "'captured'"),
    ("myra record: result", MYRA.record_from_json, lambda: twice(dict(MYRA_RECORD, result=None), "result", None),
     "'result'"),
    ("myra record: players", MYRA.record_from_json, lambda: twice(MYRA_RECORD, "players", 2), "'players'"),
    ("a long key twice", WALAK.position_from_json, lambda: twice(dict(WALAK_POSITION, **{"k" * 500: 1}), "k" * 500, 1),
     "'k+\\.\\.\\. \\(500 characters\\)'"),
]


@pytest.mark.parametrize("case, read, make, key", TWICE, ids=[case for case, _, _, _ in TWICE])
def test_keys_given_twice_are_refused(case, read, make, key):
    refused(read, make(), RecordError, f"{key} appears twice")


def test_keys_given_twice_are_refused_by_the_record_box(record_box):
    refused(record_box, twice(WALAK_RECORD, "moves", ["c"]), RecordError, "'moves' appears twice")


# -- 3. messages quote at most 80 characters of the input, with "..." and the length --------------

LONG = "x" * 100_000
LONG_QUOTE = r"\.\.\. \(100,000 characters\)"

MESSAGES = [  # (case, what to call, the exception, the message's words)
    ("a 100 KB Walak-pussa move", lambda: WALAK.start().play(LONG), IllegalMove, LONG_QUOTE),
    ("a 100 KB Myra move", lambda: MYRA.start().play(LONG), IllegalMove, "at most 80 characters"),
    ("a 100 KB Myra move of hollows", lambda: MYRA.start().play("F10-" * 25_000), IllegalMove,
     r"\(100,000 characters\)"),
    ("a 100 KB move to analyse", lambda: analysing.after_moves("walak", [LONG]), ValueError, LONG_QUOTE),
    ("a 100 KB Myra move to analyse", lambda: analysing.after_moves("myra", ["F10-F9", LONG]), ValueError,
     r"move 2 \(100,000 characters\): cannot read the move 'x+\.\.\. \(100,000 characters\)'"),
    ("a 100 KB move in a record", lambda: WALAK.record_from_json(dict(WALAK_RECORD, moves=[LONG])), RecordError,
     "move 1 is too long: 100,000 characters"),
    ("a 10 MB game name", lambda: kit.game("g" * 10**7), ValueError, r"\(10,000,000 characters\)"),
    ("a 10 MB game name in a record", lambda: WALAK.record_from_json(dict(WALAK_RECORD, game="g" * 10**7)),
     RecordError, r"too long: 10,000,000 characters"),
    ("a 100 KB rules preset", lambda: WALAK.record_from_json(dict(WALAK_RECORD, start=None, rules=LONG)),
     RecordError, LONG_QUOTE),
    ("a 100 KB Myra rules preset", lambda: MYRA.position_from_json(dict(MYRA_POSITION, rules=LONG)), RecordError,
     LONG_QUOTE),
    ("a 100 KB rule option", lambda: MYRA.position_from_json(dict(MYRA_POSITION, rules={LONG: 1})), RecordError,
     LONG_QUOTE),
    ("a 100 KB relay", lambda: WALAK.position_from_json(dict(WALAK_POSITION, rules={"relay": LONG})), RecordError,
     LONG_QUOTE),
    ("a 100 KB unknown key", lambda: WALAK.position_from_json(dict(WALAK_POSITION, **{LONG: 1})), RecordError,
     LONG_QUOTE),
    ("a 100 KB seat", lambda: WALAK.record_from_json(dict(WALAK_RECORD, names={LONG: "Ann"})), RecordError,
     LONG_QUOTE),
    ("a 5,000-digit number in JSON", lambda: WALAK.position_from_json('{"ply": ' + "7" * 5000 + "}"), RecordError,
     "a number of 5000 digits is too big"),
    ("a 5,000-digit ply in a dict", lambda: WALAK.position_from_json(dict(WALAK_POSITION, ply=10**4999)), RecordError,
     "a number of 5,000 digits"),
    ("a 5,000-digit hole", lambda: WALAK.position_from_json(dict(WALAK_POSITION, board=[10**4999] + [0] * 13)),
     RecordError, "a number of 5,000 digits"),
    ("a 5,000-digit mover", lambda: kit.walak.Position([4] * 14, (0, 0), 10**4999), ValueError,
     "a number of 5,000 digits"),
    ("a 5,000-digit count in the text form", lambda: parse_position("S:" + "9" * 460 + ",4,4,4,4,4,4/4,4,4,4,4,4,4:0-0"),
     ValueError, "a number of 460 digits is too big"),
    ("a long position string", lambda: parse_position("S:" + "4," * 260 + ":0-0"), ValueError, "too long"),
    ("a 100 KB position string", lambda: WALAK.position_from_text("S:" + LONG), RecordError, "too long"),
    ("a 100 KB board of text", lambda: kit.walak.Position([LONG] * 14), ValueError, r"\(14 items\)"),
    ("a board of a million holes", lambda: kit.walak.Position([1] * 10**6), ValueError, r"\[1, 1, .*, \.\.\.\]"),
    ("a 100 KB hollow name", lambda: make_position({"A" + "1" * 100_000: "BQ"}), RecordError, r"100,001 characters"),
    ("a 100 KB piece", lambda: make_position({"F11": LONG}), RecordError, LONG_QUOTE),
    ("a 100 KB piece parsed", lambda: Piece.parse(LONG), ValueError, LONG_QUOTE),
    ("a 100 KB hole letter", lambda: kit.games.walak.board.hole_index(0, LONG), ValueError, LONG_QUOTE),
    ("text with newlines", lambda: WALAK.start().play("a\nb" * 100), IllegalMove, r"a\\nb"),
    ("a move with newlines in a record", lambda: WALAK.record_from_json(dict(WALAK_RECORD, moves=["c", "a\nb"])),
     RecordError, r"move 2 \(a\\nb\)"),
    ("a Myra move of control characters", lambda: MYRA.record_from_json(dict(MYRA_RECORD, moves=["\x00\x1b[2J"])),
     RecordError, r"move 1 \(\\u0000\\u001b\[2J\)"),
    ("a name with newlines", lambda: WALAK.record_from_json(dict(WALAK_RECORD, names={"south\n" * 50: "A"})),
     RecordError, r"unknown seat \"(south\\n)+"),
]


@pytest.mark.parametrize("case, call, error, words", MESSAGES, ids=[case for case, _, _, _ in MESSAGES])
def test_messages_quote_at_most_80_characters(case, call, error, words):
    message = refused(lambda _: call(), None, error, words)
    for quoted in re.findall(r"[x\dg]{20,}", message):
        assert len(quoted) <= MAX_QUOTE


def test_the_quoting_helper():
    assert clip("F10-F9") == "F10-F9" and show("c") == '"c"' and show("c", "'") == "'c'"
    assert clip("y" * 80) == "y" * 80 and clip("y" * 81) == "y" * 61 + "... (81 characters)"
    assert clip("\n" * 10) == "\\n" * 10  # one line always
    assert len(clip("\x00" * 100)) == MAX_QUOTE and clip("\x00" * 100).endswith("... (100 characters)")
    assert all(len(clip("w" * n)) <= MAX_QUOTE for n in (79, 80, 81, 10**4, 10**7))
    assert show(10**30) == "a number of 31 digits" and show(10**30 - 1) == "9" * 30
    assert show(-(10**5000)) == "a number of 5,001 digits" and show(10**5000 - 1) == "a number of 5,000 digits"
    with bounded(seconds=0.2):
        assert show("z" * 10**7).endswith('... (10,000,000 characters)"') and show(10**100_000).endswith("digits")


# -- 4. loaded positions keep every field, or are refused with the field named -------------------

def test_the_text_form_bounds_the_ply_as_the_json_form_does():
    text = "S:4,4,4,4,4,4,4/4,4,4,4,4,4,4:0-0"
    assert parse_position(f"{text}:{MAX_PLY}").ply == MAX_PLY
    assert WALAK.position_from_json(dict(WALAK_POSITION, ply=MAX_PLY)).ply == MAX_PLY
    refused(parse_position, f"{text}:{MAX_PLY + 1}", ValueError, f"ply must be 0 to {MAX_PLY:,}, not {MAX_PLY + 1}")
    refused(WALAK.position_from_text, f"{text}:{MAX_PLY + 1}", RecordError, "ply must be 0 to")
    refused(WALAK.position_from_json, dict(WALAK_POSITION, ply=MAX_PLY + 1), RecordError, "'ply' must be 0 to")
    refused(parse_position, f"{text}:{'9' * 400}", ValueError, "400 digits is too big")
    refused(parse_position, f"{text}:-1", ValueError, '"-1" is not a whole number')
    refused(parse_position, f"{text}:１２", ValueError, "is not a whole number")  # full-width digits are not read
    refused(parse_position, text.replace("S", "s"), ValueError, "malformed position string")
    refused(parse_position, text + ":1:2", ValueError, "malformed position string")
    assert parse_position(" N : 1 2 3 4 5 6 7 | 0,0,0,0,0,0,0 : 1 - 2 : 12 ").to_json()["board"][:3] == [1, 2, 3]


def played(name: str, players: int, rules: Any, plies: int) -> Any:
    position = game(name).start(players, rules)
    for ply in range(plies):
        if position.is_over:
            break
        moves = position.legal_moves()
        position = position.play(moves[(ply * 7) % len(moves)])
    return position


@pytest.mark.parametrize("name, players, rules", [
    ("walak", 2, "skip-origin"), ("walak", 2, {"endless_laps": 500, "repetition": True}),
    ("myra", 2, {"preset": "straight-chains", "ply_limit": 300}), ("myra", 3, "unchain-keeps-one"),
])
def test_loaded_positions_keep_every_field(name, players, rules):
    position = played(name, players, rules, 31)
    data = position.to_json()
    for form in (data, json.dumps(data), json.dumps(data).encode()):
        loaded = game(name).position_from_json(form)
        assert loaded == position and loaded.to_json() == data
        assert (loaded.rules, loaded.ply, loaded.to_move) == (position.rules, position.ply, position.to_move)
    if name == "myra":
        assert loaded.reserve == position.reserve and loaded.eliminated == position.eliminated


UNKNOWN_FIELDS = [
    ("walak position", WALAK.position_from_json, dict(WALAK_POSITION, reserve=[3, 0]), "unknown key \"reserve\""),
    ("myra position", MYRA.position_from_json, dict(MYRA_POSITION, names={"blue": "Ann"}), "unknown key \"names\""),
    ("myra position: a misspelt field", MYRA.position_from_json, dict(MYRA_POSITION, reserves=[3, 0]),
     "unknown key \"reserves\""),
    ("walak record", WALAK.record_from_json, dict(WALAK_RECORD, title="x"), "unknown key \"title\""),
    ("myra record: a seat of another game", MYRA.record_from_json, dict(MYRA_RECORD, names={"south": "A"}),
     "unknown seat \"south\""),
]


@pytest.mark.parametrize("case, read, data, words", UNKNOWN_FIELDS, ids=[case for case, _, _, _ in UNKNOWN_FIELDS])
def test_fields_that_would_be_dropped_are_refused_by_name(case, read, data, words):
    refused(read, data, RecordError, words)


def test_positions_that_cannot_occur_are_refused_and_those_that_can_are_kept():
    queens = {(5, 0): "BQ", (-5, 0): "OQ"}
    singles = [hollow for hollow in HOLLOWS if hollow not in queens][:51]
    # RULINGS: 25 soldiers on the board and 25 in reserve, each produce puts one in: all 50 on the board can occur
    full = make_position({**queens, **{hollow: "B1" for hollow in singles[:50]}}, reserve=[0, 25])
    assert full.to_json()["reserve"] == [0, 25] and len(full.legal_moves()) > 0
    assert MYRA.position_from_json(full.to_json()) == full
    crowded = dict(full.to_json(), cells=full.to_json()["cells"] + [{"q": singles[50][0], "r": singles[50][1],
                                                                     "owner": 0, "queen": False, "count": 1}])
    refused(MYRA.position_from_json, crowded, RecordError, "Blue has 51 soldiers on the board and in reserve")
    refused(MYRA.position_from_json, dict(full.to_json(), reserve=[1, 25]), RecordError, "Blue has 51 soldiers")
    refused(MYRA.position_from_json, dict(MYRA3_POSITION, eliminated=[1]), RecordError, "marked eliminated")
    refused(WALAK.position_from_json, dict(WALAK_POSITION, captured=[1, 0]), RecordError, "57 seeds")


def test_the_record_box_keeps_the_names(record_box):
    from kit.games.myra.play_board import MyraPlayBoard
    from kit.games.walak.play_board import WalakPlayBoard

    for board, record in ((WalakPlayBoard(), WALAK_RECORD), (MyraPlayBoard(), MYRA_RECORD)):
        board.records.load(json.dumps(record))
        saved = json.loads(board.records.save())
        assert saved["names"] == record["names"] and saved["moves"] == record["moves"]
        board.play_move(board.position.legal_moves()[0])
        assert json.loads(board.records.save())["names"] == record["names"]  # the game goes on, the players stay
        board.new_game()
        assert "names" not in json.loads(board.records.save())  # a new game: no names


def test_the_record_box_history_is_capped():
    from kit.games.walak.play_board import WalakPlayBoard

    position, moves = WALAK.start(), []
    while not position.is_over:
        move = position.legal_moves()[len(moves) % len(position.legal_moves())]
        moves.append(move)
        position = position.play(move)
    record = json.dumps(WALAK.record(None, moves, south="Amara").to_json())
    board = WalakPlayBoard()
    board.records.load(record)
    tracemalloc.start()
    try:
        base = tracemalloc.get_traced_memory()[0]
        for _ in range(10):
            board.records.load(record)
        grown = (tracemalloc.get_traced_memory()[0] - base) / 2**20
    finally:
        tracemalloc.stop()
    games = [entry for entry in board.history.entries if entry.kind == "new"]
    assert len(games) == MAX_KEPT_GAMES and len(board.history.entries) == MAX_KEPT_GAMES * (len(moves) + 1)
    assert grown < 5, f"ten loads of the same record kept {grown:.1f} MB"
    assert board.position == position and board.names == {"south": "Amara"}


# -- 5. analyse: valid JSON always; no move named from a search that completed no ply ---------------

def test_a_search_that_completed_no_ply_names_no_move():
    position = MYRA.start()
    result = analysing.analyse(position, seconds=1e-9)
    assert result.best is None and result.depth == 0 and result.pv == () and result.result is None
    data = json.loads(json.dumps(result.to_json(), allow_nan=False))
    assert data["best"] is None and isinstance(data["value"], (int, float)) and data["result"] is None
    text = result.text()
    assert "no ply" in text and "loses" not in text and "wins by force" not in text


def test_a_lost_position_has_a_result_word_and_a_number_json_holds():
    position = parse_position("S:1,0,0,0,1,1,0/1,2,0,0,0,0,1:1-48")
    result = analysing.analyse(position, None, 3)
    data = json.loads(json.dumps(result.to_json(), allow_nan=False))
    assert data["result"] == "loss" and data["best"] in ("a", "e", "f") and abs(data["value"]) < 10**7
    assert "loses against best play" in result.text()


def test_analyse_json_on_the_command_line_is_valid_json():
    out = subprocess.run([sys.executable, "-m", "kit", "analyse", "myra", "--time", "0.001", "--json"],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout, parse_constant=lambda word: pytest.fail(f"{word} is not JSON"))
    assert data["depth"] >= 0 and (data["best"] is None) == (data["depth"] == 0)


ANALYSE_ARGUMENTS = [
    ("a 100 KB position string", ("walak", "--position", "S:" + "4," * 50_000), "too long"),
    ("a 100 KB move", ("walak", "c" * 100_000), r"\(100,000 characters\)"),
    ("a 100 KB unterminated JSON position", ("myra", "--position", unterminated(100_000)), "not valid JSON"),
    ("a 100 KB game name", ("g" * 100_000, "c"), r"\(100,000 characters\)"),
]


@pytest.mark.parametrize("case, args, words", ANALYSE_ARGUMENTS, ids=[case for case, _, _ in ANALYSE_ARGUMENTS])
def test_analyse_arguments_are_refused_in_one_short_line(case, args, words):
    from kit.cli.args import UsageError

    parsed = type("Args", (), {"game": args[0], "position": None, "moves": [], "players": None, "time": 0.1,
                               "depth": None, "json": True})()
    if args[1] == "--position":
        parsed.position = args[2]
    else:
        parsed.moves = list(args[1:])
    refused(lambda _: analysing.run_analyse(parsed), None, UsageError, words)


# -- the bounds live in one module ----------------------------------------------------------------

def test_every_size_bound_is_in_kit_limits():
    """Every ``MAX_*`` (and ``MIN_*``) constant of the kit is defined in kit/core/limits.py, except
    the games' own rules (a Myra troop and chain of at most 5), which stay with their game."""
    from pathlib import Path

    rules = {("kit/games/myra/pieces.py", "MAX_TROOP"), ("kit/games/myra/moves.py", "MAX_CHAIN")}
    root = Path(kit.__file__).parent.parent
    defined = [(str(path.relative_to(root)), match.group(1))
               for path in sorted(root.glob("kit/**/*.py")) if path.name != "limits.py"
               for match in re.finditer(r"^\s*(?:[A-Z_]+, )*((?:MAX|MIN)_[A-Z_]+)(?:, [A-Z_]+)* *(?::[^=]*)?=[^=]",
                                        path.read_text(encoding="utf-8"), re.MULTILINE)]
    assert set(defined) == rules, f"bounds outside kit/core/limits.py: {sorted(set(defined) - rules)}"


@pytest.mark.parametrize("game", ["walak", "myra"])
def test_an_answer_typed_into_a_puzzle_is_quoted_short(game):
    """A 100 KB answer typed into a puzzle comes back in at most 80 characters of itself."""
    from kit.puzzles import make_puzzles
    from kit.puzzles.answers import judge

    puzzle = make_puzzles(game, count=1, seed=3)[0]
    answer = "x" * 100_000
    try:
        text = judge(puzzle, answer).text
    except ValueError as error:
        text = str(error)
    assert len(text) < 250 and "100,000 characters" in text


def test_an_exercise_answer_is_quoted_short():
    """A 5,000-digit number or 100 KB of text given as an exercise's answer is quoted short."""
    from kit.exercises import check_answer, forget_answers

    forget_answers()
    for answer in ("7" * 5_000 + "x", "y" * 100_000):
        text = str(check_answer("walak-start-1", answer))
        assert len(text) < 400, text[:100]


@pytest.mark.parametrize("game", ["walak", "myra"])
@pytest.mark.parametrize("given", [b"\xff" * 100, 7, None, ["S:4"]])
def test_position_from_text_refuses_what_is_not_text(game, given):
    with pytest.raises(RecordError):
        kit.game(game).position_from_text(given)


@pytest.mark.parametrize("game", ["walak", "myra"])
def test_position_from_text_drops_a_byte_order_mark(game):
    description = kit.game(game)
    start = description.start()
    text = start.to_string() if game == "walak" else json.dumps(start.to_json())
    assert description.position_from_text("\ufeff" + text).key() == start.key()


@pytest.mark.parametrize("title", ["abc\u202edef", "a\u200bb"])
def test_a_worksheet_title_with_invisible_formatting_is_refused(title):
    from kit.puzzles.worksheet import plain_title

    with pytest.raises(ValueError, match="cannot print"):
        plain_title(title)
