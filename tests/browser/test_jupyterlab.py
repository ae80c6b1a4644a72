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
from notebook_checks import check_click_on_board, check_play_board, check_ran_without_errors, check_steppers
from notebook_pages import OpenedNotebook
from targets import LAB

pytestmark = pytest.mark.browser


def test_kernel_is_this_python(lab_server: JupyterServer) -> None:
    with urllib.request.urlopen(lab_server.url("api/kernelspecs"), timeout=10) as response:
        specs = json.load(response)
    assert specs["default"] == "python3"
    assert specs["kernelspecs"]["python3"]["spec"]["argv"][0] == sys.executable


def test_all_cells_run_without_errors(lab_notebook: OpenedNotebook, screenshots: Path) -> None:
    check_ran_without_errors(lab_notebook, screenshots, "lab")


def test_next_changes_board_and_narration(lab_notebook: OpenedNotebook, screenshots: Path) -> None:
    check_steppers(lab_notebook, screenshots, "lab")


@pytest.mark.skipif(LAB.play_board is None, reason="targets.LAB names no play board")
def test_playing_holes_updates_the_board(lab_notebook: OpenedNotebook, screenshots: Path) -> None:
    check_play_board(lab_notebook, screenshots, "lab")


@pytest.mark.skipif(LAB.play_board is None, reason="targets.LAB names no play board")
def test_a_click_on_a_hole_plays_it(lab_notebook: OpenedNotebook, screenshots: Path) -> None:
    check_click_on_board(lab_notebook, screenshots, "lab")
