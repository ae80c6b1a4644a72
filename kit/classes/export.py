"""The teacher's export of a class (``python -m kit class export``): what it answered, the games it
played and its tournaments' standings, as CSV files and the kit's own game records.

:func:`export_class` writes into a folder:

- ``answers.csv``: one row per student and question (first column ``row``: ``student``), then
  a summary row per question (``row``: ``summary``, the student's columns empty) counting who
  answered and who was right (``right_count``: 0 when nobody was, empty until revealed). Each
  row names the question: number, when asked, game, kind, what it is ``about`` (the
  demonstration and its step, or the puzzle's heading), text, the answer; a student's row
  adds the name, the answer, the ``first_answer`` when it was changed, when it was given,
  whether it was changed, whether it was right (``yes``/``no`` once revealed, empty while
  open or when the teacher moved on; a student who joined before a question and did not
  answer has a row with no answer);
- ``games/game-0001.json`` ...: each class game as the kit's JSON game record (the record
  every game reads back with ``game.record_from_json``, the play board's record box and
  ``python -m kit <game> replay``): its start, its moves, the seats' names, the rounds of a match;
- ``games.csv``: one row per game (who played which side, against the computer or not, the
  tournament and round, the result and how the game ended, adjudicated or not, its file);
- ``tournament-1-standings.csv`` ...: each tournament's final (or current) standings, one
  row per student, with the tie-break named in its header.

A cell a spreadsheet would read as a formula (a name typed as ``=1+1``) is written with a
leading apostrophe, so that it shows as typed.
"""
from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import datetime

from kit.classes.answers import ClassAnswers
from kit.classes.db import ClassDB
from kit.classes.games import ClassGame, ClassGames
from kit.classes.tournament import Tournaments
from kit.core.files import OutputError, atomic_path, check_output

GAME_COLUMNS = ("game", "kind", "tournament", "round", "players", "against computer", "status", "result",
                "ending", "adjudicated", "moves", "record")
STANDING_COLUMNS = ("rank", "student", "points", "games", "won", "drawn", "lost", "byes")
ANSWER_COLUMNS = ("row", "question_id", "asked", "game", "kind", "about", "question", "answer", "state", "student",
                  "student_answer", "first_answer", "answered_at", "changed", "right", "answered", "right_count",
                  "in_class")


def cell(value: object) -> str:
    """A value as a CSV cell that a spreadsheet shows as written (never runs it as a formula).

    >>> cell("=HYPERLINK(1)"), cell(2.5), cell("Ana")
    ("'=HYPERLINK(1)", '2.5', 'Ana')
    """
    text = "" if value is None else f"{value:g}" if isinstance(value, float) else str(value)
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def record_file(game: ClassGame) -> str:
    """The name of a game's record file in the export."""
    return f"games/game-{game.id:04d}.json"


def game_rows(games: ClassGames) -> list[list[str]]:
    """The rows of ``games.csv``, the header first."""
    rows = [list(GAME_COLUMNS)]
    for g in games.games():
        if g.status != "over":
            result = "goes on" if g.status == "playing" else "not accepted"
        elif g.winner is None:
            result = "draw"
        else:
            result = f"{g.seats[g.winner].name} ({g.seats[g.winner].side}) won"
        rows.append([cell(v) for v in (
            g.id, g.game + (" match" if g.is_match else ""), g.tournament, g.round,
            "; ".join(f"{seat.side}: {seat.name}" for seat in g.seats), "yes" if g.with_computer else "no",
            g.status, result, g.ending, "yes" if g.adjudicated else "no", len(g.moves), record_file(g))])
    return rows


def standing_rows(tournaments: Tournaments, number: int) -> list[list[str]]:
    """The rows of a tournament's standings CSV, the header (with its tie-break's name) first."""
    info = tournaments.tournament(number)
    names = {s.id: s.name for s in tournaments.db.students()}
    rows = [[*STANDING_COLUMNS, info.tiebreak]]
    for line in tournaments.standings(number):
        rows.append([cell(v) for v in (line.rank, names.get(line.player, f"student {line.player}"), line.points,
                                       line.games, line.won, line.drawn, line.lost, line.byes, line.tiebreak)])
    return rows


def csv_text(rows: list[list[str]]) -> str:
    """Rows as CSV text."""
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(rows)
    return out.getvalue()


def _when(stamp: float | None) -> str:
    return "" if stamp is None else datetime.datetime.fromtimestamp(stamp).isoformat(sep=" ", timespec="seconds")


def answer_rows(db: ClassDB) -> list[dict[str, object]]:
    """The export's rows, question by question: each student's row, then the question's summary."""
    answers = ClassAnswers(db)
    students = db.query("SELECT id, name, joined FROM students ORDER BY id")
    found: list[dict[str, object]] = []
    for asked in answers.questions():
        common = {"question_id": asked.id, "asked": _when(asked.asked), "game": asked.game, "kind": asked.kind,
                  "about": asked.about, "question": asked.text, "answer": asked.answer, "state": asked.state}
        given = {row["student"]: row for row in db.query(
            "SELECT student, said, first_said, sent, at, right FROM answers WHERE question = ?", (asked.id,))}
        in_class = [s for s in students if s["id"] in given or s["joined"] <= asked.asked]
        right_count = 0
        for student in in_class:
            row = given.get(student["id"])
            right = "" if asked.state != "revealed" else ("yes" if row is not None and row["right"] else "no")
            right_count += right == "yes"
            changed = row is not None and row["sent"] > 1
            found.append({"row": "student", **common, "student": student["name"],
                          "student_answer": "" if row is None else row["said"],
                          "first_answer": (row["first_said"] or "") if row is not None and changed else "",
                          "answered_at": "" if row is None else _when(row["at"]),
                          "changed": "" if row is None else ("yes" if changed else "no"), "right": right})
        found.append({"row": "summary", **common, "answered": len(given),
                      "right_count": str(right_count) if asked.state == "revealed" else "", "in_class": len(in_class)})
    return found


def answers_csv(db: ClassDB) -> str:
    """The answers as CSV text (:func:`answer_rows`), every cell as a spreadsheet shows it."""
    return csv_text([list(ANSWER_COLUMNS)] + [[cell(row.get(column, "")) for column in ANSWER_COLUMNS]
                                             for row in answer_rows(db)])


def export_class(db: ClassDB, folder: Path | str, overwrite: bool = False) -> list[Path]:
    """Write the class's answers, games and standings into ``folder`` (see the module text): the files written.
    OutputError (naming the file) if a file is there already and ``overwrite`` is not given."""
    folder = Path(folder)
    games = ClassGames(db)
    tournaments = Tournaments(games)
    files: dict[Path, str] = {folder / "answers.csv": answers_csv(db)}
    for g in games.games():
        files[folder / record_file(g)] = json.dumps(g.record().to_json(), ensure_ascii=False, indent=1) + "\n"
    files[folder / "games.csv"] = csv_text(game_rows(games))
    for info in tournaments.tournaments():
        files[folder / f"tournament-{info.id}-standings.csv"] = csv_text(standing_rows(tournaments, info.id))
    for path in files:  # refuse before writing anything
        if path.parent.exists():
            check_output(path, overwrite)
    for path, text in files.items():
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise OutputError(f"cannot write {str(path)!r}: {error.strerror or error}") from None
        with atomic_path(path, overwrite) as temporary:
            Path(temporary).write_text(text, encoding="utf-8")
    return list(files)
