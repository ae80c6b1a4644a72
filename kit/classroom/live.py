"""A live game on the big board: the game's play board from :mod:`kit.widgets`, laid out
for a projector.

The play board does the playing (click the board to move, undo / redo, new game, people
or the computer at any level, 2 or 3 players for Myra); :class:`LiveGame` only places
its parts: the board picture, its status, preview and message lines and its toolbar in the
middle, the choice of players, the rules and the move list beside it. Hovering a hole or a
piece says in one line, in large type, what the move would do; hints are free (no limit);
**explain** answers "why not this move?" for the move chosen beside the board.

The computer thinks on a thread of its own (:attr:`PlayBoard.think_aside`): the person's
move is played on the board at once, step by step, while a line says who is thinking;
clicks meanwhile are refused with a word (only **stop thinking** works), never queued.
"""
from __future__ import annotations

import ipywidgets as widgets

import kit
from kit.classroom.myra_side import projector_side
from kit.widgets.play_board import PlayBoard


class LiveGame:
    """The parts of a play board arranged for the classroom: ``main`` (the board, made to fit
    the screen) and ``side`` (settings and the move list)."""

    def __init__(self, game: str, size: float) -> None:
        self.board: PlayBoard = kit.game(game).play_board()(size=size, hints=None)
        board = self.board
        board.think_aside = True  # the computer thinks on a thread: the room never freezes
        board.animate.value = True  # in class every move is played step by step
        board.stepper.view.layout.max_width = "100%"
        board.preview.add_class("kit-preview")  # what the hole or piece under the pointer would do, in large type
        if game == "myra":  # the board alone, large; players, reserves, key and the buttons beside it
            tools = widgets.VBox([projector_side(board.stepper, size), board.toolbar])
            tools.add_class("kit-tools")
            picture = widgets.HBox([board.stepper.view, tools])
            picture.add_class("kit-picture-row")
            picture.add_class("kit-with-beside")
            parts = [board.status, picture, *board.under_board(), board.preview, board.message, board.errors]
        else:
            parts = [board.status, board.stepper.view, *board.under_board(), board.preview, board.message,
                     board.toolbar, board.errors]
        self.main = widgets.VBox(parts, layout=widgets.Layout(width="100%", align_items="center"))
        self.main.add_class("kit-live")
        where = "beside" if game == "myra" else "under"
        help_line = widgets.HTML(f"<b>Live game</b><br><small>Click the board to play; undo, redo and new game are "
                                 f"{where} it. Choose who plays each side:</small>")
        self.side = widgets.VBox([help_line, board.seats, *board.live_settings(), widgets.HTML("<b>Moves</b>"),
                                  board.moves])
