"""The classroom app: every registered game on one big board, for a projector.

A bar at the top chooses the game and what to do:

- **demonstrations**: the game's gallery beside the board; each demonstration has a title
  and a line on what to watch for; step through it, or let the class predict;
- **live game**: the game's play board (people or the computer at any level, undo / redo,
  new game, any number of players the game allows);
- **set up**: build a position by clicking the board, demonstrate any move from it, copy it
  out as text and paste it back;
- **puzzles**: a puzzle from :mod:`kit.puzzles` on the big board, answered by a click, then
  revealed with its solution stepped through; the class's score and streak.

Hints are free in the classroom: the live game and the set-up have a **hint** button with no limit.

Once the page is up, each game's live game and first puzzle are made in the background
(:meth:`Classroom.prepare`), one game after the other, so that the first switch to them is as
quick as any other.
"""
from __future__ import annotations

import html
import threading
from functools import partial
from typing import Any

import ipywidgets as widgets

from kit.classroom.gallery import GAMES, SUMMARIES, gallery
from kit.core.game import game as find_game
from kit.classroom.live import LiveGame
from kit.puzzles.session import PuzzleSession
from kit.classroom.setup_panel import SetupPanel
from kit.classroom.stage import Stage
from kit.classroom.style import CSS
from kit.puzzles.board import PuzzleBoard

from kit.widgets.feedback import Feedback, quiet_for

#: Drawing widths in inches: large enough to stay sharp on a 1920x1080 projector, small
#: enough that the caption and labels stay large beside the board (each game says its own:
#: ``Game.classroom_size``).
SIZES: dict[str, float] = {name: find_game(name).classroom_size for name in GAMES}

MODES: tuple[tuple[str, str], ...] = (("demonstrations", "demos"), ("live game", "live"), ("set up", "setup"),
                                      ("puzzles", "puzzles"))

#: What each mode is, for its button's tooltip.
MODE_TIPS = {"demos": "the gallery of demonstrations", "live": "play a game on the big board",
             "setup": "build a position by clicking the board",
             "puzzles": "puzzles for the class: answer by clicking the board"}


def modes(game: str) -> tuple[tuple[str, str], ...]:
    """The modes the classroom offers for a game, (label, mode): the live game always; the
    demonstrations, the set-up and the puzzles where the game has a gallery, a set-up panel, puzzles."""
    description = find_game(game)
    has = {"demos": bool(gallery(game)), "live": True, "setup": description.setup_panel() is not None,
           "puzzles": description.puzzles() is not None}
    return tuple((label, mode) for label, mode in MODES if has[mode])

#: The modes that show a game's stage (the live game has a play board of its own).
STAGE_MODES = ("demos", "setup", "puzzles")

#: The modes whose messages stand in the side panel, where a long one wraps (under the board
#: it would fall below the screen): the set-up's and the puzzles' verdicts.
MESSAGES_BESIDE = ("setup", "puzzles")

#: How often (seconds) and how many times the kernel looks whether the page has loaded its
#: widgets before it prepares the rest in the background (:meth:`Classroom.prepare`).
PAGE_CHECK_EVERY, PAGE_CHECKS = 0.5, 1200

#: Seconds left to the page after it has asked for its widgets, before the preparing starts;
#: each game is prepared only after this many seconds without a click or key (a click
#: never waits behind the preparing it started).
PAGE_SETTLE = 2.0


class Gallery(widgets.VBox):
    """The demonstrations of one game as a column of buttons; the chosen one is marked."""

    def __init__(self, game: str, on_choose: Any, guard: Any) -> None:
        self.demos = gallery(game)
        self.buttons = {}
        for demo in self.demos:
            chosen = widgets.Button(description=demo.title, layout=widgets.Layout(width="100%"))
            chosen.on_click(guard(lambda button, demo=demo: self._chosen(button, demo, on_choose)))
            self.buttons[demo.name] = chosen
        super().__init__(list(self.buttons.values()), layout=widgets.Layout(width="100%"))
        self.say_notes(True)
        self.add_class("kit-gallery")
        self.add_class("kit-fill")  # a box of its own that scrolls: the side panel fits the screen

    @staticmethod
    def _chosen(button: widgets.Button, demo: Any, on_choose: Any) -> None:
        """A demonstration clicked: shown, and its button scrolled wholly into the list's view
        (focused afresh: the browser scrolls a half-shown button into view)."""
        on_choose(demo)
        button.blur()
        button.focus()

    def say_notes(self, said: bool) -> None:
        """Put what to watch for in each demonstration's tooltip, or only its title (``said=False``:
        while predict asks, a pointer resting on the demonstration shown would give the answer away)."""
        for demo in self.demos:
            self.buttons[demo.name].tooltip = f"show {demo.title}" + (f": {demo.note}" if said else "")

    def mark(self, name: str | None) -> None:
        """Mark the demonstration shown (None: none)."""
        for key, shown in self.buttons.items():
            shown.button_style = "info" if key == name else ""


def summary(game: str) -> widgets.Accordion:
    """The rules of a game in a few lines, folded away under a title."""
    items = "".join(f"<li>{line}</li>" for line in SUMMARIES[game])
    text = widgets.HTML(f'<ol style="padding-left:1.3em;margin:0;line-height:1.35">{items}</ol>')
    text.add_class("kit-rules")  # opened, it scrolls in a box of its own
    return widgets.Accordion([text], titles=(f"{GAMES[game]}: the rules in one screen",), selected_index=None)


class Classroom(widgets.VBox):
    """Both games on the big board: demonstrations (with predict, then reveal), a live game,
    setting up positions, and puzzles. ``game`` is shown first (None: the first registered game); ``seed``
    makes the puzzles repeatable."""

    def __init__(self, game: str | None = None, seed: int | None = None, class_db: Any = None,
                 teacher_key: str | None = None) -> None:
        game = next(iter(GAMES)) if game is None else game
        if game not in GAMES:
            raise ValueError(f"unknown game {game!r}: choose one of {', '.join(GAMES)}")
        self.game = widgets.ToggleButtons(options=[(title, name) for name, title in GAMES.items()], value=game,
                                          tooltips=[find_game(name).summary for name in GAMES],
                                          style={"button_width": "9em"})
        self.offered = {name: modes(name) for name in GAMES}
        first = self.offered[game]
        self.mode = widgets.ToggleButtons(options=first, value=first[0][1], style={"button_width": "10em"},
                                          tooltips=[MODE_TIPS[mode] for _, mode in first])
        staged = [name for name in GAMES if any(mode in STAGE_MODES for _, mode in self.offered[name])]
        self.stages = {name: Stage(gallery(name)[0].start() if gallery(name) else find_game(name).start(),
                                   size=SIZES[name]) for name in staged}
        for name, stage in self.stages.items():
            stage.add_class(f"kit-game-{name}")  # which game's board (the browser tests wait for it)
            beside = find_game(name).projector_side(stage.controller, SIZES[name])
            if beside is not None:
                stage.place_beside(beside)
        shows = {name: {mode for _, mode in self.offered[name]} for name in GAMES}
        self.notes = {name: widgets.HTML(layout=widgets.Layout(width="100%"))
                      for name in GAMES if "demos" in shows[name]}
        for name, note in self.notes.items():
            note.add_class("kit-note")
            self.stages[name].on_asking.append(partial(self._write_note, name))
        self.galleries = {name: Gallery(name, self.choose, self.stages[name].feedback.guard) for name in self.notes}
        self.summaries = {name: summary(name) for name in GAMES}
        self.setups: dict[str, SetupPanel] = {name: find_game(name).setup_panel()(self.stages[name])
                                              for name in GAMES if "setup" in shows[name]}
        self.puzzles = {name: PuzzleBoard(name, seed=seed, controller=self.stages[name].controller)
                        for name in GAMES if "puzzles" in shows[name]}
        self.stage_mode = {name: "demos" for name in self.stages}  # what each game's stage shows now
        for stage in self.stages.values():
            stage.feedback.message.add_class("kit-message")  # under the board, or in the side panel
        self.live: dict[str, LiveGame] = {}
        self.first_puzzles: dict[str, FirstPuzzle] = {}
        self.preparing = widgets.HTML("<b>Live game</b><br>Preparing the board…")
        self.chosen = {name: gallery(name)[0] for name in self.galleries}
        for name in self.galleries:
            self.choose(self.chosen[name])
        title = widgets.HTML(f"{' &amp; '.join(html.escape(title) for title in GAMES.values())} in class")
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
        self._offering = False
        self.game.observe(self.feedback.guard(self._switched), "value")
        self.mode.observe(self.feedback.guard(self._switched), "value")
        #: The class's answers (``class_db``: a :class:`kit.classes.ClassDB`, with its teacher's key),
        #: a row under the top bar; None: the projector alone.
        self.class_tally: Any = None
        #: The class's games and tournament (:class:`kit.classes.games_panel.ClassGamesPanel`), under
        #: the class's row once the class is connected.
        self.class_games: Any = None
        super().__init__([widgets.HTML(CSS), topbar, body, self.feedback.message, self.feedback.errors])
        self.add_class("kit-classroom")
        if class_db is not None:
            self.connect_class(class_db, teacher_key)
        self._arrange()
        self._prepare_when_loaded()

    def connect_class(self, class_db: Any, teacher_key: str | None) -> None:
        """Send every question the projector asks to the class's screens from now on (the
        class's row under the top bar: its tally, close and show answers) and show the class's
        games (**class games**: a tournament, its standings, any game's board); a ClassError for
        a wrong ``teacher_key``."""
        from kit.classes.games_panel import ClassGamesPanel
        from kit.classes.tally import ClassTally

        if self.class_tally is not None:
            return
        self.class_tally = ClassTally(self, class_db, teacher_key)
        self.class_games = ClassGamesPanel(self, class_db, teacher_key)
        row = widgets.HBox([self.class_tally, self.class_games.bar])  # one row: the board keeps its room
        row.add_class("kit-class-row")
        first, topbar, *rest = tuple(self.children)  # type: ignore[has-type]
        self.children = (first, topbar, row, self.class_games, *rest)
        self.add_class("kit-with-class")

    # -- what is shown ----------------------------------------------------------------------

    @property
    def stage(self) -> Stage:
        """The big board of the game chosen."""
        return self.stages[self.game.value]

    def choose(self, demo: Any) -> None:
        """Show a demonstration of its game on that game's board, before its first step."""
        name = next(name for name in self.galleries if demo in gallery(name))
        self.chosen[name] = demo
        self.stages[name].show(demo.trace())
        self._write_note(name)  # (it marks the demonstration in the list, unless predict asks)

    def _write_note(self, game: str) -> None:
        """What to watch for in the demonstration shown; while predict has a question open or still
        to come nothing of it, in the note box, the list and the tooltips (the note would give
        the answer away, "... the 5 seeds of South's d are eaten", and so may a title)."""
        demo, shown = self.chosen[game], self.galleries[game]
        asking = self.stages[game].questions_to_come
        shown.say_notes(not asking)
        shown.mark(None if asking else demo.name)  # a title may name the answer ("Capture a troop of 3 ...")
        if asking:  # not even its number: counted down the list, it names the title
            self.notes[game].value = ("<b>A demonstration with questions.</b> <i>Its name and what to watch for "
                                      "follow the last answer.</i>")
        else:
            self.notes[game].value = f"<b>{html.escape(demo.title)}.</b> {html.escape(demo.note)}"

    def board(self, game: str | None = None) -> Any:
        """The live play board of a game (made when first asked for)."""
        return self._live(game or self.game.value).board

    def _live(self, game: str) -> LiveGame:
        if game not in self.live:
            live = self.live[game] = LiveGame(game, SIZES[game])
            live.main.add_class(f"kit-game-{game}")
            rules = self.summaries[game]  # opened, they take the place of the live game's settings
            live.rules_opened(rules.selected_index is not None)
            rules.observe(lambda change: live.rules_opened(change["new"] is not None), "selected_index")
        return self.live[game]

    def prepare(self, game: str) -> None:
        """Make now what the first switch to a game's modes would make while the class waits:
        its first puzzle (drawn on a thread of its own) and its live game (put on the page, hidden)."""
        if game in self.puzzles and game not in self.first_puzzles and self.puzzles[game].session is None:
            self.first_puzzles[game] = FirstPuzzle(self.puzzles[game])
        self._live(game)
        self._show_main(self._shown())

    def _prepare_when_loaded(self) -> None:
        """Run :meth:`prepare` in the kernel's loop (between the page's messages) once the page
        has loaded its widgets; outside a kernel, or without a page, all is made when first shown."""
        try:
            from IPython import get_ipython
        except ImportError:  # pragma: no cover - IPython comes with ipywidgets
            return
        loop = getattr(getattr(get_ipython(), "kernel", None), "io_loop", None)
        if loop is None:
            return
        checks = iter(range(PAGE_CHECKS))

        def check() -> None:
            if getattr(widgets.Widget, "_control_comm", None) is not None:  # the page has asked for the widgets
                loop.call_later(PAGE_SETTLE, prepare_next, list(GAMES))
            elif next(checks, None) is not None:
                loop.call_later(PAGE_CHECK_EVERY, check)

        def prepare_next(left: list[str]) -> None:
            """One game at a time, each after a quiet moment; the page says when all are made."""
            quiet = quiet_for()
            if quiet < PAGE_SETTLE:
                loop.call_later(PAGE_SETTLE - quiet, prepare_next, left)
                return
            self.feedback.guard(self.prepare)(left[0])
            if left[1:]:
                loop.call_later(PAGE_SETTLE, prepare_next, left[1:])
            else:
                self.add_class("kit-prepared")  # the browser tests wait for it

        loop.call_later(PAGE_CHECK_EVERY, check)

    def _switched(self, change: dict[str, Any]) -> None:
        if self._offering:  # the game's modes being put on the mode bar: arranged once they are
            return
        if change["owner"] is self.game:
            self._offer_modes()
        self._arrange()

    def _offer_modes(self) -> None:
        """Put the chosen game's modes on the mode bar, keeping the mode chosen where the game has it
        (else its first: the demonstrations, or the live game)."""
        offered = self.offered[self.game.value]
        if tuple(self.mode.options) == offered:
            return
        keep = self.mode.value if self.mode.value in {mode for _, mode in offered} else offered[0][1]
        self._offering = True
        try:
            self.mode.options = offered
            self.mode.tooltips = [MODE_TIPS[mode] for _, mode in offered]
            self.mode.value = keep
        finally:
            self._offering = False

    def _arrange(self) -> None:
        """Show the game and mode chosen. Both boards stay on the page, one of them hidden,
        so each keeps its place (and its keyboard focus) while the other game is shown.
        Nothing carries over from the mode left: its panel, messages, prompt and highlights go;
        the side panel is swapped before the new mode is drawn (a first puzzle takes a moment)."""
        game, mode = self.game.value, self.mode.value
        stage = self.stages.get(game)  # None: a game with a live game alone
        panels: dict[str, dict[str, Any]] = {"setup": self.setups, "puzzles": self.puzzles}
        for kind, found in panels.items():
            for name, panel in found.items():
                if not (name == game and mode == kind):
                    panel.deactivate()
        for shown_stage in self.stages.values():
            shown_stage.say("")
            shown_stage.feedback.say("")
        for live in self.live.values():
            live.quiet()
        self.feedback.say("")
        for name, shown_stage in self.stages.items():
            beside = name == game and mode in MESSAGES_BESIDE
            (shown_stage.add_class if beside else shown_stage.remove_class)("kit-messages-beside")
        if mode == "demos":
            self.side.children = (self.notes[game], self.galleries[game], self.summaries[game])
        elif mode == "setup" and stage is not None:
            self.side.children = (self.setups[game], stage.feedback.message)
        elif mode == "puzzles" and stage is not None:
            self.side.children = (self.puzzles[game], stage.feedback.message, self.summaries[game])
        else:
            if game not in self.live:  # said at once, while the live game is made
                self.side.children = (self.preparing,)
                self._show_main(None)
            self.side.children = (self._live(game).side, self.summaries[game])
        self._show_main(self._shown())
        if mode in STAGE_MODES and stage is not None:
            stage.offer_predict(mode == "demos")
            if mode == "puzzles" and game in self.first_puzzles:
                self.first_puzzles.pop(game).hand_over()
            if mode in panels:
                panels[mode][game].activate()
            else:
                stage.activate()
                if self.stage_mode[game] != "demos":  # back from another mode: the demonstration chosen
                    self.choose(self.chosen[game])
                else:  # back from the live game or the other game: the question open is asked again
                    stage.resume()
            self.stage_mode[game] = mode


    def _shown(self) -> widgets.Widget | None:
        """The part the main area shows for the game and mode chosen (None: not made yet)."""
        if self.mode.value in STAGE_MODES:
            return self.stage
        live = self.live.get(self.game.value)
        return None if live is None else live.main

    def _show_main(self, shown: widgets.Widget | None) -> None:
        """Every board made stays on the page (each keeps its place and keyboard focus); all but
        ``shown`` are hidden."""
        parts = [*self.stages.values(), *(live.main for live in self.live.values())]
        for part in parts:
            part.layout.display = None if part is shown else "none"
        self.main.children = tuple(parts)


class FirstPuzzle:
    """The first puzzle of a puzzle panel, drawn on a thread of its own (one may take a
    second or two) and handed to the panel when its mode is first shown."""

    def __init__(self, panel: PuzzleBoard) -> None:
        self.panel, self.level = panel, panel.level_choice.value
        self.session: PuzzleSession | None = None
        # not a daemon: a program that ends while it draws waits for it (a daemon thread stopped
        # at the interpreter's exit inside C++ code aborted the process: "terminate called ...")
        self.thread = threading.Thread(target=self._draw, name="kit-first-puzzle")
        self.thread.start()

    def _draw(self) -> None:
        try:
            self.session = PuzzleSession(self.panel.game, level=self.level, seed=self.panel.seed)
        except Exception:  # noqa: BLE001 - the panel draws it again when shown, and says what went wrong
            self.session = None

    def hand_over(self) -> None:
        """Give the puzzle to the panel (waiting for it if it is still being drawn, the board
        hidden meanwhile: no other board is seen under the puzzle's question)."""
        if self.thread.is_alive():
            self.panel.controller.wait("Drawing a puzzle…")
        self.thread.join()
        panel = self.panel
        if panel.session is None and self.session is not None and panel.level_choice.value == self.level:
            panel.session = self.session


def app(game: str | None = None, seed: int | None = None, class_db: Any = None,
        teacher_key: str | None = None) -> Classroom:
    """The classroom app, showing the game called ``game`` first (None: the first registered
    game; ``seed``: repeatable puzzles); with ``class_db`` and its ``teacher_key``, the class
    answers every question on their own screens (:mod:`kit.classes.tally`)."""
    return Classroom(game, seed, class_db, teacher_key)
