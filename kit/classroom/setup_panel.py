"""The set-up controls beside the big board: click the board to build a position, then
demonstrate any move from it by clicking the board as in the live game; copy the position
out as text and paste it back.

- Walak-pussa: a click adds a seed to the hole (or, with **take out** chosen, removes one).
- Myra: choose the player and the piece (queen, troop of 1..5, or **remove**), then
  click hollows.
- **demonstrate a move**: a click on one of the mover's holes plays it (Walak-pussa); a
  click on a piece, then where it goes, plays it (Myra); the move is stepped through.

The set-up opens on the game's start position. The rules are checked with every click
(:mod:`kit.classroom.setup`): a 57th seed or a second queen is refused with a message that
says why; a position that could not occur in a game (more soldiers than the armies hold)
is said to be so, and can still be demonstrated. A pasted position keeps its reserves,
rules and ply.
"""
from __future__ import annotations

from types import MappingProxyType
from typing import Any

import ipywidgets as widgets

from kit import myra, walak
from kit.core.game import game_of, Trace
from kit.core.errors import IllegalMove
from kit.classroom.setup import (MyraSetup, SetupError, add_seed, check_walak, position_from_text, position_text,
                                 remove_seed, seeds_in_play, with_turn)
from kit.classroom.stage import Stage, big_button
from kit.widgets.games import move_label, trace_of
from kit.widgets.hints import marks, suggest
from kit.games.myra.play_board import move_buttons
from kit.games.myra.clicks import MovePicker
from kit.games.myra.hexgrid import cell_name
from kit.games.myra.pieces import PLAYER_NAMES as MYRA_NAMES
from kit.games.myra.pieces import Piece
from kit.games.walak.board import PLAYER_NAMES as WALAK_NAMES
from kit.games.walak.board import TOTAL_SEEDS, hole_name, letter, owner

#: What a click on the board does in the set-up.
CLICKS: tuple[tuple[str, str], ...] = (("build the position", "edit"), ("demonstrate a move", "move"))


class SetupPanel(widgets.VBox):
    """What both games' set-ups share: whose turn, what a click does (set up, or demonstrate
    a move), the hint, the text box."""

    game = ""

    def __init__(self, stage: Stage, players: tuple[str, ...]) -> None:
        self.stage = stage
        guard = stage.feedback.guard
        self.to_move = widgets.ToggleButtons(options=[(name, i) for i, name in enumerate(players)],
                                             description="to move", style={"button_width": "5.5em",
                                                                           "description_width": "4em"})
        self.click_does = widgets.ToggleButtons(options=CLICKS, value="edit",
                                                tooltips=["a click on the board changes the position",
                                                          "a click on the board plays a move from the position, "
                                                          "as in the live game"],
                                                style={"button_width": "auto"})
        self.edit_button = big_button("back to set-up", "show the position being set up again", "edit")
        self.text = widgets.Textarea(placeholder="The position as text: copy out writes it here; paste one and "
                                                 "press paste back.",
                                     layout=widgets.Layout(width="100%", height="3.6em"))
        self.hint_button = big_button("hint", "the best move from this position, marked on the board, and why",
                                      "lightbulb-o")
        self.hint_search: dict[str, Any] = {}  # passed to the search, e.g. {"depth": 2}; empty: one second
        self.copy_button = big_button("copy out", "write the position into the box as text", "copy")
        self.paste_button = big_button("paste back", "set up the position written in the box", "paste")
        self.choices = widgets.VBox()  # Myra: one hollow ends several moves: a button for each
        self.picker = MovePicker()  # Myra: the hollows clicked so far for the move to demonstrate
        self.to_move.observe(guard(self._turn_changed), "value")
        self.click_does.observe(guard(self._clicks_changed), "value")
        self.hint_button.on_click(guard(lambda _: self.hint()))
        self.edit_button.on_click(guard(lambda _: self.back_to_setup()))
        self.copy_button.on_click(guard(lambda _: self.copy_out()))
        self.paste_button.on_click(guard(lambda _: self.paste_back()))
        self._syncing = False
        super().__init__()

    def _arrange(self, help_text: str, controls: list[widgets.Widget]) -> None:
        self.children = (widgets.HTML(f"<b>Set up a position</b><br><small>{help_text}</small>"), self.click_does,
                         *controls, self.to_move,
                         widgets.HBox([self.edit_button, self.hint_button], layout=widgets.Layout(flex_flow="row wrap")),
                         self.choices, widgets.HBox([self.copy_button, self.paste_button],
                                                    layout=widgets.Layout(flex_flow="row wrap", align_items="center")),
                         self.text)

    # -- the game's part ----------------------------------------------------------------------

    def draft(self) -> Any:
        """The position being set up, for drawing (it may not be playable yet)."""
        raise NotImplementedError

    def playable(self) -> Any:
        """The position set up, checked; SetupError says why it cannot be played."""
        raise NotImplementedError

    def impossible(self) -> str | None:
        """Why the position set up could not occur in a game, or None."""
        return None

    def edit(self, target: Any) -> str:
        """Apply a click on a hole or hollow; the message to show."""
        raise NotImplementedError

    def load(self, position: Any) -> None:
        """Replace the set-up by a position."""
        raise NotImplementedError

    def turn(self, player: int) -> None:
        """Give the move to ``player``."""
        raise NotImplementedError

    def move_clicked(self, position: Any, target: Any) -> Trace | None:
        """A click on the board choosing a move to demonstrate: the move traced once chosen,
        None while still choosing (IllegalMove says why a click plays nothing)."""
        raise NotImplementedError

    # -- actions -----------------------------------------------------------------------------------

    def activate(self) -> None:
        """Take over the board's clicks and show the set-up."""
        self.stage.on_click = self.stage.feedback.guard(self.clicked)
        self.stage.predict.value = False
        self.stage.predict.layout.display = "none"
        self.back_to_setup()

    def deactivate(self) -> None:
        """Give the board's clicks back to the questions."""
        self.stage.on_click = None
        self.stage.predict.layout.display = None
        self._offer([])
        self.picker.cancel()

    def clicked(self, target: Any) -> None:
        """A click on the board while setting up: change the position, or play a move from it."""
        if self.click_does.value == "move":
            self.demonstrate(target)
            return
        if target is None:
            self.stage.feedback.say("Click a hole or hollow of the board to change it.")
            return
        message = self.edit(target)
        problem = self.redraw()
        self.stage.feedback.say(f"{message} {problem}" if problem else message, "error" if problem else "info")

    def back_to_setup(self) -> None:
        """Show the position being set up, and what a click does now."""
        problem = self.redraw()
        if problem is None:
            self.stage.feedback.say(self._how())

    def redraw(self) -> str | None:
        """Show the set-up on the board; why it cannot be played, if so (said on screen)."""
        self.picker.cancel()
        self._offer([])
        self.stage.show_position(self.draft())
        problem = None
        self._syncing = True
        try:
            self.to_move.value = self.draft().to_move
            try:
                position = self.playable()
            except SetupError as error:
                problem = str(error)
            else:
                if not position.legal_moves():
                    mover = game_of(position).player_names(position.num_players)[position.to_move]
                    problem = f"{mover} is to move but has no move here: change the turn or the board."
                else:
                    problem = self.impossible()
        finally:
            self._syncing = False
        if problem is not None:
            self.stage.feedback.say(problem, "error")
        return problem

    def _how(self) -> str:
        if self.click_does.value == "move":
            return "Click the board to play a move from this position, as in the live game."
        return "Click the board to change the position; choose demonstrate a move to play one from it."

    def demonstrate(self, target: Any) -> None:
        """A click choosing a move from the position set up; once chosen it is stepped through."""
        position = self.playable()
        if self.stage.trace is not None:  # a move is shown: this click starts the next one, from the set-up
            self.stage.show_position(position, self.paint)
        trace = self.move_clicked(position, target)
        if trace is not None:
            self.show_move(trace)

    def show_move(self, trace: Trace) -> None:
        """Step through a move from the position set up."""
        self.picker.cancel()
        self._offer([])
        self.stage.show(trace)
        self.stage.stepper.start_playing()
        self.stage.feedback.say(f"{move_label(trace)}: watch it step by step. Click the board for another move, "
                                "or press back to set-up.")

    def paint(self, drawing: Any) -> None:
        """The position set up, with the hollows of the move being chosen (Myra)."""
        drawing.show(self.playable())

    def _offer(self, moves: list[Any]) -> None:
        """Buttons for the moves ending at the hollow clicked (Myra); none: no buttons."""
        self.choices.children = (move_buttons(self.playable(), moves, self.stage.feedback.guard(
            lambda move: self.show_move(self.playable().trace(move)))) if moves else ())

    def hint(self) -> None:
        """Mark the move the search suggests from the position set up and say why (hints are
        free in the classroom)."""
        position = self.playable()
        suggestion, line = suggest(position, **self.hint_search)
        marked = marks(position, position.parse_move(suggestion.move))
        self.stage.show_position(position, lambda drawing: drawing.show(position, hint=marked))
        self.stage.feedback.say(line, "ok")

    def copy_out(self) -> str:
        """Write the position set up into the text box."""
        self.text.value = position_text(self.playable())
        self.stage.feedback.say("The position is in the box: copy it, paste it back later.", "ok")
        return self.text.value

    def paste_back(self) -> None:
        """Set up the position written in the text box."""
        self.load(position_from_text(self.game, self.text.value))
        if self.redraw() is None:
            self.stage.feedback.say("Position pasted back.", "ok")

    def _turn_changed(self, change: dict[str, Any]) -> None:
        if not self._syncing:
            self.turn(change["new"])
            self.back_to_setup()

    def _clicks_changed(self, _change: dict[str, Any]) -> None:
        self.back_to_setup()


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
        return (f"{hole_name(target)}: {self.position.board[target]} seeds. "
                f"{seeds_in_play(self.position)} of {TOTAL_SEEDS} seeds in play.")

    def load(self, position: walak.Position) -> None:
        if not isinstance(position, walak.Position):
            raise SetupError("this is not a Walak-pussa position.")
        self.position = position

    def turn(self, player: int) -> None:
        self.position = with_turn(self.position, player)

    def move_clicked(self, position: walak.Position, target: Any) -> Trace:
        mover = WALAK_NAMES[position.to_move]
        if target is None or owner(target) != position.to_move:
            raise IllegalMove(f"Click one of {mover}'s holes to play it ({mover} is to move).")
        return trace_of(position, letter(target))


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
        pieces = {c: p for c, p in start.cells.items() if p.queen or not queens_only}
        self.setup = MyraSetup(MappingProxyType(pieces), start.num_players, self.to_move.value)
        self.back_to_setup()

    def _players_changed(self, change: dict[str, Any]) -> None:
        players = change["new"]
        self.setup = self.setup.with_players(players)
        self.owner.options = [(name, i) for i, name in enumerate(MYRA_NAMES[:players])]
        self.to_move.options = [(name, i) for i, name in enumerate(MYRA_NAMES[:players])]
        if not self._syncing:
            self.back_to_setup()

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
        self.setup = MyraSetup(self.setup.pieces, self.setup.players, player, self.setup.reserves, self.setup.rules,
                               self.setup.ply)
