"""The play board both games build on: the game in a stepper, undo / redo, players, moves, records."""
from __future__ import annotations

import html
import threading
import time
from contextlib import ExitStack, contextmanager
from dataclasses import replace
from typing import Any, Iterator, Sequence

import ipywidgets as widgets

from kit.agents.hints import explain
from kit.core.game import Trace, game_of, Record, game
from kit.core.errors import IllegalMove
from kit.exercises import find_exercise, tried, when_tried, wrong_tries
from kit.draw.canvas import turn_word
from kit.widgets.controller import BoardController
from kit.widgets.feedback import CALLBACK_LOCK, Feedback, button
from kit.widgets.games import move_label, mover_name, status_text
from kit.widgets.hints import DEFAULT_HINTS, HintAllowance, marks, suggest
from kit.widgets.history import Entry, History
from kit.widgets.move_line import MoveLine
from kit.widgets.pictures import PngFallback
from kit.widgets.record_box import RecordBox
from kit.widgets.seats import Seats
from kit.widgets.stepper import MoveStepper


#: The board column's starting width and least width: below that the controls wrap under it.
BOARD_BASIS, BOARD_MIN = "420px", "320px"

#: The refusal of a click while a move is played step by step (gone once it has been played).
WAIT = "Wait for the move to finish, then click the board."
#: Said when computer move is pressed while a move is still being played (it would play the next side's move).
WAIT_COMPUTER = "Wait for the move to finish, then press computer move."

HINT_TOOLTIP = "hint: mark a good move for the side to move on the board, and say why (nothing is played)"

#: The height of one line of a widget's text (JupyterLab's and Voila's widget line).
LINE = "var(--jp-widgets-inline-height, 28px)"

#: The hint button of a board beside an exercise before a first try at it.
WAITING_HINT = "hint after an answer"
WAITING_TOOLTIP = "the hint comes on after your first answer to the exercise, in its answer box (a move on the board is no answer)"

#: Said after a hint on a board beside an exercise: the move that plays best need not be the one asked for.
BESIDE_AN_EXERCISE = "(It is the move the computer would play; it need not answer the exercise.)"


class PlayBoard(PngFallback, widgets.VBox):
    """A play board: the stepper showing the game, undo / redo / new game / computer move,
    who plays each side, the move list (select a move to watch it again) and the record box.

    A game's board supplies its state (a position, or a match of rounds), the controls
    that make a move, and the JSON record; actions replace the state with the result of
    ``play`` and keep every state in :attr:`history`.

    ``hints`` is how many hints a game allows (default :data:`~kit.widgets.hints.DEFAULT_HINTS`;
    None: unlimited); a hint marks the suggested move on the board and says why. **explain**
    says what the move chosen (typed, selected) does and the best reply the computer finds to it.
    :attr:`hint_search` is passed to the search (e.g. ``{"depth": 2}``; empty: one second).
    ``exercise`` names the exercise (or exercises) the board stands beside in a lesson: its hint is off
    ("hint after an answer") until a wrong answer to one of them; then, on the exercise's position, a
    hint is the exercise's own next hint, and after a move the computer's (the move that plays best need
    not answer the question: the hint says so).

    The computer searches on a thread of its own (in a notebook and in the classroom alike):
    the person's move is shown at once (played step by step from its first step if **animate
    each move** is on, the computer's move appended after it), the message line says who is
    thinking for as long as it thinks, every control but **stop thinking** is refused with a
    word meanwhile and until the computer players' moves have been played (nothing is queued),
    and **stop thinking** stops the computer's turn (no computer player moves after it). Code
    in a notebook cell calls :meth:`wait` to go on once the computer has answered. With
    :attr:`follows_picture` on (the classroom), the status line names the player the picture
    names ("South moving", "South moved", then "North to move") and the position is shown
    once the last move has been played.

    The message line follows the picture (:class:`~kit.widgets.move_line.MoveLine`): a move
    is named ("Played ...", "North (computer, club) played ...", with its captures) once the
    picture has played it, and so is it listed in the move list; a click or hover on a
    picture that does not show the position yet (a move being played step by step) is not
    judged, and the "wait" said instead gives way to the message it replaced once the move
    has been played. **preview on hover** (on at first, beside **animate each move**) says,
    on a line under the picture, what the move under the pointer would do. **new game** starts again from the position the board was opened on (an
    exercise's), until the rules or players are changed.
    """

    #: The game's name, used for the record file and the computer players.
    game_name = ""

    def __init__(self, state: Any, *, size: float | None, hints: int | None = DEFAULT_HINTS,
                 exercise: str | Sequence[str] = ()) -> None:
        self.hints = HintAllowance(hints)
        #: The exercises this board stands beside: its hint is off until a wrong try at one of them.
        self.exercises: tuple[str, ...] = (exercise,) if isinstance(exercise, str) else tuple(exercise)
        self.hint_search: dict[str, Any] = {}
        self.hinted: Any = None  # the move the last hint suggested, marked on the board until the next change
        self.feedback = Feedback()
        self.message, self.errors = self.feedback.message, self.feedback.errors
        guard = self.feedback.guard
        self.history = History(Entry(state))
        position = self.position
        self.controller = BoardController(position, size=size, feedback=self.feedback)
        self.controller.set_mode(clicks=self._board_clicked, hovers=self._hovered)
        self.stepper = MoveStepper(controller=self.controller)  # the picture with its step buttons
        self.status = widgets.HTML()
        self.preview = widgets.HTML(layout=widgets.Layout(min_height="1.5em"))
        self.preview_text = ""
        self.undo_button = button("↶ undo", "undo: take back the last move (and the computer's reply)")
        self.redo_button = button("↷ redo", "redo: play the move taken back again")
        self.new_button = button("new game", "new game: start again from the start position", icon="refresh")
        self.computer_button = button("computer move", "computer move: let the computer play the side to move",
                                      icon="cogs")
        self.hint_button = button(self.hints.label(), HINT_TOOLTIP, icon="lightbulb-o")
        self.explain_button = button("explain", "why (not) this move? what the move chosen does and the best reply "
                                     "to it", icon="question")
        self.animate = widgets.Checkbox(value=False, description="animate each move", indent=False,
                                        tooltip="play each new move step by step instead of showing its result",
                                        layout=widgets.Layout(width="auto"))
        self.stop_button = button("stop thinking", "stop thinking: the computer gives up this search (computer move "
                                  "lets it try again)", icon="stop", button_style="warning")
        self.stop_button.layout.display = "none"
        self.hover_preview = widgets.Checkbox(value=True, description="preview on hover", indent=False,
                                              tooltip="say what the move under the pointer would do (turn off in "
                                              "class to keep the result of a move for the class to find)",
                                              layout=widgets.Layout(width="auto"))
        self.toolbar = widgets.HBox([self.undo_button, self.redo_button, self.new_button, self.computer_button,
                                     self.hint_button, self.stop_button, self.animate, self.hover_preview],
                                    layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        #: The status line names the player the picture names, and the position is shown once
        #: the last move has been played (the classroom's big board).
        self.follows_picture = False
        self._thinking: object | None = None  # the search under way (a token), and who thinks
        self._thinker = ""
        self._replies = 0  # the computer players still to move once the picture has played the move shown
        self._reply: Trace[Any] | None = None  # a computer's move the picture has still to play to its end
        self._stopped = ""  # what stop thinking stopped, said after the line until the next turn
        self._live: tuple[Trace[Any], ...] = ()  # the moves of the game the stepper shows, up to the current state
        #: A move played as it happens is animated in at most this many milliseconds (None: no limit).
        self.longest_move_ms: int | None = None
        self.line = MoveLine(self.feedback)  # what the message line says for which move
        self._stale = False  # a hover went unanswered while the picture did not show the position
        self._opening = state  # the state the board was opened on: new game starts from it again
        self._served = 0  # the exercises' hints given so far (each press gives the next)
        self.feedback.refusal = self._refusal
        self.controller.on_render.append(self._follow)
        self.seats = Seats(self.game_name, self.player_names(position), self._seats_changed, guard)
        self.moves = widgets.Select(options=[], rows=14, tooltip="the moves of this game: select one to watch it again",
                                    layout=widgets.Layout(width="13em"))
        self.records = RecordBox(self.record_json, self.load_record, f"{self.game_name}-game.json", guard)
        self.undo_button.on_click(guard(lambda _: self.undo()))
        self.redo_button.on_click(guard(lambda _: self.redo()))
        self.new_button.on_click(guard(lambda _: self.new_game()))
        self.computer_button.on_click(guard(lambda _: self.computer_move()))
        self.hint_button.on_click(guard(lambda _: self.hint()))
        self.explain_button.on_click(guard(lambda _: self.explain()))
        self.moves.observe(guard(self._move_selected), "value")
        self.hover_preview.observe(lambda change: None if change["new"] else self.say_preview(""), "value")
        self.stop_button.on_click(self.feedback.guard(lambda _: self.stop_thinking(), always=True))
        self._syncing = False
        for key in self.exercises:  # an unknown key is refused here, naming the known ones
            when_tried(key, self._exercise_tried)
        super().__init__()

    def _arrange(self, side: Sequence[widgets.Widget], settings: Sequence[widgets.Widget]) -> None:
        """Lay the board out: the status, the buttons a player needs (undo, new game...), the
        message and preview lines and the stepper, with the game's controls (``side``) and the
        move list beside it; the settings, the players and the record box folded away under it
        (closed at first)."""
        self.message.layout.max_width = self.preview.layout.max_width = self.controller.view.layout.max_width
        # The buttons sit above the picture and the board column shrinks (its picture scales)
        # before the controls wrap below it: at 1366 x 768 in JupyterLab the holes, undo and
        # new game are on one screen.
        # The reply to a click (the message line) stands above the picture too, near the status:
        # below the stepper's slider it was under the screen's edge. The preview, which changes
        # as the pointer moves over the picture, stands right under it: above it, a preview
        # growing to three lines (a chain of captures) moved the picture under the pointer
        # between pointing at a hole and clicking it.
        # Each holds a line's height from the start (a widget line is 28 px, not 1.5em): a first
        # message or preview coming grew it, and moved what is under it, the picture included.
        self.message.layout.min_height = self.preview.layout.min_height = LINE
        self.stepper.picture.children = (*self.stepper.picture.children, self.preview)
        board = widgets.VBox([self.status, self.toolbar, self.message, self.stepper],
                             layout=widgets.Layout(flex=f"1 1 {BOARD_BASIS}", min_width=BOARD_MIN))
        controls = widgets.VBox([*side, widgets.HTML("<b>Moves</b>"), self.moves],
                                layout=widgets.Layout(flex="0 1 auto"))
        main = widgets.HBox([board, controls], layout=widgets.Layout(flex_flow="row wrap", grid_gap="1em"))
        more = widgets.Accordion([widgets.VBox([*settings, self.seats, widgets.HTML("<b>Game record (JSON)</b>"),
                                                self.records])],
                                 titles=("settings: rules, players, game record",), selected_index=None)
        self.children = (main, more, self.errors)

    # -- the game's part ----------------------------------------------------------------------

    def under_board(self) -> list[widgets.Widget]:
        """What a big-board layout (the classroom's live game) shows right under the picture."""
        return []

    def live_settings(self) -> list[widgets.Widget]:
        """The settings a big-board layout shows beside the board, under the players."""
        return []

    def position_of(self, state: Any) -> Any:
        """The position to move from in a state."""
        return state

    def advance(self, state: Any, trace: Trace[Any]) -> Any:
        """The state after a traced move."""
        return trace.after

    def player_names(self, position: Any) -> tuple[str, ...]:
        """The names of the players in this position."""
        return game_of(position).player_names(position.num_players)

    def new_state(self) -> Any:
        """The state a new game starts from, with the settings chosen."""
        raise NotImplementedError

    def record_json(self) -> str:
        """The current game as a JSON record."""
        raise NotImplementedError

    def record_entries(self, record: Record) -> list[Entry]:
        """The entries of a game record (read and checked), its "new" entry first: each move
        traced from the start (a game whose records hold several rounds says more)."""
        entries, position = [Entry(record.start)], record.start
        for move in record.moves:
            trace = position.trace(move)
            position = trace.after
            entries.append(Entry(position, "move", trace))
        return entries

    @property
    def names(self) -> dict[str, str]:
        """The players' names by seat in the current game (from a record loaded; saved with it)."""
        return dict(self.history.game()[0].names)

    def refresh_controls(self) -> None:
        """Bring the game's own controls up to date with the current state."""

    def move_to_explain(self) -> Any:
        """The move the student chose to ask about (typed or selected); IllegalMove if none."""
        raise NotImplementedError

    def click(self, target: Any) -> None:
        """A click on the board picture: ``target`` is a hole or a hollow, None elsewhere."""
        raise NotImplementedError

    def hover(self, target: Any) -> None:
        """The pointer came to another hole or hollow (None: it left the board)."""
        raise NotImplementedError

    def status_html(self) -> str:
        """The status line above the board."""
        return f"<b>{html.escape(status_text(self.position), quote=False)}</b>"

    def paint(self, drawing: Any) -> None:
        """Draw the current position with the hint's marks (a game's board adds its highlights)."""
        drawing.show(self.position, hint=self.hint_marks())

    def hint_marks(self) -> tuple[Any, ...]:
        """The holes or hollows marking the move the last hint suggested (none after a change)."""
        return () if self.hinted is None else marks(self.position, self.hinted)

    # -- state ------------------------------------------------------------------------------------

    @property
    def state(self) -> Any:
        """The current state (a position, or for a match of rounds the match)."""
        return self.history.current.state

    @property
    def position(self) -> Any:
        """The position to move from now."""
        return self.position_of(self.state)

    def png(self) -> bytes:
        """The board picture shown now, as PNG bytes."""
        return self.controller.png()

    @property
    def animating(self) -> bool:
        """Whether the picture is playing a move step by step (or stopped on the way through
        a move just played): it does not show the position a click would be judged on."""
        if self.controller.playing:
            return True
        trace, step = self.controller.locate()
        return trace is not None and trace in self._live and not (trace is self._live[-1]
                                                                  and step == len(trace.events))

    @property
    def replaying(self) -> bool:
        """Whether the picture shows another move than the game's last (one selected in the
        move list, the first laps of an endless sowing): not the position a click is judged on."""
        trace, _ = self.controller.locate()
        return trace is not None and trace not in self._live

    def _board_clicked(self, target: Any) -> None:
        if self.animating:  # never judge a click against a board the players cannot see
            self.line.hold(WAIT)
            return
        if self.replaying:
            self._show([])
            self.feedback.say("The board showed a past move, not the game: here is the game again. "
                              "Click again to play.", "error")
            return
        try:
            self.click(target)
        finally:  # the line on the hole or hollow under the pointer follows what the click changed
            self._hovered(self.controller.view.hovered)

    def _hovered(self, target: Any) -> None:
        if not self.hover_preview.value:
            self.say_preview("")
        elif self._thinking is not None or self.animating or self.replaying:
            self.say_preview("")  # nothing previewed on a position the picture does not show
            self._stale = True
        else:
            self.hover(target)

    def say_preview(self, text: str) -> None:
        """Show one line on what a move would do (empty: clear it); :attr:`preview_text` holds it."""
        self.preview_text = text
        self.preview.value = (f'<span style="color:#333;font-style:italic">{html.escape(text, quote=False)}</span>'
                              if text else "")

    def preview_of(self, move: Any) -> str:
        """One line on what a move will do: the mover and move, and its decisive events (its
        captures, the end of the game) or else how it ends."""
        trace = self.position.trace(move)
        return f"{move_label(trace)}: " + " ".join(self.decisive(trace) or [trace.events[-1].text])

    def decisive(self, trace: Trace[Any]) -> list[str]:
        """The texts of a move's decisive events: those the drawing holds (captures, the end of the game)."""
        return [event.text for event in trace.events if self.controller.drawing.holds(event)]

    def told(self, trace: Trace[Any], mover: bool = True) -> str:
        """A move played, for the message line: the mover (unless ``mover`` is False: the
        sentence names them already) and move, with its decisive events in brackets, e.g.
        "Orange G4-G5-G6-G7 (captures Blue's troop of 3 on G7)"."""
        name = mover_name(trace) + " "
        decisive = "; ".join(text.removeprefix(name).rstrip(".") for text in self.decisive(trace))
        said = move_label(trace) if mover else trace.before.notation(trace.move)
        return f"{said} ({decisive})" if decisive else said

    # -- actions ----------------------------------------------------------------------------------

    def play_move(self, move: Any) -> None:
        """Play a move for the side to move, then let computer players answer; an illegal move
        raises IllegalMove and changes nothing."""
        position = self.position
        if position.is_over:
            raise IllegalMove("the game is over: press new game")
        self._moved(position.trace(move))

    def computer_move(self) -> None:
        """Let the computer play the side to move (a person's side at club strength), then answer."""
        position = self.position
        if position.is_over:
            raise IllegalMove("the game is over: press new game")
        if self.animating:  # the picture still plays a move: the side to move is not the one shown
            self.line.hold(WAIT_COMPUTER)
            return
        self.line.head("")
        self._think(position.num_players, force=True)  # then the computer players after it

    def hint(self) -> None:
        """Mark the move the strong search suggests for the side to move on the board and say
        why; nothing is played. Each game allows :attr:`hints` of them."""
        position = self.position
        if position.is_over:
            raise IllegalMove("the game is over: press new game")
        if self.hint_waits:
            raise IllegalMove(f"the hint comes on after a first try at the exercise{'s' * (len(self.exercises) > 1)}")
        self.hints.take()  # refused when none are left: nothing else changes
        self.hint_button.description = self.hints.label()
        served = self._exercise_served()
        if served is not None:  # the exercise's own position: its own hint, not the computer's move
            self.feedback.say(f"Hint for the exercise: {served}{self._hints_left()}", "ok")
            return
        suggestion, line = suggest(position, **self.hint_search)
        self.hinted = position.parse_move(suggestion.move)
        self.controller.show_position(position, self.paint)
        caveat = f" {BESIDE_AN_EXERCISE}" if self.exercises else ""
        self.feedback.say(line + caveat + self._hints_left(), "ok")

    def _hints_left(self) -> str:
        left = self.hints.left
        return "" if left is None else f" ({left} hint{'s' * (left != 1)} left in this game)"

    def _exercise_served(self) -> str | None:
        """While the board shows the position it was opened on beside exercises, the next of the
        hints of the last of them tried, after those its wrong answers earned (a computer's best
        move need not answer the question: lesson 4 exercise 3's was a wrong answer); else None."""
        opening = None if self._opening is None else self.position_of(self._opening)
        keys = [key for key in self.exercises if tried(key)]
        if not keys or opening is None or self.position != opening:
            return None
        hints = find_exercise(keys[-1]).hints
        self._served += 1
        return hints[(wrong_tries(keys[-1]) + self._served - 1) % len(hints)] if hints else None

    @property
    def hint_waits(self) -> bool:
        """Whether the hint waits for a first wrong try at the exercises the board stands beside."""
        return bool(self.exercises) and not any(tried(key) for key in self.exercises)

    def _show_hint_button(self) -> None:
        """The hint button as the game, the allowance and the exercises' tries have it."""
        waits = self.hint_waits
        self.hint_button.disabled = self.position.is_over or self.hints.limit == 0 or waits  # hints=0: no hint here
        self.hint_button.description = WAITING_HINT if waits else self.hints.label()
        self.hint_button.tooltip = WAITING_TOOLTIP if waits else HINT_TOOLTIP

    def _exercise_tried(self) -> None:
        """An exercise the board stands beside had a wrong answer (or its answers were forgotten)."""
        with CALLBACK_LOCK:
            if not self.computer_turn:  # else the turn's end brings the button up to date
                self._show_hint_button()

    def explain(self) -> None:
        """Say what the move chosen does and the best reply the computer finds to it ("why not this move?")."""
        position = self.position
        if position.is_over:
            raise IllegalMove("the game is over: press new game")
        move = self.move_to_explain()
        self.feedback.say(f"{position.notation(move)}: {explain(position, move)}")

    def _moved(self, trace: Trace[Any]) -> None:
        """A person's move: shown at once (animated if :attr:`animate` is on), then the
        computer players answer, their moves appended to the picture after it."""
        with self._settled():
            self._push(trace)
            self._show([trace], played=f"Played {self.told(trace)}.")
            self._think(self.position.num_players - 1)

    def new_game(self) -> None:
        """Start a new game from the position the board was opened on (with the settings
        chosen, once they have been changed); undo brings the old one back; the computer
        opens if it plays first."""
        self.history.push(Entry(self._opening if self._opening is not None else self.new_state()))
        self.hints.reset()
        self._start_turn("New game.")

    def _setting_changed(self, _change: dict[str, Any]) -> None:
        """A setting of the game (rules, players) changed: start a new game with it, saying so."""
        if not self._syncing:
            self._opening = None  # from the settings' start from now on
            self.history.push(Entry(self.new_state()))
            self.hints.reset()
            self._start_turn("New settings: a new game has started (undo brings the old one back).")

    def undo(self) -> None:
        """Take back the last move, and the computer moves before it, back to a person's turn."""
        left = self.history.current
        self.history.undo()
        while (left.kind == "move" and self.history.can_undo and self.history.current.kind == "move"
               and self.seats.is_computer(self.position.to_move) and not self.position.is_over):
            self.history.undo()
        self._show([])
        self._say("The game before the new game is back." if left.kind == "new" else "Move taken back.")

    def redo(self) -> None:
        """Play again the moves taken back, up to a person's turn."""
        entry = self.history.redo()
        traces = [entry.trace]
        while (self.history.can_redo and self.history.entries[self.history.cursor + 1].kind == "move"
               and self.seats.is_computer(self.position.to_move)):
            traces.append(self.history.redo().trace)
        self._show([t for t in traces if t is not None])
        self._say("The new game is back." if entry.kind == "new" else "Move played again.")

    def load_record(self, data: str | bytes) -> None:
        """Replace the game by the one in a JSON record, text or a file's bytes (undo brings
        the old one back)."""
        record = game(self.game_name).record_from_json(data)
        entries = self.record_entries(record)
        entries[0] = replace(entries[0], names=dict(record.names))
        for entry in entries:
            self.history.push(entry)
        self.hints.reset()
        self._show([])
        moves = sum(entry.trace is not None for entry in entries)
        self._say(f"Game record loaded: {moves} move{'s' * (moves != 1)}.", "ok")

    def _say(self, text: str, kind: str = "info") -> None:
        """A new head of the message line, said now (a computer player waiting is named after it)."""
        self.line.start(text, kind)
        self._tell_line()

    def _start_turn(self, text: str) -> None:
        with self._settled():
            self.line.start(text)
            self._show([])
            self._think(self.position.num_players - 1)

    def _waiting(self) -> str:
        """A hint when a computer player is to move but waits for the computer move button."""
        position = self.position
        if position.is_over or not self.seats.is_computer(position.to_move):
            return ""
        return f" {self.player_names(position)[position.to_move]} (computer) is to move: press computer move."

    def _push(self, trace: Trace[Any]) -> None:
        self.history.push(Entry(self.advance(self.state, trace), "move", trace))

    def _thinker_of(self, position: Any) -> str:
        """The computer player to move, with its level: "North (computer, strong)"."""
        level = self.seats.level(position.to_move)
        return f"{self.player_names(position)[position.to_move]} (computer, {'club' if level == 'person' else level})"

    # -- the computer thinking aside ----------------------------------------------------------------

    @property
    def thinking(self) -> bool:
        """Whether the computer is searching for a move now."""
        return self._thinking is not None

    @property
    def computer_turn(self) -> bool:
        """Whether the computer players' turn is under way: one searching, one to move once the
        picture has played the move shown, or a computer's move still being played on the picture
        (every control but stop thinking waits)."""
        return self._thinking is not None or self._replies > 0 or self._reply is not None

    def _think(self, replies: int, force: bool = False) -> None:
        """Let the computer play the side to move on a thread of its own, then up to
        ``replies - 1`` more computer players after it (``force``: a person's side too)."""
        position = self.position
        self._replies = 0
        if replies <= 0 or position.is_over or not (force or self.seats.is_computer(position.to_move)):
            self._busy()
            self._tell_line()
            return
        self._thinker = self._thinker_of(position)
        self._stopped = ""
        token = object()
        self._thinking = token
        self._busy()
        self._tell_line()
        threading.Thread(target=self._search, args=(token, position, replies), daemon=True,
                         name="kit-computer-move").start()

    def _search(self, token: object, position: Any, replies: int) -> None:
        """The search, off the widget thread; its move is played unless stopped meanwhile."""
        try:
            move, failure = self.seats.choose(position), None
        except Exception as error:  # noqa: BLE001 - shown to the user by _found
            move, failure = None, error
        self.feedback.guard(self._found, always=True)(token, position, move, failure, replies)

    def _found(self, token: object, position: Any, move: Any, failure: Exception | None, replies: int) -> None:
        if self._thinking is not token:
            return  # stopped meanwhile
        self._thinking = None
        if failure is not None:
            self._busy()
            raise failure
        trace = position.trace(move)
        # the move is named (and listed) once the picture has played it (after the person's move still animated)
        self.line.tell(trace, f"{self._thinker} played {self.told(trace, mover=False)}.")
        self._push(trace)
        self._live = (*self._live, trace)
        after = self.position
        more = replies - 1 > 0 and not after.is_over and self.seats.is_computer(after.to_move)
        self._replies = replies - 1 if more else 0  # the next computer thinks once the move has been played
        self._reply = trace  # the turn is over once the picture has played it
        self._busy()
        self.controller.extend(trace, autoplay=self.animate.value, within_ms=self.longest_move_ms)
        self._follow()

    @property
    def _stoppable(self) -> bool:
        """Whether stop thinking has a computer to stop: one searching, or one still to move (a
        computer's move found is played to its end)."""
        return self._thinking is not None or self._replies > 0

    def stop_thinking(self) -> None:
        """Stop the computer's turn: the computer searching does not move, and no computer
        player after it (computer move lets it try again)."""
        if not self._stoppable:
            return  # nobody to stop (a computer's move being played is played to its end)
        who = self._thinker if self._thinking is not None else self._thinker_of(self.position)
        self._thinking, self._replies = None, 0
        self._stopped = f"Stopped: {who} did not move. Press computer move to let it try again."
        self._busy()
        self._tell_line()

    def _refusal(self) -> str:
        if self._thinking is not None:
            return f"Wait: {self._thinker} is thinking. Press stop thinking to stop it."
        if self._replies:
            return (f"Wait: {self._thinker_of(self.position)} moves once this move has been played. "
                    "Press stop thinking to stop it.")
        return ""

    def wait(self, timeout: float = 120.0) -> None:
        """Wait until the computer players have answered and the picture has played their
        moves: for code in a notebook cell (``board.play_move("c"); board.wait()``), since the
        board answers on threads of its own. Not for a widget callback (it would wait for itself)."""
        end = time.monotonic() + timeout
        while True:
            with CALLBACK_LOCK:
                if not self.computer_turn and not self.controller.playing:
                    return
            if time.monotonic() > end:
                raise TimeoutError(f"the computer did not answer within {timeout:g} s")
            time.sleep(0.01)

    def busy_controls(self) -> list[widgets.Widget]:
        """The controls disabled while the computer thinks (a game's board adds its own)."""
        return [self.undo_button, self.redo_button, self.new_button, self.computer_button, self.hint_button,
                self.explain_button, self.moves, *self.seats.dropdowns]

    def _busy(self) -> None:
        """The controls follow the computer's turn: off while it is under way, stop thinking shown."""
        on = self.computer_turn
        # with a computer seated, the button keeps its place (hidden) between its turns: coming
        # and going, it wrapped the buttons' row and resized the board under the pointer
        seated = any(self.seats.is_computer(player) for player in range(len(self.seats.dropdowns)))
        self.stop_button.layout.display = None if on or seated else "none"
        self.stop_button.layout.visibility = None if self._stoppable else "hidden"
        with self._settled():
            for control in self.busy_controls():
                control.disabled = on
            self.refresh()  # the controls that depend on the position follow it

    @contextmanager
    def _settled(self) -> Iterator[None]:
        """Send the page each busy control's state once, as it ends up (set on by the position and
        off again for the computer's turn within one change, a button flickered on the page)."""
        with ExitStack() as held:
            for control in self.busy_controls():
                held.enter_context(control.hold_sync())
            yield

    def _tell_line(self) -> None:
        """Say the message line for what the picture shows now (see :class:`MoveLine`): the moves
        it has played are named (and listed), the move being played named without what it does,
        then who is thinking, what was stopped, who waits for the computer move button."""
        controller = self.controller
        trace, step = controller.locate()
        if trace is None:
            reached = self.line.reach()
        else:
            shown = next(n for n, t in enumerate(controller.traces) if t is trace) + (step == len(trace.events))
            reached = self.line.reach(controller.traces[:shown])
        if reached:
            self._list_moves()
        waiting = self._stopped or ("" if self.computer_turn or self.animating else self._waiting().strip())
        # before its first step the picture shows the position before the move: not named yet (as the status)
        self.line.show(trace if step else None, thinking=self._thinker if self._thinking is not None else "",
                       waiting=waiting)

    def _follow(self) -> None:
        """The picture moved on: the message line follows it (:meth:`_tell_line`); once no move
        is being played, a "wait" refusal gives back the message it replaced and the next move
        of the pointer previews again; with :attr:`follows_picture` the status line names the
        player the picture names and, once the last move shown has been played to its end, the
        picture shows the position. Once the picture has played the game's last move, the next
        computer player thinks."""
        controller = self.controller
        trace, step = controller.locate()
        self._tell_line()
        if not self.animating:
            self.line.give_back(WAIT, WAIT_COMPUTER)
        if self._stale and not (self._thinking is not None or self.animating or self.replaying):
            # the next move of the pointer previews again (a line appearing by itself reads as news)
            self._stale, self.controller.view.hovered = False, None
        at_end = trace is None or (bool(self._live) and trace is self._live[-1] and step == len(trace.events)
                                   and not controller.playing)
        if self.follows_picture:
            if trace is None or self.replaying:
                self.status.value = self.status_html()
            elif at_end:
                controller.show_position(self.position, self.paint)  # drawn again: this follows from there
                return
            else:
                names = self.player_names(trace.before)
                doing = turn_word(step, len(trace.events))
                # before its first step the picture shows the position before the move: not named yet
                move = f": {html.escape(trace.before.notation(trace.move))}" if step else ""
                self.status.value = f"<b>{html.escape(names[trace.before.to_move])} {doing}{move}</b>"
        if at_end and self._replies and self._thinking is None:  # the next computer player's turn
            self._reply = None
            self._think(self._replies)  # says the line
        elif at_end and self._reply is not None:  # the computer's move has been played: the turn ends
            self._reply = None
            self._busy()
            self._tell_line()

    def _seats_changed(self) -> None:
        if not self._syncing:
            self._start_turn("Players changed.")

    # -- showing ---------------------------------------------------------------------------------

    def _show(self, traces: Sequence[Trace[Any]], played: str = "") -> None:
        """Show these moves in the stepper (their end, or animated if :attr:`animate` is on: a
        move just played from its first step at once, the board before it being the one the
        player saw; ``played`` is what is said of it, and it is listed, once the picture has
        played it), or the current position."""
        self.line.pending.clear()
        if played:
            self.line.tell(traces[-1], played)
        self._live, self._replies, self._reply, self._stopped = tuple(traces), 0, None, ""
        self.refresh()
        if traces:
            animate = self.animate.value
            first = (1 if played else 0) if animate else -1
            self.controller.load(traces, step=first, autoplay=animate, within_ms=self.longest_move_ms)
        else:
            self.controller.show_position(self.position, self.paint)

    def refresh(self) -> None:
        """Bring every control up to date with the current state."""
        self.say_preview("")
        self.hinted = None
        self._syncing = True
        try:
            position = self.position
            if not self.follows_picture:  # else the status follows the picture (_follow)
                self.status.value = self.status_html()
            self.undo_button.disabled = not self.history.can_undo
            self.redo_button.disabled = not self.history.can_redo
            self.computer_button.disabled = position.is_over
            self._show_hint_button()
            self.explain_button.disabled = position.is_over
            names = self.player_names(position)
            if len(names) != len(self.seats.dropdowns):
                self.seats.set_players(names)
            self._list_moves()
            self.refresh_controls()
            if self.computer_turn:
                for control in self.busy_controls():
                    control.disabled = True
        finally:
            self._syncing = False

    def _list_moves(self) -> None:
        """List the game's moves the picture has played (a computer's reply once it has been played)."""
        options, ply = [], 0
        start = self.history.cursor - len(self.history.game()) + 1
        for index, entry in enumerate(self.history.game(), start):
            if entry.kind == "round":
                options.append((f"— round {getattr(entry.state, 'round_number', '')} —", index))
            elif entry.trace is not None and not self.line.waiting_for(entry.trace):
                ply += 1
                options.append((f"{ply}. {move_label(entry.trace)}", index))
        syncing, self._syncing = self._syncing, True
        try:
            self.moves.options = options
            self.moves.value = options[-1][1] if options else None
        finally:
            self._syncing = syncing

    def _move_selected(self, change: dict[str, Any]) -> None:
        if self._syncing or change["new"] is None:
            return
        self.line.reach()  # every move the picture was playing is named now
        entry = self.history.entries[change["new"]]
        # the game's last move, selected, is the game: clicks count once it has been played again
        self._live = (entry.trace,) if entry.trace is not None and change["new"] == self.history.cursor else ()
        if entry.trace is not None:
            self.controller.load(entry.trace, autoplay=True)
        else:
            self.controller.show_position(self.position_of(entry.state))
