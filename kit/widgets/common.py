"""What the stepper and both play boards share.

- :class:`Feedback`: the message line and the ``Output`` that shows errors raised in callbacks;
- :class:`History`: the states of a session with undo and redo;
- :class:`Seats`: who plays each side, a person or the computer at a strength level;
- :class:`RecordBox`: load and save a JSON game record (text, file upload, download link);
- :class:`PngFallback`: adds ``image/png`` of the board to a widget's display data.
"""
from __future__ import annotations

import base64
import functools
import html
import threading
import traceback
from dataclasses import dataclass
from typing import Any, Callable, Sequence

import ipywidgets as widgets

from kit.agents import make_agent
from kit.game import IllegalMove, RecordError, RulesError, Trace, game, game_of
from kit.loading import text_of

#: Errors that are the user's doing (an illegal move, a bad record): shown as a message only.
USER_ERRORS = (IllegalMove, RecordError, RulesError)

MESSAGE_COLOURS = {"info": "#1a1a1a", "ok": "#1b6e20", "error": "#b00020"}


# -- games -------------------------------------------------------------------------------------


def status_text(position: Any) -> str:
    """Whose turn it is, or how the game ended, in one line."""
    names = game_of(position).player_names(position.num_players)
    if not position.is_over:
        return f"{names[position.to_move]} to move."
    winner = position.winner
    return "Game over: a draw." if winner is None else f"Game over: {names[winner]} wins."


def move_label(trace: Trace) -> str:
    """The mover and the move in notation, e.g. ``"North c"``."""
    before = trace.before
    return f"{game_of(before).player_names(before.num_players)[before.to_move]} {before.notation(trace.move)}"


def trace_of(position: Any, move: Any, laps: int = 3) -> Trace:
    """The move traced; a refused endless Walak-pussa sowing gives its first ``laps`` laps
    and the event saying why, with the position unchanged."""
    try:
        return position.trace(move)
    except IllegalMove:
        if move not in position.endless_moves():
            raise
        return Trace(position, position.notation(move), position.first_laps(move, laps), position)


def png_size(png: bytes) -> tuple[int, int]:
    """The width and height of a PNG image, from its header."""
    if png[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not PNG data")
    return int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")


class PngFallback:
    """Adds ``image/png`` of :meth:`png` to the widget's display data, so saved notebooks and
    static viewers show the board where the live widget is missing."""

    def png(self) -> bytes:
        raise NotImplementedError

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        bundle = super()._repr_mimebundle_(**kwargs)  # type: ignore[misc]
        bundle["image/png"] = base64.b64encode(self.png()).decode("ascii")
        return bundle


# -- messages and errors ---------------------------------------------------------------------


#: Widget callbacks run one at a time. ipykernel 7 delivers some comm messages (the
#: browser-linked Play and slider) on a subshell thread while others run on the main
#: thread; two callbacks drawing on one Figure at once would leave it half drawn.
CALLBACK_LOCK = threading.RLock()


class Feedback:
    """A message line for the user and an ``Output`` area for errors raised in callbacks.

    :meth:`guard` wraps a callback: an illegal move or a bad record becomes a message; any
    other exception a message plus its traceback in ``errors``.
    """

    def __init__(self) -> None:
        self.message = widgets.HTML()
        self.errors = widgets.Output()
        self.text = ""

    def say(self, text: str, kind: str = "info") -> None:
        """Show a message (``kind`` info, ok or error)."""
        self.text = text
        colour = MESSAGE_COLOURS[kind]
        self.message.value = (f'<span style="color:{colour};font-size:1.1em">{html.escape(text, quote=False)}</span>'
                              if text else "")

    def guard(self, callback: Callable[..., Any]) -> Callable[..., Any]:
        """The callback, run under :data:`CALLBACK_LOCK`, with its errors shown instead of lost
        in the kernel log."""

        @functools.wraps(callback)
        def guarded(*args: Any, **kwargs: Any) -> Any:
            try:
                with CALLBACK_LOCK:
                    return callback(*args, **kwargs)
            except USER_ERRORS as error:
                self.say(str(error), "error")
            except Exception as error:  # noqa: BLE001 - shown to the user, with its traceback
                self.say(f"Something went wrong: {error} (details below).", "error")
                self.errors.outputs = ()
                self.errors.append_stderr(traceback.format_exc())
            return None

        return guarded


def button(description: str, tooltip: str, width: str = "auto", **options: Any) -> widgets.Button:
    """A button with a visible description and a tooltip."""
    return widgets.Button(description=description, tooltip=tooltip, layout=widgets.Layout(width=width), **options)


# -- history -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Entry:
    """One state of a session and how it was reached: ``kind`` is "new" (a new game),
    "round" (the next round of a match) or "move" (``trace`` is the move played)."""

    state: Any
    kind: str = "new"
    trace: Trace | None = None


class History:
    """The states of a session in order, with a cursor: undo and redo move the cursor,
    a new entry drops everything after it."""

    def __init__(self, first: Entry) -> None:
        self.entries: list[Entry] = [first]
        self.cursor = 0

    @property
    def current(self) -> Entry:
        """The entry shown now."""
        return self.entries[self.cursor]

    @property
    def can_undo(self) -> bool:
        return self.cursor > 0

    @property
    def can_redo(self) -> bool:
        return self.cursor < len(self.entries) - 1

    def push(self, entry: Entry) -> None:
        """Add an entry after the current one, dropping the redo line."""
        del self.entries[self.cursor + 1:]
        self.entries.append(entry)
        self.cursor += 1

    def undo(self) -> Entry:
        """Step back one entry."""
        if not self.can_undo:
            raise IllegalMove("nothing to undo")
        self.cursor -= 1
        return self.current

    def redo(self) -> Entry:
        """Step forward one entry."""
        if not self.can_redo:
            raise IllegalMove("nothing to redo")
        self.cursor += 1
        return self.current

    def game(self) -> list[Entry]:
        """The current game: from its "new" entry up to the cursor."""
        start = max(i for i in range(self.cursor + 1) if self.entries[i].kind == "new")
        return self.entries[start:self.cursor + 1]


# -- computer players ----------------------------------------------------------------------------

#: Who can sit at a side: label and level.
SEAT_CHOICES: tuple[tuple[str, str], ...] = (
    ("person", "person"), ("computer, beginner", "beginner"), ("computer, club", "club"),
    ("computer, strong", "strong"),
)


class Seats(widgets.VBox):
    """Who plays each side: a person, or the computer at a strength level (one line says what
    each chosen level does)."""

    def __init__(self, game: str, player_names: Sequence[str], on_change: Callable[[], None],
                 guard: Callable[[Callable[..., Any]], Callable[..., Any]]) -> None:
        super().__init__()
        self.game = game
        self._on_change, self._guard = on_change, guard
        self._agents: dict[tuple[int, str], Any] = {}
        self.dropdowns: list[widgets.Dropdown] = []
        self.help = widgets.HTML()
        self.set_players(player_names)

    def set_players(self, player_names: Sequence[str]) -> None:
        """One chooser per player, keeping the choices of players that stay."""
        old = [d.value for d in self.dropdowns]
        self.dropdowns = []
        for player, name in enumerate(player_names):
            dropdown = widgets.Dropdown(options=SEAT_CHOICES, value=old[player] if player < len(old) else "person",
                                        description=name, tooltip=f"who plays {name}: a person or the computer",
                                        layout=widgets.Layout(width="16em"),
                                        style={"description_width": "4.5em"})
            dropdown.observe(self._guard(self._changed), "value")
            self.dropdowns.append(dropdown)
        self.children = (widgets.HBox(self.dropdowns, layout=widgets.Layout(flex_flow="row wrap")), self.help)
        self._describe()

    def _changed(self, _change: dict[str, Any]) -> None:
        self._describe()
        self._on_change()

    def _describe(self) -> None:
        lines = [f"{d.description}: computer, {d.value}: {game(self.game).levels()[d.value].description}."
                 for d in self.dropdowns if d.value != "person"]
        self.help.value = f"<small>{html.escape(' '.join(lines), quote=False)}</small>"

    def level(self, player: int) -> str:
        """``"person"`` or the computer's strength level for the player."""
        return self.dropdowns[player].value

    def seat(self, player: int, level: str) -> None:
        """Let a person (``"person"``) or the computer at a strength level play a side."""
        choices = [value for _, value in SEAT_CHOICES]
        if level not in choices:
            raise ValueError(f"unknown seat {level!r} (choices: {', '.join(choices)})")
        self.dropdowns[player].value = level

    def is_computer(self, player: int) -> bool:
        return self.level(player) != "person"

    def choose(self, position: Any) -> Any:
        """The computer's move for the player to move, at their level (club for a person's side)."""
        level = self.level(position.to_move)
        level = "club" if level == "person" else level
        key = (position.to_move, level)
        if key not in self._agents:
            self._agents[key] = make_agent(level, self.game)
        return self._agents[key].choose(position)


# -- game records --------------------------------------------------------------------------------


class RecordBox(widgets.VBox):
    """A game record as JSON text: save the game into the text box (with a download link),
    load it back from the text box or from an uploaded file."""

    def __init__(self, save: Callable[[], str], load: Callable[[str], None], filename: str,
                 guard: Callable[[Callable[..., Any]], Callable[..., Any]]) -> None:
        self._save, self._load, self.filename = save, load, filename
        self.text = widgets.Textarea(placeholder="Paste a JSON game record here, then press load.",
                                     layout=widgets.Layout(width="100%", height="8em"))
        self.save_button = button("save", "write the game record as JSON into the box below, with a download link",
                                  icon="download")
        self.load_button = button("load", "load the JSON game record in the box below", icon="upload")
        self.upload = widgets.FileUpload(accept=".json", multiple=False, description="open file",
                                         tooltip="load a JSON game record from a file")
        self.download = widgets.HTML()
        self.save_button.on_click(guard(lambda _: self.save()))
        self.load_button.on_click(guard(lambda _: self.load()))
        self.upload.observe(guard(self._uploaded), "value")
        super().__init__([widgets.HBox([self.save_button, self.load_button, self.upload, self.download]), self.text])

    def save(self) -> str:
        """Put the game's record into the text box and the download link; returns the JSON."""
        text = self._save()
        self.text.value = text
        data = base64.b64encode(text.encode("utf-8")).decode("ascii")
        self.download.value = (f'<a download="{self.filename}" href="data:application/json;charset=utf-8;base64,'
                               f'{data}" title="download the game record">⬇ {self.filename}</a>')
        return text

    def load(self, text: str | None = None) -> None:
        """Load the record in the text box (or the text given)."""
        if text is not None:
            self.text.value = text
        if not self.text.value.strip():
            raise RecordError("the record box is empty: paste a JSON game record first")
        self._load(self.text.value)

    def _uploaded(self, change: dict[str, Any]) -> None:
        files = change["new"]
        if files:
            self.load(text_of(bytes(files[0]["content"])))  # refuses non-UTF-8 and huge files


# -- the play board both games build on ---------------------------------------------------------


class PlayBoard(PngFallback, widgets.VBox):
    """A play board: the stepper showing the game, undo / redo / new game / computer move,
    who plays each side, the move list (select a move to watch it again) and the record box.

    A game's board supplies its state (a position, or a Walak-pussa match), the controls
    that make a move, and the JSON record; actions replace the state with the result of
    ``play`` and keep every state in :attr:`history`.
    """

    #: The game's name, used for the record file and the computer players.
    game_name = ""

    def __init__(self, state: Any, *, size: float | None) -> None:
        from kit.widgets.stepper import MoveStepper  # the stepper module imports this one

        self.feedback = Feedback()
        self.message, self.errors = self.feedback.message, self.feedback.errors
        guard = self.feedback.guard
        self.history = History(Entry(state))
        position = self.position
        self.stepper = MoveStepper(position, size=size)
        self.status = widgets.HTML()
        self.undo_button = button("↶ undo", "undo: take back the last move (and the computer's reply)")
        self.redo_button = button("↷ redo", "redo: play the move taken back again")
        self.new_button = button("new game", "new game: start again from the start position", icon="refresh")
        self.computer_button = button("computer move", "computer move: let the computer play the side to move",
                                      icon="cogs")
        self.animate = widgets.Checkbox(value=False, description="animate each move", indent=False,
                                        tooltip="play each new move step by step instead of showing its result",
                                        layout=widgets.Layout(width="auto"))
        self.toolbar = widgets.HBox([self.undo_button, self.redo_button, self.new_button, self.computer_button,
                                     self.animate], layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        self.seats = Seats(self.game_name, self.player_names(position), self._seats_changed, guard)
        self.moves = widgets.Select(options=[], rows=14, tooltip="the moves of this game: select one to watch it again",
                                    layout=widgets.Layout(width="13em"))
        self.records = RecordBox(self.record_json, self.load_record, f"{self.game_name}-game.json", guard)
        self.undo_button.on_click(guard(lambda _: self.undo()))
        self.redo_button.on_click(guard(lambda _: self.redo()))
        self.new_button.on_click(guard(lambda _: self.new_game()))
        self.computer_button.on_click(guard(lambda _: self.computer_move()))
        self.moves.observe(guard(self._move_selected), "value")
        self._syncing = False
        super().__init__()

    def _arrange(self, side: Sequence[widgets.Widget], settings: Sequence[widgets.Widget]) -> None:
        """Lay the board out: the stepper, with the game's controls (``side``) and the move list
        beside it, then the settings, the players and the record box."""
        record = widgets.Accordion([self.records], titles=("game record (JSON)",), selected_index=None)
        self.message.layout.max_width = f"{self.stepper.image.width}px"
        main = widgets.HBox([widgets.VBox([self.status, self.stepper, self.message, self.toolbar]),
                             widgets.VBox([*side, widgets.HTML("<b>Moves</b>"), self.moves])],
                            layout=widgets.Layout(flex_flow="row wrap", grid_gap="1em"))
        self.children = (main, *settings, self.seats, record, self.errors)

    # -- the game's part ----------------------------------------------------------------------

    def position_of(self, state: Any) -> Any:
        """The position to move from in a state."""
        return state

    def advance(self, state: Any, trace: Trace) -> Any:
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

    def record_entries(self, text: str) -> list[Entry]:
        """The entries of a game read from a JSON record, its "new" entry first."""
        raise NotImplementedError

    def refresh_controls(self) -> None:
        """Bring the game's own controls up to date with the current state."""

    def status_html(self) -> str:
        """The status line above the board."""
        return f"<b>{html.escape(status_text(self.position), quote=False)}</b>"

    def drawing_options(self) -> dict[str, Any]:
        """Extra options for the drawing when the board shows the current position."""
        return {}

    # -- state ------------------------------------------------------------------------------------

    @property
    def state(self) -> Any:
        """The current state (a position, or for a Walak-pussa match the match)."""
        return self.history.current.state

    @property
    def position(self) -> Any:
        """The position to move from now."""
        return self.position_of(self.state)

    def png(self) -> bytes:
        """The board picture shown now, as PNG bytes."""
        return self.stepper.png()

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
        self._moved(position.trace(self.seats.choose(position)))

    def _moved(self, trace: Trace) -> None:
        self._push(trace)
        traces = [trace, *self._replies()]
        self._show(traces)
        self.feedback.say("Played " + ", then ".join(move_label(t) for t in traces) + "." + self._waiting(), "ok")

    def new_game(self) -> None:
        """Start a new game with the settings chosen (undo brings the old one back); the
        computer opens if it plays first."""
        self.history.push(Entry(self.new_state()))
        self._start_turn("New game.")

    def _setting_changed(self, _change: dict[str, Any]) -> None:
        """A setting of the game (rules, players) changed: start a new game with it."""
        if not self._syncing:
            self.new_game()

    def undo(self) -> None:
        """Take back the last move, and the computer moves before it, back to a person's turn."""
        self.history.undo()
        while (self.history.can_undo and self.history.current.kind == "move"
               and self.seats.is_computer(self.position.to_move) and not self.position.is_over):
            self.history.undo()
        self._show([])
        self.feedback.say("Move taken back.")

    def redo(self) -> None:
        """Play again the moves taken back, up to a person's turn."""
        traces = [self.history.redo().trace]
        while (self.history.can_redo and self.history.entries[self.history.cursor + 1].kind == "move"
               and self.seats.is_computer(self.position.to_move)):
            traces.append(self.history.redo().trace)
        self._show([t for t in traces if t is not None])
        self.feedback.say("Move played again.")

    def load_record(self, text: str) -> None:
        """Replace the game by the one in a JSON record (undo brings the old one back)."""
        entries = self.record_entries(text)
        for entry in entries:
            self.history.push(entry)
        self._show([])
        moves = sum(entry.trace is not None for entry in entries)
        self.feedback.say(f"Game record loaded: {moves} move{'s' * (moves != 1)}.", "ok")

    def _start_turn(self, text: str) -> None:
        traces = self._replies()
        self._show(traces)
        played = " The computer played " + ", then ".join(move_label(t) for t in traces) + "." if traces else ""
        self.feedback.say(text + played + self._waiting())

    def _waiting(self) -> str:
        """A hint when a computer player is to move but waits for the computer move button."""
        position = self.position
        if position.is_over or not self.seats.is_computer(position.to_move):
            return ""
        return f" {self.player_names(position)[position.to_move]} (computer) is to move: press computer move."

    def _push(self, trace: Trace) -> None:
        self.history.push(Entry(self.advance(self.state, trace), "move", trace))

    def _replies(self) -> list[Trace]:
        """Moves of computer players to move now, up to one round of turns."""
        traces: list[Trace] = []
        for _ in range(self.position.num_players - 1):
            position = self.position
            if position.is_over or not self.seats.is_computer(position.to_move):
                break
            traces.append(position.trace(self.seats.choose(position)))
            self._push(traces[-1])
        return traces

    def _seats_changed(self) -> None:
        if not self._syncing:
            self._start_turn("Players changed.")

    # -- showing ---------------------------------------------------------------------------------

    def _show(self, traces: Sequence[Trace]) -> None:
        """Show these moves in the stepper (their end, or animated), or the current position."""
        self.refresh()
        if traces:
            animate = self.animate.value
            self.stepper.load(traces, step=0 if animate else -1, autoplay=animate)
        else:
            self.stepper.show_position(self.position, **self.drawing_options())

    def refresh(self) -> None:
        """Bring every control up to date with the current state."""
        self._syncing = True
        try:
            position = self.position
            self.status.value = self.status_html()
            self.undo_button.disabled = not self.history.can_undo
            self.redo_button.disabled = not self.history.can_redo
            self.computer_button.disabled = position.is_over
            names = self.player_names(position)
            if len(names) != len(self.seats.dropdowns):
                self.seats.set_players(names)
            self._list_moves()
            self.refresh_controls()
        finally:
            self._syncing = False

    def _list_moves(self) -> None:
        options, ply = [], 0
        start = self.history.cursor - len(self.history.game()) + 1
        for index, entry in enumerate(self.history.game(), start):
            if entry.kind == "round":
                options.append((f"— round {getattr(entry.state, 'round_number', '')} —", index))
            elif entry.trace is not None:
                ply += 1
                options.append((f"{ply}. {move_label(entry.trace)}", index))
        self.moves.options = options
        self.moves.value = options[-1][1] if options else None

    def _move_selected(self, change: dict[str, Any]) -> None:
        if self._syncing or change["new"] is None:
            return
        entry = self.history.entries[change["new"]]
        if entry.trace is not None:
            self.stepper.load(entry.trace, autoplay=True)
        else:
            self.stepper.show_position(self.position_of(entry.state))
