"""The record box under a play board: a JSON game record saved, pasted, uploaded or downloaded.

The box takes a record's text, or an uploaded file's bytes, and never opens a file named in
it (under Voila the kernel's files are the server's). Both go to the game's record loader
(``kit.game(name).record_from_json``), which bounds and checks them: a bad record is refused
with one line and changes nothing.
"""
from __future__ import annotations

import base64
from typing import Any, Callable

import ipywidgets as widgets

from kit.core.errors import RecordError
from kit.widgets.feedback import button


def _not_a_record(text: str) -> str | None:
    """Why typed text cannot be a record before reading it, or None: empty, or not a JSON
    object (a file name, say: the box never opens one)."""
    text = text.removeprefix("\ufeff").strip()
    if not text:
        return "the record box is empty: paste a JSON game record first"
    if not text.startswith("{"):
        return ('a game record is a JSON object, starting with "{": paste the record\'s text '
                "(the box never opens a file named in it; use open file to load a file)")
    return None


class RecordBox(widgets.VBox):
    """A game record as JSON text: save the game into the text box (with a download link),
    load it back from the text box or from an uploaded file."""

    def __init__(self, save: Callable[[], str], load: Callable[[str | bytes], None], filename: str,
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
        """Load the record in the text box, or the text or file bytes given (then shown in
        the box); a bad record raises RecordError and changes nothing."""
        data = self.text.value if data is None else data
        if isinstance(data, str):
            problem = _not_a_record(data)
            if problem is not None:
                raise RecordError(problem)
        self._load(data)
        self.text.value = data if isinstance(data, str) else bytes(data).decode("utf-8-sig")

    def _uploaded(self, change: dict[str, Any]) -> None:
        files = change["new"]
        if files:
            self.load(bytes(files[0]["content"]))
