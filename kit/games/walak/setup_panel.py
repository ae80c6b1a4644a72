"""The classroom's Walak-pussa set-up: a click adds a seed to the hole (or, with **take out**
chosen, removes one); with **demonstrate a move**, a click on one of the mover's holes plays it."""
from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from kit.classroom.setup import SetupError
from kit.classroom.setup_panel import SetupPanel
from kit.classroom.stage import Stage, big_button
from kit.core.errors import IllegalMove
from kit.core.game import Trace
from kit.games import walak
from kit.games.walak.board import PLAYER_NAMES as WALAK_NAMES
from kit.games.walak.board import TOTAL_SEEDS, hole_name, letter, owner
from kit.games.walak.events import seed_count
from kit.games.walak.setup import add_seed, check_walak, remove_seed, seeds_in_play, with_turn
from kit.widgets.games import trace_of


class WalakSetupPanel(SetupPanel):
    """Set up a Walak-pussa position: click holes to add seeds, or take them out."""

    game = "walak"

    def __init__(self, stage: Stage) -> None:
        super().__init__(stage, WALAK_NAMES)
        guard = stage.feedback.guard
        self.position = walak.start()
        self.action = widgets.ToggleButtons(options=[("click adds a seed", "add"), ("click takes one out", "remove")],
                                            style={"button_width": "10em"})
        self.empty_button = big_button("clear board", "take every seed off the board", "eraser")
        self.start_button = big_button("start position", "four seeds in every hole", "refresh")
        self.empty_button.on_click(guard(lambda _: self._reset(walak.Position([0] * 14))))
        self.start_button.on_click(guard(lambda _: self._reset(walak.start())))
        self._arrange(f"Click a hole to add a seed; the board and stores hold at most {TOTAL_SEEDS}.",
                      [self.action, widgets.HBox([self.empty_button, self.start_button],
                                                 layout=widgets.Layout(flex_flow="row wrap"))])

    def _reset(self, position: walak.Position) -> None:
        self.position = with_turn(position, self.to_move.value)
        self.back_to_setup()

    def draft(self) -> walak.Position:
        return self.position

    def playable(self) -> walak.Position:
        return check_walak(self.position)

    def edit(self, target: Any) -> str:
        change = add_seed if self.action.value == "add" else remove_seed
        self.position = change(self.position, target)
        return (f"{hole_name(target)}: {seed_count(self.position.board[target])}. "
                f"{seeds_in_play(self.position)} of {TOTAL_SEEDS} seeds in play.")

    def load(self, position: walak.Position) -> None:
        if not isinstance(position, walak.Position):
            raise SetupError("This is not a Walak-pussa position: paste one written by copy out.")
        self.position = position

    def turn(self, player: int) -> None:
        self.position = with_turn(self.position, player)

    def move_clicked(self, position: walak.Position, target: Any) -> Trace:
        mover = WALAK_NAMES[position.to_move]
        if target is None or owner(target) != position.to_move:
            raise IllegalMove(f"Click one of {mover}'s holes to play it ({mover} is to move).")
        return trace_of(position, letter(target))


#: The pieces to place: label and (queen, count); None takes a piece off.
