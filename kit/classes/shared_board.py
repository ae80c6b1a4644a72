"""The board of a class game on a page: the game's own drawing in a :class:`BoardController`,
following the class database.

A student's play panel and the projector's watched game both show a class game this way. When
the game has moved on (the database's version changed), :meth:`SharedBoard.follow` plays the new
move on the picture step by step, in at most :data:`MOVE_MS`, from the position the page
showed (a page that missed several moves, e.g. busy, plays the last of them from the position
before it); when it changed otherwise (a move taken back, another game chosen, a page just opened) it
shows the position at once; a game ended by a ruling its position does not show (a draw agreed,
a teacher's adjudication) is drawn with nobody to move and the ending as its caption. Clicks go
to the page's handler through the controller (a click mapped by the drawing's own geometry), and :attr:`SharedBoard.animating` says whether the
picture shows the game's position yet: a click is judged only on a board the player can see.
"""
from __future__ import annotations

import inspect
from typing import Any, Callable

import ipywidgets as widgets

from kit.classes.games import ClassGame, _position, _ready
from kit.core.game import Trace
from kit.widgets.controller import BoardController
from kit.widgets.feedback import Feedback
from kit.widgets.pictures import png_size

#: A move played in a class game is animated in at most this many milliseconds (a long relay
#: sowing steps faster): the opponent sees it played, and waits little for their turn.
MOVE_MS = 3000


def traces_between(old: ClassGame, new: ClassGame) -> list[Trace[Any]] | None:
    """The moves ``new`` has after those of ``old`` (the same game, moved on), traced from the
    position ``old`` showed; None when ``new`` is not ``old`` moved on (a take-back, another game)."""
    if old.id != new.id or new.moves[:len(old.moves)] != old.moves or len(new.moves) == len(old.moves):
        return None
    state, traces = old.state, []
    for text in new.moves[len(old.moves):]:
        state = _ready(state, new.is_match)
        position = _position(state, new.is_match)
        traces.append(position.trace(position.parse_move(text)))
        state = state.play(text)
    return traces


def show_ended(drawing: Any, position: Any, ending: str) -> None:
    """Draw the position of a game ended by a ruling (``ending`` says how): with the drawing's
    ``ending`` where it has one (nobody marked to move), else the position and its caption."""
    if "ending" in inspect.signature(drawing.show).parameters:
        drawing.show(position, ending=ending)
        return
    drawing.show(position)
    if hasattr(drawing, "say"):
        drawing.say(ending)


class SharedBoard:
    """The picture of one class game at a time (``box`` holds it), following the database."""

    def __init__(self, feedback: Feedback, *, height: int, clicks: Callable[[Any], None] | None = None,
                 size: float | None = None) -> None:
        self.feedback, self.height, self.clicks, self.size = feedback, height, clicks, size
        self.box = widgets.Box()
        self.box.add_class("kit-class-board")
        self.boards: dict[tuple[str, int], BoardController] = {}
        self.view: ClassGame | None = None
        self.paint: Callable[[Any], None] | None = None
        #: Whether new moves are played step by step (else their end is shown at once).
        self.animate = True
        #: Called once the picture shows the game's position (a move played to its end, a game shown).
        self.on_settled: list[Callable[[], None]] = []
        self._settling = False

    @property
    def controller(self) -> BoardController | None:
        """The controller showing the game now (None: no game shown)."""
        view = self.view
        return None if view is None else self.boards.get((view.game, len(view.seats)))

    def _board(self, view: ClassGame) -> BoardController:
        key = (view.game, len(view.seats))
        if key not in self.boards:
            board = BoardController(view.position, size=self.size, feedback=self.feedback)
            width, height = png_size(board.png())
            board.view.layout.max_width = f"min(100%, {round(self.height * width / height)}px)"
            board.view.layout.max_height = f"{self.height}px"
            board.set_mode(clicks=self.clicks)
            board.on_render.append(self._rendered)
            self.boards[key] = board
        return self.boards[key]

    @property
    def animating(self) -> bool:
        """Whether the picture is playing a move (it does not show the game's position yet)."""
        board = self.controller
        return board is not None and (board.playing or bool(board.traces))

    def follow(self, view: ClassGame | None) -> None:
        """Show ``view``: its new moves played step by step when it is the game shown moved on,
        else its position at once (None: no game)."""
        old, self.view = self.view, view
        if view is None:
            self.box.children = ()
            return
        board = self._board(view)
        self.box.children = (board.view,)
        traces = None if old is None or not self.animate else traces_between(old, view)
        if traces is None:
            self.show()
            return
        if len(traces) > 1:  # a page catching up: the last move only
            board.load(traces[-1], autoplay=True, within_ms=MOVE_MS)
        else:
            board.extend(traces[-1], autoplay=True, within_ms=MOVE_MS)

    def show(self) -> None:
        """Show the game's position now (with the page's :attr:`paint`, e.g. the hollows lit); a
        game ended by a ruling its position does not show (a draw agreed, adjudicated, a player
        gone) shows nobody to move, and says how it ended under the board."""
        board, view = self.controller, self.view
        if board is None or view is None:
            return
        if view.status == "over" and not view.position.is_over:
            position, said = view.position, view.says()
            board.show_position(position, lambda drawing: show_ended(drawing, position, said))
        else:
            board.show_position(view.position, self.paint)

    def _rendered(self) -> None:
        """A picture was drawn: once a move has been played to its end, the position is shown."""
        board = self.controller
        if board is None or self._settling:
            return
        if board.traces and (board.playing or board.step < board.steps):
            return
        self._settling = True
        try:
            if board.traces:
                self.show()
            for settled in self.on_settled:
                settled()
        finally:
            self._settling = False

    def png(self) -> bytes:
        """The picture shown now (PNG bytes)."""
        board = self.controller
        return b"" if board is None else board.png()
