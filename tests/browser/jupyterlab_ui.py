"""Driving JupyterLab the way a teacher does: open a notebook, run all cells, wait.

Outputs saved in the notebook are cleared first (Edit > Clear Outputs of All Cells), then
Run > Run All Cells runs it in the fresh kernel; it is done when the kernel reports idle and
the code cells with code in them show the prompts [1], [2], ... in order.
"""
from __future__ import annotations

import re
import time
from typing import Callable

from playwright.sync_api import Page

from widgets_ui import error_outputs

_KERNEL_IDLE = ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook-ExecutionIndicator[data-status='idle']"

_PROMPTS = """() => {
  const cells = [...document.querySelectorAll(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook .jp-CodeCell")];
  const withCode = cells.filter(c => (c.querySelector(".cm-content")?.innerText || "").trim() !== "");
  const prompts = withCode.map(c => (c.querySelector(".jp-InputArea-prompt")?.innerText || "").trim());
  return prompts;
}"""


def open_notebook(page: Page, url: str, timeout: float = 90.0) -> None:
    """Open a notebook URL and wait until its cells show and its kernel is connected and idle;
    a kernel chooser (a notebook without kernel metadata) is answered with its default."""
    page.goto(url, timeout=timeout * 1000)
    page.locator(".jp-NotebookPanel .jp-Notebook .jp-Cell").first.wait_for(timeout=timeout * 1000)
    status_bar_idle = page.get_by_text(re.compile(r"\|\s*Idle$"))
    accept = page.locator(".jp-Dialog .jp-mod-accept")
    deadline = time.monotonic() + timeout
    while not (page.locator(_KERNEL_IDLE).count() and status_bar_idle.count()):
        if accept.count():
            accept.first.click()
        if time.monotonic() > deadline:
            raise AssertionError(f"the notebook's kernel was not ready within {timeout:.0f} s")
        page.wait_for_timeout(250)


def menu(page: Page, top: str, item: str) -> None:
    """Click ``top`` in the menu bar, then the item whose label starts with ``item``."""
    page.locator(".lm-MenuBar-item", has_text=re.compile(f"^{re.escape(top)}$")).click()
    page.locator(".lm-Menu-item:not(.lm-mod-disabled)", has_text=re.compile(f"^{re.escape(item)}")).click()


def run_all_cells(page: Page, timeout: float = 120.0) -> int:
    """Clear all outputs, run all cells from the menu bar, and wait until every code cell
    has run in order and the kernel is idle; the number of code cells run."""
    menu(page, "Edit", "Clear Outputs of All Cells")
    _wait_for_prompts(page, lambda prompts: all(p in ("[ ]:", "") for p in prompts), "cleared", 15.0)
    menu(page, "Run", "Run All Cells")
    prompts = _wait_for_prompts(
        page, lambda prompts: prompts == [f"[{n}]:" for n in range(1, len(prompts) + 1)], "run", timeout
    )
    return len(prompts)


def _wait_for_prompts(page: Page, done: Callable[[list[str]], bool], what: str, timeout: float) -> list[str]:
    """Wait until the prompts are ``done`` and the kernel idle; fail early when a run
    stopped half-way (an error stops Run All: nothing queued, some cells never ran)."""
    deadline = time.monotonic() + timeout
    prompts: list[str] = []
    stopped_since = None
    while time.monotonic() < deadline:
        prompts = page.evaluate(_PROMPTS)
        if done(prompts) and page.locator(_KERNEL_IDLE).count():
            return prompts
        stopped = not any("*" in p for p in prompts) and any(p[1:2].isdigit() for p in prompts)
        stopped_since = (stopped_since or time.monotonic()) if stopped else None
        if stopped_since and time.monotonic() - stopped_since > 3.0:
            raise AssertionError(f"running the notebook stopped half-way; prompts: {prompts};"
                                 f" errors shown: {error_outputs(page)}")
        page.wait_for_timeout(250)
    raise AssertionError(f"the notebook's cells were not {what} within {timeout:.0f} s; prompts: {prompts}")
