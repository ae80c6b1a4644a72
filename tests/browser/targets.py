"""Which notebooks the browser tests open, and which widgets in them they work.

To point the tests at a lesson, change the notebook path (relative to the repository top)
and, if the lesson shows several widgets, which ones: ``steppers`` counts the move steppers
on the page from 0 in page order, ``play_board`` the Walak-pussa play boards (JupyterLab and
Notebook 7 only).
``demos`` names buttons (by their text) that each load a capture demonstration into the
first of ``steppers``; without them every stepper listed is stepped as it opens.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Target:
    """A notebook and the widgets of it a test clicks through."""

    notebook: str
    steppers: tuple[int, ...] = (0,)
    play_board: int | None = 0
    demos: tuple[str, ...] = ()


#: The notebook opened in JupyterLab and in Notebook 7: all cells run, the stepper stepped,
#: a hole played for each side.
LAB = Target("lessons/01-start-here.ipynb", steppers=(0,), play_board=0)

#: The classroom notebook rendered by Voila: two capture demonstrations clicked through.
VOILA = Target("lessons/classroom.ipynb", steppers=(0,),
               demos=("Chain of two, South's side", "Chain across both sides"))
