"""The classroom path in Voila: the rendered notebook shows its widgets without errors, and
the capture demonstrations step through to their captures.

``targets.VOILA`` names the notebook and which of its widgets are used.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from notebook_pages import OpenedNotebook
from targets import VOILA
from widgets_ui import click_until_changed, find_widgets, shoot, state_of, step_through

pytestmark = pytest.mark.browser

#: A capture demonstration is clicked through until its narration matches this...
CAPTURE = r"captur"
#: ...pressing "next" at most this many times.
MAX_CLICKS = 60


def test_rendered_without_errors(voila_notebook: OpenedNotebook, screenshots: Path) -> None:
    shoot(voila_notebook.page, screenshots, "voila-01-rendered")
    voila_notebook.assert_no_errors()


def test_capture_demonstrations_step_to_their_captures(voila_notebook: OpenedNotebook, screenshots: Path) -> None:
    page = voila_notebook.page
    steppers = find_widgets(page, "stepper", at_least=max(VOILA.steppers) + 1)
    if VOILA.demos:  # each demo button loads its demonstration into the first stepper
        runs = [(f"demo{number}", steppers[VOILA.steppers[0]], page.get_by_role("button", name=demo, exact=True))
                for number, demo in enumerate(VOILA.demos, 1)]
    else:
        runs = [(f"stepper{index}", steppers[index], None) for index in VOILA.steppers]
    for name, stepper, demo_button in runs:
        if demo_button is not None:
            click_until_changed(stepper, demo_button)
        assert not re.search(CAPTURE, state_of(stepper).text, re.IGNORECASE), \
            f"{name} opens at its capture: nothing to click through"
        step_through(stepper, screenshots, f"voila-02-{name}", MAX_CLICKS, until=CAPTURE)
    voila_notebook.assert_no_errors()
