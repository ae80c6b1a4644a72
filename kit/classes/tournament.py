"""A class tournament: round robin for small groups, Swiss rounds otherwise, live standings.

The pairing and the standings are pure functions of the players and the results so far
(:func:`round_robin_rounds`, :func:`swiss_pairing`, :func:`standings`); :class:`Tournaments`
keeps a tournament in the class database, its games as class games (:mod:`kit.classes.games`)
tagged with the tournament and the round, its byes in a table whose key lets a student have at
most one bye.

- **Round robin** (up to :data:`ROUND_ROBIN_MOST` players): everyone meets everyone once, by
  the circle method; with an odd number one player sits out each round (a bye).
- **Swiss** (more players): each round pairs players of equal points where it can, never two
  who met before; with an odd number the lowest-placed player who has had no bye gets one.
- A bye counts one point and no game. A win counts 1, a draw 1/2. The tie-break is named:
  **Sonneborn-Berger** in a round robin (the points of the players one beat, and half those of
  the players one drew with), **Buchholz** in a Swiss (the points of all one's opponents).

>>> rounds = round_robin_rounds([1, 2, 3, 4])
>>> met = [frozenset(pair) for games in rounds for pair in games]
>>> len(rounds), len(met), set(met) == {frozenset(pair) for pair in [(1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)]}
(3, 6, True)
>>> [row.player for row in standings([1, 2], [Result(1, 2, (0.0, 1.0))])]
[2, 1]
"""
from __future__ import annotations

import json
import math
import time
from collections import Counter, defaultdict
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from kit.classes.db import ClassDB
from kit.classes.games import ClassGame, ClassGames, Seat, described, is_row_id, points
from kit.core.errors import ClassError, show
from kit.core.limits import MAX_PLAYERS

#: The largest group that plays a round robin unless the teacher asks for Swiss rounds.
ROUND_ROBIN_MOST = 6
TIEBREAKS = ("Sonneborn-Berger", "Buchholz")
#: The most steps the search for a Swiss round's pairing takes before it says there is none.
PAIRING_STEPS = 50_000

Pairing = tuple[int, int | None]  # (first to move, second); None: the first has a bye

_SCHEMA = """
CREATE TABLE IF NOT EXISTS class_tournaments (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    rules TEXT NOT NULL,
    is_match INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('round robin', 'swiss')),
    rounds INTEGER NOT NULL,
    tiebreak TEXT NOT NULL,
    time_limit REAL,
    players TEXT NOT NULL,
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS class_byes (
    tournament INTEGER NOT NULL REFERENCES class_tournaments (id),
    round INTEGER NOT NULL,
    student INTEGER NOT NULL REFERENCES students (id),
    PRIMARY KEY (tournament, student),
    UNIQUE (tournament, round)
);
"""


class _NoPairing(Exception):
    """No Swiss pairing is left without a rematch or a second bye."""


@dataclass(frozen=True)
class Result:
    """One game of a tournament (or a bye, ``second`` None): the players and their points (None: not over)."""

    first: int
    second: int | None
    points: tuple[float, float] | None

    @property
    def is_bye(self) -> bool:
        return self.second is None


@dataclass(frozen=True)
class Standing:
    """A player's line in the standings table."""

    rank: int
    player: int
    points: float
    games: int  # games finished (a bye is no game)
    won: int
    drawn: int
    lost: int
    byes: int
    tiebreak: float


# -- pairing -------------------------------------------------------------------------------------


def round_robin_rounds(players: Sequence[int]) -> list[list[Pairing]]:
    """Every round of a round robin (the circle method): each pair meets once, each player moves
    first about as often as second; with an odd number one player has a bye each round."""
    seats: list[int | None] = list(players) + ([None] if len(players) % 2 else [])
    if len(set(seats)) != len(seats):
        raise ValueError("each player once, please")
    rounds = []
    for number in range(len(seats) - 1):
        games: list[Pairing] = []
        for index in range(len(seats) // 2):
            a, b = seats[index], seats[-1 - index]
            if index == 0 and number % 2:  # the fixed player alternates; the others alternate as they go round
                a, b = b, a
            if a is None:  # the bye
                a, b = b, None
            assert a is not None
            games.append((a, b))
        rounds.append(sorted(games, key=lambda pair: pair[1] is None))
        seats = [seats[0], seats[-1], *seats[1:-1]]
    return rounds


def scores(players: Sequence[int], results: Sequence[Result]) -> dict[int, float]:
    """Each player's points: a win 1, a draw 1/2, a bye 1."""
    points = {player: 0.0 for player in players}
    for result in results:
        if result.is_bye:
            points[result.first] += 1.0
        elif result.points is not None:
            points[result.first] += result.points[0]
            points[result.second] += result.points[1]  # type: ignore[index]
    return points


def swiss_pairing(players: Sequence[int], results: Sequence[Result]) -> list[Pairing]:
    """The next Swiss round: players of equal points meet where they can (the top half of a
    points group against its bottom half), nobody meets an opponent twice, and with an odd number
    the lowest-placed player without a bye has one. ValueError when no such pairing is left."""
    met = {frozenset((r.first, r.second)) for r in results if r.second is not None}
    had_bye = {r.first for r in results if r.is_bye}
    points = scores(players, results)
    order = sorted(players, key=lambda p: (-points[p], list(players).index(p)))
    candidates: list[int | None] = [None]
    if len(order) % 2:
        candidates = [p for p in reversed(order) if p not in had_bye]
    for bye in candidates:
        rest = [p for p in order if p != bye]
        pairs = _pair(rest, met, points)
        if pairs is not None:
            games = [_seated(a, b, results) for a, b in pairs]
            return games + ([(bye, None)] if bye is not None else [])
    raise ValueError("no pairing is left without a rematch (or a second bye): the tournament has had its rounds")


def _pair(order: list[int], met: set[frozenset[int]], points: dict[int, float],
          budget: list[int] | None = None) -> list[tuple[int, int]] | None:
    """Pairs for the players in ``order`` (best first) with no rematch, the top player first
    meeting the middle of their points group; None if there are none (or none is found within
    :data:`PAIRING_STEPS` steps of the search)."""
    budget = [PAIRING_STEPS] if budget is None else budget
    if not order:
        return []
    first, rest = order[0], order[1:]
    group = [p for p in rest if points[p] == points[first]]
    middle = (len(group) + 1) // 2 - 1 if group else 0
    preferred = group[middle:] + group[:middle][::-1] + [p for p in rest if p not in group]
    for partner in preferred:
        if frozenset((first, partner)) in met:
            continue
        budget[0] -= 1
        if budget[0] < 0:
            return None
        pairs = _pair([p for p in rest if p != partner], met, points, budget)
        if pairs is not None:
            return [(first, partner), *pairs]
    return None


def _seated(a: int, b: int, results: Sequence[Result]) -> Pairing:
    """Who moves first: the player who moved first less often so far (ties: the higher placed)."""
    firsts = Counter(r.first for r in results if not r.is_bye)
    seconds = Counter(r.second for r in results if not r.is_bye)
    balance = {p: firsts[p] - seconds[p] for p in (a, b)}
    return (b, a) if balance[b] < balance[a] else (a, b)


# -- standings -----------------------------------------------------------------------------------


def standings(players: Sequence[int], results: Sequence[Result], tiebreak: str = "Buchholz") -> list[Standing]:
    """The table: points, games, wins, draws, losses, byes and the named tie-break, best first
    (players level on points and tie-break share a rank)."""
    if tiebreak not in TIEBREAKS:
        raise ValueError(f"unknown tie-break {tiebreak!r} (choices: {', '.join(TIEBREAKS)})")
    points = scores(players, results)
    lines: dict[int, dict[str, float]] = {p: defaultdict(float) for p in players}
    for result in results:
        if result.is_bye:
            lines[result.first]["byes"] += 1
            continue
        if result.points is None:
            continue
        for me, other, mine in ((result.first, result.second, result.points[0]),
                                (result.second, result.first, result.points[1])):
            line = lines[me]  # type: ignore[index]
            line["games"] += 1
            line["won" if mine == 1 else "lost" if mine == 0 else "drawn"] += 1
            line["Buchholz"] += points[other]  # type: ignore[index]
            line["Sonneborn-Berger"] += mine * points[other]  # type: ignore[index]
    order = sorted(players, key=lambda p: (-points[p], -lines[p][tiebreak], -lines[p]["won"], list(players).index(p)))
    table: list[Standing] = []
    for index, player in enumerate(order):
        line = lines[player]
        rank = index + 1
        if table and (table[-1].points, table[-1].tiebreak) == (points[player], line[tiebreak]):
            rank = table[-1].rank
        table.append(Standing(rank, player, points[player], int(line["games"]), int(line["won"]), int(line["drawn"]),
                              int(line["lost"]), int(line["byes"]), line[tiebreak]))
    return table


# -- the tournament in the class database ------------------------------------------------------------


@dataclass(frozen=True)
class Tournament:
    """A tournament as stored: its game and rules, kind, rounds, tie-break, time limit, players."""

    id: int
    game: str
    rules: Any
    is_match: bool
    kind: str  # "round robin" or "swiss"
    rounds: int
    tiebreak: str
    time_limit: float | None
    players: tuple[int, ...]


class Tournaments:
    """The tournaments of one class (one per kernel, beside its :class:`ClassGames`)."""

    def __init__(self, games: ClassGames) -> None:
        self.games = games
        self.db: ClassDB = games.db
        self.db.ensure(_SCHEMA)

    def start(self, key: str | None, game: str, players: Sequence[int] | None = None, *, rules: Any = None,
              match: bool = False, kind: str | None = None, rounds: int | None = None,
              time_limit: float | None = None) -> int:
        """The teacher starts a tournament of ``game`` for ``players`` (default: every student who
        joined) and pairs its first round: its number. ``kind`` is "round robin" (the default up to
        ROUND_ROBIN_MOST players) or "swiss" (the default above; ``rounds`` defaults to
        log2(players) + 1, rounded up). ``match`` plays matches of several rounds where the game has them."""
        if not self.db.is_teacher(key):
            raise ClassError("Only the teacher's page can start a tournament.")
        description = described(game)
        if 2 not in description.player_counts:
            raise ClassError(f"A tournament plays two-player games; {description.title} is not one.")
        students = [s.id for s in self.db.students()]
        chosen = list(students if players is None else players)
        if len(set(chosen)) != len(chosen) or not set(chosen) <= set(students):
            raise ClassError("A tournament's players are students of this class, each once.")
        if not 2 <= len(chosen) <= MAX_PLAYERS:
            raise ClassError(f"A tournament needs 2 to {MAX_PLAYERS} players, not {len(chosen)}.")
        kind = kind or ("round robin" if len(chosen) <= ROUND_ROBIN_MOST else "swiss")
        if kind not in ("round robin", "swiss"):
            raise ClassError(f"A tournament is a \"round robin\" or \"swiss\", not {show(kind)}.")
        most = len(chosen) - 1 + len(chosen) % 2
        if kind == "round robin":
            rounds = most
        elif rounds is None:
            rounds = min(most, math.ceil(math.log2(len(chosen))) + 1)
        elif isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= most:
            raise ClassError(f"A Swiss tournament of {len(chosen)} players has 1 to {most} rounds, not {show(rounds)}.")
        if time_limit is not None and (isinstance(time_limit, bool) or not isinstance(time_limit, (int, float))
                                       or not 0 < time_limit <= 86_400):
            raise ClassError(f"A time limit per game of up to 86,400 seconds, or none, not {show(time_limit)}.")
        try:
            rules_json = description.rules_json(rules)
            if match and description.match(description.start(2, rules)) is None:
                raise ClassError(f"{description.title} is played in single games only, not matches of rounds.")
        except ValueError as error:
            raise ClassError(str(error)) from None
        tiebreak = "Sonneborn-Berger" if kind == "round robin" else "Buchholz"
        with self.db.transaction() as db:
            cursor = db.execute(
                "INSERT INTO class_tournaments (game, rules, is_match, kind, rounds, tiebreak, time_limit, players, "
                "created) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (description.name, json.dumps(rules_json), int(match), kind, rounds, tiebreak, time_limit,
                 json.dumps(chosen), time.time()))
            number = cursor.lastrowid
            assert number is not None
            info = self._info(number, db)
            self._start_round(db, info, 1, self._pairs(info, 1, []), key)
        return number

    def tournament(self, number: int) -> Tournament:
        """The tournament called ``number``."""
        return self._info(number)

    def _info(self, number: int, db: Any = None) -> Tournament:
        query = self.db.query if db is None else _reader(db)
        rows = query("SELECT * FROM class_tournaments WHERE id = ?", (number,)) if is_row_id(number) else []
        if not rows:
            raise ClassError(f"There is no tournament {show(number)} in this class.")
        row = rows[0]
        return Tournament(int(row["id"]), row["game"], json.loads(row["rules"]), bool(row["is_match"]), row["kind"],
                          int(row["rounds"]), row["tiebreak"], row["time_limit"], tuple(json.loads(row["players"])))

    def tournaments(self) -> list[Tournament]:
        """Every tournament of the class, in order."""
        return [self._info(int(row[0])) for row in self.db.query("SELECT id FROM class_tournaments ORDER BY id")]

    def round(self, number: int) -> int:
        """The tournament's current round (the last one paired)."""
        return _current_round(self.db.query, self._info(number).id)

    def pairings(self, number: int, round: int | None = None) -> list[tuple[ClassGame | None, Pairing]]:
        """The pairings of a round (default: the current one): each game (None for a bye) with its players."""
        round = self.round(number) if round is None else round
        games = [g for g in self.games.games(tournament=number) if g.round == round]
        pairs: list[tuple[ClassGame | None, Pairing]] = [
            (g, (int(g.seats[0].student), int(g.seats[1].student))) for g in games]  # type: ignore[arg-type]
        byes = self.db.query("SELECT student FROM class_byes WHERE tournament = ? AND round = ?", (number, round))
        return pairs + [(None, (int(row[0]), None)) for row in byes]

    def results(self, number: int) -> list[Result]:
        """Every game of the tournament so far (in the order of its rounds), then its byes."""
        return _results(self.db.query, self._info(number).id)

    def standings(self, number: int) -> list[Standing]:
        """The live standings table (finished games and byes)."""
        info = self._info(number)
        return standings(info.players, self.results(number), info.tiebreak)

    def round_over(self, number: int) -> bool:
        """Whether every game of the current round has ended."""
        return all(g.status == "over" for g, _ in self.pairings(number) if g is not None)

    def is_over(self, number: int) -> bool:
        """Whether the last round has been played."""
        return self.round(number) >= self._info(number).rounds and self.round_over(number)

    def pair_next_round(self, key: str | None, number: int) -> int:
        """The teacher pairs the next round once every game of the current one has ended: its number.
        (The pairing is searched before the write, which then checks that nothing changed meanwhile.)"""
        if not self.db.is_teacher(key):
            raise ClassError("Only the teacher's page can pair a round.")
        info = self._info(number)
        current = self._ready_for(self.db.query, info)
        try:
            pairs = self._pairs(info, current + 1, _results(self.db.query, number))
        except _NoPairing:  # it ends here: the round count is cut to the rounds played
            with self.db.transaction() as db:
                self._ready_for(_reader(db), info, current)
                db.execute("UPDATE class_tournaments SET rounds = ? WHERE id = ?", (current, number))
            raise ClassError(f"No pairing is left without a rematch or a second bye: the tournament ends after "
                             f"round {current}.") from None
        with self.db.transaction() as db:
            self._ready_for(_reader(db), info, current)
            self._start_round(db, info, current + 1, pairs, key)
        return current + 1

    def _ready_for(self, query: Callable[[str, tuple[object, ...]], list[Any]], info: Tournament,
                   expected: int | None = None) -> int:
        """The current round, checked to be over and not the last (and to be ``expected``, if given)."""
        current = _current_round(query, info.id)
        if expected is not None and current != expected:
            raise ClassError(f"Round {current} has just been paired (on another page).")
        going = query("SELECT count(*) FROM class_games WHERE tournament = ? AND round = ? AND status <> 'over'",
                      (info.id, current))[0][0]
        if going:
            raise ClassError(f"{going} game{'s' if going != 1 else ''} of round {current} "
                             f"{'go' if going != 1 else 'goes'} on: pair the next round when they have ended.")
        if current >= info.rounds:
            raise ClassError(f"The tournament is over: all its {info.rounds} rounds have been played.")
        return current

    @staticmethod
    def _pairs(info: Tournament, round: int, so_far: list[Result]) -> list[Pairing]:
        """The pairing of round ``round`` (_NoPairing where a Swiss has none left)."""
        if info.kind == "round robin":
            return round_robin_rounds(list(info.players))[round - 1]
        try:
            return swiss_pairing(list(info.players), so_far)
        except ValueError:
            raise _NoPairing from None

    def _start_round(self, db: Any, info: Tournament, round: int, pairs: list[Pairing], key: str | None) -> None:
        """Start the games (and byes) of round ``round``, in the caller's transaction."""
        for first, second in pairs:
            if second is None:
                db.execute("INSERT INTO class_byes (tournament, round, student) VALUES (?, ?, ?)",
                           (info.id, round, first))
            else:
                self.games._new_game(db, info.game, [Seat(first), Seat(second)], info.rules, None, match=info.is_match,
                                     undo=False, key=key, token=None, tournament=info.id, round=round,
                                     time_limit=info.time_limit)


def _current_round(query: Callable[[str, tuple[object, ...]], list[Any]], number: int) -> int:
    """The last round of tournament ``number`` paired (its games and byes)."""
    return int(query("SELECT coalesce(max(round), 0) FROM (SELECT round FROM class_games WHERE tournament = ? "
                     "UNION ALL SELECT round FROM class_byes WHERE tournament = ?)", (number, number))[0][0])


def _reader(db: Any) -> Callable[[str, tuple[object, ...]], list[Any]]:
    """Reads inside a transaction, as :meth:`ClassDB.query` reads outside one."""
    return lambda sql, params: db.execute(sql, params).fetchall()


def _results(query: Callable[[str, tuple[object, ...]], list[Any]], number: int) -> list[Result]:
    """The results of tournament ``number`` read through ``query`` (a read inside a transaction or not)."""
    rows = query("SELECT g.status, g.winner, s0.student AS a, s1.student AS b FROM class_games g "
                 "JOIN class_seats s0 ON s0.game = g.id AND s0.seat = 0 "
                 "JOIN class_seats s1 ON s1.game = g.id AND s1.seat = 1 "
                 "WHERE g.tournament = ? ORDER BY g.round, g.id", (number,))
    results = []
    for row in rows:
        shares = points(row["status"], row["winner"], 2)
        results.append(Result(int(row["a"]), int(row["b"]), None if shares is None else (shares[0], shares[1])))
    for row in query("SELECT student FROM class_byes WHERE tournament = ? ORDER BY round", (number,)):
        results.append(Result(int(row[0]), None, (1.0, 0.0)))
    return results

