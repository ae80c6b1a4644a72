"""Driving a notebook in JupyterLab or Notebook 7 the way a teacher does: open it, run all
cells, wait.

Both front ends are served by the ``jupyter lab`` server and built from JupyterLab's parts,
so the notebook, its menus and its cells look the same to the tests; they differ in the
notebook's address and in what shows the kernel is ready (JupyterLab's status bar, which
Notebook 7 lacks). A kernel is ready when the notebook's toolbar says idle and the server
says the notebook's kernel is idle with the page connected to it: Notebook 7's toolbar
says idle for a moment before the kernel even starts.

Outputs saved in the notebook are cleared first (Edit > Clear Outputs of All Cells), then
Run > Run All Cells runs it in the fresh kernel; it is done when the kernel reports idle and
the code cells with code in them show the prompts [1], [2], ... in order.
"""
from __future__ import annotations

import re
import time
from dataclasses import dataclass
from typing import Callable

from playwright.sync_api import Page

from jupyter_servers import JupyterServer
from widgets_ui import error_outputs


@dataclass(frozen=True)
class Frontend:
    """A notebook front end of the ``jupyter lab`` server: ``name`` starts its screenshots'
    names, ``path`` and ``query`` make a notebook's address; ``own_errors`` are uncaught
    JavaScript errors (exact messages) that the front end raises itself on any notebook,
    which are not counted as the page's errors."""

    name: str
    path: str
    query: str = ""
    own_errors: tuple[str, ...] = ()


#: "reset": a fresh workspace, with no other notebook open from an earlier page.
JUPYTERLAB = Frontend("lab", "lab/tree", "reset")
#: Notebook 7.6 raises these on a notebook holding only ``1+1`` too: the first on every
#: load (its shortcuts settings), the second once JupyterLab has opened a notebook on the
#: same server.
NOTEBOOK7 = Frontend("nb7", "notebooks", own_errors=(
    "Cannot read properties of undefined (reading 'schema')",
    "Command 'filebrowser:open-path' not registered.",
))

_KERNEL_IDLE = ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook-ExecutionIndicator[data-status='idle']"

#: Whether the server says the notebook's kernel is idle and a page is connected to it.
_KERNEL_CONNECTED = """async ([sessions_url, path]) => {
  const response = await fetch(sessions_url);
  if (!response.ok) return false;
  const sessions = await response.json();
  return sessions.some(s => s.path === path && s.kernel
                            && s.kernel.execution_state === "idle" && s.kernel.connections > 0);
}"""

#: The prompt read for a folded cell, which shows none (it runs in its turn all the same).
FOLDED = "(folded)"

_PROMPTS = """() => {
  const FOLDED = "(folded)";
  const cells = [...document.querySelectorAll(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook .jp-CodeCell")];
  // a folded cell (source hidden) shows a placeholder instead of its editor, and runs too
  const withCode = cells.filter(c => c.querySelector(".jp-InputPlaceholder")
    || (c.querySelector(".cm-content")?.innerText || "").trim() !== "");
  const prompts = withCode.map(c => (c.querySelector(".jp-InputArea-prompt")?.innerText || "").trim()
    || (c.querySelector(".jp-InputPlaceholder") ? FOLDED : ""));
  return prompts;
}"""


def open_notebook(page: Page, server: JupyterServer, frontend: Frontend, notebook: str, timeout: float = 90.0) -> None:
    """Open ``notebook`` (a path relative to the server's root) in ``frontend`` and wait until
    its cells show and its kernel is connected and idle; a kernel chooser (a notebook
    without kernel metadata) is answered with its default."""
    page.goto(server.url(f"{frontend.path}/{notebook}", frontend.query), timeout=timeout * 1000)
    page.locator(".jp-NotebookPanel .jp-Notebook .jp-Cell").first.wait_for(timeout=timeout * 1000)
    accept = page.locator(".jp-Dialog .jp-mod-accept")
    sessions = f"{server.base}/api/sessions"  # the page's login cookie authenticates it
    deadline = time.monotonic() + timeout
    while not (page.locator(_KERNEL_IDLE).count() and page.evaluate(_KERNEL_CONNECTED, [sessions, notebook])):
        if accept.count():
            accept.first.click()
        if time.monotonic() > deadline:
            raise AssertionError(f"the notebook's kernel was not ready in {frontend.name} within {timeout:.0f} s")
        page.wait_for_timeout(250)


def menu(page: Page, top: str, item: str) -> None:
    """Click ``top`` in the menu bar, then the item whose label starts with ``item``."""
    page.locator(".lm-MenuBar-item", has_text=re.compile(f"^{re.escape(top)}$")).click()
    page.locator(".lm-Menu-item:not(.lm-mod-disabled)", has_text=re.compile(f"^{re.escape(item)}")).click()


def run_all_cells(page: Page, timeout: float = 120.0) -> int:
    """Clear all outputs, run all cells from the menu bar, and wait until every code cell
    shown has run in order and the kernel is idle; the number of code cells shown that ran."""
    menu(page, "Edit", "Clear Outputs of All Cells")
    _wait_for_prompts(page, lambda prompts: all(p in ("[ ]:", "", FOLDED) for p in prompts), "cleared", 15.0)
    menu(page, "Run", "Run All Cells")
    prompts = _wait_for_prompts(
        page, lambda prompts: all(p in (f"[{n}]:", FOLDED) for n, p in enumerate(prompts, 1)), "run", timeout
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
