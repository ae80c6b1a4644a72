"""A student's play panel: play a classmate (or the computer) from one's own screen.

The panel on the students' page (:func:`kit.classes.page.student_page`) lists the classmates who
joined: choose a game (each registered game at each number of players it allows: a game for
three takes two classmates) and **challenge**; a classmate's challenge shows with **accept** and
**decline**. **Play the computer** at a level starts a game at once; such games are counted apart
(never in a tournament's standings). A game the teacher pairs (a tournament's) starts by itself.

Once a game is on, every player's screen shows its board (:class:`~kit.classes.shared_board.SharedBoard`:
the game's own drawing, clicks mapped by its geometry and, where a move takes several clicks,
the game's click picker, as on the answer panel). Each plays only their own side: the move goes
to the class database with its number, which refuses a move that is not the next one, and the
other screens play it step by step within a moment (the panel reads the class's change number
every :data:`kit.classes.poll.EVERY` seconds). The line above the board says whose move it is.
Outside a tournament a player may ask to take their last move back and the opponent accepts or
declines; in a tournament moves stand as played, and the panel says so. A page reloaded comes
back to the same game at the same move. Every refusal is said in words on the panel.
"""
from __future__ import annotations

import html
import threading
import time
from typing import Any

import ipywidgets as widgets

from kit.core.game import game as find_game, games as registered_games
from kit.classes.db import ClassDB, Student
from kit.classes.games import SEEN_EVERY, ClassGame, ClassGames, Seat
from kit.classes.poll import Poller
from kit.classes.shared_board import SharedBoard
from kit.core.errors import ClassError, IllegalMove
from kit.widgets.feedback import Feedback, button

#: The board's greatest height on a student's screen (CSS pixels), as on the answer panel.
BOARD_HEIGHT = 380

#: What the turn line says with no game shown.
NO_GAME = "No game yet: challenge a classmate, or play the computer."

#: What a click while a move is being played on the picture is told.
WAIT = "Wait for the move to finish on the board, then click."

#: What a tournament game's panel says instead of offering a take-back.
NO_TAKING_BACK = "Tournament game: moves stand as played (no taking back)."

#: How many finished games the list of one's games keeps (the games going on are all kept).
FINISHED_KEPT = 8


def game_choices() -> list[tuple[str, tuple[str, int]]]:
    """The games a student may challenge to: each registered game at each number of players it
    allows, as (label, (game, players))."""
    choices = []
    for name in registered_games():
        description = find_game(name)
        for players in description.player_counts:
            several = len(description.player_counts) > 1
            label = f"{description.title}, {players} players" if several else description.title
            choices.append((label, (name, players)))
    return choices


def _colour(text: str, kind: str) -> str:
    colours = {"info": "#1a1a1a", "ok": "#1b6e20", "error": "#a33b00", "turn": "#0b4f8a"}
    return f'<div style="font-size:1.15em;color:{colours[kind]}">{text}</div>'


class PlayPanel(widgets.VBox):
    """The play panel of ``student`` in the class of ``db`` (see the module's docstring);
    :meth:`poll` (run by itself in a kernel) brings it up to date with the class."""

    def __init__(self, db: ClassDB, student: Student, *, size: float | None = None) -> None:
        self.games = ClassGames(db)
        self.student = student
        self.feedback = Feedback()
        self.feedback.message.add_class("kit-class-play-message")
        guard = self.feedback.guard
        self.board = SharedBoard(self.feedback, height=BOARD_HEIGHT, clicks=guard(self.click), size=size)
        self.board.on_settled.append(self._turn_line)
        self.picker: Any = None
        self.shown: ClassGame | None = None
        self.thinker: threading.Thread | None = None  # the computer's move being chosen for the game shown
        self._stamp: Any = None
        self._known: dict[int, str] = {}  # my games' states at the last reading
        self._said_at: tuple[Any, ...] | None = None  # the game's moment the message line speaks of
        self._looked = 0.0
        self._picking = False  # the list of games being filled in: no choice made
        self.turn_text = self.undo_note_text = ""
        # -- choosing a game
        choices = game_choices()
        self.game_choice = widgets.Dropdown(options=choices, value=choices[0][1], description="game",
                                            layout=widgets.Layout(width="15em"), style={"description_width": "3em"})
        self.opponent = widgets.Dropdown(description="with", layout=widgets.Layout(width="14em"),
                                         style={"description_width": "2.5em"})
        self.third = widgets.Dropdown(description="and", layout=widgets.Layout(width="13em", display="none"),
                                      style={"description_width": "2.5em"})
        self.challenge_button = button("challenge", "ask the classmate chosen to play this game with you",
                                       icon="handshake-o", button_style="primary")
        levels = list(find_game(choices[0][1][0]).levels())
        self.level = widgets.Dropdown(options=levels, value="club" if "club" in levels else levels[0],
                                      description="level", layout=widgets.Layout(width="11em"),
                                      style={"description_width": "3em"})
        self.computer_button = button("play the computer", "a game against the computer at the level chosen "
                                      "(counted apart from the games between students)", icon="cogs")
        self.invitations = widgets.VBox()
        self.invitations.add_class("kit-class-invitations")
        self.my_games = widgets.Dropdown(description="your games", layout=widgets.Layout(width="26em"),
                                         style={"description_width": "6em"})
        self.turn = widgets.HTML()
        self.turn.add_class("kit-class-turn")
        self.choices = widgets.VBox()
        self.undo_button = button("ask to take back", "ask your opponent to let you take your last move back",
                                  icon="undo")
        self.accept_undo_button = button("let them take it back", "accept: their last move is taken back",
                                         button_style="success")
        self.decline_undo_button = button("no, the move stands", "decline: the move stands", button_style="warning")
        self.undo_note = widgets.HTML()
        self.undo_note.add_class("kit-class-undo")
        self.challenge_button.on_click(guard(lambda _: self.challenge()))
        self.computer_button.on_click(guard(lambda _: self.play_computer()))
        self.undo_button.on_click(guard(lambda _: self._act(self.games.request_undo, "Asked to take your last "
                                                            "move back: waiting for the answer.")))
        self.accept_undo_button.on_click(guard(lambda _: self._act(self.games.accept_undo, "Their move is taken "
                                                                   "back.")))
        self.decline_undo_button.on_click(guard(lambda _: self._act(self.games.decline_undo, "The move stands.")))
        self.game_choice.observe(guard(self._game_chosen), "value")
        self.my_games.observe(guard(self._game_picked), "value")
        heading = widgets.HTML("<b>Play a classmate</b> <small>(or the computer: those games are counted apart)"
                               "</small>")
        wrap = widgets.Layout(flex_flow="row wrap", align_items="center")
        super().__init__([
            heading,
            widgets.HBox([self.game_choice, self.opponent, self.third, self.challenge_button], layout=wrap),
            widgets.HBox([self.level, self.computer_button], layout=wrap),
            self.invitations, self.my_games, self.turn, self.feedback.message, self.board.box, self.choices,
            widgets.HBox([self.undo_button, self.accept_undo_button, self.decline_undo_button, self.undo_note],
                         layout=wrap),
            self.feedback.errors])
        self.add_class("kit-class-play")
        self._game_chosen(None)
        self._show(None)
        self.poll()
        self.poller = Poller(self.poll, self.feedback)
        self.poller.start()

    # -- keeping up with the class -----------------------------------------------------------------

    def poll(self) -> None:
        """Read the class's change number; when it changed, bring the lists and the board up to date."""
        stamp = self.games.stamp()
        if stamp != self._stamp:
            self._stamp = stamp
            self._refresh()
        self._look()
        self._computer_turn()

    def _look(self) -> None:
        """Say now and then that this page looks at its game (the teacher sees who is gone)."""
        view = self.shown
        if view is None or view.status != "playing" or time.monotonic() - self._looked < SEEN_EVERY:
            return
        self._looked = time.monotonic()
        self.games.look(self.student.token, view.id)

    def _refresh(self) -> None:
        mine = self.games.my_games(self.student.token)
        self._classmates()
        self._show_invitations(mine)
        started = [g for g in mine if g.status == "playing" and self._known.get(g.id) != "playing"]
        first_reading = not self._known and self.shown is None
        self._known = {g.id: g.status for g in mine}
        self._list_games(mine)
        shown = self.shown
        if shown is not None and shown.id not in self._known:  # declined, or withdrawn
            self._show(None)
            self._say("The game was declined (or withdrawn): it is gone.", "error")
            shown = None
        going = [g for g in mine if g.status == "playing"]
        paired = [g for g in started if g.tournament]  # a tournament's round comes before a game of one's own
        if paired and not (shown is not None and shown.tournament and shown.status == "playing"):
            self._show(paired[-1])
            waits = " (your other game waits in your games)" if shown is not None and shown.status == "playing" else ""
            self._say(f"Tournament round {paired[-1].round}: your game with {self._others(paired[-1])} has "
                      f"started{waits}.", "ok")
            return
        if (shown is None or shown.status != "playing") and (started or (first_reading and going)):
            chosen = (started or going)[-1]
            if chosen is not shown:
                self._show(chosen)
                if not first_reading:
                    self._say(f"Your game with {self._others(chosen)} has started.", "ok")
                return
        if shown is not None:
            view = self.games.view(shown.id)
            if view.version != shown.version:
                self._show(view)

    def _classmates(self) -> None:
        others = [(s.name, s.id) for s in self.games.db.students() if s.id != self.student.id]
        for choice in (self.opponent, self.third):
            if tuple(choice.options) != tuple(others):
                value = choice.value
                choice.options = others
                numbers = [number for _, number in others]
                choice.value = value if value in numbers else (numbers[0] if numbers else None)
        if len(others) > 1 and self.third.value == self.opponent.value:
            self.third.value = next(number for _, number in others if number != self.opponent.value)
        # challenge stays enabled, alone too (it then says why it cannot): a state that only
        # changes when the first classmate joins, maybe while the page is still loading its
        # widgets, could stay disabled on the screen (seen once on a loaded machine)

    def _show_invitations(self, mine: list[ClassGame]) -> None:
        rows = []
        for game in mine:
            if game.status != "invited":
                continue
            mine_seat = next(seat for seat in game.seats if seat.student == self.student.id)
            title = find_game(game.game).title
            if mine_seat.seen:  # our own challenge, or one we accepted: waiting for the others
                line = widgets.HTML(f"{html.escape(game.says())} ({html.escape(title)})")
                withdraw = button("withdraw", "take the challenge back")
                withdraw.on_click(self.feedback.guard(lambda _, number=game.id: self.decline(number, "withdrawn")))
                rows.append(widgets.HBox([line, withdraw]))
            else:
                who = game.seats[0].name
                line = widgets.HTML(f"<b>{html.escape(who)}</b> challenges you to {html.escape(title)}"
                                    f"{self._with_others(game, who)}.")
                accept = button("accept", f"play {title} with {who}", button_style="success")
                decline = button("decline", "say no to this game")
                accept.on_click(self.feedback.guard(lambda _, number=game.id: self.accept(number)))
                decline.on_click(self.feedback.guard(lambda _, number=game.id: self.decline(number)))
                rows.append(widgets.HBox([line, accept, decline]))
            rows[-1].add_class("kit-class-invitation")
        self.invitations.children = tuple(rows)

    def _with_others(self, game: ClassGame, challenger: str) -> str:
        rest = [seat.name for seat in game.seats if seat.student not in (self.student.id, None)
                and seat.name != challenger]
        return f" with {' and '.join(html.escape(name) for name in rest)}" if rest else ""

    def _others(self, game: ClassGame) -> str:
        return " and ".join(seat.name for seat in game.seats if seat.student != self.student.id)

    def _list_games(self, mine: list[ClassGame]) -> None:
        going = [g for g in mine if g.status != "over"]
        over = [g for g in mine if g.status == "over"][-FINISHED_KEPT:]
        states = {"invited": "waiting to start", "playing": "going on", "over": "over"}
        options = [(f"{find_game(g.game).title} with {self._others(g)}"
                    + (f" (tournament round {g.round})" if g.tournament else "") + f": {states[g.status]}", g.id)
                   for g in [*going, *reversed(over)]]
        if self.shown is not None and self.shown.id not in [number for _, number in options]:
            options.append((f"game {self.shown.id}", self.shown.id))
        self._picking = True
        try:
            if tuple(self.my_games.options) != tuple(options):
                self.my_games.options = options
            self.my_games.value = None if self.shown is None else self.shown.id
        finally:
            self._picking = False
        self.my_games.layout.display = None if options else "none"

    def _game_picked(self, change: dict[str, Any]) -> None:
        if self._picking or change["new"] is None:
            return
        if self.shown is None or change["new"] != self.shown.id:
            self._show(self.games.view(change["new"]))

    # -- showing a game ----------------------------------------------------------------------------

    def _show(self, view: ClassGame | None) -> None:
        """Show ``view`` (its new moves played on the picture if it is the game shown, moved on)."""
        if view is None or self.shown is None or view.id != self.shown.id:
            self._cancel_choosing()
            self.picker = None if view is None else find_game(view.game).click_picker()
        elif self.picker is not None and len(view.moves) != len(self.shown.moves):
            self._cancel_choosing()  # the clicks chosen were for the position before
        self.shown = view
        if self._said_at != _moment(view):  # another game, a move played or taken back, an ending
            self._say("")  # what the line said is old: it goes
        self.board.paint = None if self.picker is None else self._paint
        self.board.follow(view)
        if view is not None and self.my_games.value != view.id and view.id in [n for _, n in self.my_games.options]:
            self._picking = True
            try:
                self.my_games.value = view.id
            finally:
                self._picking = False
        self._turn_line()
        self._undo_row()
        self._offer_passes()

    def _paint(self, drawing: Any) -> None:
        view = self.shown
        assert view is not None
        if self.picker is not None and self.picker.clicked:
            drawing.show(view.position, highlight=self.picker.lit(view.position), chosen=self.picker.clicked)
        else:
            drawing.show(view.position)

    @property
    def my_seat(self) -> int | None:
        """The seat this student plays in the game shown (None: no game shown)."""
        return None if self.shown is None else self.shown.seat_of(self.student.id)

    def _turn_line(self) -> None:
        """Whose move it is (said once the picture shows the position), or how the game ended."""
        view, seat = self.shown, self.my_seat
        if view is None or seat is None:
            self.turn.value = _colour(html.escape(NO_GAME), "info")
            self.turn_text = NO_GAME
            return
        side = view.seats[seat].side
        where = f"Tournament round {view.round} · " if view.tournament else ""
        if view.status == "invited":
            text, kind = view.says(), "info"
        elif view.status == "over":
            outcome = ("You won!" if view.winner == seat else "" if view.winner is None else "You lost.")
            text, kind = f"{outcome} {view.says()}".strip(), "ok" if view.winner == seat else "info"
        elif self.board.animating:
            trace = self.board.controller.locate()[0] if self.board.controller is not None else None
            text = ("" if trace is None else
                    f"{view.seats[trace.before.to_move].name} plays {trace.before.notation(trace.move)}…")
            kind = "info"
        else:
            where += f"Move {view.number}. "
            mover = view.seats[view.position.to_move]
            if mover.seat == seat:
                text, kind = f"Your move: you play {side}.", "turn"
            elif mover.computer:
                text, kind = f"{mover.name} is thinking ({mover.side}). You play {side}.", "info"
            else:
                text, kind = f"{mover.name}'s move ({mover.side}). You play {side}.", "info"
        self.turn_text = where + text
        said = html.escape(where + text)
        self.turn.value = _colour(f"<b>{said}</b>" if kind == "turn" else said, kind)

    def _undo_row(self) -> None:
        view, seat = self.shown, self.my_seat
        playing = view is not None and view.status == "playing" and seat is not None
        asked_by = None if not playing else view.undo_seat  # type: ignore[union-attr]
        moved = playing and len(view.moves) > seat  # type: ignore[union-attr, operator]  # a move of one's own
        show_undo = playing and view.undo  # type: ignore[union-attr]
        self.undo_button.layout.display = None if show_undo and moved and asked_by is None else "none"
        answering = show_undo and asked_by is not None and asked_by != seat
        for control in (self.accept_undo_button, self.decline_undo_button):
            control.layout.display = None if answering else "none"
        if not playing:
            note = ""
        elif not view.undo:  # type: ignore[union-attr]
            note = NO_TAKING_BACK
        elif asked_by is None:
            note = ""
        elif asked_by == seat:
            note = "You asked to take your last move back: waiting for the answer."
        else:
            note = f"{view.seats[asked_by].name} asks to take their last move back."  # type: ignore[union-attr]
        self.undo_note.value = f"<i>{html.escape(note)}</i>" if note else ""
        self.undo_note_text = note

    def _offer_passes(self) -> None:
        """Buttons for the moves no click can name (a pass), when it is this student's move."""
        view, seat = self.shown, self.my_seat
        if self.picker is not None and self.picker.clicked:
            return
        moves = []
        if view is not None and view.status == "playing" and view.position.to_move == seat:
            description, position = find_game(view.game), view.position
            moves = [m for m in position.legal_moves() if not description.marks(position, m)]
        self.choices.children = (find_game(view.game).choice_buttons(view.position, moves,
                                                                     self.feedback.guard(self.send))
                                 if moves and view is not None else ())

    def _say(self, text: str, kind: str = "info") -> None:
        self.feedback.say(text, kind)
        self._said_at = _moment(self.shown)  # the game's moment it was said at

    # -- the student's actions ---------------------------------------------------------------------

    def _game_chosen(self, _change: Any) -> None:
        name, players = self.game_choice.value
        self.third.layout.display = None if players > 2 else "none"
        levels = list(find_game(name).levels())
        if list(self.level.options) != levels:
            self.level.options = levels
            self.level.value = "club" if "club" in levels else levels[0]
        self._classmates()

    def challenge(self) -> int | None:
        """Challenge the classmate(s) chosen to the game chosen (the challenger moves first)."""
        name, players = self.game_choice.value
        others = [self.opponent.value, self.third.value][:players - 1]
        if None in others:
            self._say("No classmate has joined yet: wait for one, then challenge them.", "error")
            return None
        if len(set(others)) != len(others):
            self._say("Choose two different classmates for a game of three.", "error")
            return None
        try:
            number = self.games.new_game(name, [Seat(self.student.id), *(Seat(other) for other in others)],
                                         token=self.student.token)
        except ClassError as error:
            self._say(str(error), "error")
            return None
        view = self.games.view(number)
        self._stamp = None
        self._show(view)
        self.poll()
        self._say(f"Challenge sent to {self._others(view)}: waiting for them to accept.", "ok")
        return number

    def play_computer(self) -> int | None:
        """Start a game against the computer at the level chosen (counted apart); the student moves first."""
        name, players = self.game_choice.value
        seats = [Seat(self.student.id), *(Seat.at_level(self.level.value) for _ in range(players - 1))]
        try:
            number = self.games.new_game(name, seats, token=self.student.token)
        except ClassError as error:
            self._say(str(error), "error")
            return None
        self._stamp = None
        self._show(self.games.view(number))
        self.poll()
        self._say(f"A game against the computer ({self.level.value}): you move first. It is counted apart.", "ok")
        return number

    def accept(self, number: int) -> None:
        """Accept a classmate's challenge; the game shows once every player has accepted."""
        try:
            view = self.games.accept(self.student.token, number)
        except ClassError as error:
            self._say(str(error), "error")
            return
        self._stamp = None
        self._show(view)
        self.poll()
        self._say("Game accepted." + (" It starts once everyone has accepted." if view.status == "invited" else ""),
                  "ok")

    def decline(self, number: int, done: str = "declined") -> None:
        """Decline a challenge (or withdraw one's own)."""
        try:
            self.games.decline(self.student.token, number)
        except ClassError as error:
            self._say(str(error), "error")
            return
        if self.shown is not None and self.shown.id == number:
            self._show(None)
        self._stamp = None
        self.poll()
        self._say(f"Challenge {done}.", "info")

    def _act(self, action: Any, done: str) -> None:
        """A take-back action on the game shown; a refusal is said."""
        if self.shown is None:
            self._say(NO_GAME, "error")
            return
        try:
            view = action(self.student.token, self.shown.id)
        except ClassError as error:
            self._say(str(error), "error")
            self._show(self.games.view(self.shown.id))
            return
        self._show(view)
        self._say(done, "ok")

    def click(self, target: Any) -> None:
        """A click on the board: this student's move (or a step of choosing it); else a word on why not."""
        view, seat = self.shown, self.my_seat
        if view is None or seat is None:
            self._say(NO_GAME, "error")
            return
        if view.status == "invited":
            self._say("The game has not started: it waits for every player to accept.", "error")
            return
        if view.status == "over":
            self._say("The game is over: no more moves. Challenge someone to another!", "error")
            return
        if self.board.animating:
            self._say(WAIT, "error")
            return
        mover = view.seats[view.position.to_move]
        if mover.seat != seat:
            self._say(f"It is {mover.name}'s move, not yours: wait for it.", "error")
            return
        position, description = view.position, find_game(view.game)
        if self.picker is not None:
            try:
                pick = self.picker.click(position, target)
            except IllegalMove as error:
                self.picker.cancel()
                self._say(f"{str(error)[:1].upper()}{str(error)[1:]}.", "error")
                self.board.show()
                return
            if pick.move is not None:
                self.send(pick.move)
                return
            self.choices.children = (description.choice_buttons(position, list(pick.choices),
                                                                 self.feedback.guard(self.send))
                                     if pick.choices else ())
            self._say(pick.text)
            self.board.show()
            return
        if target is None:
            self._say(f"Click one of your places on the board to play ({mover.side}).")
            return
        moves = [m for m in position.legal_moves() if description.marks(position, m) == (target,)]
        if len(moves) == 1:
            self.send(moves[0])
            return
        if len(moves) > 1:
            self.choices.children = description.choice_buttons(position, moves, self.feedback.guard(self.send))
            self._say("Choose the move with a button.")
            return
        endless = [m for m in position.endless_moves() if description.marks(position, m) == (target,)]
        if endless:
            self._say(f"{description.target_name(target)} cannot be played: {position.why_illegal(endless[0])}.",
                      "error")
            return
        self._say(f"{description.target_name(target)} is not a move for {mover.side}: click one of your own.",
                  "error")

    def send(self, move: Any) -> None:
        """Play ``move`` as the next move of the game shown; a refusal is said, and the board then
        shows the game as it is."""
        view = self.shown
        assert view is not None
        self._cancel_choosing()
        text = view.position.notation(move)
        try:
            after = self.games.play(self.student.token, view.id, text, view.number)
        except ClassError as error:
            self._stamp = None
            self._show(self.games.view(view.id))  # the game as it is, then why the move was refused
            self._say(str(error), "error")
            return
        self._show(after)
        self._say(f"You played {text}." + (" " + after.says() if after.status == "over" else ""), "ok")
        self._computer_turn()

    def _cancel_choosing(self) -> None:
        if self.picker is not None:
            self.picker.cancel()
        self.choices.children = ()

    # -- the computer ------------------------------------------------------------------------------

    def _computer_turn(self) -> None:
        """Where the computer is to move in the game shown, let it choose on a thread of its own
        (it writes its move to the database; the next reading shows it)."""
        view = self.shown
        if (view is None or view.status != "playing" or view.seats[view.position.to_move].computer is None
                or (self.thinker is not None and self.thinker.is_alive())):
            return
        self.thinker = threading.Thread(target=_computer_move, args=(self.games.db, view.id), daemon=True,
                                        name="kit-class-computer")
        self.thinker.start()


def _computer_move(db: ClassDB, game: int) -> None:
    """The computer's move in ``game``, chosen and written on this thread (its own connection)."""
    own = db.reopen()
    try:
        ClassGames(own).play_computer(game)
    except ClassError:  # the game changed meanwhile: the next reading shows it
        pass
    finally:
        own.close()


def _moment(view: ClassGame | None) -> tuple[Any, ...] | None:
    """Which game, at which move and in which state: what a message on the panel speaks of."""
    return None if view is None else (view.id, len(view.moves), view.status)


def play_panel(db: ClassDB, student: Student, *, size: float | None = None) -> PlayPanel:
    """The play panel of ``student`` (a student of the class in ``db``); ClassError if not one."""
    if db.student(student.token) != student:
        raise ClassError("This page is not a student's seat in this class: join the class again.")
    return PlayPanel(db, student, size=size)
