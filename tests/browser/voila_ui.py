"""Waiting for Voila: the page is ready when the notebook has run and its widgets show."""
from __future__ import annotations

import re

from playwright.sync_api import Page

#: Addresses that leave this machine (anything but 127.0.0.1 and localhost): the tests refuse
#: them, since a classroom may be offline.
OFF_MACHINE = re.compile(r"^(?!https?://(127\.0\.0\.1|localhost)[:/])https?://")


def wait_for_voila(page: Page, timeout: float = 120.0) -> None:
    """Wait until Voila has run every cell (its "Executing n of m" spinner is gone) and the
    rendered cells are on show with their widgets' views created."""
    page.locator("#rendered_cells").wait_for(state="visible", timeout=timeout * 1000)
    page.locator("#loading").wait_for(state="detached", timeout=timeout * 1000)
    page.wait_for_function(
        """() => ![...document.querySelectorAll(".jp-OutputArea-output")]
              .some(el => /Loading widget/.test(el.innerText))""",
        timeout=timeout * 1000,
    )
