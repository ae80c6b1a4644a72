"""A move stepper with a chooser: pick one of the moves of the side to move and step through it.

For an exercise that asks which of a player's moves does something (which hole is endless), where a
play board would mark the answer (its ∞) and a single stepper would need its move changed in code.
"""
from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from kit.widgets.controller import traces_of
from kit.widgets.stepper import MoveStepper


def moves_to_choose(position: Any) -> list[Any]:
    """The moves offered: the legal ones and those refused as endless (if the game has them), in the game's order."""
    endless = list(getattr(position, "endless_moves", list)())
    return sorted([*position.legal_moves(), *endless], key=str)


class MoveChooser(widgets.VBox):
    """``choice`` (one button a move, none chosen at first) above ``stepper``, which shows the move chosen
    from its first step; before a choice, the position."""

    def __init__(self, position: Any, *, label: str = "move") -> None:
        self.position = position
        self.stepper = MoveStepper(position)
        self.choice = widgets.ToggleButtons(options=[str(move) for move in moves_to_choose(position)], value=None,
                                            description=label, tooltip="choose a move to step through it",
                                            style={"button_width": "3.5em"})
        self.choice.observe(self.stepper.feedback.guard(self._chosen, always=True), "value")
        super().__init__([self.choice, self.stepper])

    def _chosen(self, change: dict[str, Any]) -> None:
        if change["new"] is not None:
            self.show(change["new"])

    def show(self, move: Any) -> None:
        """Step through ``move`` from its start (the chooser shows it chosen)."""
        traces, _ = traces_of(self.position, move)
        self.stepper.load(traces, step=0)
        if self.choice.value != str(move):
            self.choice.value = str(move)
