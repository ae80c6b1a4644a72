"""The Nim play board: a click on a stone takes it and every stone right of it."""
from __future__ import annotations

import json
from typing import Any

import ipywidgets as widgets

from kit.core.errors import IllegalMove
from kit.core.game import game
from kit.widgets.hints import DEFAULT_HINTS
from kit.widgets.play_board import PlayBoard

from .events import LETTERS
from .position import Position, Take, start
from .rules import PRESETS


class NimPlayBoard(PlayBoard):
    """Play Nim: click a stone to take it and the stones right of it. ``position`` is where the
    game starts (default: the start under ``rules``)."""

    game_name = "nim"

    def __init__(self, position: Position | None = None, *, rules: Any = None, size: float | None = None,
                 hints: int | None = DEFAULT_HINTS) -> None:
        super().__init__(start(rules) if position is None else position, size=size, hints=hints)
        guard = self.feedback.guard
        self.preset = widgets.ToggleButtons(options=list(PRESETS), description="rules")
        self.preset.observe(guard(self._setting_changed), "value")
        self.why_not = widgets.Dropdown(description="why not")
        self._arrange([widgets.HBox([self.why_not, self.explain_button])], [self.preset])
        self._start_turn("")

    def live_settings(self) -> list[widgets.Widget]:
        return [self.preset]

    def new_state(self) -> Position:
        return start(self.preset.value)

    def record_json(self) -> str:
        entries = self.history.game()
        moves = [entry.trace.move for entry in entries if entry.trace is not None]
        return json.dumps(game("nim").record(entries[0].state, moves).to_json(), indent=1)

    def refresh_controls(self) -> None:
        position = self.position
        self.why_not.options = [position.notation(move) for move in position.legal_moves()]
        if position.rules.name in PRESETS:
            self.preset.value = position.rules.name

    def move_to_explain(self) -> Take:
        if self.why_not.value is None:
            raise IllegalMove("choose a move to explain first")
        return self.position.parse_move(self.why_not.value)

    def move_at(self, target: tuple[int, int]) -> Take:
        """The move a click on hollow ``(heap, place)`` makes; IllegalMove says why there is none."""
        heap, place = target
        position = self.position
        if heap >= len(position.heaps) or place >= position.heaps[heap]:
            raise IllegalMove("there is no stone there: click a stone")
        move = Take(heap, position.heaps[heap] - place)
        position.play(move)  # IllegalMove says why not
        return move

    def click(self, target: Any) -> None:
        if target is None:
            self.feedback.say("Click a stone: you take it and every stone right of it.")
            return
        self.play_move(self.move_at(target))

    def hover(self, target: Any) -> None:
        if target is None or self.position.is_over:
            self.say_preview("")
            return
        try:
            self.say_preview(self.preview_of(self.move_at(target)))
        except IllegalMove as why:
            self.say_preview(f"Heap {LETTERS[target[0]]}: {why}.")
