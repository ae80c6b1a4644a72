"""The set-up controls beside the big board: click the board to build a position, then
demonstrate any move from it; copy the position out as text and paste it back.

- Walak-pussa: a click adds a seed to the hole (or, with **take out** chosen, removes one).
- Myra: choose the player and the piece (queen, troop of 1..5, or **remove**), then
  click hollows.

The rules are checked with every click (:mod:`kit.classroom.setup`): a 57th seed or a
second queen is refused with a message that says why.
"""
from __future__ import annotations

from types import MappingProxyType
from typing import Any

import ipywidgets as widgets

from kit import myra, walak
from kit.core.game import game_of
from kit.classroom.setup import (MyraSetup, SetupError, add_seed, check_walak, position_from_text, position_text,
                                 remove_seed, seeds_in_play, with_turn)
from kit.classroom.stage import Stage, big_button
from kit.widgets.hints import marks, suggest
from kit.games.myra.hexgrid import cell_name
from kit.games.myra.pieces import PLAYER_NAMES as MYRA_NAMES
from kit.games.myra.pieces import Piece
from kit.games.walak.board import PLAYER_NAMES as WALAK_NAMES
from kit.games.walak.board import TOTAL_SEEDS, hole_name


class SetupPanel(widgets.VBox):
    """What both games' set-ups share: whose turn, the moves from the position, the text box."""

    game = ""

    def __init__(self, stage: Stage, players: tuple[str, ...]) -> None:
        self.stage = stage
        guard = stage.feedback.guard
        self.to_move = widgets.ToggleButtons(options=[(name, i) for i, name in enumerate(players)],
                                             description="to move", style={"button_width": "5.5em",
                                                                           "description_width": "4em"})
        self.moves = widgets.Dropdown(description="move", layout=widgets.Layout(width="100%"),
                                      style={"description_width": "4em"})
        self.show_button = big_button("show this move", "step through the chosen move from this position", "play")
        self.edit_button = big_button("back to set-up", "show the position being set up again", "edit")
        self.text = widgets.Textarea(placeholder="Copy the position out, or paste one and press paste back.",
                                     layout=widgets.Layout(width="100%", height="6em"))
        self.hint_button = big_button("hint", "the best move from this position, marked on the board, and why",
                                      "lightbulb-o")
        self.hint_search: dict[str, Any] = {}  # passed to the search, e.g. {"depth": 2}; empty: one second
        self.copy_button = big_button("copy out", "write the position into the box as text", "copy")
        self.paste_button = big_button("paste back", "set up the position written in the box", "paste")
        self.to_move.observe(guard(self._turn_changed), "value")
        self.show_button.on_click(guard(lambda _: self.demonstrate()))
        self.hint_button.on_click(guard(lambda _: self.hint()))
        self.edit_button.on_click(guard(lambda _: self.redraw()))
        self.copy_button.on_click(guard(lambda _: self.copy_out()))
        self.paste_button.on_click(guard(lambda _: self.paste_back()))
        self._syncing = False
        super().__init__()

    def _arrange(self, help_text: str, controls: list[widgets.Widget]) -> None:
        self.children = (widgets.HTML(f"<b>Set up a position</b><br><small>{help_text}</small>"), *controls,
                         self.to_move, widgets.HTML("<b>Demonstrate a move</b>"), self.moves,
                         widgets.HBox([self.show_button, self.edit_button, self.hint_button],
                                      layout=widgets.Layout(flex_flow="row wrap")),
                         widgets.HTML("<b>As text</b>"), widgets.HBox([self.copy_button, self.paste_button]), self.text)

    # -- the game's part ----------------------------------------------------------------------

    def draft(self) -> Any:
        """The position being set up, for drawing (it may not be playable yet)."""
        raise NotImplementedError

    def playable(self) -> Any:
        """The position set up, checked; SetupError says why it cannot be played."""
        raise NotImplementedError

    def edit(self, target: Any) -> str:
        """Apply a click on a hole or hollow; the message to show."""
        raise NotImplementedError

    def load(self, position: Any) -> None:
        """Replace the set-up by a position."""
        raise NotImplementedError

    def turn(self, player: int) -> None:
        """Give the move to ``player``."""
        raise NotImplementedError

    # -- actions -----------------------------------------------------------------------------------

    def activate(self) -> None:
        """Take over the board's clicks and show the set-up."""
        self.stage.on_click = self.stage.feedback.guard(self.clicked)
        self.redraw()

    def deactivate(self) -> None:
        """Give the board's clicks back to the questions."""
        self.stage.on_click = None

    def clicked(self, target: Any) -> None:
        """A click on the board while setting up."""
        if target is None:
            self.stage.feedback.say("Click a hole or hollow of the board to change it.")
            return
        message = self.edit(target)
        problem = self.redraw()
        self.stage.feedback.say(f"{message} {problem}" if problem else message, "error" if problem else "info")

    def redraw(self) -> str | None:
        """Show the set-up on the board and list the moves from it; why it cannot be played, if so."""
        self.stage.show_position(self.draft())
        problem = None
        self._syncing = True
        try:
            self.to_move.value = self.draft().to_move
            try:
                position = self.playable()
            except SetupError as error:
                problem = str(error)
                self.moves.options, self.moves.disabled = [], True
                self.stage.feedback.say(problem, "error")
            else:
                options = [(position.notation(m), m) for m in position.legal_moves()]
                self.moves.options = options
                self.moves.value = options[0][1] if options else None
                self.moves.disabled = not options
                if not options:
                    mover = game_of(position).player_names(position.num_players)[position.to_move]
                    problem = f"{mover} is to move but has no move here: change the turn or the board."
                    self.stage.feedback.say(problem, "error")
        finally:
            self._syncing = False
        self.show_button.disabled = self.moves.value is None
        return problem

    def demonstrate(self) -> None:
        """Step through the chosen move from the position set up."""
        position = self.playable()
        if self.moves.value is None:
            raise SetupError("there is no move to show: the side to move has no legal move.")
        self.stage.show(position.trace(self.moves.value))
        self.stage.feedback.say("Step through the move; back to set-up returns to the position.")

    def hint(self) -> None:
        """Mark the move the search suggests from the position set up, say why, and choose it
        for **show this move** (hints are free in the classroom)."""
        position = self.playable()
        suggestion, line = suggest(position, **self.hint_search)
        move = position.parse_move(suggestion.move)
        marked = marks(position, move)
        self.stage.show_position(position, lambda drawing: drawing.show(position, hint=marked))
        legal = [value for _, value in self.moves.options]
        chosen = next((m for m in legal if position.notation(m) == suggestion.move), None)
        if chosen is not None:
            self.moves.value = chosen
        self.stage.feedback.say(line, "ok")

    def copy_out(self) -> str:
        """Write the position set up into the text box."""
        self.text.value = position_text(self.playable())
        self.stage.feedback.say("The position is in the box: copy it, paste it back later.", "ok")
        return self.text.value

    def paste_back(self) -> None:
        """Set up the position written in the text box."""
        self.load(position_from_text(self.game, self.text.value))
        self.redraw()
        self.stage.feedback.say("Position pasted back.", "ok")

    def _turn_changed(self, change: dict[str, Any]) -> None:
        if not self._syncing:
            self.turn(change["new"])
            self.redraw()


class WalakSetupPanel(SetupPanel):
    """Set up a Walak-pussa position: click holes to add seeds, or take them out."""

    game = "walak"

    def __init__(self, stage: Stage) -> None:
        super().__init__(stage, WALAK_NAMES)
        guard = stage.feedback.guard
        self.position = walak.Position([0] * 14)
        self.action = widgets.ToggleButtons(options=[("click adds a seed", "add"), ("click takes one out", "remove")],
                                            style={"button_width": "10em"})
        self.empty_button = big_button("empty board", "take every seed off the board", "eraser")
        self.start_button = big_button("start position", "four seeds in every hole", "refresh")
        self.empty_button.on_click(guard(lambda _: self._reset(walak.Position([0] * 14))))
        self.start_button.on_click(guard(lambda _: self._reset(walak.start())))
        self._arrange(f"Click a hole to add a seed; the board and stores hold at most {TOTAL_SEEDS}.",
                      [self.action, widgets.HBox([self.empty_button, self.start_button],
                                                 layout=widgets.Layout(flex_flow="row wrap"))])

    def _reset(self, position: walak.Position) -> None:
        self.position = with_turn(position, self.to_move.value)
        self.redraw()

    def draft(self) -> walak.Position:
        return self.position

    def playable(self) -> walak.Position:
        return check_walak(self.position)

    def edit(self, target: Any) -> str:
        change = add_seed if self.action.value == "add" else remove_seed
        self.position = change(self.position, target)
        return (f"{hole_name(target)}: {self.position.board[target]} seeds. "
                f"{seeds_in_play(self.position)} of {TOTAL_SEEDS} seeds in play.")

    def load(self, position: walak.Position) -> None:
        if not isinstance(position, walak.Position):
            raise SetupError("this is not a Walak-pussa position.")
        self.position = position

    def turn(self, player: int) -> None:
        self.position = with_turn(self.position, player)


#: The pieces to place: label and (queen, count); None takes a piece off.
PIECES: tuple[tuple[str, Any], ...] = (("queen", (True, 1)), ("1", (False, 1)), ("2", (False, 2)), ("3", (False, 3)),
                                       ("4", (False, 4)), ("5", (False, 5)), ("remove", None))


class MyraSetupPanel(SetupPanel):
    """Set up a Myra position: choose a player and a piece, click hollows."""

    game = "myra"

    def __init__(self, stage: Stage) -> None:
        super().__init__(stage, MYRA_NAMES)
        guard = stage.feedback.guard
        self.setup = MyraSetup.of(myra.start())
        self.players = widgets.ToggleButtons(options=[("2 players", 2), ("3 players", 3)], value=2,
                                             style={"button_width": "6em"})
        self.owner = widgets.ToggleButtons(options=[(name, i) for i, name in enumerate(MYRA_NAMES)],
                                           description="player", style={"button_width": "5em", "description_width": "4em"})
        self.piece = widgets.ToggleButtons(options=PIECES, value=PIECES[1][1], description="piece",
                                           style={"button_width": "5.4em", "description_width": "4em"})
        self.empty_button = big_button("queens only", "take every soldier off, keep the queens where they start", "eraser")
        self.start_button = big_button("start position", "the start of a game", "refresh")
        self.players.observe(guard(self._players_changed), "value")
        self.empty_button.on_click(guard(lambda _: self._reset(queens_only=True)))
        self.start_button.on_click(guard(lambda _: self._reset(queens_only=False)))
        self._arrange("Choose a player and a piece, then click hollows; choose remove to clear one.",
                      [self.players, self.owner, self.piece,
                       widgets.HBox([self.empty_button, self.start_button], layout=widgets.Layout(flex_flow="row wrap"))])
        self._players_changed({"new": 2})

    def _reset(self, queens_only: bool) -> None:
        start = myra.start(self.setup.players)
        pieces = {c: p for c, p in start.cells.items() if p.queen or not queens_only}
        self.setup = MyraSetup(MappingProxyType(pieces), start.num_players, self.to_move.value)
        self.redraw()

    def _players_changed(self, change: dict[str, Any]) -> None:
        players = change["new"]
        self.setup = self.setup.with_players(players)
        self.owner.options = [(name, i) for i, name in enumerate(MYRA_NAMES[:players])]
        self.to_move.options = [(name, i) for i, name in enumerate(MYRA_NAMES[:players])]
        if not self._syncing:
            self.redraw()

    def draft(self) -> myra.Position:
        return self.setup.draft()

    def playable(self) -> myra.Position:
        return self.setup.position()

    def edit(self, target: Any) -> str:
        name = cell_name(target)
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
        self.setup = MyraSetup(self.setup.pieces, self.setup.players, player)
