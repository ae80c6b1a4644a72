"""The Walak-pussa play board: click a hole (or its button), rules presets, match mode, computer players.

A click on one of the mover's holes in the picture sows it; hovering a hole says in one
line what sowing it would do. Each hole also has a button under (South) or over (North) it in the picture, labelled with its
letter and seed count. Buttons of holes that cannot be played are disabled, and their
tooltip says why; a hole whose relay never ends is marked ∞ and stays clickable: a click
shows its first laps and why the move is refused.
"""
from __future__ import annotations

import html
import json
from dataclasses import replace
from typing import Sequence

import ipywidgets as widgets

from kit.core.game import Trace, game, Record
from kit.core.errors import IllegalMove
from kit.games.walak.board import HOLES, PLAYER_NAMES, ROW, hole_name, letter, owner
from kit.games.walak.events import seed_count
from kit.games.walak.match import Match
from kit.games.walak.position import Position, start
from kit.games.walak.records import match_record
from kit.games.walak.rules import PRESETS, Rules, as_rules
from kit.widgets.games import trace_of
from kit.widgets.hints import DEFAULT_HINTS
from kit.widgets.history import Entry
from kit.widgets.play_board import PlayBoard

#: Laps shown when an endless hole is clicked.
ENDLESS_LAPS = 3

#: The rules presets on the board's buttons, in plain words (the values stay the preset names of records).
PRESET_LABELS: dict[str, str] = {"default": "standard", "skip-origin": "skip the emptied hole",
                                 "ludii": "Ludii's version", "custom": "custom"}

#: What each preset does, for the buttons' tooltips and the line under them (``Rules.describe`` says it
#: in the rules' own terms).
PRESET_HELP: dict[str, str] = {
    "default": ("The kit's reading of the rules: when the last seed falls and the next hole holds seeds, they are "
                "lifted and sown on; when the next hole is empty, the move ends and the hole beyond it is captured."),
    "skip-origin": ("As standard, but a hand big enough to go round the board skips the hole its seeds were "
                    "lifted from."),
    "ludii": ("The rules as the Ludii game system reads Parker's book: the seeds of the hole where the last seed "
              "falls are lifted and sown on; a last seed in an empty hole captures the next hole; a hole with a "
              "single seed may not be played while one of your holes holds two or more."),
}

State = Position | Match  # a single game, or a match of several rounds


class WalakPlayBoard(PlayBoard):
    """Play Walak-pussa: click a hole (in the picture, or its button) to sow it; the move is
    shown in the stepper.

    ``position`` is where the game starts (a Position or a Match; default the start
    position of ``rules``); ``match`` plays a match of several rounds from the start;
    ``size`` is the drawing's width in inches; ``hints`` how many hints a game allows (None:
    unlimited); ``exercise``, the exercise the board stands beside (its hint waits for a try at it).

    ``hole_buttons[h]`` is the button of global hole ``h`` (South 0..6, North 7..13).
    """

    game_name = "walak"

    def __init__(self, position: State | None = None, *, rules: Rules | str | dict | None = None,
                 match: bool = False, size: float | None = None, hints: int | None = DEFAULT_HINTS,
                 exercise: str | Sequence[str] = ()) -> None:
        if position is None:
            position = Match.start(rules) if match else start(rules)
        elif not game("walak").owns(position):
            raise TypeError(f"expected a Walak-pussa position or match, not {type(position).__name__}")
        super().__init__(position, size=size, hints=hints, exercise=exercise)
        guard = self.feedback.guard
        self.why_not = widgets.Dropdown(description="why not", tooltip="choose a move to ask what it does",
                                        layout=widgets.Layout(width="11em"), style={"description_width": "4.5em"})
        self.hole_buttons = [widgets.Button(layout=widgets.Layout(width="auto", height="2.4em", margin="0 2px"))
                             for _ in range(HOLES)]
        for hole, hole_button in enumerate(self.hole_buttons):
            hole_button.on_click(guard(lambda _, hole=hole: self.click_hole(hole)))
        self.preset = widgets.ToggleButtons(options=_preset_options(list(PRESETS)),
                                            tooltips=[PRESET_HELP[name] for name in PRESETS],
                                            description="rules", style={"button_width": "auto"})
        self.rules_help = widgets.HTML()
        self.match_mode = widgets.Checkbox(description="match of several rounds", indent=False,
                                           tooltip="play rounds until a player cannot fill a hole",
                                           layout=widgets.Layout(width="auto"))
        self.next_round_button = widgets.Button(description="next round", icon="forward",
                                                tooltip="next round: refill the holes and play on")
        self.rounds = widgets.HTML()
        self.preset.observe(guard(self._setting_changed), "value")
        self.match_mode.observe(guard(self._setting_changed), "value")
        self.next_round_button.on_click(guard(lambda _: self.next_round()))
        self.toolbar.children = (*self.toolbar.children, self.next_round_button)
        north = self._hole_row(range(HOLES - 1, ROW - 1, -1))
        south = self._hole_row(range(ROW))
        settings = [widgets.HBox([self.preset, self.match_mode], layout=widgets.Layout(flex_flow="row wrap")),
                    self.rules_help]
        self.stepper.picture.children = (north, self.stepper.view, south)
        self._arrange([self.rounds, widgets.HTML("<b>Why not this move?</b>"),
                       widgets.HBox([self.why_not, self.explain_button])], settings)
        self._start_turn("")

    def _hole_row(self, holes: range) -> widgets.HBox:
        """The buttons of one row, each centred on its hole in the picture."""
        drawing = self.stepper.drawing
        centres = [drawing.pixel_of(hole)[0] for hole in holes]
        pitch = abs(centres[1] - centres[0])
        for hole in holes:
            self.hole_buttons[hole].layout.width = f"{pitch - 4}px"
        first = min(centres) - pitch // 2
        return widgets.HBox([widgets.Box(layout=widgets.Layout(width=f"{first}px")),
                             *(self.hole_buttons[hole] for hole in holes)])

    # -- the game's part ----------------------------------------------------------------------

    def live_settings(self) -> list[widgets.Widget]:
        why_not = widgets.HBox([self.why_not, self.explain_button], layout=widgets.Layout(flex_flow="row wrap"))
        why_not.add_class("kit-inline")  # one row: the list shrinks beside its button
        return [self.preset, self.rules_help, why_not]

    def position_of(self, state: State) -> Position:
        return state.position if isinstance(state, Match) else state

    def advance(self, state: State, trace: Trace) -> State:
        return replace(state, position=trace.after) if isinstance(state, Match) else trace.after

    def new_state(self) -> State:
        rules = as_rules(self.preset.value) if self.preset.value in PRESETS else self.position.rules
        return Match.start(rules) if self.match_mode.value else start(rules)

    @property
    def match(self) -> Match | None:
        """The match being played, or None for a single game."""
        return self.state if isinstance(self.state, Match) else None

    def move_to_explain(self) -> str:
        if self.why_not.value is None:
            raise IllegalMove("choose a move to explain first")
        return self.why_not.value

    # -- actions ----------------------------------------------------------------------------------

    def click_hole(self, hole: int) -> None:
        """What a click on a hole's button does: play it, show the first laps of an endless
        sowing, or say why the hole cannot be played."""
        position = self.position
        if position.is_over:
            raise IllegalMove(f"the {'round' if self.match else 'game'} is over: press "
                              f"{'next round' if self.match and not self.match.is_over else 'new game'}")
        mover = PLAYER_NAMES[position.to_move]
        if owner(hole) != position.to_move:
            raise IllegalMove(f"{hole_name(hole)} is not {mover}'s hole: {mover} is to move")
        move = letter(hole)
        if move in position.endless_moves():
            self.stepper.load(trace_of(position, move, ENDLESS_LAPS), step=-1)
            self.feedback.say(f"{mover} cannot play {move}: {position.why_illegal(move)}. "
                              f"The stepper shows its first {ENDLESS_LAPS} laps.", "error")
            return
        self.play_move(move)

    def click(self, target: int | None) -> None:
        """A click on the board: a hole is played as its button would be; elsewhere, a hint."""
        if target is None:
            position = self.position
            who = "" if position.is_over else f" {PLAYER_NAMES[position.to_move]}'s"
            self.feedback.say(f"Click one of{who} holes to sow it.")
            return
        self.click_hole(target)

    def hover(self, target: int | None) -> None:
        """Say what sowing the hole under the pointer would do, or why it cannot be played."""
        position = self.position
        if target is None or position.is_over:
            self.say_preview("")
            return
        move = letter(target)
        own = owner(target) == position.to_move
        if own and move in position.legal_moves():
            self.say_preview(self.preview_of(move))
        elif own and move in position.endless_moves():
            self.say_preview(f"{hole_name(target)}: {position.why_illegal(move)}; click to watch its first laps.")
        else:
            self.say_preview(self._why_not(position, target) + ".")

    def next_round(self) -> None:
        """Refill the holes and start the next round of the match."""
        match = self.match
        if match is None:
            raise IllegalMove("this is a single game, not a match: tick 'match of several rounds' for a new match")
        following = match.next_round()
        self.history.push(Entry(following, "round"))
        self._start_turn(f"Round {following.round_number}: {PLAYER_NAMES[self.position.to_move]} opens.")

    # -- records --------------------------------------------------------------------------------

    def record_json(self) -> str:
        entries = self.history.game()
        first = self.position_of(entries[0].state)
        rounds: list[list[str]] = [[]]
        for entry in entries[1:]:
            if entry.kind == "round":
                rounds.append([])
            elif entry.trace is not None:
                rounds[-1].append(entry.trace.move)
        record = (match_record(first, rounds, **self.names) if isinstance(entries[0].state, Match)
                  else game("walak").record(first, rounds[0], **self.names))
        return json.dumps(record.to_json(), indent=1)

    def record_entries(self, record: Record) -> list[Entry]:
        state: State = Match(record.start) if record.rounds else record.start
        entries, moves = [Entry(state)], iter(record.moves)
        for number, length in enumerate(record.rounds or (len(record.moves),)):
            if number:
                assert isinstance(state, Match)
                state = state.next_round()
                entries.append(Entry(state, "round"))
            for _ in range(length):
                trace = self.position_of(state).trace(next(moves))
                state = self.advance(state, trace)
                entries.append(Entry(state, "move", trace))
        return entries

    # -- showing ---------------------------------------------------------------------------------

    def status_html(self) -> str:
        position, match = self.position, self.match
        south, north = position.score
        line = f"{super().status_html()} &nbsp; Seeds won: South {south}, North {north}."
        if match is not None:
            line = f"<b>Round {match.round_number}</b> (opened by {PLAYER_NAMES[match.opened_by]}) &nbsp; " + line
            if match.is_over:
                line += f" <b>Match over: {PLAYER_NAMES[match.winner]} wins.</b>"  # type: ignore[index]
            elif match.round_over:
                line += " Round over: press <i>next round</i>."
        return line

    def busy_controls(self) -> list[widgets.Widget]:
        return [*super().busy_controls(), *self.hole_buttons, self.preset, self.match_mode, self.next_round_button,
                self.why_not]

    def refresh_controls(self) -> None:
        position, match = self.position, self.match
        legal, endless = set(position.legal_moves()), set(position.endless_moves())
        over = position.is_over
        for hole, hole_button in enumerate(self.hole_buttons):
            move, seeds = letter(hole), position.board[hole]
            own = owner(hole) == position.to_move and not over
            hole_button.description = f"{move} · {seeds}" + (" ∞" if own and move in endless else "")
            if own and move in legal:
                hole_button.button_style, hole_button.disabled = "success", False
                hole_button.tooltip = f"play {hole_name(hole)}: lift its {seed_count(seeds)} and sow"
            elif own and move in endless:
                hole_button.button_style, hole_button.disabled = "warning", False
                hole_button.tooltip = (f"{hole_name(hole)} cannot be played: {position.why_illegal(move)}. "
                                       "Click to watch its first laps.")
            else:
                hole_button.button_style, hole_button.disabled = "", True
                hole_button.tooltip = self._why_not(position, hole)
        self.why_not.options = position.legal_moves() if not over else []
        rules = position.rules
        options = _preset_options(list(PRESETS) if rules.name in PRESETS else [*PRESETS, "custom"])
        if tuple(self.preset.options) != tuple(options):
            self.preset.options = options
            self.preset.tooltips = [PRESET_HELP.get(name, rules.describe()) for _, name in options]
        self.preset.value = rules.name
        help_text = PRESET_HELP.get(rules.name, rules.describe())
        self.rules_help.value = f"<i>{html.escape(help_text, quote=False)}</i>"
        self.match_mode.value = match is not None
        self.next_round_button.layout.display = None if match is not None else "none"
        self.next_round_button.disabled = match is None or not match.round_over or match.is_over
        self.rounds.value = _rounds_table(match) if match is not None else ""

    @staticmethod
    def _why_not(position: Position, hole: int) -> str:
        if position.is_over:
            return f"{hole_name(hole)}: the game is over"
        mover = PLAYER_NAMES[position.to_move]
        if owner(hole) != position.to_move:
            return f"{hole_name(hole)}: {mover} is to move"
        return f"{hole_name(hole)} cannot be played: {position.why_illegal(letter(hole))}"


def _preset_options(names: list[str]) -> list[tuple[str, str]]:
    """The rules buttons' options: (plain label, preset name)."""
    return [(PRESET_LABELS[name], name) for name in names]


def _rounds_table(match: Match) -> str:
    """The round scores of a match as a small HTML table."""
    rows = [(f"round {r.number}", PLAYER_NAMES[r.opened_by], *r.holdings) for r in match.rounds]
    south, north = match.holdings
    rows.append((f"round {match.round_number} (now)", PLAYER_NAMES[match.opened_by], south, north))
    cells = "".join(f"<tr><td>{a}</td><td>{b}</td><td>{c}</td><td>{d}</td></tr>" for a, b, c, d in rows)
    return ('<table style="border-collapse:collapse" cellpadding="4"><tr><th>round</th><th>opened by</th>'
            f"<th>South holds</th><th>North holds</th></tr>{cells}</table>"
            f"<small>Stores: South {seed_count(match.stores[0])}, North {seed_count(match.stores[1])}.</small>")
