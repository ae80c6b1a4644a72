"""A notebook open in a browser page, and the check that it shows no error."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from playwright.sync_api import Page

from jupyter_servers import JupyterServer
from widgets_ui import error_outputs


@dataclass
class OpenedNotebook:
    """A notebook open in a browser page, with the server showing it and the uncaught
    JavaScript errors the page raised; ``own_errors`` are those (exact messages) that the
    front end raises itself, which are not the notebook's."""

    page: Page
    server: JupyterServer
    notebook: Path
    page_errors: list[str] = field(default_factory=list)
    own_errors: tuple[str, ...] = ()

    def assert_no_errors(self) -> None:
        """No error output in any cell, no widget error, no uncaught JavaScript error other
        than the front end's own."""
        assert error_outputs(self.page) == [], "errors shown on the page"
        assert [e for e in self.page_errors if e not in self.own_errors] == [], "uncaught JavaScript errors"
