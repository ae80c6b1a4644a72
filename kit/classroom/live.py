"""A live game on the big board: the game's play board from :mod:`kit.widgets`, laid out
for a projector.

The play board does the playing (click the board to move, undo / redo, new game, people
or the computer at any level, 2 or 3 players for Myra); :class:`LiveGame` only places
its parts: the board picture, its status, preview and message lines and its toolbar in the
middle, the choice of players, the rules and the move list beside it. Hovering a hole or a
piece says in one line, in large type, what the move would do; hints are free (no limit);
**explain** answers "why not this move?" for the move chosen beside the board.
"""
from __future__ import annotations

import ipywidgets as widgets

from kit.widgets import MyraPlayBoard, WalakPlayBoard


class LiveGame:
    """The parts of a play board arranged for the classroom: ``main`` (the board, made to fit
    the screen) and ``side`` (settings and the move list)."""

    def __init__(self, game: str, size: float) -> None:
        self.board: WalakPlayBoard | MyraPlayBoard = (WalakPlayBoard(size=size, hints=None) if game == "walak"
                                                      else MyraPlayBoard(size=size, hints=None))
        board = self.board
        board.stepper.view.layout.max_width = "100%"
        board.preview.add_class("kit-preview")  # what the hole or piece under the pointer would do, in large type
        extra = [board.click_choices] if isinstance(board, MyraPlayBoard) else []
        self.main = widgets.VBox([board.status, board.stepper.view, *extra, board.preview, board.message,
                                  board.toolbar, board.errors], layout=widgets.Layout(width="100%", align_items="center"))
        self.main.add_class("kit-live")
        if isinstance(board, WalakPlayBoard):
            settings = [board.preset, board.rules_help,
                        widgets.HBox([board.why_not, board.explain_button], layout=widgets.Layout(flex_flow="row wrap"))]
        else:
            settings = [board.players, widgets.HBox([board.typed, board.typed_button, board.explain_button],
                                                    layout=widgets.Layout(flex_flow="row wrap"))]
        help_line = widgets.HTML("<b>Live game</b><br><small>Click the board to play; undo, redo and new game are "
                                 "under it. Choose who plays each side:</small>")
        self.side = widgets.VBox([help_line, board.seats, *settings, widgets.HTML("<b>Moves</b>"), board.moves])
