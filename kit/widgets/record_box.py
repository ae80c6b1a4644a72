"""The record box under a play board: a JSON game record saved, pasted, uploaded or downloaded."""
from __future__ import annotations

import base64
from typing import Any, Callable

import ipywidgets as widgets

from kit.game import RecordError
from kit.widgets.feedback import button


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

    def load(self, text: str | None = None) -> None:
        """Load the record in the text box (or the text given)."""
        if text is not None:
            self.text.value = text
        if not self.text.value.strip():
            raise RecordError("the record box is empty: paste a JSON game record first")
        self._load(self.text.value)

    def _uploaded(self, change: dict[str, Any]) -> None:
        files = change["new"]
        if files:
            self.load(bytes(files[0]["content"]).decode("utf-8"))
