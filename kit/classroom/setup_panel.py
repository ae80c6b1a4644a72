"""The set-up controls beside the big board: click the board to build a position, then
demonstrate any move from it by clicking the board as in the live game; copy the position
out as text and paste it back. Each game's panel (``kit/games/<name>/setup_panel.py``)
says what a click on its board does.

The set-up opens on the game's start position. The rules are checked with every click
(:mod:`kit.classroom.setup`): a refusal says why; a position that could not occur in a game
is said to be so, and can still be demonstrated. A pasted position keeps its reserves,
rules and ply.
"""
from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets

from kit.core.game import game_of, Trace
from kit.classroom.setup import SetupError, position_from_text, position_text
from kit.classroom.stage import Stage, big_button
from kit.widgets.games import move_label
from kit.widgets.hints import marks, suggest

#: What a click on the board does in the set-up.
CLICKS: tuple[tuple[str, str], ...] = (("build the position", "edit"), ("demonstrate a move", "move"))


#: What the set-up's heading says while a click on the board plays a move.
DEMONSTRATING = "Click the board to play a move from this position, as in the live game."


class SetupPanel(widgets.VBox):
    """What every game's set-up shares: whose turn, what a click does (set up, or demonstrate
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
                                     layout=widgets.Layout(width="100%"))
        self.text.add_class("kit-fill")  # the height left in the panel: a whole position shows
        self.hint_button = big_button("hint", "the best move from this position, marked on the board, and why",
                                      "lightbulb-o")
        self.hint_search: dict[str, Any] = {}  # passed to the search, e.g. {"depth": 2}; empty: one second
        self.copy_button = big_button("copy out", "write the position into the box as text", "copy")
        self.paste_button = big_button("paste back", "set up the position written in the box", "paste")
        self.choices = widgets.VBox()  # buttons for the moves a click may mean, where it means several
        self.to_move.observe(guard(self._turn_changed), "value")
        self.click_does.observe(guard(self._clicks_changed), "value")
        self.hint_button.on_click(guard(lambda _: self.hint()))
        self.edit_button.on_click(guard(lambda _: self.build()))
        self.copy_button.on_click(guard(lambda _: self.copy_out()))
        self.paste_button.on_click(guard(lambda _: self.paste_back()))
        self._syncing = False
        super().__init__()
        self.add_class("kit-column")
        self.add_class("kit-setup-panel")  # never shrinks below its controls: a long message scrolls instead

    def _arrange(self, help_text: str, controls: list[widgets.Widget]) -> None:
        building = widgets.VBox(controls)  # hidden while a click demonstrates a move: room for its choices
        heading = widgets.HTML()

        def clicks_do(value: str) -> None:
            said = DEMONSTRATING if value == "move" else help_text
            heading.value = f"<b>Set up a position</b><br><small>{html.escape(said, quote=False)}</small>"
            building.layout.display = "none" if value == "move" else None

        clicks_do(self.click_does.value)
        self.click_does.observe(lambda change: clicks_do(change["new"]), "value")
        self.children = (heading, self.click_does,
                         building, self.to_move,
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
        """A click on the board sets up (or demonstrates a move); show the set-up."""
        self.stage.controller.set_mode(clicks=self.clicked)
        self.back_to_setup()

    def deactivate(self) -> None:
        """Another mode is chosen: forget a move half chosen."""
        self.cancel_choosing()

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

    def build(self) -> None:
        """Back to set-up: show the position being set up, a click on the board changes it again."""
        if self.click_does.value == "edit":
            self.back_to_setup()
        else:
            self.click_does.value = "edit"  # shows the set-up (and its building buttons)

    def back_to_setup(self, said: str = "") -> None:
        """Show the position being set up, and ``said`` (default: what a click does now)."""
        problem = self.redraw()
        if problem is None:
            self.stage.feedback.say(said or self._how())

    def redraw(self) -> str | None:
        """Show the set-up on the board; why it cannot be played, if so (said on screen)."""
        self.cancel_choosing()
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
        return "Click the board to change the position."

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
        self.cancel_choosing()
        self.stage.show(trace)
        self.stage.controller.start_playing()
        self.stage.feedback.say(f"{move_label(trace)}: watch it step by step. Click the board for another move, "
                                "or press back to set-up.")

    def paint(self, drawing: Any) -> None:
        """The position set up (a game may mark the move being chosen)."""
        drawing.show(self.playable())

    def cancel_choosing(self) -> None:
        """Forget a move half chosen by clicks (games whose moves take several clicks)."""
        self.choices.children = ()

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
