"""The class games' screens driven through their widgets, each page on its own connection to a real
class database: a student's play panel (challenge, accept, play by clicking, refusals in words, a
reload, take-back by agreement, the computer, Myra for three) and the projector's class games
panel (a tournament started, its pairings and live standings, the next round, a game watched and
adjudicated)."""
from __future__ import annotations

import threading
from pathlib import Path
from typing import Any, Callable

import pytest

import kit
from kit.agents.factory import make_agent
from kit.classes.db import ClassDB, Student
from kit.classes.games import ClassGames, Seat
from kit.classes.games_panel import _point
from kit.classes.play import NO_TAKING_BACK, PlayPanel, game_choices, play_panel
from kit.core.errors import ClassError
from kit.widgets.feedback import CALLBACK_LOCK
from tests.waiting import until


def click(panel: PlayPanel, target: Any) -> None:
    """Click the panel's board where its drawing draws ``target`` (as the browser's click arrives)."""
    controller = panel.board.controller
    assert controller is not None
    x, y = controller.drawing.pixel_of(target)
    controller.view.handle_event({"type": "click", "dataX": x, "dataY": y})


def settled(panel: PlayPanel) -> PlayPanel:
    def done() -> bool:
        with CALLBACK_LOCK:  # the picture's timer draws under it
            return not panel.board.animating

    until(done, "the move to be played on the picture")
    return panel


def press(control: Any) -> None:
    control.click()


def invitation_button(panel: PlayPanel, label: str) -> Any:
    (row,) = panel.invitations.children
    return next(child for child in row.children if getattr(child, "description", None) == label)


@pytest.fixture()
def path(tmp_path: Path) -> Path:
    return tmp_path / "class.sqlite"


def page(path: Path, student: Student, animate: bool = False) -> PlayPanel:
    """A student's page: its own connection, as its own kernel has."""
    panel = play_panel(ClassDB(path), student)
    panel.board.animate = animate
    return panel


def hole_of(panel: PlayPanel, move: str) -> Any:
    view = panel.shown
    assert view is not None
    position = view.position
    (target,) = kit.game(view.game).marks(position, position.parse_move(move))
    return target


def test_two_students_challenge_accept_and_play_by_clicking_each_on_their_screen(path: Path) -> None:
    db = ClassDB(path)
    ana, ben = db.join("Ana"), db.join("Ben")
    pa, pb = page(path, ana, animate=True), page(path, ben, animate=True)
    assert pa.turn_text.startswith("No game yet") and pa.opponent.value == ben.id
    press(pa.challenge_button)
    assert "Challenge sent to Ben" in pa.feedback.text and "Waiting for Ben" in pa.turn_text
    pb.poll()
    assert "Ana</b> challenges you to Walak-pussa" in pb.invitations.children[0].children[0].value
    press(invitation_button(pb, "accept"))
    pa.poll()
    assert pa.turn_text == "Move 1. Your move: you play South."
    assert pb.turn_text == "Move 1. Ana's move (South). You play North."
    click(pb, hole_of(pa, "c"))  # Ben clicks in Ana's turn
    assert pb.feedback.text == "It is Ana's move, not yours: wait for it."
    click(pa, hole_of(pa, "c"))
    assert pa.feedback.text == "You played c." and pa.board.animating  # played on the picture step by step
    click(pa, hole_of(pa, "d"))  # a second click at once: refused, the picture does not show the position yet
    assert pa.feedback.text.startswith("Wait for the move to finish")
    pb.poll()
    assert pb.board.animating and "Ana plays c" in pb.turn_text  # the opponent's screen plays it too
    settled(pa), settled(pb)
    assert pb.turn_text == "Move 2. Your move: you play North."
    assert pa.turn_text == "Move 2. Ben's move (North). You play South."
    assert pa.shown.moves == pb.shown.moves == ("c",)
    assert pa.board.png() == pb.board.png()  # the same board on both screens
    assert ClassGames(db).view(pa.shown.id).moves == ("c",)


def _game(path: Path, *names: str, **options: Any) -> tuple[ClassDB, list[Student], int]:
    db = ClassDB(path)
    students = [db.join(name) for name in names]
    number = ClassGames(db).new_game("walak", [Seat(s.id) for s in students], key=db.teacher_key, **options)
    return db, students, number


def _play_on(panels: dict[int, PlayPanel], moves: int, seed: int = 1) -> None:
    """Play ``moves`` moves by clicks, each on the screen of the student to move."""
    agent = make_agent("greedy", "walak", seed=seed)
    for _ in range(moves):
        for panel in panels.values():
            panel.poll()
        view = next(iter(panels.values())).shown
        if view.status != "playing":
            return
        mover = panels[view.seats[view.position.to_move].student]
        move = view.position.notation(agent.choose(view.position))
        click(mover, hole_of(mover, move))
        assert mover.feedback.text.startswith(f"You played {move}."), mover.feedback.text


def test_a_stale_page_s_move_is_refused_in_words_and_a_reload_comes_back_to_the_same_move(path: Path) -> None:
    db, (ana, ben), number = _game(path, "Ana", "Ben")
    pa, pb = page(path, ana), page(path, ben)
    assert pa.shown.id == number  # a game the teacher pairs shows by itself
    _play_on({ana.id: pa, ben.id: pb}, 4)
    pa.poll()
    stale = page(path, ana)  # Ana's second page (another tab), not read since
    assert stale.shown.number == pa.shown.number == 5
    click(pa, hole_of(pa, pa.shown.position.notation(pa.shown.position.legal_moves()[0])))
    before = ClassGames(db).view(number).moves
    click(stale, hole_of(stale, stale.shown.position.notation(stale.shown.position.legal_moves()[-1])))
    assert "out of date" in stale.feedback.text  # the database refused move 5 twice; the page now shows the game
    assert ClassGames(db).view(number).moves == before and stale.shown.moves == before
    reloaded = page(path, ben)  # Ben reloads his page
    assert reloaded.shown.id == number and reloaded.shown.moves == before
    assert reloaded.shown.position.key() == ClassGames(db).view(number).position.key()
    assert reloaded.turn_text == "Move 6. Your move: you play North."


def test_a_take_back_by_agreement_and_none_in_a_tournament_said_on_screen(path: Path) -> None:
    db, (ana, ben), number = _game(path, "Ana", "Ben")
    pa, pb = page(path, ana), page(path, ben)
    _play_on({ana.id: pa, ben.id: pb}, 1)
    pb.poll()
    assert pa.undo_button.layout.display is None
    assert pb.undo_button.layout.display == "none"  # Ben has no move of his own to take back yet
    press(pa.undo_button)
    assert "waiting for the answer" in pa.feedback.text and pa.undo_button.layout.display == "none"
    pb.poll()
    assert pb.undo_note_text == "Ana asks to take their last move back."
    assert pb.accept_undo_button.layout.display is None
    press(pb.accept_undo_button)
    pa.poll()
    assert pa.shown.moves == pb.shown.moves == () and pa.turn_text.startswith("Move 1. Your move")
    db2 = ClassDB(path)
    tour = ClassGames(db2).new_game("walak", [Seat(ana.id), Seat(ben.id)], key=db.teacher_key, tournament=1, round=1)
    pa.poll()  # a tournament's game comes first: shown at once, the game going on waits in the list
    assert pa.shown.id == tour and number in [n for _, n in pa.my_games.options]
    assert pa.feedback.text == "Tournament round 1: your game with Ben has started (your other game waits in your games)."
    assert pa.undo_note_text == NO_TAKING_BACK and pa.undo_button.layout.display == "none"
    assert pa.turn_text.startswith("Tournament round 1 · Move 1. Your move")


def test_refusals_are_said_on_the_panel_never_lost(path: Path) -> None:
    db = ClassDB(path)
    ana = db.join("Ana")
    alone = page(path, ana)
    assert not alone.challenge_button.disabled  # it says why it cannot: a disabled state could be left stale
    press(alone.challenge_button)
    assert alone.feedback.text == "No classmate has joined yet: wait for one, then challenge them."
    click(alone, None) if alone.board.controller else alone.click(None)
    assert alone.feedback.text.startswith("No game yet")
    with pytest.raises(ClassError):
        play_panel(ClassDB(path), Student(ana.id, "Ana", "forged-token"))
    ben = db.join("Ben")
    number = ClassGames(db).new_game("walak", [Seat(ana.id), Seat(ben.id)], key=db.teacher_key)
    alone.poll()
    assert alone.shown.id == number
    north_hole = hole_of(alone, "c") + 7
    click(alone, north_hole)
    assert "is not a move for South" in alone.feedback.text and alone.shown.moves == ()
    assert not alone.feedback.errors.outputs  # nothing went to a traceback


def test_the_computer_answers_on_a_thread_and_its_games_are_counted_apart(path: Path) -> None:
    db = ClassDB(path)
    ana = db.join("Ana")
    pa = page(path, ana)
    pa.level.value = "beginner"
    press(pa.computer_button)
    assert "counted apart" in pa.feedback.text and pa.shown.with_computer
    click(pa, hole_of(pa, "c"))
    until(lambda: pa.thinker is not None and not pa.thinker.is_alive(), "the computer's move")
    pa.poll()
    assert len(pa.shown.moves) == 2 and pa.turn_text.startswith("Move 3. Your move")
    assert pa.shown.tournament is None and pa.shown.seats[1].computer == "beginner"


def test_myra_for_three_two_classmates_accept_and_a_move_takes_clicks(path: Path) -> None:
    db = ClassDB(path)
    ana, ben, chi = db.join("Ana"), db.join("Ben"), db.join("Chi")
    pa, pb, pc = page(path, ana), page(path, ben), page(path, chi)
    assert ("Myra, 3 players", ("myra", 3)) in game_choices()
    pa.game_choice.value = ("myra", 3)
    assert pa.third.layout.display is None and pa.third.value != pa.opponent.value
    press(pa.challenge_button)
    pb.poll()
    press(invitation_button(pb, "accept"))
    assert pb.shown.status == "invited" and "Chi" in pb.turn_text  # waits for the third
    pc.poll()
    press(invitation_button(pc, "accept"))
    pa.poll()
    view = pa.shown
    assert view.status == "playing" and len(view.seats) == 3 and pa.turn_text == "Move 1. Your move: you play Blue."
    position = view.position
    move = next(m for m in position.legal_moves() if len(kit.game("myra").marks(position, m)) == 2
                and sum(kit.game("myra").marks(position, m)[-1] == kit.game("myra").marks(position, other)[-1]
                        and kit.game("myra").marks(position, other)[0] == kit.game("myra").marks(position, m)[0]
                        for other in position.legal_moves()) == 1)
    first, last = kit.game("myra").marks(position, move)
    click(pa, first)
    assert "Click a lit hollow" in pa.feedback.text and pa.shown.moves == ()
    click(pa, last)
    assert pa.shown.moves == (position.notation(move),)
    pb.poll(), pc.poll()
    assert pb.turn_text == "Move 2. Your move: you play Orange."
    assert pc.turn_text.startswith("Move 2. Ben's move (Orange)")


# -- the projector ---------------------------------------------------------------------------------------


def projector(path: Path) -> Any:
    import kit.classroom

    db = ClassDB(path)
    return kit.classroom.app(class_db=db, teacher_key=db.teacher_key).class_games


def test_the_projector_runs_a_round_robin_with_live_standings_and_adjudicates_a_game_whose_player_is_gone(
        path: Path) -> None:
    db = ClassDB(path)
    students = {s.id: s for s in (db.join(name) for name in ("Ana", "Ben", "Chi", "Dev"))}
    panel = projector(path)
    with pytest.raises(ClassError):
        from kit.classes.games_panel import ClassGamesPanel

        ClassGamesPanel(panel.room, ClassDB(path), "forged")
    panel.toggle.value = True
    assert panel.content.layout.display is None
    assert panel.heading_text == "No tournament yet."
    # each list shows what it will do (a None among a Dropdown's values showed a blank)
    assert (panel.kind.label, panel.time_limit.label) == (panel.kind.options[0][0], "no time limit")
    panel.time_limit.value, panel.time_limit.value = 300.0, 0.0
    assert panel.time_limit.label == "no time limit"
    press(panel.start_button)
    assert "round robin, 3 rounds, tie-break Sonneborn-Berger" in panel.feedback.text
    assert panel.heading_text.startswith("Walak-pussa, round robin: round 1 of 3 · tie-break: Sonneborn-Berger")
    games = ClassGames(ClassDB(path))
    tournament = panel.tournament.id
    pairs = panel.tournaments.pairings(tournament)
    assert len(pairs) == 2 and all(f"<td>{students[a].name}</td><td>{students[b].name}</td>" in panel.pairings.value
                                   for _, (a, b) in pairs)
    assert panel.pair_button.disabled
    press(panel.pair_button)  # refused in words while the round goes on
    first, second = (game for game, _ in pairs)
    # the first game is played to its end by its players' pages
    pages = {s: page(path, students[s]) for s in (first.seats[0].student, first.seats[1].student)}
    _play_on(pages, 400, seed=5)
    assert games.view(first.id).status == "over"
    panel.poll()
    expected = panel.tournaments.standings(tournament)
    for line in expected:
        assert f"<td>{line.rank}</td><td>{students[line.player].name}</td>" in panel.standings.value
    # the second game: its player is gone, the teacher adjudicates it from the board watched
    panel.watch_game(second.id)
    assert panel.board.view.id == second.id and panel.watched_text.startswith(second.seats[0].name)
    assert all(b.disabled for b in panel.verdicts.children)  # everyone is here
    with db.transaction() as write:
        write.execute("UPDATE class_seats SET seen = 1 WHERE game = ? AND seat = 1", (second.id,))
    panel._stamp = None
    panel.poll()
    assert f"{second.seats[1].name} gone" in panel.gone.value
    press(next(b for b in panel.verdicts.children if b.description == "draw"))
    assert panel.feedback.text == "The teacher adjudicated it a draw."
    panel.poll()  # the board watched shows the ruling: nobody to move, the ending under the board
    drawing = panel.board.controller.drawing
    assert panel.board.view.status == "over" and not panel.board.view.position.is_over
    assert drawing._caption.get_text() == "The teacher adjudicated it a draw."
    assert not any(name.get_bbox_patch() for name in drawing._names), "a badge still says who is to move"
    assert not panel.pair_button.disabled
    press(panel.pair_button)
    assert panel.feedback.text.startswith("Round 2 paired") and "round 2 of 3" in panel.heading_text
    table = panel.standings.value
    lines = panel.tournaments.standings(tournament)
    assert sum(line.drawn for line in lines) >= 2 and sum(line.games for line in lines) == 4
    for line in lines:
        assert (f"<td>{line.rank}</td><td>{students[line.player].name}</td><td>{_point(line.points)}</td>"
                f"<td>{line.games}</td>") in table


def test_the_projector_follows_a_game_watched_as_its_players_move(path: Path) -> None:
    db, (ana, ben), number = _game(path, "Ana", "Ben")
    panel = projector(path)
    panel.board.animate = False
    panel.watch_game(number)
    pa, pb = page(path, ana), page(path, ben)
    _play_on({ana.id: pa, ben.id: pb}, 3)
    panel.poll()
    assert panel.board.view.moves == pa.shown.moves and len(pa.shown.moves) == 3
    assert "(move 4)" in panel.watched_text
