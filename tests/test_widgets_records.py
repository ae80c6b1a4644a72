"""Hostile input to the play boards' record box and typed moves: one clear line, nothing changed,
no traceback in the widget, and never a file opened on the kernel's machine."""
import datetime
import json

import pytest

from kit import myra
from kit.core.errors import sentence
from kit.games.myra.play_board import MyraPlayBoard
from kit.games.walak.play_board import WalakPlayBoard
from tests.limits import bounded

WALAK_RECORD = json.dumps({"game": "walak", "moves": ["c"]})
NOT_AN_OBJECT = 'a game record is a JSON object, starting with "{"'

#: (what, input, a fragment of the one-line message); the same table for both boards.
HOSTILE = [
    ("a path", "/etc/passwd", NOT_AN_OBJECT),
    ("a relative path", "pyproject.toml", NOT_AN_OBJECT),
    ("empty", "", "the record box is empty"),
    ("blank", " \n\t ", "the record box is empty"),
    ("a list", "[1, 2]", NOT_AN_OBJECT),
    ("null", "null", NOT_AN_OBJECT),
    ("a number", "12", NOT_AN_OBJECT),
    ("a string", '"x"', NOT_AN_OBJECT),
    ("deep lists", "[" * 100_000 + "]" * 100_000, NOT_AN_OBJECT),
    ("deep objects", '{"a":' * 50_000 + "1" + "}" * 50_000, "nested too deeply"),
    ("a huge number", '{"game": "walak", "moves": [], "ply": 1' + "0" * 5000 + "}", "5001 digits is too big"),
    ("not JSON", "{game: walak}", "not valid JSON"),
    ("a NUL", '{"game": "walak"\0}', "not valid JSON"),
    ("binary bytes", b"\x89PNG\r\n\x1a\n\0\0\0", "not UTF-8 text"),
    ("Latin-1 bytes", '{"game": "walak", "south": "Jürgen"}'.encode("latin-1"), "not UTF-8"),
    ("UTF-16 bytes", WALAK_RECORD.encode("utf-16"), "not UTF-8 text"),
    ("too large", b"{" + b" " * 1_000_001 + b"}", "too large"),
]

WALAK_HOSTILE = [
    ("moves null", {"game": "walak", "moves": None}, "'moves' must be a list of moves in notation, not null"),
    ("moves numbers", {"game": "walak", "moves": [1, 2]}, "move 1 must be text, not a number"),
    ("moves nested", {"game": "walak", "moves": [["c"]]}, "move 1 must be text, not a list"),
    ("rules a number", {"game": "walak", "moves": [], "rules": 5}, "'rules' must be a preset name"),
    ("start a number", {"game": "walak", "moves": [], "start": 5}, "'start' must be a position"),
    ("an illegal move", {"game": "walak", "moves": ["c", "c"]}, "move 2 (c): North cannot play c"),
    ("a Myra record", {"game": "myra", "start": {}, "moves": []}, "not a Walak-pussa game record"),
]

MYRA_HOSTILE = [
    ("start a path", {"game": "myra", "start": "/etc/passwd", "moves": []}, "'start' must be a position"),
    ("start a list", {"game": "myra", "start": [], "moves": []}, "'start' must be a position"),
    ("start empty", {"game": "myra", "start": {}, "moves": []}, "the Myra position has no 'game'"),
    ("moves null", {"game": "myra", "start": None, "moves": None}, "'moves' must be a list"),
    ("a Walak-pussa record", {"game": "walak", "moves": ["c"]}, "not a Myra game record"),
]


def load(board, data):
    """Paste text into the record box and press load, or upload a file's bytes."""
    if isinstance(data, str):
        board.records.text.value = data
        board.records.load_button.click()
    else:
        board.records.upload.value = ({"name": "game.json", "type": "application/json", "size": len(data),
                                       "content": memoryview(data),
                                       "last_modified": datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc)},)


def said(fragment: str, text: str) -> bool:
    """Whether a refusal's words are in a message, the first word capitalised where they open
    it (a refusal is shown as a sentence: kit.core.errors.sentence)."""
    return fragment in text or text.startswith(sentence(fragment).removesuffix("."))


def assert_refused(board, data, fragment):
    position, entries, picture = board.position, len(board.history.entries), board.png()
    with bounded(seconds=5, megabytes=64):
        load(board, data)
    assert said(fragment, board.feedback.text), board.feedback.text
    assert "\n" not in board.feedback.text and board.errors.outputs == ()
    assert (board.position, len(board.history.entries), board.png()) == (position, entries, picture)


@pytest.mark.parametrize("board_class", [WalakPlayBoard, MyraPlayBoard])
@pytest.mark.parametrize("what, data, fragment", HOSTILE, ids=[case[0] for case in HOSTILE])
def test_hostile_records_are_refused_in_one_line(board_class, what, data, fragment):
    assert_refused(board_class(), data, fragment)


@pytest.mark.parametrize("board_class, what, data, fragment",
                         [(WalakPlayBoard, *case) for case in WALAK_HOSTILE]
                         + [(MyraPlayBoard, *case) for case in MYRA_HOSTILE],
                         ids=[case[0] for case in WALAK_HOSTILE + MYRA_HOSTILE])
def test_records_with_wrong_fields_are_refused_in_one_line(board_class, what, data, fragment):
    assert_refused(board_class(), json.dumps(data), fragment)


def test_the_box_never_opens_a_file_named_in_it(tmp_path):
    record = tmp_path / "game.json"
    record.write_text(WALAK_RECORD)
    assert_refused(WalakPlayBoard(), str(record), NOT_AN_OBJECT)


@pytest.mark.parametrize("data", [
    "\ufeff" + WALAK_RECORD, WALAK_RECORD.encode("utf-8-sig"), WALAK_RECORD.encode("utf-8"), "\n  " + WALAK_RECORD,
], ids=["text with a BOM", "bytes with a BOM", "bytes", "leading blank lines"])
def test_utf8_records_load_with_or_without_a_byte_order_mark(data):
    board = WalakPlayBoard()
    load(board, data)
    assert board.feedback.text == "Game record loaded: 1 move."
    assert board.records.text.value.lstrip("\ufeff \n") == WALAK_RECORD


@pytest.mark.parametrize("typed, fragment", [
    ("", "cannot read the move"),
    ("x" * 100_000, "at most 80 characters"),
    ("\0", "cannot read the move"),
    ("F10-", "cannot read the move"),
    ("99999999999999999999:F10-E10", ""),
    ("*Z99", "'Z99' is not a hollow name"),
])
def test_hostile_typed_moves_are_refused_in_one_line(typed, fragment):
    board = MyraPlayBoard()
    board.typed.value = typed
    before = board.position, len(board.history.entries)
    with bounded(seconds=5, megabytes=64):
        board.typed_button.click()
    assert said(fragment, board.feedback.text) and "\n" not in board.feedback.text and board.errors.outputs == ()
    assert (board.position, len(board.history.entries)) == before and board.position == myra.start()
