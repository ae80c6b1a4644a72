"""Who plays each side of a play board: a person, or the computer at a strength level."""
from __future__ import annotations

import html
from typing import Any, Callable, Sequence

import ipywidgets as widgets

from kit.agents import make_agent
from kit.core.game import game

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
        self.help.add_class("kit-seat-help")  # the classroom's side panel leaves it to the tooltips
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
        lines = []
        for d in self.dropdowns:
            said = "" if d.value == "person" else f"{d.description}: computer, {d.value}: " \
                                                  f"{game(self.game).levels()[d.value].description}."
            d.tooltip = said or f"who plays {d.description}: a person or the computer"
            lines += [said] if said else []
        self.help.value = f"<small>{html.escape(' '.join(lines), quote=False)}</small>"

    def level(self, player: int) -> str:
        """``"person"`` or the computer's strength level for the player."""
        return str(self.dropdowns[player].value)

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
