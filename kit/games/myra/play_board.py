"""The Myra play board: click a piece, then where it goes; or choose from lists; or type the move.

On the picture: click one of your pieces (your queen, to produce a soldier), the hollows it
can go to light up, click one; a chain is laid by clicking its hollows in order. Where one
target allows several moves (move, build up, chain up, split sizes ...), buttons beside the
board list only those. A click elsewhere cancels. Hovering says what a move will do.

The lists offer only legal choices, each narrowed by the choice before it, and the board
highlights where the chosen piece can go. A move may also be typed in notation.
"""
from __future__ import annotations

import json
from typing import Any, Callable, Sequence

import ipywidgets as widgets

from kit.core.game import game
from kit.core.errors import IllegalMove
from kit.games.myra.hexgrid import Hollow, hollow_name
from kit.games.myra.moves import ACTION_NAMES, ACTIONS, Move
from kit.games.myra.position import Position, start
from kit.core.limits import MAX_TYPED
from kit.widgets.enter_box import act_on_enter
from kit.widgets.feedback import button
from kit.widgets.hints import DEFAULT_HINTS
from kit.games.myra.clicks import MovePicker, click_path, fitting_clicks, origin_hollow
from kit.widgets.play_board import PlayBoard

#: One line on each action (kind of move), for tooltips.
ACTION_HELP: dict[str, str] = {
    "move": "move the queen one step, or a whole troop of n up to n steps; ending on an enemy captures it",
    "build": "move a whole troop onto one of your own troops (at most 5 soldiers together)",
    "split": "take some soldiers of a troop and move them, up to as many steps as soldiers; never captures",
    "chain": "gather a chain of your single soldiers, each next to the next, into the chain's last hollow",
    "unchain": "lay a troop out one soldier a hollow, each hollow next to the one before; never captures",
    "produce": "bring a soldier from your reserve onto an empty hollow next to your queen",
    "pass": "no other move is legal: pass",
}

#: A few words on each action, said under "Which move?" for the actions its buttons offer.
ACTION_GLOSS: dict[str, str] = {
    "move": "the whole troop goes",
    "build": "the whole troop joins your troop there",
    "split": "only that many go, the rest stay",
    "chain": "your single soldiers gather at the chain's end",
    "unchain": "the troop is laid out, one soldier a hollow",
    "produce": "a soldier comes from your reserve",
    "pass": "no other move is legal",
}

PASS = "pass"  # the hollow choice that stands for passing



class MyraPlayBoard(PlayBoard):
    """Play Myra with 2 or 3 players, any of them the computer.

    ``position`` is where the game starts (default: the start for ``players``); ``size``
    is the drawing's width in inches; ``hints`` how many hints a game allows (None: unlimited);
    ``exercise``, the exercise (or exercises) the board stands beside (its hint waits for a try at one).
    ``lists=False`` (a board beside an exercise that asks for moves or captures): no lists of moves,
    moves are clicked or typed, and nothing says what a move would capture or how many moves a
    piece has before it is played.
    **explain** asks about the typed move, else the move chosen in the lists.
    """

    game_name = "myra"

    def __init__(self, position: Position | None = None, *, players: int = 2,
                 size: float | None = None, hints: int | None = DEFAULT_HINTS, lists: bool = True,
                 exercise: str | Sequence[str] = ()) -> None:
        if position is None:
            position = start(players)
        elif not game("myra").owns(position):
            raise TypeError(f"expected a Myra position, not {type(position).__name__}")
        self.lists = lists
        super().__init__(position, size=size, hints=hints, exercise=exercise)
        guard = self.feedback.guard
        self.players = widgets.ToggleButtons(options=[("2 players", 2), ("3 players", 3)], value=position.num_players,
                                             tooltips=["Blue against Orange", "Blue, Orange and Green"],
                                             description="new game", style={"button_width": "6em"})
        self.hollow = widgets.Dropdown(description="hollow", tooltip="first choose the hollow of the piece to move",
                                       layout=widgets.Layout(width="24em"), style={"description_width": "4em"})
        self.action = widgets.ToggleButtons(description="action", style={"button_width": "auto", "description_width": "4em"},
                                            tooltip="then choose the action")
        self.count = widgets.ToggleButtons(description="split off", style={"button_width": "3em", "description_width": "4em"},
                                           tooltip="how many soldiers to split off the troop")
        self.choice = widgets.Select(description="move", rows=8, tooltip="then choose the target or the chain",
                                     layout=widgets.Layout(width="24em"), style={"description_width": "4em"})
        self.play_button = button("play move", "play the move chosen above", icon="check", button_style="success")
        self.typed = widgets.Text(placeholder="type a move: F10-E10", tooltip="or type a move, e.g. F10-E10",
                                  layout=widgets.Layout(width="14em"))
        self.typed_button = button("play typed move", "play the move typed in notation")
        self._fitting: list[Move] = []
        self.picker = MovePicker()  # the hollows clicked so far for the move being chosen
        # The buttons take the column's width and add none to it (width 0, at least 100 %): a
        # long "Which move?" line widened the column and shrank the board while it was clicked.
        self.click_choices = widgets.VBox(layout=widgets.Layout(display="none", width="0", min_width="100%"))
        self.players.observe(guard(self._setting_changed), "value")
        for control in (self.hollow, self.action, self.count, self.choice):
            control.observe(guard(self._narrowed), "value")
        self.play_button.on_click(guard(lambda _: self.play_move(self.choice.value)))
        self.typed_button.on_click(guard(lambda _: self.play_move(self._typed_move())))
        act_on_enter(self.typed, guard(lambda _text: self.play_move(self._typed_move())))  # Enter plays it too
        chooser = [widgets.HTML("<b>Your move</b>"), self.hollow, self.action, self.count, self.choice,
                   self.play_button] if lists else [widgets.HTML("<b>Your move</b>: click it on the board, or type it")]
        picker = widgets.VBox([self.click_choices, *chooser, widgets.HBox([self.typed, self.typed_button]),
                               widgets.HBox([widgets.HTML("Why not this move?"), self.explain_button],
                                            layout=widgets.Layout(align_items="center"))])
        self._arrange([picker], [self.players])
        self._start_turn("")

    # -- the game's part ----------------------------------------------------------------------

    def under_board(self) -> list[widgets.Widget]:
        return [self.click_choices]  # one target, several moves: the buttons to choose from

    def live_settings(self) -> list[widgets.Widget]:
        return [self.players, widgets.HBox([self.typed, self.typed_button, self.explain_button],
                                           layout=widgets.Layout(flex_flow="row wrap"))]

    def new_state(self) -> Position:
        return start(self.players.value, self.position.rules)

    def record_json(self) -> str:
        entries = self.history.game()
        moves = [entry.trace.move for entry in entries if entry.trace is not None]
        return json.dumps(game("myra").record(entries[0].state, moves, **self.names).to_json(), indent=1)

    def paint(self, drawing: Any) -> None:
        """The position with the hollows to highlight: the hollows clicked so far and where
        they lead, else what the lists have chosen."""
        if self.clicked:
            drawing.show(self.position, highlight=self.picker.lit(self.position), chosen=self.clicked,
                         hint=self.hint_marks())
        else:
            drawing.show(self.position, highlight=self.highlighted(), hint=self.hint_marks())

    # -- choosing a move ----------------------------------------------------------------------

    def origin(self, move: Move) -> Hollow | str:
        """The hollow a move is chosen from: the piece that moves, the queen for a produce,
        the first soldier of a chain; :data:`PASS` for a pass."""
        return PASS if move.action == "pass" else origin_hollow(self.position, move)

    def highlighted(self) -> tuple[Hollow, ...]:
        """The hollows to highlight: the chosen move's hollows, else where the choices so far lead."""
        if self.choice.value is not None:
            return tuple(self.choice.value.hollows)
        if self.hollow.value is None:
            return tuple(hollow for _, hollow in self.hollow.options if hollow not in (None, PASS))
        return tuple(dict.fromkeys(hollow for move in self._fitting for hollow in _targets(move)))

    # -- choosing a move by clicking the board -----------------------------------------------

    @property
    def clicked(self) -> list[Hollow]:
        """The hollows clicked so far for the move being chosen."""
        return self.picker.clicked

    def click_path(self, move: Move) -> tuple[Hollow, ...]:
        """The hollows clicked, in order, to choose a move (see :func:`kit.games.myra.clicks.click_path`)."""
        return click_path(self.position, move)

    def click(self, target: Hollow | None) -> None:
        """A click on the board: choose a piece, then where it goes (or the next hollow of a
        chain); elsewhere cancels. A click that cannot start a move says why, changing nothing."""
        position = self.position
        if position.is_over:
            raise IllegalMove("the game is over: press new game")
        pick = self.picker.click(position, target)
        if pick.move is not None:
            self._chosen(pick.move)
            return
        self._follow_click()
        self._offer_buttons(list(pick.choices))
        self.feedback.say(pick.text)
        self.stepper.show_position(self.position, self.paint)

    def _follow_click(self) -> None:
        """The lists follow a click: the piece clicked first becomes the hollow chosen (action and
        move stay open); a cancelled click clears the choice."""
        origin = self.clicked[0] if self.clicked else None
        if origin is not None and origin not in [value for _, value in self.hollow.options]:
            return  # e.g. a chain's next soldier: the lists keep what they show
        self._syncing = True
        try:
            self.hollow.value = origin
            self._offer_choices()
        finally:
            self._syncing = False

    def _offer_buttons(self, moves: list[Move]) -> None:
        """A button for each move (beside the board); none hides the choice."""
        self.click_choices.children = move_buttons(self.position, moves, self.feedback.guard(self._chosen), self.lists)
        self.click_choices.layout.display = None if moves else "none"

    def _chosen(self, move: Move) -> None:
        self.picker.cancel()
        self.play_move(move)

    def hover(self, target: Hollow | None) -> None:
        """Say what the hollow under the pointer offers: the move a click would play, or the
        piece there and how many moves it has."""
        position = self.position
        if target is None or position.is_over:
            self.say_preview("")
            return
        if self.clicked:
            moves = self.picker.ending(position, target)
            if len(moves) == 1:
                self.say_preview(self.preview_of(moves[0]) if self.lists else
                                 f"{self.position.notation(moves[0])}: click to play it.")
            else:
                self.say_preview(f"{hollow_name(target)}: {len(moves)} moves end here." if moves else "")
            return
        piece = position.hollows.get(target)
        if piece is None:
            self.say_preview("")
        elif piece.owner != position.to_move:
            self.say_preview(f"{hollow_name(target)}: {piece.describe()}.")
        elif not self.lists:
            self.say_preview(f"{hollow_name(target)}: {piece.describe()}: click to choose a move.")
        else:
            count = len(fitting_clicks(position, (target,)))
            self.say_preview(f"{hollow_name(target)}: {piece.describe()}, {count} moves: click to choose one.")

    def move_to_explain(self) -> Move:
        if self.typed.value.strip():
            return self._typed_move()
        if self.choice.value is None:
            raise IllegalMove("type a move, or choose one in the lists, to ask about it")
        return self.choice.value

    def _typed_move(self) -> Move:
        text = self.typed.value.strip()
        if len(text) > MAX_TYPED:
            raise IllegalMove(f"a move in notation is at most {MAX_TYPED} characters, not {len(text):,}")
        return self.position.parse_move(text)

    def _narrowed(self, _change: dict[str, Any]) -> None:
        """A choice changed: narrow the later lists and show the highlights."""
        if self._syncing:
            return
        clicked_here = len(self.clicked) == 1 and self.hollow.value == self.clicked[0]
        if not clicked_here or self.choice.value is not None:  # else the click on the piece stays: its lit
            self.picker.cancel()  # hollows go on (an action chosen for it must not leave them lit but dead)
            self._offer_buttons([])
        self._syncing = True
        try:
            self._offer_choices()
        finally:
            self._syncing = False
        self.stepper.show_position(self.position, self.paint)

    def _offer_choices(self) -> None:
        """Offer the actions, split sizes and moves that fit the choices made so far."""
        hollow = self.hollow.value
        moves = [m for m in self.position.legal_moves() if hollow is not None and self.origin(m) == hollow]
        actions = [action for action in ACTIONS if any(m.action == action for m in moves)]
        _offer(self.action, [(ACTION_NAMES[action], action) for action in actions],
               [ACTION_HELP[action] for action in actions])
        self.action.layout.display = None if actions else "none"  # emptied, the row would keep its old buttons
        if self.action.value is not None:
            moves = [m for m in moves if m.action == self.action.value]
        counts = sorted({m.count for m in moves if m.action == "split"}) if self.action.value == "split" else []
        _offer(self.count, [(str(n), n) for n in counts])
        self.count.layout.display = None if counts else "none"
        if self.count.value is not None:
            moves = [m for m in moves if m.count == self.count.value]
        self._fitting = moves
        ready = self.action.value is not None and (self.action.value != "split" or self.count.value is not None)
        _offer(self.choice, [(self._label(m), m) for m in moves] if ready else [])
        self.play_button.disabled = self.choice.value is None

    def _label(self, move: Move) -> str:
        """The move in notation, with what it captures or builds (not while the lists are off)."""
        return option_label(self.position, move, named=self.lists)

    def busy_controls(self) -> list[widgets.Widget]:
        return [*super().busy_controls(), self.players, self.hollow, self.action, self.count, self.choice,
                self.play_button, self.typed, self.typed_button]

    def refresh_controls(self) -> None:
        position = self.position
        self.picker.cancel()
        self._offer_buttons([])
        self.players.value = position.num_players
        origins: dict[Hollow | str, int] = {}
        for move in position.legal_moves():
            origin = self.origin(move)
            origins[origin] = origins.get(origin, 0) + 1
        options: list[tuple[str, Any]] = [("choose a hollow …", None)]
        for origin, n in origins.items():
            if isinstance(origin, str):  # PASS
                options.append(("no other move: pass", PASS))
            else:
                piece = position.hollows[origin]
                options.append((f"{hollow_name(origin)}: {piece.describe()} ({n} moves)", origin))
        self.hollow.options = options
        self.hollow.value = PASS if PASS in origins else None
        self.hollow.disabled = position.is_over
        self.typed_button.disabled = position.is_over
        self.typed.value = ""
        self._offer_choices()


def option_label(position: Position, move: Move, note: str | None = None, named: bool = True) -> str:
    """A move in notation (or ``note``), with what it captures or builds (``named=False``: without)."""
    note = position.notation(move) if note is None else note
    if not named:
        return note
    target = position.hollows.get(move.hollows[-1]) if move.hollows else None
    if move.action == "move" and target is not None:
        return f"{note}  (captures {target.describe()})"
    if move.action == "build" and target is not None:
        return f"{note}  (builds up {hollow_name(move.hollows[-1])})"
    return note


def _action(move: Move) -> str:
    return f"split {move.count}" if move.action == "split" else ACTION_NAMES[move.action]


def move_words(position: Position, move: Move, named: bool = False) -> str:
    """A move as its button says it: "split 1: J2 to J1" (``named``: with what it captures or builds)."""
    path = move.action in ("move", "split") and len(move.hollows) > 1  # said in words: "E5 to E4"
    said = " to ".join(hollow_name(hollow) for hollow in move.hollows) if path else None
    return f"{_action(move)}: {option_label(position, move, said, named)}"


def move_buttons(position: Position, moves: list[Move], chosen: Callable[[Move], None],
                 named: bool = True) -> tuple[widgets.Widget, ...]:
    """A heading and a button for each move (where one target allows several); ``chosen(move)``
    runs when one is pressed (``named=False``: without what each captures or builds). No moves: nothing."""
    buttons = []
    for move in moves:
        action = _action(move)
        words = move_words(position, move, named)  # the tooltip says it whole where the column cuts it short
        choice = button(words, f"{words}. {action}: {ACTION_HELP[move.action]}", button_style="info")
        choice.layout.max_width = "100%"
        choice.on_click(lambda _, move=move: chosen(move))
        buttons.append(choice)
    if not buttons:
        return ()
    actions = list(dict.fromkeys(move.action for move in moves))
    glosses = "; ".join(f"<i>{ACTION_NAMES[action]}</i>: {ACTION_GLOSS[action]}" for action in actions)
    return (widgets.HTML(f"<b>Which move?</b> <small>({glosses})</small>"), *buttons)


def _targets(move: Move) -> tuple[Hollow, ...]:
    """Where a move puts soldiers: the end of a path or chain, the hollows laid out, the hollow filled."""
    if move.action == "unchain":
        return move.hollows[1:]
    return move.hollows[-1:]


def _offer(control: widgets.Widget, options: list[tuple[str, Any]], tooltips: list[str] | None = None) -> None:
    """Set a selection widget's options, keeping its value if still offered; a lone option is chosen."""
    old = control.value
    if tuple(control.options) != tuple(options):
        control.options = options
        if tooltips is not None:
            control.tooltips = tooltips
    values = [value for _, value in options]
    control.value = old if old in values else (values[0] if len(values) == 1 else None)
