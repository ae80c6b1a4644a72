"""The classroom app: both games on one big board, for a projector.

A bar at the top chooses the game (Walak-pussa or Myra) and what to do:

- **demonstrations**: the game's gallery beside the board; each demonstration has a title
  and a line on what to watch for; step through it, or let the class predict;
- **live game**: the game's play board (people or the computer at any level, undo / redo,
  new game, 2 or 3 players for Myra);
- **set up**: build a position by clicking the board, demonstrate any move from it, copy it
  out as text and paste it back;
- **puzzles**: a puzzle from :mod:`kit.puzzles` on the big board, answered by a click, then
  revealed with its solution stepped through; the class's score and streak.

Hints are free in the classroom: the live game and the set-up have a **hint** button with no limit.
"""
from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets

from kit.classroom.gallery import GAMES, SUMMARIES, gallery
from kit.classroom.live import LiveGame
from kit.classroom.myra_side import projector_side
from kit.classroom.puzzle_panel import PuzzlePanel
from kit.classroom.setup_panel import MyraSetupPanel, SetupPanel, WalakSetupPanel
from kit.classroom.stage import Stage
from kit.classroom.style import CSS

from kit.widgets.feedback import Feedback

#: Drawing widths in inches: large enough to stay sharp on a 1920x1080 projector, small
#: enough that the caption and labels stay large beside the board (Myra's board is drawn
#: alone, its players, reserves and key beside it as HTML).
SIZES: dict[str, float] = {"walak": 14.0, "myra": 12.0}

MODES: tuple[tuple[str, str], ...] = (("demonstrations", "demos"), ("live game", "live"), ("set up", "setup"),
                                      ("puzzles", "puzzles"))

#: The modes that show a game's stage (the live game has a play board of its own).
STAGE_MODES = ("demos", "setup", "puzzles")


class Gallery(widgets.VBox):
    """The demonstrations of one game as a column of buttons; the chosen one is marked."""

    def __init__(self, game: str, on_choose: Any, guard: Any) -> None:
        self.demos = gallery(game)
        self.buttons = {}
        for demo in self.demos:
            chosen = widgets.Button(description=demo.title, tooltip=f"show {demo.title}: {demo.note}",
                                    layout=widgets.Layout(width="100%"))
            chosen.on_click(guard(lambda _, demo=demo: on_choose(demo)))
            self.buttons[demo.name] = chosen
        super().__init__(list(self.buttons.values()), layout=widgets.Layout(width="100%"))
        self.add_class("kit-gallery")

    def mark(self, name: str) -> None:
        """Mark the demonstration shown."""
        for key, shown in self.buttons.items():
            shown.button_style = "info" if key == name else ""


def summary(game: str) -> widgets.Accordion:
    """The rules of a game in a few lines, folded away under a title."""
    items = "".join(f"<li>{line}</li>" for line in SUMMARIES[game])
    text = widgets.HTML(f'<ol style="padding-left:1.3em;margin:0;line-height:1.35">{items}</ol>')
    return widgets.Accordion([text], titles=(f"{GAMES[game]}: the rules in one screen",), selected_index=None)


class Classroom(widgets.VBox):
    """Both games on the big board: demonstrations (with predict, then reveal), a live game,
    setting up positions, and puzzles. ``game`` is shown first ("walak" or "myra"); ``seed``
    makes the puzzles repeatable."""

    def __init__(self, game: str = "walak", seed: int | None = None) -> None:
        if game not in GAMES:
            raise ValueError(f"unknown game {game!r}: choose one of {', '.join(GAMES)}")
        self.game = widgets.ToggleButtons(options=[(title, name) for name, title in GAMES.items()], value=game,
                                          tooltips=["the mancala game from Sri Lanka", "the hexagon game of queens "
                                                    "and troops"], style={"button_width": "9em"})
        self.mode = widgets.ToggleButtons(options=MODES, value="demos", style={"button_width": "10em"},
                                          tooltips=["the gallery of demonstrations", "play a game on the big board",
                                                    "build a position by clicking the board",
                                                    "puzzles for the class: answer by clicking the board"])
        self.stages = {name: Stage(gallery(name)[0].start(), size=SIZES[name]) for name in GAMES}
        self.stages["myra"].place_beside(projector_side(self.stages["myra"].stepper, SIZES["myra"]))
        self.notes = {name: widgets.HTML(layout=widgets.Layout(width="100%")) for name in GAMES}
        for note in self.notes.values():
            note.add_class("kit-note")
        self.galleries = {name: Gallery(name, self.choose, self.stages[name].feedback.guard) for name in GAMES}
        self.summaries = {name: summary(name) for name in GAMES}
        self.setups: dict[str, SetupPanel] = {"walak": WalakSetupPanel(self.stages["walak"]),
                                              "myra": MyraSetupPanel(self.stages["myra"])}
        self.puzzles = {name: PuzzlePanel(name, self.stages[name], seed) for name in GAMES}
        self.stage_mode = {name: "demos" for name in GAMES}  # what each game's stage shows now
        self.live: dict[str, LiveGame] = {}
        self.chosen = {name: gallery(name)[0] for name in GAMES}
        for name in GAMES:
            self.choose(self.chosen[name])
        title = widgets.HTML("Walak-pussa &amp; Myra in class")
        title.add_class("kit-title")
        topbar = widgets.HBox([title, self.game, self.mode])
        topbar.add_class("kit-topbar")
        self.side = widgets.VBox()
        self.side.add_class("kit-side")
        self.main = widgets.VBox()
        self.main.add_class("kit-main")
        body = widgets.HBox([self.side, self.main])
        body.add_class("kit-body")
        self.feedback = Feedback()
        self.game.observe(self.feedback.guard(self._switched), "value")
        self.mode.observe(self.feedback.guard(self._switched), "value")
        super().__init__([widgets.HTML(CSS), topbar, body, self.feedback.message, self.feedback.errors])
        self.add_class("kit-classroom")
        self._arrange()

    # -- what is shown ----------------------------------------------------------------------

    @property
    def stage(self) -> Stage:
        """The big board of the game chosen."""
        return self.stages[self.game.value]

    def choose(self, demo: Any) -> None:
        """Show a demonstration of its game on that game's board, before its first step."""
        name = "walak" if demo in gallery("walak") else "myra"
        self.chosen[name] = demo
        self.stages[name].show(demo.trace())
        self.notes[name].value = f"<b>{html.escape(demo.title)}.</b> {html.escape(demo.note)}"
        self.galleries[name].mark(demo.name)

    def board(self, game: str | None = None) -> Any:
        """The live play board of a game (made when first asked for)."""
        return self._live(game or self.game.value).board

    def _live(self, game: str) -> LiveGame:
        if game not in self.live:
            self.live[game] = LiveGame(game, SIZES[game])
        return self.live[game]

    def _switched(self, _change: dict[str, Any]) -> None:
        self._arrange()

    def _arrange(self) -> None:
        """Show the game and mode chosen. Both boards stay on the page, one of them hidden,
        so each keeps its place (and its keyboard focus) while the other game is shown.
        Nothing carries over from the mode left: its panel, messages, prompt and highlights go;
        the side panel is swapped before the new mode is drawn (a first puzzle takes a moment)."""
        game, mode = self.game.value, self.mode.value
        stage = self.stages[game]
        panels: dict[str, dict[str, Any]] = {"setup": self.setups, "puzzles": self.puzzles}
        for kind, found in panels.items():
            for name, panel in found.items():
                if not (name == game and mode == kind):
                    panel.deactivate()
        for shown_stage in self.stages.values():
            shown_stage.say("")
            shown_stage.feedback.say("")
        self.feedback.say("")
        if mode == "demos":
            self.side.children = (self.notes[game], self.galleries[game], self.summaries[game])
        elif mode == "setup":
            self.side.children = (self.setups[game],)
        elif mode == "puzzles":
            self.side.children = (self.puzzles[game], self.summaries[game])
        else:
            live = self._live(game)
            self.side.children = (live.side, self.summaries[game])
        shown = [stage] if mode in STAGE_MODES else [self._live(game).main]
        parts = [*self.stages.values(), *(live.main for live in self.live.values())]
        for part in parts:
            part.layout.display = None if part in shown else "none"
        self.main.children = tuple(parts)
        if mode in STAGE_MODES:
            if mode in panels:
                panels[mode][game].activate()
            elif self.stage_mode[game] != "demos":  # back from another mode: the demonstration chosen
                self.choose(self.chosen[game])
            self.stage_mode[game] = mode


def app(game: str = "walak", seed: int | None = None) -> Classroom:
    """The classroom app, showing ``game`` ("walak" or "myra") first (``seed``: repeatable puzzles)."""
    return Classroom(game, seed)
