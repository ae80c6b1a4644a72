"""The record box under a play board: a JSON game record saved, pasted, uploaded or downloaded.

The box takes a record's text, or an uploaded file's bytes, and never opens a file named in
it (under Voila the kernel's files are the server's). Text that cannot be a record is refused
with one line before any loader sees it: not UTF-8 (a byte-order mark is fine), binary data,
too large, not a JSON object, nested too deeply, or holding numbers too long to be real.
"""
from __future__ import annotations

import base64
import re
from typing import Any, Callable

import ipywidgets as widgets

from kit.game import RecordError
from kit.widgets.feedback import button


#: The largest record accepted, in bytes (a long Walak-pussa match is about 20 kB).
MAX_RECORD_BYTES = 1_000_000
#: The deepest nesting of JSON objects and lists a record needs is 4; more is refused.
MAX_NESTING = 8
#: The longest number a record holds (seed counts, plies, rule options) has a few digits.
MAX_DIGITS = 12

_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"')
_BRACKETS = re.compile(r"[\[\]{}]")
_LONG_NUMBER = re.compile(r"\d{%d,}" % (MAX_DIGITS + 1))


def record_text(data: str | bytes) -> str:
    """The text of a game record pasted (str) or uploaded (bytes), checked to be a JSON object
    of sane size and shape; RecordError names what is wrong."""
    if isinstance(data, (bytes, bytearray, memoryview)):
        data = bytes(data)
        if len(data) > MAX_RECORD_BYTES:
            raise RecordError(f"the file is too large for a game record ({len(data):,} bytes, at most "
                              f"{MAX_RECORD_BYTES:,})")
        try:
            data = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
                raise RecordError("the file is UTF-16 text, not UTF-8: save the game record as UTF-8 JSON") from None
            if b"\0" in data:
                raise RecordError("the file is binary data, not a JSON game record") from None
            raise RecordError("the file is not UTF-8 text: save the game record as UTF-8 JSON") from None
    text = data.removeprefix("\ufeff").strip()
    if not text:
        raise RecordError("the record box is empty: paste a JSON game record first")
    if len(text.encode("utf-8")) > MAX_RECORD_BYTES:
        raise RecordError(f"the text is too large for a game record (at most {MAX_RECORD_BYTES:,} bytes)")
    if "\0" in text:
        raise RecordError("the text holds binary data, not a JSON game record")
    if not text.startswith("{"):
        raise RecordError('a game record is a JSON object, starting with "{": paste the record\'s text '
                          "(the box never opens a file named in it; use open file to load a file)")
    bare = _STRINGS.sub('""', text)
    depth = deepest = 0
    for bracket in _BRACKETS.findall(bare):
        depth += 1 if bracket in "[{" else -1
        deepest = max(deepest, depth)
    if deepest > MAX_NESTING:
        raise RecordError(f"the game record is nested too deeply ({deepest} levels; a record needs at most 4)")
    if _LONG_NUMBER.search(bare):
        raise RecordError(f"the game record holds a number of more than {MAX_DIGITS} digits: no game has one")
    return text


class RecordBox(widgets.VBox):
    """A game record as JSON text: save the game into the text box (with a download link),
    load it back from the text box or from an uploaded file."""

    def __init__(self, save: Callable[[], str], load: Callable[[str], None], filename: str,
                 guard: Callable[[Callable[..., Any]], Callable[..., Any]]) -> None:
        self._save, self._load, self.filename = save, load, filename
        self.text = widgets.Textarea(placeholder="Paste a JSON game record here, then press load.",
                                     layout=widgets.Layout(width="100%", height="8em"))
        self.save_button = button("save", "write the game record as JSON into the box below, with a download link",
                                  icon="download")
        self.load_button = button("load", "load the JSON game record in the box below", icon="upload")
        self.upload = widgets.FileUpload(accept=".json", multiple=False, description="open file",
                                         tooltip="load a JSON game record from a file")
        self.download = widgets.HTML()
        self.save_button.on_click(guard(lambda _: self.save()))
        self.load_button.on_click(guard(lambda _: self.load()))
        self.upload.observe(guard(self._uploaded), "value")
        super().__init__([widgets.HBox([self.save_button, self.load_button, self.upload, self.download]), self.text])

    def save(self) -> str:
        """Put the game's record into the text box and the download link; returns the JSON."""
        text = self._save()
        self.text.value = text
        data = base64.b64encode(text.encode("utf-8")).decode("ascii")
        self.download.value = (f'<a download="{self.filename}" href="data:application/json;charset=utf-8;base64,'
                               f'{data}" title="download the game record">⬇ {self.filename}</a>')
        return text

    def load(self, data: str | bytes | None = None) -> None:
        """Load the record in the text box, or the text or file bytes given (shown in the box
        once they are read); a bad record changes nothing and raises RecordError."""
        text = record_text(self.text.value if data is None else data)
        self._load(text)
        self.text.value = text

    def _uploaded(self, change: dict[str, Any]) -> None:
        files = change["new"]
        if files:
            self.load(bytes(files[0]["content"]))
