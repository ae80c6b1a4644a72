"""The projector's "Class games" panel: a class tournament, its live standings, any game's board.

:class:`ClassGamesPanel` stands under the class's row on the teacher's classroom page (only with
the teacher's key). **class games** opens it over the board: on the left the teacher starts a
tournament for the students who joined (round robin up to
:data:`~kit.classes.tournament.ROUND_ROBIN_MOST` players, Swiss rounds above, chosen
automatically or by the teacher; a time limit per game or none), sees the round's pairings and
the **live standings** (points, games, wins, draws, losses, byes and the tie-break, named), and
pairs the next round once the round is over; on the right **watch** shows any game of the class
live (its moves played step by step as they come), and a game whose player has been gone longer
than the time the teacher sets (or whose time is up) can be adjudicated: a win, a draw, or
finished by the computer. The panel reads the class's change number every
:data:`kit.classes.poll.EVERY` seconds, so a game's end is in the standings within a moment.
"""
from __future__ import annotations

import html
import time
from typing import Any

import ipywidgets as widgets

from kit.core.game import game as find_game, games as registered_games
from kit.classes.db import ClassDB
from kit.classes.games import ClassGame, ClassGames, described
from kit.classes.poll import Poller
from kit.classes.shared_board import SharedBoard
from kit.classes.tournament import ROUND_ROBIN_MOST, Tournament, Tournaments
from kit.core.errors import ClassError
from kit.widgets.feedback import Feedback, button

#: The watched board's greatest height on the projector (CSS pixels).
BOARD_HEIGHT = 520

#: The time limits per game the teacher chooses from (seconds; 0: no limit).
TIME_LIMITS: tuple[tuple[str, float], ...] = (
    ("no time limit", 0.0), ("5 min a game", 300.0), ("10 min a game", 600.0), ("15 min a game", 900.0),
    ("20 min a game", 1200.0), ("30 min a game", 1800.0))

#: How long a player may be gone before their game may be adjudicated, as the teacher chooses it (seconds).
ABSENCES: tuple[tuple[str, float], ...] = (
    ("gone 1 min", 60.0), ("gone 2 min", 120.0), ("gone 5 min", 300.0), ("gone 10 min", 600.0))

#: The tables' look (the projector's large type; lines between rows).
CSS = """<style>
.kit-class-games .kit-table { border-collapse: collapse; margin: 6px 0; font-size: 1.1em; }
.kit-class-games .kit-table caption { text-align: left; }
.kit-class-games .kit-table th, .kit-class-games .kit-table td { padding: 2px 10px; border-bottom: 1px solid #ccc;
  text-align: left; }
</style>"""

#: Seconds between two readings of who is gone (no change number tells it).
GONE_EVERY = 5.0

KINDS: tuple[tuple[str, str], ...] = (
    (f"automatic (round robin up to {ROUND_ROBIN_MOST}, else Swiss)", "automatic"), ("round robin", "round robin"),
    ("Swiss rounds", "swiss"))


def tournament_choices() -> list[tuple[str, tuple[str, bool]]]:
    """The games a tournament may play: each registered two-player game, and as a match of
    several rounds where the game has them, as (label, (game, match))."""
    choices = []
    for name in registered_games():
        description = find_game(name)
        if 2 not in description.player_counts:
            continue
        choices.append((f"{description.title}, single games" if description.match(description.start(2)) is not None
                        else f"{description.title}, 2 players", (name, False)))
        if description.match(description.start(2)) is not None:
            choices.append((f"{description.title}, matches of rounds", (name, True)))
    return choices


def _minutes(seconds: float) -> str:
    return f"{seconds / 60:g} min"


class ClassGamesPanel(widgets.VBox):
    """The class games on the teacher's classroom page ``room`` (see the module's docstring);
    ``key`` must be the class's teacher key. :meth:`poll` (run by itself in a kernel) keeps it
    up to date."""

    def __init__(self, room: Any, db: ClassDB, key: str | None) -> None:
        if not db.is_teacher(key):
            raise ClassError("Only the teacher's page shows the class games: its address carries the teacher's key.")
        self.room, self.key = room, key
        self.games = ClassGames(db)
        self.tournaments = Tournaments(self.games)
        self.feedback = Feedback()
        self.feedback.message.add_class("kit-class-games-message")
        guard = self.feedback.guard
        self.toggle = widgets.ToggleButton(description="class games", icon="trophy", value=False,
                                           tooltip="the class's games and tournament: pairings, standings, any "
                                                   "game's board (press again for the classroom)")
        self.toggle.add_class("kit-big")
        self.summary = widgets.HTML()
        self.summary.add_class("kit-class-games-summary")
        choices = tournament_choices()
        self.game_choice = widgets.Dropdown(options=choices, value=choices[0][1], description="game",
                                            style={"description_width": "3em"}, layout=widgets.Layout(width="22em"))
        # no None among the values: a Dropdown takes value None for "nothing chosen" and shows a blank
        self.kind = widgets.Dropdown(options=KINDS, value="automatic", description="kind",
                                     style={"description_width": "3em"}, layout=widgets.Layout(width="26em"))
        self.time_limit = widgets.Dropdown(options=TIME_LIMITS, value=0.0, description="time",
                                           style={"description_width": "3em"}, layout=widgets.Layout(width="14em"))
        self.start_button = button("start tournament", "pair the first round of a tournament for every student "
                                   "who joined", icon="play", button_style="primary")
        self.which = widgets.Dropdown(description="tournament", style={"description_width": "6em"},
                                      layout=widgets.Layout(width="22em", display="none"))
        self.heading = widgets.HTML()
        self.heading.add_class("kit-class-tournament")
        self.pair_button = button("pair next round", "pair the next round (once every game of this one has ended)",
                                  icon="forward", button_style="primary")
        self.pairings = widgets.HTML()
        self.pairings.add_class("kit-class-pairings")
        self.standings = widgets.HTML()
        self.standings.add_class("kit-class-standings")
        self.watch = widgets.Dropdown(description="watch", style={"description_width": "3.5em"},
                                      layout=widgets.Layout(width="100%", margin="2px 0"))  # 100 % and no more
        self.watch.add_class("kit-class-watch")
        self.watched = widgets.HTML()
        self.watched.add_class("kit-class-watched")
        self.board = SharedBoard(self.feedback, height=BOARD_HEIGHT)
        self.board.on_settled.append(self._watched_line)
        self.absent = widgets.Dropdown(options=ABSENCES, description="adjudicate once", value=None,
                                       style={"description_width": "8em"}, layout=widgets.Layout(width="17em"))
        self.gone = widgets.HTML()
        self.gone.add_class("kit-class-gone")
        self.verdicts = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.verdicts.add_class("kit-class-adjudicate")
        self.start_button.on_click(guard(lambda _: self.start()))
        self.pair_button.on_click(guard(lambda _: self.pair_next_round()))
        self.toggle.observe(guard(lambda _: self._opened()), "value")
        self.which.observe(guard(lambda _: self._refresh()), "value")
        self.watch.observe(guard(self._watch_chosen), "value")
        self.absent.observe(guard(self._absence_chosen), "value")
        wrap = widgets.Layout(flex_flow="row wrap", align_items="center")
        left = widgets.VBox([
            widgets.HTML("<b>A class tournament</b>"),
            widgets.HBox([self.game_choice, self.kind], layout=wrap),
            widgets.HBox([self.time_limit, self.start_button], layout=wrap),
            self.which, self.heading, self.pair_button, self.pairings, self.standings],
            layout=widgets.Layout(flex="1 1 30em", min_width="24em"))
        right = widgets.VBox([self.watch, self.watched, self.board.box, self.absent, self.gone, self.verdicts],
                             layout=widgets.Layout(flex="1 1 30em", min_width="24em", align_items="center"))
        self.content = widgets.HBox([left, right], layout=widgets.Layout(flex_flow="row wrap", grid_gap="1em",
                                                                           display="none"))
        #: The toggle and the one-line summary: the room puts them in the class's row under its top bar.
        self.bar = widgets.HBox([self.toggle, self.summary], layout=widgets.Layout(align_items="center"))
        super().__init__([self.feedback.message, self.content, self.feedback.errors],
                         layout=widgets.Layout(display="none"))  # shown while open: the board keeps its room
        self.add_class("kit-class-games")
        self._stamp: Any = None
        self._gone_read = 0.0
        self._picking = False
        self.absent.value = next((value for _, value in ABSENCES if value == self.games.absent_after()), None)
        self._refresh()
        self.poller = Poller(self.poll, self.feedback)
        self.poller.start()

    # -- keeping up with the class ---------------------------------------------------------------

    def poll(self) -> None:
        """Bring the panel up to date when a game or a student changed (and who is gone, now and then)."""
        stamp = self.games.stamp()
        if stamp != self._stamp:
            self._stamp = stamp
            self._refresh()
        elif time.monotonic() - self._gone_read > GONE_EVERY and self.toggle.value:
            self._refresh()

    def _opened(self) -> None:
        """Open the panel over the classroom's board (or close it)."""
        shown = self.toggle.value
        self.content.layout.display = self.layout.display = None if shown else "none"
        for part in self.room.children:
            if "kit-body" in getattr(part, "_dom_classes", ()):
                part.layout.display = "none" if shown else None
        self._refresh()

    @property
    def tournament(self) -> Tournament | None:
        """The tournament shown (the last one started, unless the teacher chose another)."""
        number = self.which.value
        return None if number is None else self.tournaments.tournament(number)

    def _refresh(self) -> None:
        self._gone_read = time.monotonic()
        names = {s.id: s.name for s in self.games.db.students()}
        known = self.tournaments.tournaments()
        options = [(f"{number.id}: {find_game(number.game).title}, {number.kind}", number.id) for number in known]
        if tuple(self.which.options) != tuple(options):
            self.which.options = options
            self.which.value = options[-1][1] if options else None
        self.which.layout.display = None if len(options) > 1 else "none"
        going = [g for g in self.games.games() if g.status != "over"]
        self.summary.value = (f'{CSS}<span style="font-size:1.2em">{len(names)} joined · {len(going)} game'
                              f'{"s" * (len(going) != 1)} going on</span>')
        info = self.tournament
        self._show_tournament(info, names)
        self._list_watchable(info, going)
        self._follow_watched()

    def _show_tournament(self, info: Tournament | None, names: dict[int, str]) -> None:
        if info is None:
            self.heading.value = (f"<i>No tournament yet. {len(names)} students joined: start one for them "
                                  "(each plays each in a round robin; Swiss rounds for a large class).</i>")
            self.pairings.value = self.standings.value = ""
            self.pair_button.layout.display = "none"
            self.start_button.disabled = False
            self.heading_text = "No tournament yet."
            return
        number = info.id
        current = self.tournaments.round(number)
        over = self.tournaments.is_over(number)
        limit = "no time limit" if info.time_limit is None else f"{_minutes(info.time_limit)} a game"
        title = described(info.game).title + (" (matches of rounds)" if info.is_match else "")
        state = "finished" if over else f"round {current} of {info.rounds}"
        self.heading_text = f"{title}, {info.kind}: {state} · tie-break: {info.tiebreak} · {limit}"
        self.heading.value = f'<div style="font-size:1.2em"><b>{html.escape(self.heading_text)}</b></div>'
        round_over = self.tournaments.round_over(number)
        self.pair_button.layout.display = None if not over else "none"
        self.pair_button.disabled = not round_over
        self.start_button.disabled = not over  # one tournament at a time
        self.start_button.tooltip = ("pair the first round of a tournament for every student who joined" if over else
                                     "a tournament is under way: start the next once it has finished")
        self.pair_button.tooltip = ("pair the next round" if round_over else
                                    "pair the next round once every game of this one has ended")
        self.pairings.value = self._pairings_html(number, current, names)
        self.standings.value = self._standings_html(info, names)

    def _pairings_html(self, number: int, current: int, names: dict[int, str]) -> str:
        rows = []
        now, limit = time.time(), self.games.absent_after()
        for board, (game, (first, second)) in enumerate(self.tournaments.pairings(number, current), 1):
            if game is None:
                rows.append(f"<tr><td>{board}</td><td>{html.escape(names.get(first, '?'))}</td><td>bye</td>"
                            f"<td>1 point</td></tr>")
                continue
            if game.status == "over":
                points = game.points() or (0.0, 0.0)
                result = f"{_point(points[0])}–{_point(points[1])}"
            else:
                result = f"{len(game.moves)} move{'s' * (len(game.moves) != 1)}"
                gone = [seat.name for seat in game.seats if seat.student is not None and now - seat.seen > limit]
                if gone:
                    result += f' · <span style="color:#a33b00">{html.escape(", ".join(gone))} gone</span>'
            rows.append(f"<tr><td>{board}</td><td>{html.escape(names.get(first, '?'))}</td>"
                        f"<td>{html.escape(names.get(second or 0, '?'))}</td><td>{result}</td></tr>")
        return (f'<table class="kit-table"><caption><b>Round {current}</b></caption><tr><th>board</th>'
                f"<th>first to move</th><th>second</th><th>result</th></tr>{''.join(rows)}</table>")

    def _standings_html(self, info: Tournament, names: dict[int, str]) -> str:
        head = ["#", "name", "points", "games", "won", "drawn", "lost", "byes", info.tiebreak]
        rows = []
        for line in self.tournaments.standings(info.id):
            cells = [str(line.rank), html.escape(names.get(line.player, "?")), _point(line.points), str(line.games),
                     str(line.won), str(line.drawn), str(line.lost), str(line.byes), _point(line.tiebreak)]
            rows.append("<tr>" + "".join(f"<td>{cell}</td>" for cell in cells) + "</tr>")
        return ('<table class="kit-table kit-standings"><caption><b>Standings</b> (a win 1, a draw ½, a bye 1; '
                f"tie-break: {html.escape(info.tiebreak)})</caption><tr>"
                + "".join(f"<th>{html.escape(cell)}</th>" for cell in head) + f"</tr>{''.join(rows)}</table>")

    # -- the teacher's commands --------------------------------------------------------------------

    def start(self) -> int | None:
        """Start a tournament of the game chosen for every student who joined."""
        name, match = self.game_choice.value
        try:
            kind = None if self.kind.value == "automatic" else self.kind.value
            number = self.tournaments.start(self.key, name, match=match, kind=kind,
                                            time_limit=self.time_limit.value or None)
        except ClassError as error:
            self.feedback.say(str(error), "error")
            return None
        self._stamp = None
        self.poll()
        self.which.value = number
        info = self.tournaments.tournament(number)
        self.feedback.say(f"Tournament started: {info.kind}, {info.rounds} round{'s' * (info.rounds != 1)}, "
                          f"tie-break {info.tiebreak}. Round 1 is on every player's screen.", "ok")
        return number

    def pair_next_round(self) -> int | None:
        """Pair the next round of the tournament shown."""
        info = self.tournament
        if info is None:
            self.feedback.say("No tournament yet: start one first.", "error")
            return None
        try:
            round = self.tournaments.pair_next_round(self.key, info.id)
        except ClassError as error:
            self.feedback.say(str(error), "error")
            self._stamp = None
            self.poll()
            return None
        self._stamp = None
        self.poll()
        self.feedback.say(f"Round {round} paired: its games are on the players' screens.", "ok")
        return round

    def _absence_chosen(self, change: dict[str, Any]) -> None:
        if change["new"] is None:
            return
        try:
            self.games.set_absent_after(self.key, change["new"])
        except ClassError as error:
            self.feedback.say(str(error), "error")
            return
        self._refresh()

    def adjudicate(self, outcome: int | str) -> None:
        """Adjudicate the game watched: a win for a seat, "draw", or "computer" (finished by the computer)."""
        view = self.board.view
        if view is None:
            self.feedback.say("Choose a game to watch first.", "error")
            return
        try:
            after = self.games.adjudicate(self.key, view.id, outcome)
        except ClassError as error:
            self.feedback.say(str(error), "error")
            return
        self._stamp = None
        self.poll()
        self.feedback.say(after.says(), "ok")

    # -- the game watched ----------------------------------------------------------------------------

    def _list_watchable(self, info: Tournament | None, going: list[ClassGame]) -> None:
        games = {g.id: g for g in going}
        if info is not None:
            games.update({g.id: g for g in self.games.games(tournament=info.id)})
        shown = self.board.view
        if shown is not None and shown.id not in games:
            games[shown.id] = self.games.view(shown.id)
        options = [(self._label(g), g.id) for g in sorted(games.values(), key=lambda g: (g.status == "over", g.id))]
        self._picking = True
        try:
            if tuple(self.watch.options) != tuple(options):
                self.watch.options = options
            self.watch.value = None if shown is None else shown.id
        finally:
            self._picking = False

    @staticmethod
    def _label(game: ClassGame) -> str:
        names = " v ".join(seat.name for seat in game.seats)
        where = f", round {game.round}" if game.tournament else ""
        state = f"{len(game.moves)} move{'s' * (len(game.moves) != 1)}" if game.status != "over" else "over"
        return f"{names} ({find_game(game.game).title}{where}): {state}"

    def _watch_chosen(self, change: dict[str, Any]) -> None:
        if self._picking or change["new"] is None:
            return
        self.board.follow(self.games.view(change["new"]))
        self._watched_line()
        self._verdict_buttons()

    def watch_game(self, number: int) -> None:
        """Show game ``number``'s board (live)."""
        self.watch.value = number

    def _follow_watched(self) -> None:
        view = self.board.view
        if view is None:
            return
        now = self.games.view(view.id)
        if now.version != view.version:
            self.board.follow(now)
        self._watched_line()
        self._verdict_buttons()

    def _watched_line(self) -> None:
        view = self.board.view
        if view is None:
            self.watched.value = "<i>Choose a game to watch its board live.</i>"
            self.watched_text = ""
            return
        self.watched_text = f"{' v '.join(seat.name for seat in view.seats)}: {view.says()} (move {view.number})"
        self.watched.value = f'<div style="font-size:1.2em">{html.escape(self.watched_text)}</div>'

    def _verdict_buttons(self) -> None:
        view = self.board.view
        if view is None or view.status != "playing":
            self.verdicts.children, self.gone.value = (), ""
            return
        gone = self.games.gone(view.id)
        late = view.time_limit is not None and view.started is not None and time.time() - view.started > view.time_limit
        if gone:
            self.gone.value = (f"{html.escape(', '.join(seat.name for seat in gone))} gone for more than "
                               f"{_minutes(self.games.absent_after())}: adjudicate the game?")
        elif late:
            self.gone.value = "The game's time is up: adjudicate it?"
        else:
            self.gone.value = ("<small>Everyone in this game is here; a game can be adjudicated once a player is "
                               "gone that long (or its time is up).</small>")
        wanted: list[tuple[str, int | str]] = [(f"win for {seat.name}", seat.seat) for seat in view.seats]
        wanted += [("draw", "draw"), ("finish by computer", "computer")]
        if [b.description for b in self.verdicts.children] != [label for label, _ in wanted]:
            buttons = []
            for label, outcome in wanted:
                verdict = button(label, f"adjudicate: {label}", button_style="warning")
                verdict.on_click(self.feedback.guard(lambda _, outcome=outcome: self.adjudicate(outcome)))
                buttons.append(verdict)
            self.verdicts.children = tuple(buttons)
        for verdict in self.verdicts.children:
            verdict.disabled = not (gone or late)


def _point(value: float) -> str:
    """Points as a table shows them: 1, ½, 1½ (a tie-break of quarters as a decimal: 1.25).

    >>> [_point(v) for v in (0.0, 0.5, 1.5, 2.0, 1.25)]
    ['0', '½', '1½', '2', '1.25']
    """
    if (value * 2) != int(value * 2):
        return f"{value:g}"
    whole, half = int(value), value - int(value) >= 0.5
    return ("" if whole == 0 and half else str(whole)) + ("½" if half else "")
