"""The teacher's path of ``test_jupyterlab`` in Jupyter Notebook 7 (``/notebooks/<path>``,
served by the same ``jupyter lab`` server): open the notebook, run all cells, step through
a move, play a move for each side; no errors anywhere.

``targets.LAB`` names the notebook and which of its widgets are used.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from notebook_checks import check_click_on_board, check_play_board, check_ran_without_errors, check_steppers
from notebook_pages import OpenedNotebook
from targets import LAB

pytestmark = pytest.mark.browser


def test_all_cells_run_without_errors(nb7_notebook: OpenedNotebook, screenshots: Path) -> None:
    check_ran_without_errors(nb7_notebook, screenshots, "nb7")


def test_next_changes_board_and_narration(nb7_notebook: OpenedNotebook, screenshots: Path) -> None:
    check_steppers(nb7_notebook, screenshots, "nb7")


@pytest.mark.skipif(LAB.play_board is None, reason="targets.LAB names no play board")
def test_playing_holes_updates_the_board(nb7_notebook: OpenedNotebook, screenshots: Path) -> None:
    check_play_board(nb7_notebook, screenshots, "nb7")


@pytest.mark.skipif(LAB.play_board is None, reason="targets.LAB names no play board")
def test_a_click_on_a_hole_plays_it(nb7_notebook: OpenedNotebook, screenshots: Path) -> None:
    check_click_on_board(nb7_notebook, screenshots, "nb7")
