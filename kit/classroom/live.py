"""A live game on the big board: the game's play board from :mod:`kit.widgets`, laid out
for a projector.

The play board does the playing (click the board to move, undo / redo, new game, people
or the computer at any level, any number of players the game allows); :class:`LiveGame` only places
its parts: the board picture, its status, preview and message lines and its toolbar in the
middle, the choice of players, the rules and the move list beside it (the move list
scrolls in a box of its own, so the side panel fits the screen). Where one click allows
several moves, the buttons to choose from stand at the top of the side panel, never below
the screen's edge. Hovering a hole or a
piece says in one line, in large type, what the move would do; hints are free (no limit);
**explain** answers "why not this move?" for the move chosen beside the board.

The computer thinks on a thread of its own, as on every play board: the person's
move is played step by step from its first step at once, while a line says who is thinking (the computer's move is
then played step by step after it, each move in at most :data:`LONGEST_MOVE_MS` and named
on the message line once the picture reaches it); clicks meanwhile are refused with a word (only **stop
thinking** works), never queued, and so are clicks on the board while a move is played
step by step (the picture does not show the position yet).
"""
from __future__ import annotations

import ipywidgets as widgets

from kit.core.game import game as find_game
from kit.widgets.play_board import PlayBoard

#: A move played in class is animated in at most this many milliseconds (a long relay
#: sowing steps faster), so that the class does not wait half a minute for the next turn.
LONGEST_MOVE_MS = 7000


class LiveGame:
    """The parts of a play board arranged for the classroom: ``main`` (the board, made to fit
    the screen) and ``side`` (settings and the move list)."""

    def __init__(self, game: str, size: float) -> None:
        self.board: PlayBoard = find_game(game).play_board()(size=size, hints=None)
        board = self.board
        board.follows_picture = True  # the status names the player the picture names
        board.animate.value = True  # in class every move is played step by step
        board.longest_move_ms = LONGEST_MOVE_MS
        board.controller.view.layout.max_width = "100%"
        board.preview.add_class("kit-preview")  # what the hole or piece under the pointer would do, in large type
        board.status.add_class("kit-live-status")  # whose turn, in the side panel's type (read from the back)
        beside = find_game(game).projector_side(board.controller, size)
        # the preview's switch stands in the side panel: the buttons' row stays one row (its
        # second row, and a row coming and going, took the board's height)
        board.toolbar.children = tuple(part for part in board.toolbar.children if part is not board.hover_preview)
        if beside is not None:  # the board alone, large; what the game shows beside it, and the buttons
            tools = widgets.VBox([beside, board.toolbar])
            tools.add_class("kit-tools")
            picture = widgets.HBox([board.controller.view, tools])
            picture.add_class("kit-picture-row")
            picture.add_class("kit-with-beside")
            parts = [board.status, picture, board.preview, board.message, board.errors]
        else:  # the message keeps two lines: a longer reply does not shrink the board (beside a game's
            # panel, the board needs that height)
            board.message.add_class("kit-two-lines")
            parts = [board.status, board.controller.view, board.preview, board.message, board.toolbar, board.errors]
        self.main = widgets.VBox(parts, layout=widgets.Layout(width="100%", align_items="center"))
        self.main.add_class("kit-live")
        help_line = widgets.HTML("<b>Live game</b>: click the board to play. Who plays each side:")
        board.moves.add_class("kit-fill")  # the move list takes the height left, and scrolls inside it
        settings = [help_line, board.seats, *board.live_settings()]
        self.settings = settings
        self._hiding: set[str] = set()  # what stands in the settings' place now: "choosing", "rules"
        #: Said in the settings' place while the rules are open.
        self.rules_note = widgets.HTML("<i>The choice of players comes back when the rules are closed.</i>",
                                       layout=widgets.Layout(display="none"))
        choosing = board.under_board()  # e.g. a game's "Which move?" buttons, shown while a click means several moves
        for part in choosing:  # they stand in the settings' place meanwhile: the panel never scrolls
            part.layout.observe(lambda change: self._hide_settings("choosing", change["new"] != "none"), "display")
        self.side = widgets.VBox([*choosing, self.rules_note, *settings, board.hover_preview,
                                  widgets.HTML("<b>Moves</b>"), board.moves])
        self.side.add_class("kit-column")

    def rules_opened(self, opened: bool) -> None:
        """The rules under the side panel were opened (or closed): they take the settings' place
        meanwhile, so the panel never scrolls (both did not fit at 720p)."""
        self._hide_settings("rules", opened)

    def _hide_settings(self, why: str, hidden: bool) -> None:
        (self._hiding.add if hidden else self._hiding.discard)(why)
        for part in self.settings:
            part.layout.display = "none" if self._hiding else None
        self.rules_note.layout.display = None if self._hiding == {"rules"} else "none"

    def quiet(self) -> None:
        """Clear the message and the preview line (the mode is left); while the computer thinks,
        the line saying so stays."""
        if not self.board.computer_turn:
            self.board.feedback.say("")
        self.board.preview.value = ""
