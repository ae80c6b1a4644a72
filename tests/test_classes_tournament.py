"""Class tournaments: pairing and standings as pure functions, and whole tournaments of computer-driven
students, each on its own connection to a real class database, exported and replayed."""
from __future__ import annotations

import csv
import json
import math
import random
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import kit
from kit.agents.factory import make_agent
from kit.classes.db import ClassDB
from kit.classes.export import export_class
from kit.classes.games import ClassGames
from kit.classes.tournament import (ROUND_ROBIN_MOST, Result, Tournaments, round_robin_rounds, standings,
                                    swiss_pairing)
from kit.cli.main import main
from kit.core.errors import ClassError


@pytest.mark.parametrize("players", range(2, 12))
def test_a_round_robin_meets_every_pair_once_with_one_bye_each_for_odd_numbers(players: int) -> None:
    rounds = round_robin_rounds(list(range(players)))
    games = [frozenset(pair) for games in rounds for pair in games if pair[1] is not None]
    byes = Counter(pair[0] for games in rounds for pair in games if pair[1] is None)
    assert len(games) == len(set(games)) == players * (players - 1) // 2
    assert all(sorted(p for pair in games for p in pair if p is not None) == list(range(players)) for games in rounds)
    assert byes == (Counter(range(players)) if players % 2 else Counter())
    firsts = Counter(pair[0] for games in rounds for pair in games if pair[1] is not None)
    assert max(firsts.values()) - min(firsts.values(), default=0) <= 1 or players == 2


@pytest.mark.parametrize("players", [5, 7, 8, 12, 13, 25, 30])
def test_swiss_rounds_never_pair_two_players_twice_nor_give_anyone_two_byes(players: int) -> None:
    rng = random.Random(players)
    ids = list(range(100, 100 + players))
    results: list[Result] = []
    for _ in range(min(players - 1 + players % 2, math.ceil(math.log2(players)) + 1)):  # the default rounds
        pairs = swiss_pairing(ids, results)
        assert sorted(p for pair in pairs for p in pair if p is not None) == ids  # everyone once a round
        for first, second in pairs:
            luck = rng.random()
            results.append(Result(first, second, None if second is None else
                                  (1.0, 0.0) if luck < 0.45 else (0.0, 1.0) if luck < 0.9 else (0.5, 0.5)))
    games = [frozenset((r.first, r.second)) for r in results if not r.is_bye]
    assert len(games) == len(set(games))
    assert max(Counter(r.first for r in results if r.is_bye).values(), default=0) <= 1


def test_a_swiss_pairs_players_of_equal_points_and_refuses_when_no_pairing_is_left() -> None:
    results = [Result(1, 2, (1.0, 0.0)), Result(3, 4, (1.0, 0.0))]
    assert {frozenset(pair) for pair in swiss_pairing([1, 2, 3, 4], results)} == {frozenset((1, 3)), frozenset((2, 4))}
    everyone = [Result(a, b, (0.5, 0.5)) for a, b in [(1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)]]
    with pytest.raises(ValueError, match="no pairing is left"):
        swiss_pairing([1, 2, 3, 4], everyone)


def test_a_swiss_with_no_pairing_left_ends_after_the_rounds_played(tmp_path: Path) -> None:
    db = ClassDB(tmp_path / "class.sqlite")
    for name in ("Ana", "Ben", "Cem", "Dia", "Eli", "Fay"):
        db.join(name)
    games = ClassGames(db)
    tournaments = Tournaments(games)
    number = tournaments.start(db.teacher_key, "walak", kind="swiss", rounds=4)
    later = time.time() + 10_000
    winners = iter([0, 0, 0, 1, 0, 1, 0, 0, 0])  # results after which no fourth round pairs without a rematch
    for round in (1, 2, 3):
        for game, _ in tournaments.pairings(number):
            assert game is not None
            games.adjudicate(db.teacher_key, game.id, next(winners), now=later)
        if round < 3:
            tournaments.pair_next_round(db.teacher_key, number)
    with pytest.raises(ClassError, match="ends after round 3"):
        tournaments.pair_next_round(db.teacher_key, number)
    assert tournaments.tournament(number).rounds == 3 and tournaments.is_over(number)


def test_standings_count_points_games_and_the_named_tie_break() -> None:
    # 1 beats 2, 2 beats 3, 3 beats 1; all three beat 4, except that 4 draws with 3
    results = [Result(1, 2, (1.0, 0.0)), Result(2, 3, (1.0, 0.0)), Result(3, 1, (1.0, 0.0)),
               Result(1, 4, (1.0, 0.0)), Result(2, 4, (1.0, 0.0)), Result(4, 3, (0.5, 0.5))]
    table = standings([1, 2, 3, 4], results, "Sonneborn-Berger")
    assert [(row.player, row.points, row.games, row.won, row.drawn, row.lost) for row in table] == [
        (1, 2.0, 3, 2, 0, 1), (2, 2.0, 3, 2, 0, 1), (3, 1.5, 3, 1, 1, 1), (4, 0.5, 3, 0, 1, 2)]
    # Sonneborn-Berger: the points of those beaten, half those drawn with
    assert [row.tiebreak for row in table] == [2.0 + 0.5, 1.5 + 0.5, 2.0 + 0.25, 0.75]
    assert [row.rank for row in table] == [1, 2, 3, 4]
    buchholz = standings([1, 2, 3, 4], results, "Buchholz")
    assert buchholz[0].tiebreak == 2.0 + 1.5 + 0.5  # the points of every opponent
    with pytest.raises(ValueError, match="unknown tie-break"):
        standings([1], [], "coin toss")


def test_players_level_on_points_and_tie_break_share_a_rank_and_a_bye_is_a_point_without_a_game() -> None:
    table = standings([1, 2, 3], [Result(1, 2, (0.5, 0.5)), Result(3, None, (1.0, 0.0))])
    three = next(row for row in table if row.player == 3)
    assert (three.points, three.games, three.byes) == (1.0, 0, 1)
    assert [row.rank for row in table] == [1, 2, 2]


def test_only_the_teacher_starts_and_pairs_a_tournament_and_bad_settings_are_refused(tmp_path: Path) -> None:
    db = ClassDB(tmp_path / "class.sqlite")
    students = [db.join(name) for name in ("Ana", "Ben", "Cem")]
    tournaments = Tournaments(ClassGames(db))
    with pytest.raises(ClassError, match="teacher's page"):
        tournaments.start(students[0].token, "walak")
    with pytest.raises(ClassError, match="each once"):
        tournaments.start(db.teacher_key, "walak", [students[0].id, students[0].id])
    with pytest.raises(ClassError, match="2 to"):
        tournaments.start(db.teacher_key, "walak", [students[0].id])
    with pytest.raises(ClassError, match="1 to 3 rounds"):
        tournaments.start(db.teacher_key, "walak", kind="swiss", rounds=9)
    with pytest.raises(ClassError, match="time limit"):
        tournaments.start(db.teacher_key, "walak", time_limit=-1)
    assert tournaments.tournaments() == []
    number = tournaments.start(db.teacher_key, "myra")
    assert tournaments.tournament(number).kind == "round robin"
    with pytest.raises(ClassError, match="go(es)? on"):
        tournaments.pair_next_round(db.teacher_key, number)
    with pytest.raises(ClassError, match="teacher's page"):
        tournaments.pair_next_round(students[0].token, number)
    for forged in (999, "1", None, [1], 10 ** 30):
        with pytest.raises(ClassError, match="no tournament"):
            tournaments.standings(forged)  # type: ignore[arg-type]
        with pytest.raises(ClassError, match="no tournament"):
            tournaments.pairings(forged)  # type: ignore[arg-type]


# -- whole tournaments played by computer-driven students ---------------------------------------------


def _student(path: Path, token: str, seed: int, done: threading.Event, errors: list[str]) -> None:
    """A student's page: its own connection; plays its side of each of its games when it is to move."""
    try:
        games = ClassGames(ClassDB(path))
        agent = make_agent("random", "walak", seed=seed)
        since = -1
        while not done.is_set():
            now = games.changes()
            if now == since:
                done.wait(0.005)  # poll the change number, as a page's timer does
                continue
            since = now
            me = games.db.student(token)
            assert me is not None
            for game in games.my_games(token):
                if game.status == "playing" and game.to_move == game.seat_of(me.id):
                    move = game.position.notation(agent.choose(game.position))
                    games.play(token, game.id, move, game.number)
                    since = -1
    except Exception as error:  # noqa: BLE001  (reported to the test)
        errors.append(f"{type(error).__name__}: {error}")
        done.set()


def _teacher(path: Path, number: int, done: threading.Event, errors: list[str]) -> None:
    """The projector's page: pairs the next round when the last ends, until the tournament is over."""
    try:
        tournaments = Tournaments(ClassGames(ClassDB(path)))
        key = tournaments.db.teacher_key
        since = -1
        while not done.is_set():
            now = tournaments.games.changes()
            if now == since:
                done.wait(0.005)
                continue
            since = now
            # the round first: a game may end between two reads, and a round once over stays so
            if tournaments.round_over(number):
                if tournaments.is_over(number):
                    done.set()
                else:
                    tournaments.pair_next_round(key, number)
            elif tournaments.is_over(number):
                done.set()
    except Exception as error:  # noqa: BLE001
        errors.append(f"{type(error).__name__}: {error}")
        done.set()


def _play_tournament(tmp_path: Path, names: list[str], **options: Any) -> tuple[ClassDB, Tournaments, int]:
    db = ClassDB(tmp_path / "class.sqlite")
    students = [db.join(name) for name in names]
    tournaments = Tournaments(ClassGames(db))
    number = tournaments.start(db.teacher_key, "walak", **options)
    done, errors = threading.Event(), []
    pages = [threading.Thread(target=_student, args=(db.path, s.token, index, done, errors))
             for index, s in enumerate(students)]
    pages.append(threading.Thread(target=_teacher, args=(db.path, number, done, errors)))
    for page in pages:
        page.start()
    done.wait(600)
    done.set()
    for page in pages:
        page.join(60)
    assert not errors, errors
    assert tournaments.is_over(number)
    return db, tournaments, number


def _check_export(tmp_path: Path, db: ClassDB, tournaments: Tournaments, number: int) -> None:
    """The export's records replay to the stored results, and its standings are those the results give."""
    out = tmp_path / "export"
    assert main(["class", "export", str(db.path), "--out", str(out)]) == 0
    names = {s.id: s.name for s in db.students()}
    ids = {name: number for number, name in names.items()}
    with open(out / "games.csv", encoding="utf-8") as index:
        rows = list(csv.DictReader(index))
    results = []
    for row in rows:
        record = kit.game("walak").record_from_json((out / row["record"]).read_text(encoding="utf-8"))
        stored = tournaments.games.view(int(row["game"]))
        assert record.moves == stored.moves and record.final.is_over
        assert record.result == {"winner": stored.winner}  # the record replays to the same result
        south, north = ids[record.names["south"]], ids[record.names["north"]]
        winner = record.result["winner"] if record.result else None
        results.append(Result(south, north, (0.5, 0.5) if winner is None else (1.0, 0.0) if winner == 0 else (0.0, 1.0)))
    byes = [pair for round in range(1, tournaments.round(number) + 1)
            for game, pair in tournaments.pairings(number, round) if game is None]
    results += [Result(first, None, (1.0, 0.0)) for first, _ in byes]
    info = tournaments.tournament(number)
    expected = standings(info.players, results, info.tiebreak)
    with open(out / f"tournament-{number}-standings.csv", encoding="utf-8") as table:
        exported = list(csv.DictReader(table))
    assert [(row["student"], float(row["points"]), int(row["games"]), float(row[info.tiebreak])) for row in exported] == [
        (names[line.player], line.points, line.games, line.tiebreak) for line in expected]
    assert expected == tournaments.standings(number)


def test_a_twelve_student_swiss_tournament_of_computer_driven_pages(tmp_path: Path) -> None:
    names = [f"Student {letter}" for letter in "ABCDEFGHIJKL"]
    db, tournaments, number = _play_tournament(tmp_path, names)
    info = tournaments.tournament(number)
    assert info.kind == "swiss" and info.rounds == 5 and info.tiebreak == "Buchholz"
    games = tournaments.games.games(tournament=number)
    assert len(games) == 6 * info.rounds and all(g.status == "over" and not g.undo for g in games)
    pairs = [frozenset(s.student for s in g.seats) for g in games]
    assert len(pairs) == len(set(pairs))  # no rematch
    for round in range(1, info.rounds + 1):  # everyone plays once a round
        seated = sorted(s.student for g in games if g.round == round for s in g.seats)
        assert seated == sorted(info.players)
    table = tournaments.standings(number)
    assert sum(row.points for row in table) == len(games) and all(row.games == info.rounds for row in table)
    _check_export(tmp_path, db, tournaments, number)
    # the exported records replay in the play board, to the same final position
    record = kit.game("walak").record_from_json(games[0].record().to_json())
    board = kit.explore(record.start)
    board.load_record(json.dumps(record.to_json()))
    assert board.position.key() == games[0].position.key()


def test_an_odd_swiss_gives_byes_at_most_once_each(tmp_path: Path) -> None:
    names = [f"Student {letter}" for letter in "ABCDEFG"]
    db, tournaments, number = _play_tournament(tmp_path, names, kind="swiss", rounds=4)
    byes = Counter(pair[0] for round in range(1, 5) for game, pair in tournaments.pairings(number, round)
                   if game is None)
    assert sum(byes.values()) == 4 and max(byes.values()) == 1
    with pytest.raises(Exception):  # the database itself refuses a second bye for a student
        with db.transaction() as writing:
            writing.execute("INSERT INTO class_byes (tournament, round, student) VALUES (?, ?, ?)",
                            (number, 9, next(iter(byes))))
    _check_export(tmp_path, db, tournaments, number)


def test_a_small_group_plays_a_round_robin_ranked_by_sonneborn_berger(tmp_path: Path) -> None:
    names = ["Ana", "Ben", "Cem", "Dia"]
    assert len(names) <= ROUND_ROBIN_MOST
    db, tournaments, number = _play_tournament(tmp_path, names)
    info = tournaments.tournament(number)
    assert (info.kind, info.rounds, info.tiebreak) == ("round robin", 3, "Sonneborn-Berger")
    with pytest.raises(ClassError, match="tournament is over"):
        tournaments.pair_next_round(db.teacher_key, number)
    _check_export(tmp_path, db, tournaments, number)


def test_the_export_refuses_to_replace_an_earlier_one_without_force(tmp_path: Path,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    db = ClassDB(tmp_path / "class.sqlite")
    ana, ben = db.join("=cmd|' /C calc'!A0"), db.join("Ben")
    tournaments = Tournaments(ClassGames(db))
    tournaments.start(db.teacher_key, "walak", [ana.id, ben.id])
    export_class(db, tmp_path / "out")
    text = (tmp_path / "out" / "tournament-1-standings.csv").read_text(encoding="utf-8")
    assert "\n'=cmd" in text or ",'=cmd" in text  # a name typed as a formula shows as typed in a spreadsheet
    assert main(["class", "export", str(db.path), "--out", str(tmp_path / "out")]) == 2
    assert "already exists" in capsys.readouterr().err
    assert main(["class", "export", str(db.path), "--out", str(tmp_path / "out"), "--force"]) == 0
    (tmp_path / "notes.txt").write_text("not a class", encoding="utf-8")
    assert main(["class", "export", str(tmp_path / "notes.txt")]) == 2
    assert "not a class database" in capsys.readouterr().err
    assert main(["class", "export", str(tmp_path / "missing.sqlite")]) == 2
    assert not (tmp_path / "missing.sqlite").exists()


def test_a_tournament_of_matches_plays_each_pairing_as_a_match_where_the_game_has_them(tmp_path: Path) -> None:
    db = ClassDB(tmp_path / "class.sqlite")
    for name in ("Ana", "Ben", "Cem"):
        db.join(name)
    tournaments = Tournaments(ClassGames(db))
    number = tournaments.start(db.teacher_key, "walak", match=True, time_limit=900)
    (game, pair), (bye, (alone, nobody)) = tournaments.pairings(number)
    assert game is not None and game.is_match and game.time_limit == 900 and not game.undo
    assert bye is None and nobody is None and alone not in pair
    with pytest.raises(ClassError, match="single games only"):
        tournaments.start(db.teacher_key, "myra", match=True)
    with pytest.raises(ClassError, match="two-player games|unknown game"):
        tournaments.start(db.teacher_key, "chess")
