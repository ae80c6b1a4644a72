"""A teacher's path in JupyterLab: open the notebook, run all cells, step through a move
with the stepper, play a move for each side on the Walak-pussa play board; no errors
anywhere.

``targets.LAB`` names the notebook and which of its widgets are used.
"""
from __future__ import annotations

import json
import sys
import urllib.request
from pathlib import Path

import pytest

from jupyter_servers import JupyterServer
from notebook_pages import OpenedNotebook
from targets import LAB
from widgets_ui import find_widgets, play_holes, shoot, step_through

pytestmark = pytest.mark.browser

#: How many times "next" is pressed on each stepper.
NEXT_CLICKS = 3


def test_kernel_is_this_python(lab_server: JupyterServer) -> None:
    with urllib.request.urlopen(lab_server.url("api/kernelspecs"), timeout=10) as response:
        specs = json.load(response)
    assert specs["default"] == "python3"
    assert specs["kernelspecs"]["python3"]["spec"]["argv"][0] == sys.executable


def test_all_cells_run_without_errors(lab_notebook: OpenedNotebook, screenshots: Path) -> None:
    shoot(lab_notebook.page, screenshots, "lab-01-after-run")
    lab_notebook.assert_no_errors()


def test_next_changes_board_and_narration(lab_notebook: OpenedNotebook, screenshots: Path) -> None:
    steppers = find_widgets(lab_notebook.page, "stepper", at_least=max(LAB.steppers) + 1)
    for index in LAB.steppers:
        states = step_through(steppers[index], screenshots, f"lab-02-stepper{index}", NEXT_CLICKS)
        assert len({s.src for s in states}) == len(states), "a board image came back unchanged"
        assert len({s.text for s in states}) == len(states), "a narration came back unchanged"
    lab_notebook.assert_no_errors()


@pytest.mark.skipif(LAB.play_board is None, reason="targets.LAB names no play board")
def test_playing_holes_updates_the_board(lab_notebook: OpenedNotebook, screenshots: Path) -> None:
    boards = find_widgets(lab_notebook.page, "board", at_least=LAB.play_board + 1)
    play_holes(boards[LAB.play_board], screenshots, f"lab-03-board{LAB.play_board}")
    lab_notebook.assert_no_errors()
