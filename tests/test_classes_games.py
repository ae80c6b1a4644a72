"""Games between students through a real class database: moves, races, refusals, restarts, undo, adjudication."""
from __future__ import annotations

import json
import multiprocessing
import threading
import time
from pathlib import Path
from typing import Any

import pytest

import kit
from kit.agents.factory import make_agent
from kit.classes.db import ClassDB
from kit.classes.games import FLOOD_REFUSALS, ClassGames, Seat
from kit.core.errors import ClassError

SPAWN = multiprocessing.get_context("spawn")


def _class(tmp_path: Path, *names: str) -> tuple[ClassDB, ClassGames, list[Any]]:
    db = ClassDB(tmp_path / "class.sqlite")
    return db, ClassGames(db), [db.join(name) for name in names]


def _token(game: Any, students: list[Any], seat: int) -> str:
    return next(s.token for s in students if s.id == game.seats[seat].student)


def _snapshot(db: ClassDB) -> list[tuple[Any, ...]]:
    """Everything the games' tables hold (what a refused request must leave unchanged)."""
    rows = []
    for table in ("class_games", "class_seats", "class_moves", "class_taken_back"):
        rows += [(table, *row) for row in db.query(f"SELECT * FROM {table} ORDER BY rowid")]
    return rows


def test_a_game_is_played_to_its_end_across_a_restart_and_its_record_replays(tmp_path: Path) -> None:
    db, games, (ana, ben) = _class(tmp_path, "Ana", "Ben")
    number = games.new_game("walak", [Seat(ana.id), Seat(ben.id)], key=db.teacher_key)
    agent = make_agent("greedy", "walak", seed=3)
    view = games.view(number)
    for _ in range(6):
        view = games.play(_token(view, [ana, ben], view.to_move), number,
                          view.position.notation(agent.choose(view.position)), view.number)
    played, position = view.moves, view.position
    db.close()  # the server stops mid-game
    db = ClassDB(tmp_path / "class.sqlite")
    games = ClassGames(db)
    view = games.view(number)
    assert view.moves == played and view.position.key() == position.key()  # a reload comes back to the same move
    while view.status == "playing":
        view = games.play(_token(view, [ana, ben], view.to_move), number,
                          view.position.notation(agent.choose(view.position)), view.number)
    assert view.status == "over" and view.ending
    record = kit.game("walak").record_from_json(json.dumps(view.record().to_json()))
    assert record.moves == view.moves and record.result == {"winner": view.winner}
    assert record.names == {"south": "Ana", "north": "Ben"}
    assert "won" in view.says() or "draw" in view.says()


def _race(path: str, token: str, game: int, move: str, number: int, start: Any, results: Any) -> None:
    games = ClassGames(ClassDB(path))
    games.view(game)
    start.wait(60)
    try:
        games.play(token, game, move, number)
        results.put(("played", move))
    except ClassError as error:
        results.put(("refused", str(error)))


def test_two_pages_sending_move_n_at_once_in_separate_processes_fork_nothing(tmp_path: Path) -> None:
    db, games, (ana, ben) = _class(tmp_path, "Ana", "Ben")
    number = games.new_game("walak", [Seat(ana.id), Seat(ben.id)], key=db.teacher_key)
    for attempt in range(3):
        view = games.view(number)
        token = _token(view, [ana, ben], view.to_move)
        moves = list(view.position.legal_moves())[:2]
        if len(moves) < 2:
            break
        start, results = SPAWN.Barrier(2), SPAWN.Queue()
        pages = [SPAWN.Process(target=_race, args=(str(db.path), token, number, move, view.number, start, results))
                 for move in moves]
        for page in pages:
            page.start()
        outcomes = [results.get(timeout=120) for _ in pages]
        for page in pages:
            page.join(60)
            assert page.exitcode == 0
        won = [move for kind, move in outcomes if kind == "played"]
        refused = [text for kind, text in outcomes if kind == "refused"]
        assert len(won) == 1 and len(refused) == 1, outcomes
        assert "out of date" in refused[0]
        after = games.view(number)
        assert after.moves == view.moves + (won[0],)  # exactly the winner's move, once
        assert [row[0] for row in db.query("SELECT number FROM class_moves WHERE game = ? ORDER BY number",
                                           (number,))] == list(range(1, after.number))


def _play_on(path: str, tokens: list[str], game: int, acknowledged: Any) -> None:
    games = ClassGames(ClassDB(path))
    agent = make_agent("random", "walak", seed=1)
    view = games.view(game)
    while view.status == "playing":
        view = games.play(tokens[view.to_move], game, view.position.notation(agent.choose(view.position)), view.number)
        acknowledged.put(view.number - 1)


def test_a_server_killed_mid_game_keeps_every_move_it_acknowledged(tmp_path: Path) -> None:
    db, games, (ana, ben) = _class(tmp_path, "Ana", "Ben")
    game = games.new_game("walak", [Seat(ana.id), Seat(ben.id)], key=db.teacher_key)
    acknowledged = SPAWN.Queue()
    server = SPAWN.Process(target=_play_on, args=(str(db.path), [ana.token, ben.token], game, acknowledged))
    server.start()
    numbers = [acknowledged.get(timeout=120) for _ in range(5)]
    server.kill()  # no goodbye: SIGKILL, perhaps in the middle of a write
    server.join(60)
    after = ClassGames(ClassDB(tmp_path / "class.sqlite")).view(game)  # the file reopened, rebuilt by the engine
    assert numbers == [1, 2, 3, 4, 5] and len(after.moves) >= 5
    assert [row[0] for row in db.query("SELECT number FROM class_moves WHERE game = ? ORDER BY number",
                                       (game,))] == list(range(1, after.number))


def test_a_stale_page_and_a_second_click_are_refused_and_change_nothing(tmp_path: Path) -> None:
    db, games, (ana, ben) = _class(tmp_path, "Ana", "Ben")
    number = games.new_game("walak", [Seat(ana.id), Seat(ben.id)], key=db.teacher_key)
    other_page = ClassGames(db.reopen())
    seen_there = other_page.view(number)  # a second page of Ana's, showing the start
    games.play(ana.token, number, "c", 1)
    before = _snapshot(db)
    with pytest.raises(ClassError, match="out of date"):
        other_page.play(ana.token, number, "a", 1)  # the same move number again
    with pytest.raises(ClassError, match="Ben's move"):
        other_page.play(ana.token, number, "a", 2)
    assert _snapshot(db) == before and seen_there.number == 1


@pytest.mark.parametrize("who, move, number, word", [
    ("forged", "a", 1, "not a student's page"),
    (None, "a", 1, "not a student's page"),
    ("ben", "a", 1, "Ana's move, not yours"),  # a move for the opponent's side
    ("cem", "a", 1, "not your game"),  # a move in someone else's game
    ("ana", "z", 1, "cannot be played"),
    ("ana", "a" * 100_000, 1, "is not a move"),
    ("ana", ["a"], 1, "is not a move"),
    ("ana", "a", "1", "not a move number"),
    ("ana", "a", 7, "out of date"),
])
def test_hostile_moves_are_refused_with_a_word_and_change_nothing(tmp_path: Path, who: str | None, move: Any,
                                                                  number: Any, word: str) -> None:
    db, games, (ana, ben, cem) = _class(tmp_path, "Ana", "Ben", "Cem")
    game = games.new_game("walak", [Seat(ana.id), Seat(ben.id)], key=db.teacher_key)
    token = {"ana": ana.token, "ben": ben.token, "cem": cem.token}.get(str(who), who)
    before = _snapshot(db)
    with pytest.raises(ClassError, match=word):
        games.play(token, game, move, number)
    assert _snapshot(db) == before


@pytest.mark.parametrize("game", [999, "1; DROP TABLE class_moves", None, [1], 10 ** 30, True])
def test_a_move_in_a_game_that_does_not_exist_is_refused(tmp_path: Path, game: Any) -> None:
    db, games, (ana, ben) = _class(tmp_path, "Ana", "Ben")
    games.new_game("walak", [Seat(ana.id), Seat(ben.id)], key=db.teacher_key)
    before = _snapshot(db)
    with pytest.raises(ClassError, match="no game"):
        games.play(ana.token, game, "a", 1)
    assert _snapshot(db) == before


def test_a_flood_of_moves_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    db, games, (ana, ben) = _class(tmp_path, "Ana", "Ben")
    game = games.new_game("walak", [Seat(ana.id), Seat(ben.id)], key=db.teacher_key)
    games.play(ana.token, game, "c", 1)
    before = _snapshot(db)
    words = []
    for _ in range(1_000):
        with pytest.raises(ClassError) as refused:
            games.play(ana.token, game, "a", 2)  # not Ana's move
        words.append(str(refused.value))
    assert _snapshot(db) == before
    assert all("Ben's move" in word for word in words[:FLOOD_REFUSALS])
    assert "Too many moves refused" in words[-1]
    # Ben, playing honestly on his own page, is not held up by Ana's flood
    assert games.play(ben.token, game, games.view(game).position.legal_moves()[0], 2).number == 3


def test_only_the_teacher_pairs_students_and_a_student_starts_only_their_own_game(tmp_path: Path) -> None:
    db, games, (ana, ben, cem) = _class(tmp_path, "Ana", "Ben", "Cem")
    with pytest.raises(ClassError, match="Only the teacher or a student"):
        games.new_game("walak", [Seat(ana.id), Seat(ben.id)], key="forged")
    with pytest.raises(ClassError, match="only a game in which they play"):
        games.new_game("walak", [Seat(ana.id), Seat(ben.id)], token=cem.token)
    with pytest.raises(ClassError, match="one side"):
        games.new_game("walak", [Seat(ana.id), Seat(ana.id)], key=db.teacher_key)
    with pytest.raises(ClassError, match="Unknown level"):
        games.new_game("walak", [Seat(ana.id), Seat.at_level("grandmaster")], token=ana.token)
    with pytest.raises(ClassError, match="unknown game"):
        games.new_game("chess", [Seat(ana.id), Seat(ben.id)], key=db.teacher_key)
    assert games.games() == []


def test_a_challenge_waits_for_the_classmate_to_accept(tmp_path: Path) -> None:
    db, games, (ana, ben) = _class(tmp_path, "Ana", "Ben")
    game = games.new_game("walak", [Seat(ben.id), Seat(ana.id)], token=ana.token)
    assert games.view(game).status == "invited" and "Waiting for Ben" in games.view(game).says()
    with pytest.raises(ClassError, match="not started"):
        games.play(ben.token, game, "a", 1)
    with pytest.raises(ClassError, match="not asked"):
        games.accept(db.join("Cem").token, game)
    assert games.accept(ben.token, game).status == "playing"
    assert games.play(ben.token, game, "a", 1).number == 2
    declined = games.new_game("walak", [Seat(ana.id), Seat(ben.id)], token=ana.token)
    games.decline(ben.token, declined)
    assert [g.id for g in games.games()] == [game]


def test_a_game_against_the_computer_is_counted_apart_and_any_page_may_ask_its_move(tmp_path: Path) -> None:
    db, games, (ana,) = _class(tmp_path, "Ana")
    game = games.new_game("walak", [Seat(ana.id), Seat.at_level("beginner")], token=ana.token)
    view = games.play(ana.token, game, "c", 1)
    assert view.with_computer and view.seats[1].name == "computer (beginner)"
    if view.status == "playing" and view.to_move == 1:
        second_page = ClassGames(db.reopen())
        first, second = games.play_computer(game), second_page.play_computer(game)  # both pages ask at once
        assert first is not None and second is None  # the move is played once
        assert games.view(game).number == view.number + 1
    assert games.play_computer(game) is None  # not the computer's turn


def test_undo_only_by_agreement_and_never_in_a_tournament(tmp_path: Path) -> None:
    db, games, (ana, ben) = _class(tmp_path, "Ana", "Ben")
    game = games.new_game("walak", [Seat(ana.id), Seat(ben.id)], key=db.teacher_key)
    with pytest.raises(ClassError, match="no move to take back"):
        games.request_undo(ana.token, game)
    games.play(ana.token, game, "c", 1)
    asked = games.request_undo(ana.token, game)
    assert asked.undo_seat == 0 and asked.moves == ("c",)
    with pytest.raises(ClassError, match="answers your own request"):
        games.accept_undo(ana.token, game)
    assert games.decline_undo(ben.token, game).moves == ("c",)
    games.request_undo(ana.token, game)
    taken = games.accept_undo(ben.token, game)
    assert taken.moves == () and taken.undo_seat is None
    assert db.query("SELECT move FROM class_taken_back WHERE game = ?", (game,))[0][0] == "c"  # kept, not lost
    games.play(ana.token, game, "d", 1)
    reply = games.view(game).position.legal_moves()[0]
    games.play(ben.token, game, reply, 2)
    with pytest.raises(ClassError, match="answered your move"):
        games.request_undo(ana.token, game)
    tournament_game = games.new_game("walak", [Seat(ana.id), Seat(ben.id)], key=db.teacher_key, tournament=1,
                                     round=1)
    games.play(ana.token, tournament_game, "c", 1)
    with pytest.raises(ClassError, match="No taking back"):
        games.request_undo(ana.token, tournament_game)


def test_undo_against_the_computer_takes_back_its_answer_too(tmp_path: Path) -> None:
    db, games, (ana,) = _class(tmp_path, "Ana")
    game = games.new_game("myra", [Seat(ana.id), Seat.at_level("beginner")], token=ana.token)
    first = games.view(game).position
    games.play(ana.token, game, first.notation(first.legal_moves()[0]), 1)
    assert games.play_computer(game) is not None
    assert games.request_undo(ana.token, game).moves == ()


def test_the_teacher_adjudicates_a_game_whose_player_is_gone(tmp_path: Path) -> None:
    db, games, (ana, ben) = _class(tmp_path, "Ana", "Ben")
    games.set_absent_after(db.teacher_key, 60)
    game = games.new_game("walak", [Seat(ana.id), Seat(ben.id)], key=db.teacher_key)
    games.play(ana.token, game, "c", 1)
    with pytest.raises(ClassError, match="teacher's page"):
        games.adjudicate(ana.token, game, 0)
    with pytest.raises(ClassError, match="less than 60 s ago"):
        games.adjudicate(db.teacher_key, game, 0)
    later = time.time() + 61  # a minute on, nobody having looked at the game
    assert [seat.name for seat in games.gone(game, now=later)] == ["Ana", "Ben"]
    with pytest.raises(ClassError, match="not \"second\""):
        games.adjudicate(db.teacher_key, game, "second", now=later)
    won = games.adjudicate(db.teacher_key, game, 1, now=later)
    assert (won.status, won.winner, won.adjudicated, won.points()) == ("over", 1, True, (0.0, 1.0))
    with pytest.raises(ClassError, match="game is over"):
        games.play(ben.token, game, "a", 2)
    drawn = games.new_game("walak", [Seat(ana.id), Seat(ben.id)], key=db.teacher_key)
    assert games.adjudicate(db.teacher_key, drawn, "draw", now=later).points() == (0.5, 0.5)
    finished = games.new_game("walak", [Seat(ana.id), Seat(ben.id)], key=db.teacher_key)
    end = games.adjudicate(db.teacher_key, finished, "computer", level="beginner", now=later)
    assert end.status == "over" and "Finished by the computer" in str(end.ending)
    record = kit.game("walak").record_from_json(end.record().to_json())
    assert record.final.is_over and record.result == {"winner": end.winner}


def test_a_time_limit_lets_the_teacher_adjudicate_even_with_both_players_there(tmp_path: Path) -> None:
    db, games, (ana, ben) = _class(tmp_path, "Ana", "Ben")
    game = games.new_game("walak", [Seat(ana.id), Seat(ben.id)], key=db.teacher_key, time_limit=600)
    started = games.view(game).started
    assert started is not None
    with pytest.raises(ClassError):
        games.adjudicate(db.teacher_key, game, "draw", now=started + 10)
    assert games.adjudicate(db.teacher_key, game, "draw", now=started + 601).status == "over"


def test_a_match_of_several_rounds_goes_on_from_round_to_round_and_its_record_keeps_the_rounds(tmp_path: Path) -> None:
    db, games, (ana, ben) = _class(tmp_path, "Ana", "Ben")
    description = kit.game("walak")
    # few seeds: a short match (each round refills from the seeds a player holds)
    start = description.position_from_json({"game": "walak", "board": [1, 0, 0, 0, 0, 0, 1] + [0, 0, 1, 0, 0, 0, 1],
                                            "captured": [3, 3], "to_move": 0})
    game = games.new_game("walak", [Seat(ana.id), Seat(ben.id)], start=start, match=True, key=db.teacher_key)
    agents = [make_agent("random", "walak", seed=seat) for seat in (0, 1)]
    view = games.view(game)
    while view.status == "playing":
        move = agents[view.to_move].choose(view.position)
        view = games.play(_token(view, [ana, ben], view.to_move), game, view.position.notation(move), view.number)
    assert view.is_match and sum(view.rounds) == len(view.moves)
    record = description.record_from_json(json.dumps(view.record().to_json()))
    assert record.rounds == view.rounds
    replayed = description.match(record.start)
    for move in record.moves:
        if replayed.round_over:
            replayed = replayed.next_round()
        replayed = replayed.play(move)
    assert replayed.is_over and replayed.winner == view.winner
    fresh = ClassGames(db.reopen()).view(game)  # rebuilt from the moves alone
    assert (fresh.rounds, fresh.winner, fresh.state.holdings) == (view.rounds, view.winner, view.state.holdings)


def test_three_students_play_a_three_player_game_each_their_own_side(tmp_path: Path) -> None:
    db, games, students = _class(tmp_path, "Ana", "Ben", "Cem")
    game = games.new_game("myra", [Seat(s.id) for s in students], key=db.teacher_key)
    view = games.view(game)
    assert [seat.side for seat in view.seats] == list(kit.game("myra").player_names(3))
    for _ in range(6):
        seat = view.to_move
        wrong = students[(seat + 1) % 3]
        move = view.position.notation(view.position.legal_moves()[0])
        with pytest.raises(ClassError, match="not yours"):
            games.play(wrong.token, game, move, view.number)
        view = games.play(students[seat].token, game, move, view.number)
    assert view.number == 7


def test_a_page_waiting_for_the_opponent_sees_the_move_through_the_change_number(tmp_path: Path) -> None:
    db, games, (ana, ben) = _class(tmp_path, "Ana", "Ben")
    game = games.new_game("walak", [Seat(ana.id), Seat(ben.id)], key=db.teacher_key)
    ben_page = ClassGames(db.reopen())
    since, everything = ben_page.version(game), ben_page.changes()
    seen: list[int | None] = []
    waiting = threading.Thread(target=lambda: seen.append(ClassGames(ClassDB(db.path)).wait(game, since, 120, 0.01)))
    waiting.start()
    games.play(ana.token, game, "c", 1)
    waiting.join(150)
    assert seen and seen[0] is not None and seen[0] > since
    assert ben_page.changes() > everything and ben_page.view(game).moves == ("c",)
    assert ben_page.wait(game, ben_page.version(game), 0.05) is None  # nothing new: it gives up
