"""Widgets side by side, each under its title, sharing the width: their board pictures scale to fit.

>>> import kit
>>> from kit.widgets import MoveStepper
>>> start = kit.game(kit.games()[0]).start()
>>> row = side_by_side({"one": MoveStepper(start), "two": MoveStepper(start)})
>>> len(row.children)
2
"""
from __future__ import annotations

import html
from typing import Mapping

import ipywidgets as widgets

#: The least width of one column (a board picture stays readable); narrower screens wrap.
COLUMN_MIN = "300px"


def side_by_side(panels: Mapping[str, widgets.Widget]) -> widgets.HBox:
    """The widgets (steppers, play boards) in one row, each under its title as a heading, each
    taking an equal share of the width; a board picture scales down with its column."""
    if not panels:
        raise ValueError("side_by_side needs at least one widget")
    columns = [widgets.VBox([widgets.HTML(f"<h3>{html.escape(title)}</h3>"), panel],
                            layout=widgets.Layout(flex="1 1 0", min_width=COLUMN_MIN))
               for title, panel in panels.items()]
    return widgets.HBox(columns, layout=widgets.Layout(flex_flow="row wrap", grid_gap="1em", width="100%"))
