"""Waiting for Voila: the page is ready when the notebook has run and its widgets show."""
from __future__ import annotations

from playwright.sync_api import Page


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
