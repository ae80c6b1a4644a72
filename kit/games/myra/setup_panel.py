"""The classroom's Myra set-up: choose the player and the piece (queen, troop of 1..5, or
**remove**), then click hollows; with **demonstrate a move**, a click on a piece, then where it
goes, plays it (a hollow where several moves end offers a button for each)."""
from __future__ import annotations

from types import MappingProxyType
from typing import Any

import ipywidgets as widgets

from kit.classroom.setup_panel import SetupPanel
from kit.classroom.stage import Stage, big_button
from kit.core.game import Trace
from kit.games import myra
from kit.games.myra.clicks import MovePicker
from kit.games.myra.hexgrid import hollow_name
from kit.games.myra.pieces import PLAYER_NAMES as MYRA_NAMES
from kit.games.myra.pieces import Piece
from kit.games.myra.play_board import move_buttons
from kit.games.myra.setup import MyraSetup

#: The pieces the set-up places: the queen, a troop of 1..5, or none (remove).
PIECES: tuple[tuple[str, Any], ...] = (("queen", (True, 1)), ("1", (False, 1)), ("2", (False, 2)), ("3", (False, 3)),
                                       ("4", (False, 4)), ("5", (False, 5)), ("remove", None))


class MyraSetupPanel(SetupPanel):
    """Set up a Myra position: choose a player and a piece, click hollows."""

    game = "myra"

    def __init__(self, stage: Stage) -> None:
        self.picker = MovePicker()  # the hollows clicked so far for the move to demonstrate
        super().__init__(stage, MYRA_NAMES)
        guard = stage.feedback.guard
        self.setup = MyraSetup.of(myra.start())
        self.players = widgets.ToggleButtons(options=[("2 players", 2), ("3 players", 3)], value=2,
                                             style={"button_width": "6em"})
        # no description above the player and the piece: the help line names them (room for long messages at 720p)
        self.owner = widgets.ToggleButtons(options=[(name, i) for i, name in enumerate(MYRA_NAMES)],
                                           tooltips=[f"place {name}'s pieces" for name in MYRA_NAMES],
                                           style={"button_width": "5em"})
        self.piece = widgets.ToggleButtons(options=PIECES, value=PIECES[1][1], style={"button_width": "5.4em"},
                                           tooltips=["a queen", *(f"a troop of {n}" for n in range(1, 6)),
                                                     "a click takes a piece off"])
        self.empty_button = big_button("clear board", "take every soldier off; the queens stay where they start",
                                       "eraser")
        self.start_button = big_button("start position", "the start of a game", "refresh")
        self.players.observe(guard(self._players_changed), "value")
        self.empty_button.on_click(guard(lambda _: self._reset(queens_only=True)))
        self.start_button.on_click(guard(lambda _: self._reset(queens_only=False)))
        self._arrange("Choose a player and a piece, then click hollows.",
                      [self.players, self.owner, self.piece,
                       widgets.HBox([self.empty_button, self.start_button], layout=widgets.Layout(flex_flow="row wrap"))])
        self._players_changed({"new": 2})

    def _reset(self, queens_only: bool) -> None:
        start = myra.start(self.setup.players)
        pieces = {c: p for c, p in start.hollows.items() if p.queen or not queens_only}
        self.setup = MyraSetup(MappingProxyType(pieces), start.num_players, self.to_move.value)
        self.back_to_setup()

    def _players_changed(self, change: dict[str, Any]) -> None:
        """Another number of players: the start position of a game of that many (no player out by accident)."""
        players = change["new"]
        syncing, self._syncing = self._syncing, True
        try:
            self.owner.options = [(name, i) for i, name in enumerate(MYRA_NAMES[:players])]
            self.to_move.options = [(name, i) for i, name in enumerate(MYRA_NAMES[:players])]
        finally:
            self._syncing = syncing
        if not syncing:
            self.setup = MyraSetup.of(myra.start(players))
            self.back_to_setup(f"The start position of a {players}-player game: click hollows to change it.")

    def draft(self) -> myra.Position:
        return self.setup.draft()

    def playable(self) -> myra.Position:
        return self.setup.position()

    def impossible(self) -> str | None:
        return self.setup.impossible()

    def paint(self, drawing: Any) -> None:
        position = self.playable()
        drawing.show(position, highlight=self.picker.lit(position), chosen=self.picker.clicked)

    def move_clicked(self, position: myra.Position, target: Any) -> Trace | None:
        pick = self.picker.click(position, target)
        if pick.move is not None:
            return position.trace(pick.move)
        self._offer(list(pick.choices))
        self.stage.show_position(position, self.paint)
        self.stage.feedback.say(pick.text)
        return None

    def edit(self, target: Any) -> str:
        name = hollow_name(target)
        if self.piece.value is None:
            self.setup = self.setup.remove(target)
            return f"{name} is empty now."
        queen, count = self.piece.value
        piece = Piece(self.owner.value, count, queen)
        if self.setup.pieces.get(target) == piece:  # a second click takes it off again
            self.setup = self.setup.remove(target)
            return f"{name} is empty now."
        self.setup = self.setup.place(target, piece)
        return f"{name}: {piece.describe()}."

    def load(self, position: myra.Position) -> None:
        self._syncing = True
        try:
            self.players.value = position.num_players
            self._players_changed({"new": position.num_players})
        finally:
            self._syncing = False
        self.setup = MyraSetup.of(position)

    def turn(self, player: int) -> None:
        self.setup = MyraSetup(self.setup.pieces, self.setup.players, player, self.setup.reserves, self.setup.rules,
                               self.setup.ply)

    def cancel_choosing(self) -> None:
        self.picker.cancel()
        super().cancel_choosing()

    def _offer(self, moves: list[Any]) -> None:
        """Buttons for the moves ending at the hollow clicked; none: no buttons."""
        self.choices.children = (move_buttons(self.playable(), moves, self.stage.feedback.guard(
            lambda move: self.show_move(self.playable().trace(move)))) if moves else ())
