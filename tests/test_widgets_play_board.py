"""The play board's messages follow its picture: nothing judged or previewed on a position
the picture does not show yet, moves named (with their captures) when the picture reaches
them, the person's move animated while the computer thinks, new game from the position the
board was opened on. Synthetic clicks and hovers; the stepper's timer plays the animations."""
from __future__ import annotations

import threading
import time

from kit import myra, walak
from kit.classroom.live import LiveGame
from kit.games.myra.play_board import MyraPlayBoard
from kit.games.walak.play_board import WalakPlayBoard
from kit.widgets.feedback import CALLBACK_LOCK
from kit.widgets.play_board import WAIT, WAIT_COMPUTER
from tests.waiting import until


def at(board, target, kind="click"):
    x, y = board.controller.drawing.pixel_of(target)
    board.controller.view.handle_event({"type": kind, "dataX": x, "dataY": y})


def settle(board, seconds=300.0, check=None):
    """Wait (on the stepper's timer and the computer's thread) until the board is still;
    ``check(board)`` runs under the callback lock at every look meanwhile.

    ``seconds`` only stops a board that never comes to rest: drawing each step of an
    animation takes CPU, so a 1.5 s animation takes 6 s on an idle machine and more under
    load; how long a move's play lasts is checked on its plan (the interval of the steps left),
    not on the clock."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        with CALLBACK_LOCK:
            if check is not None:
                check(board)
            if not board.thinking and not board.animating and not board.controller.playing:
                return
        time.sleep(0.02)
    raise AssertionError("the board never came to rest")


def longest(position):
    """The move with the most events (the longest animation)."""
    return max(position.legal_moves(), key=lambda move: len(position.trace(move).events))


def test_a_click_or_hover_during_an_animation_waits_and_the_wait_goes_once_it_has_played():
    board = LiveGame("walak", 6).board
    board.longest_move_ms = 600
    board.play_move("c")  # two people: South's c is played step by step
    assert board.animating and "South c" not in board.feedback.text  # named once played on the picture
    at(board, 11, "mousemove")  # North's e: empty after c, full on the picture
    assert board.preview_text == ""
    at(board, 11)
    assert board.feedback.text == WAIT and board.position.ply == 1
    settle(board)
    assert board.feedback.text.startswith("Played South c") and WAIT not in board.message.value
    assert board.preview_text == ""  # no line appears by itself: the next move of the pointer previews
    at(board, 11, "mousemove")
    assert board.preview_text.startswith("North e")  # the hovered hole, judged on the board shown now
    at(board, 11)
    assert board.position.ply == 2


def test_the_computer_s_turn_lasts_until_its_reply_has_been_played():
    """Pressed while the picture still played the computer's reply, computer move played the
    person's side, and undo took back the person's move with the reply never seen (fresh
    teachers' reviews): the buttons stay greyed until the reply has been played, and a press
    that comes all the same waits with a word."""
    board = LiveGame("walak", 6).board
    board.longest_move_ms = 3000
    board.seats.choose = longest
    board.seats.seat(1, "beginner")
    board.play_move("c")
    until(lambda: board.position.ply == 2 or not (board.thinking or board.animating), "the computer's reply")
    with CALLBACK_LOCK:
        if not board.animating:  # the reply's play already over: nothing to wait for (not expected: 3 s)
            return
        assert board.computer_turn and not board.thinking and board.position.to_move == 0
        buttons = (board.computer_button, board.undo_button, board.new_button, board.hint_button)
        assert all(button.disabled for button in buttons), [(b.description, b.disabled) for b in buttons]
        assert board.stop_button.layout.visibility == "hidden"  # nothing to stop: the move is played
        board.computer_button.click()  # a press from a page a moment behind
        assert board.feedback.text == WAIT_COMPUTER and board.position.ply == 2 and not board.thinking
    settle(board)
    assert not board.computer_turn and not board.computer_button.disabled and not board.undo_button.disabled
    assert board.position.ply == 2 and board.position.to_move == 0  # South's move is South's to make
    assert board.feedback.text.startswith("North (computer, beginner) played"), board.feedback.text


def test_the_person_s_move_is_animated_while_the_computer_thinks_and_its_move_follows():
    board = LiveGame("walak", 6).board
    board.longest_move_ms = 1500
    board.seats.choose = longest
    board.seats.seat(1, "beginner")
    board.play_move("c")
    first = board.controller.traces[0]
    assert first.move == "c" and board.animating

    playing_seen = []

    def named_when_reached(board):
        trace, _ = board.controller.locate()
        if "North (computer, beginner) played" in board.feedback.text:
            assert trace is None or trace.before.to_move == 1
        if board.controller.playing:  # what is left of the play lasts at most the cap
            left = board.controller.play.max - board.controller.step
            assert (board.controller._interval or 10 ** 6) * left <= board.longest_move_ms
            playing_seen.append(trace.move if trace else None)

    settle(board, check=named_when_reached)
    assert "c" in playing_seen  # the cap was checked while the person's move played
    assert board.position.ply == 2 and board.feedback.text.startswith("North (computer, beginner) played ")
    assert board.status.value.startswith("<b>South to move.")


def test_a_three_player_round_names_each_move_when_the_picture_reaches_it_within_the_cap():
    live = LiveGame("myra", 6)
    board = live.board
    board.longest_move_ms = 900
    board.players.value = 3
    board.seats.choose = longest
    board.seats.seat(1, "club")
    board.seats.seat(2, "club")
    board.play_move(longest(board.position))
    seen = []

    def heard(change):  # every line said, as it is said (a look every few ms could miss one under load)
        trace, step = board.controller.locate()
        if trace is not None and step == 0 and " plays " in board.feedback.text:
            early.append((board.feedback.text, "named before its first step"))  # the status names it then too
        if trace is not None and step == 0:  # before its first step the picture shows the move before it, played
            traces = board.controller.traces
            index = next(n for n, shown in enumerate(traces) if shown is trace)
            trace = traces[index - 1] if index else None
        text = board.feedback.text
        for seat, name in ((1, "Orange"), (2, "Green")):
            if f"{name} (computer, club) played" in text:
                seen.append(name)
                if not (trace is None or trace.before.to_move == seat):
                    early.append((text, board.status.value))  # said before the picture reached it

    early = []
    board.feedback.message.observe(heard, "value")

    def check(board):
        if board.controller.playing:
            left = board.controller.play.max - board.controller.step
            assert (board.controller._interval or 10 ** 6) * left <= board.longest_move_ms

    settle(board, check=check)  # within the cap: each look checks the play's plan (above), not the clock
    assert board.position.ply == 3 and board.position.to_move == 0 and "Orange" in seen and "Green" in seen
    assert not early


def test_the_computer_s_move_is_named_with_its_captures():
    board = WalakPlayBoard()
    board.seats.seat(1, "beginner")
    board.seats.choose = lambda position: "a"  # North's a: a pussa kanawa
    board.play_move("b")
    board.wait()  # the computer answers on a thread of its own
    assert board.feedback.text.startswith("North (computer, beginner) played a (Pussa kanawa:")
    assert board.feedback.text.endswith(").")


def test_a_myra_capture_is_named_without_repeating_the_mover():
    board = MyraPlayBoard()
    position = board.position
    while not any(board.decisive(position.trace(move)) for move in position.legal_moves()):
        position = position.play(position.legal_moves()[len(position.legal_moves()) // 2])
    capture = next(move for move in position.legal_moves() if board.decisive(position.trace(move)))
    board = MyraPlayBoard(position)
    board.play_move(capture)
    mover = "Blue" if position.to_move == 0 else "Orange"
    assert board.feedback.text.startswith(f"Played {mover} ") and f"({mover}" not in board.feedback.text
    assert " (captures " in board.feedback.text


def test_the_computer_s_search_is_announced_with_the_person_s_move_shown():
    board = WalakPlayBoard()
    board.seats.seat(1, "strong")
    search, seen = board.seats.choose, []

    def watched(position):
        seen.append((board.feedback.text, board.controller.traces, board.position.ply))
        return position.legal_moves()[0]

    board.seats.choose = watched
    board.play_move("c")
    board.wait()
    (text, traces, ply), = seen
    assert text == (f"Played {board.told(traces[0])}. North (computer, strong) is thinking…")
    assert [t.move for t in traces] == ["c"] and ply == 1
    assert board.feedback.text.startswith("North (computer, strong) played ")
    board.seats.choose = search


def test_new_game_starts_again_from_the_position_the_board_was_opened_on():
    exercise = walak.start().play("c").play("b")
    board = WalakPlayBoard(exercise)
    board.play_move("d")
    board.new_game()
    assert board.position == exercise and board.feedback.text == "New game."
    board.undo()
    assert board.position == exercise.play("d") and board.feedback.text == "The game before the new game is back."
    board.redo()
    assert board.position == exercise and board.feedback.text == "The new game is back."
    board.preset.value = next(value for _, value in board.preset.options if value != board.preset.value)
    assert board.position.ply == 0 and "a new game has started" in board.feedback.text
    board.undo()
    assert board.position == exercise

    puzzle = myra.start().play(myra.start().legal_moves()[0])
    myra_board = MyraPlayBoard(puzzle)
    myra_board.play_move(puzzle.legal_moves()[0])
    myra_board.new_button.click()
    assert myra_board.position == puzzle


def test_the_message_line_stands_above_the_picture_and_the_preview_under_it():
    for board in (WalakPlayBoard(), MyraPlayBoard()):
        column = board.children[0].children[0].children
        assert column.index(board.message) < column.index(board.stepper)
        picture = board.stepper.picture.children
        assert picture.index(board.controller.view) < picture.index(board.preview)  # it moves nothing pointed at
        assert board.errors in board.children


def test_computer_move_for_a_person_lets_the_computer_players_after_it_move_too():
    board = LiveGame("myra", 6).board
    board.longest_move_ms = 300
    board.players.value = 3
    board.seats.choose = lambda position: position.legal_moves()[0]
    board.seats.seat(1, "club")
    board.seats.seat(2, "club")
    board.computer_move()  # Blue is a person: the computer plays Blue's move, then Orange and Green theirs
    settle(board)
    assert board.position.ply == 3 and board.position.to_move == 0
    assert "press computer move" not in board.feedback.text


class Held:
    """A computer player whose search lasts until the test lets it go (``release``)."""

    def __init__(self, move=None):
        self.go, self.started, self.move = threading.Event(), threading.Event(), move

    def __call__(self, position):
        self.started.set()
        assert self.go.wait(60), "the test never let the search end"
        return self.move(position) if self.move else position.legal_moves()[0]

    def release(self):
        self.go.set()


def test_the_person_s_move_starts_to_play_at_once_while_the_computer_thinks():
    """Issue 35: with animation on, Myra against strong, Blue's own move started 2.2 s after the click."""
    board = LiveGame("myra", 6).board
    board.seats.choose = search = Held()
    board.seats.seat(1, "strong")
    with CALLBACK_LOCK:
        board.play_move("C8-D8-E8")
        assert board.controller.step == 1 and board.controller.playing  # its first step is shown at once
        assert board.thinking
    search.release()
    settle(board)


def test_the_thinking_line_stays_while_the_computer_thinks():
    board = LiveGame("walak", 6).board
    board.longest_move_ms = 400
    board.seats.choose = search = Held()
    board.seats.seat(1, "strong")
    board.play_move("c")
    looks = []

    def thinking_said(board):
        looks.append(board.animating)
        assert "North (computer, strong) is thinking…" in board.feedback.text, board.feedback.text

    while board.animating or not looks:  # the person's move is played to its end meanwhile
        settle_once(board, thinking_said)
    settle_once(board, thinking_said)  # and after it, still thinking
    assert board.thinking and True in looks
    search.release()
    settle(board)
    assert board.feedback.text.startswith("North (computer, strong) played ")


def settle_once(board, check):
    """One look at the board under the callback lock, after the next step of its picture."""
    step, end = board.controller.step, time.monotonic() + 60
    while board.controller.step == step and board.controller.playing and time.monotonic() < end:
        time.sleep(0.01)
    with CALLBACK_LOCK:
        check(board)


def test_the_move_list_names_the_computer_s_reply_once_the_board_has_played_it():
    board = LiveGame("walak", 6).board
    board.longest_move_ms = 1200
    board.seats.seat(1, "beginner")
    board.play_move("c")
    listed = []

    def list_follows_the_picture(board):
        listed.append(len(board.moves.options))
        if len(board.moves.options) == 2:
            assert board.feedback.text.startswith("North (computer, beginner) played"), board.feedback.text

    settle(board, check=list_follows_the_picture)
    assert listed[0] < 2 and listed[-1] == 2 and board.position.ply == 2


def test_a_move_listed_stays_listed_while_the_picture_plays_it():
    """A fresh teacher's review: the person's own move showed in the move list, went while the
    picture played it, and came back."""
    board = LiveGame("walak", 6).board
    board.longest_move_ms = 600
    board.seats.seat(1, "beginner")
    lists = []
    board.moves.observe(lambda change: lists.append([label for label, _ in change["new"]]), "options")
    board.play_move("c")
    settle(board)
    assert len(lists[-1]) == 2 and lists[-1][0] == "1. South c", lists
    for before, after in zip(lists, lists[1:]):
        assert after[:len(before)] == before, f"a move left the list: {lists}"


def test_the_buttons_stay_off_on_the_page_for_the_whole_computer_turn():
    """A fresh teacher's review: undo and computer move came on for a moment while "... is thinking"
    showed (set on by the position, then off again for the computer's turn, each sent to the page)."""
    board = LiveGame("myra", 6).board
    board.longest_move_ms = 300
    board.players.value = 3
    board.seats.seat(1, "beginner")
    board.seats.seat(2, "beginner")
    sent = {button: [] for button in (board.undo_button, board.computer_button)}
    for button, states in sent.items():
        def send_state(key=None, button=button, states=states, send=button.send_state):
            if key is None or "disabled" in ([key] if isinstance(key, str) else key):
                states.append(button.disabled)
            send(key)
        button.send_state = send_state
    with CALLBACK_LOCK:  # as a click plays it (the computer's thread waits for the lock too)
        board.play_move(board.position.legal_moves()[0])
    settle(board)
    assert board.position.ply == 3
    for button, states in sent.items():
        assert states[-1] is False and False not in states[:-1], f"{button.description}: {states}"


def test_computer_move_while_the_computer_s_turn_is_under_way_is_refused_and_stop_thinking_stops_it():
    """Issue 35: computer move was accepted while a computer player was still to move, and
    after stop thinking the computer player still moved."""
    board = LiveGame("myra", 6).board
    board.longest_move_ms = 1500
    board.players.value = 3
    board.seats.choose = longest
    board.seats.seat(1, "club")
    board.seats.seat(2, "club")
    board.play_move(longest(board.position))
    while board.position.ply < 2:  # Orange has found its move; it is played, Green thinks after it
        settle_once(board, lambda board: None)
    with CALLBACK_LOCK:
        assert board.computer_turn and board.animating
        board.computer_button.click()
        assert board.feedback.text.startswith("Wait: Green (computer, club)"), board.feedback.text
        assert board.stop_button.layout.display is None
        board.stop_button.click()
    settle(board)
    assert board.position.ply == 2 and board.position.to_move == 2  # Green did not move
    assert "Stopped: Green (computer, club) did not move" in board.feedback.text

    board = WalakPlayBoard()  # a lesson's board: stopped while searching, the search's move is dropped
    board.seats.choose = search = Held()
    board.seats.seat(1, "strong")
    board.play_move("c")
    assert search.started.wait(30)
    board.computer_button.click()
    assert board.feedback.text == "Wait: North (computer, strong) is thinking. Press stop thinking to stop it."
    board.stop_button.click()
    search.release()
    board.wait()
    assert board.position.ply == 1 and not board.thinking
    assert "Stopped: North (computer, strong) did not move" in board.feedback.text


def test_a_lesson_board_thinks_off_the_widget_thread_and_answers_a_click_meanwhile():
    """Issue 34: the lessons' play boards searched on the widget thread; a click waited behind the search."""
    board = WalakPlayBoard()
    board.seats.choose = search = Held()
    board.seats.seat(1, "strong")
    board.play_move("c")  # returns at once: the computer thinks on a thread of its own
    assert board.thinking and board.feedback.text.endswith("North (computer, strong) is thinking…")
    at(board, 3)  # a click answered at once, with a word
    assert board.feedback.text.startswith("Wait: North (computer, strong) is thinking")
    assert board.position.ply == 1
    search.release()
    board.wait()
    assert board.position.ply == 2 and not board.thinking
    # hidden in its place, while a computer is seated: the buttons' row keeps its shape
    assert board.stop_button.layout.visibility == "hidden" and board.stop_button.layout.display is None
    board.seats.seat(1, "person")
    assert board.stop_button.layout.display == "none"
    assert not any(control.disabled for control in (*board.seats.dropdowns, board.moves, board.undo_button))


def test_the_hover_preview_can_be_turned_off():
    board = LiveGame("walak", 6).board
    at(board, 2, "mousemove")
    assert board.preview_text.startswith("South c")
    board.hover_preview.value = False
    assert board.preview_text == ""
    at(board, 3, "mousemove")
    assert board.preview_text == ""


def test_the_live_game_s_move_buttons_stand_in_the_settings_place():
    """In the classroom's side panel, Myra's "Which move?" buttons replace the players' settings while
    they are shown (both at once made the panel scroll at 1280x720), and give them back after."""
    game = LiveGame("myra", 6)
    board = game.board
    for hollow in ("C8", "C7"):
        board.click(myra.parse_hollow(hollow))
    assert board.click_choices.layout.display is None and board.seats.layout.display == "none"
    board.click_choices.children[1].click()  # the first move button
    assert board.position.ply == 1
    assert board.click_choices.layout.display == "none" and board.seats.layout.display is None
