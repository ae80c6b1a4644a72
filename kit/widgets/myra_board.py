"""The Myra play board: choose a hollow, then the kind of move, then the target or chain.

Only legal choices are offered, each list narrowed by the choice before it, and the board
highlights where the chosen piece can go. A move may also be typed in notation.
"""
from __future__ import annotations

import json
from typing import Any

import ipywidgets as widgets

from kit.game import RecordError
from kit.myra.hexgrid import Cell, cell_name
from kit.myra.moves import KINDS, Move
from kit.myra.position import Position, start
from kit.myra.records import game_record, load_record
from kit.widgets.feedback import button
from kit.widgets.history import Entry
from kit.widgets.play_board import PlayBoard

#: One line on each kind of move, for tooltips.
KIND_HELP: dict[str, str] = {
    "move": "move the queen one step, or a whole troop of n up to n steps; ending on an enemy captures it",
    "build": "move a whole troop onto one of your own troops (at most 5 soldiers together)",
    "split": "take some soldiers of a troop and move them, up to as many steps as soldiers; never captures",
    "chain": "gather a chain of your single soldiers, each next to the next, into the chain's last hollow",
    "unchain": "lay a troop out one soldier a hollow, each hollow next to the one before; never captures",
    "produce": "bring a soldier from your reserve onto an empty hollow next to your queen",
    "pass": "no other move is legal: pass",
}

PASS = "pass"  # the hollow choice that stands for passing


class MyraPlayBoard(PlayBoard):
    """Play Myra with 2 or 3 players, any of them the computer.

    ``position`` is where the game starts (default: the start for ``players``); ``size``
    is the drawing's width in inches.
    """

    game_name = "myra"

    def __init__(self, position: Position | None = None, *, players: int = 2,
                 size: float | None = None) -> None:
        if position is None:
            position = start(players)
        elif not isinstance(position, Position):
            raise TypeError(f"expected a Myra position, not {type(position).__name__}")
        super().__init__(position, size=size)
        guard = self.feedback.guard
        self.players = widgets.ToggleButtons(options=[("2 players", 2), ("3 players", 3)], value=position.num_players,
                                             tooltips=["Blue against Orange", "Blue, Orange and Green"],
                                             description="new game", style={"button_width": "6em"})
        self.hollow = widgets.Dropdown(description="hollow", tooltip="first choose the hollow of the piece to move",
                                       layout=widgets.Layout(width="24em"), style={"description_width": "4em"})
        self.kind = widgets.ToggleButtons(description="kind", style={"button_width": "5.5em", "description_width": "4em"},
                                          tooltip="then choose the kind of move")
        self.count = widgets.ToggleButtons(description="split off", style={"button_width": "3em", "description_width": "4em"},
                                           tooltip="how many soldiers to split off the troop")
        self.choice = widgets.Select(description="move", rows=8, tooltip="then choose the target or the chain",
                                     layout=widgets.Layout(width="24em"), style={"description_width": "4em"})
        self.play_button = button("play move", "play the move chosen above", icon="check", button_style="success")
        self.typed = widgets.Text(placeholder="or type a move, e.g. F10-E10", layout=widgets.Layout(width="14em"))
        self.typed_button = button("play typed move", "play the move typed in notation")
        self._fitting: list[Move] = []
        self.players.observe(guard(self._setting_changed), "value")
        for control in (self.hollow, self.kind, self.count, self.choice):
            control.observe(guard(self._narrowed), "value")
        self.play_button.on_click(guard(lambda _: self.play_move(self.choice.value)))
        self.typed_button.on_click(guard(lambda _: self.play_move(self._typed_move())))
        picker = widgets.VBox([widgets.HTML("<b>Your move</b>"), self.hollow, self.kind, self.count, self.choice,
                               self.play_button, widgets.HBox([self.typed, self.typed_button])])
        self._arrange([picker], [self.players])
        self._start_turn("")

    # -- the game's part ----------------------------------------------------------------------

    def new_state(self) -> Position:
        return start(self.players.value, self.position.rules)

    def record_json(self) -> str:
        entries = self.history.game()
        moves = [entry.trace.move for entry in entries if entry.trace is not None]
        return json.dumps(game_record(entries[0].state, moves), indent=1)

    def record_entries(self, text: str) -> list[Entry]:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise RecordError(f"the game record is not valid JSON: {error}") from None
        first, played = load_record(data)
        entries, position = [Entry(first)], first
        for move, after in played:
            trace = position.trace(move)
            entries.append(Entry(after, "move", trace))
            position = after
        return entries

    def paint(self, drawing: Any) -> None:
        """The position with the hollows to highlight."""
        drawing.show(self.position, highlight=self.highlighted())

    # -- choosing a move ----------------------------------------------------------------------

    def origin(self, move: Move) -> Cell | str:
        """The hollow a move is chosen from: the piece that moves, the queen for a produce,
        the first soldier of a chain; :data:`PASS` for a pass."""
        if move.kind == "pass":
            return PASS
        if move.kind == "produce":
            mover = self.position.to_move
            return next(cell for cell, piece in self.position.cells.items() if piece.owner == mover and piece.queen)
        return move.cells[0]

    def highlighted(self) -> tuple[Cell, ...]:
        """The hollows to highlight: the chosen move's hollows, else where the choices so far lead."""
        if self.choice.value is not None:
            return tuple(self.choice.value.cells)
        if self.hollow.value is None:
            return tuple(cell for _, cell in self.hollow.options if cell not in (None, PASS))
        return tuple(dict.fromkeys(cell for move in self._fitting for cell in _targets(move)))

    def _typed_move(self) -> Move:
        return self.position.parse_move(self.typed.value)

    def _narrowed(self, _change: dict[str, Any]) -> None:
        """A choice changed: narrow the later lists and show the highlights."""
        if self._syncing:
            return
        self._syncing = True
        try:
            self._offer_choices()
        finally:
            self._syncing = False
        self.stepper.show_position(self.position, self.paint)

    def _offer_choices(self) -> None:
        """Offer the kinds, split sizes and moves that fit the choices made so far."""
        hollow = self.hollow.value
        moves = [m for m in self.position.legal_moves() if hollow is not None and self.origin(m) == hollow]
        kinds = [kind for kind in KINDS if any(m.kind == kind for m in moves)]
        _offer(self.kind, [(kind, kind) for kind in kinds], [KIND_HELP[kind] for kind in kinds])
        if self.kind.value is not None:
            moves = [m for m in moves if m.kind == self.kind.value]
        counts = sorted({m.count for m in moves if m.kind == "split"}) if self.kind.value == "split" else []
        _offer(self.count, [(str(n), n) for n in counts])
        self.count.layout.display = None if counts else "none"
        if self.count.value is not None:
            moves = [m for m in moves if m.count == self.count.value]
        self._fitting = moves
        ready = self.kind.value is not None and (self.kind.value != "split" or self.count.value is not None)
        _offer(self.choice, [(self._label(m), m) for m in moves] if ready else [])
        self.play_button.disabled = self.choice.value is None

    def _label(self, move: Move) -> str:
        """The move in notation, with what it captures or builds."""
        note = self.position.notation(move)
        target = self.position.cells.get(move.cells[-1]) if move.cells else None
        if move.kind == "move" and target is not None:
            return f"{note}  (captures {target.describe()})"
        if move.kind == "build" and target is not None:
            return f"{note}  (builds up {cell_name(move.cells[-1])})"
        return note

    def refresh_controls(self) -> None:
        position = self.position
        self.players.value = position.num_players
        origins: dict[Cell | str, int] = {}
        for move in position.legal_moves():
            origin = self.origin(move)
            origins[origin] = origins.get(origin, 0) + 1
        options: list[tuple[str, Any]] = [("choose a hollow …", None)]
        for origin, n in origins.items():
            if origin == PASS:
                options.append(("no other move: pass", PASS))
            else:
                piece = position.cells[origin]
                options.append((f"{cell_name(origin)}: {piece.describe()} ({n} moves)", origin))
        self.hollow.options = options
        self.hollow.value = PASS if PASS in origins else None
        self.hollow.disabled = position.is_over
        self.typed_button.disabled = position.is_over
        self.typed.value = ""
        self._offer_choices()


def _targets(move: Move) -> tuple[Cell, ...]:
    """Where a move puts soldiers: the end of a path or chain, the hollows laid out, the hollow filled."""
    if move.kind == "unchain":
        return move.cells[1:]
    return move.cells[-1:]


def _offer(control: widgets.Widget, options: list[tuple[str, Any]], tooltips: list[str] | None = None) -> None:
    """Set a selection widget's options, keeping its value if still offered; a lone option is chosen."""
    old = control.value
    if list(control.options) != [label for label, _ in options]:
        control.options = options
        if tooltips is not None:
            control.tooltips = tooltips
    values = [value for _, value in options]
    control.value = old if old in values else (values[0] if len(values) == 1 else None)
