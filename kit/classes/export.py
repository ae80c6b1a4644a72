"""The teacher's export of a class's games: every game as the kit's own record, standings as CSV.

:func:`export_games` writes into a folder:

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

from kit.classes.db import ClassDB
from kit.classes.games import ClassGame, ClassGames
from kit.classes.tournament import Tournaments
from kit.core.files import OutputError, atomic_path, check_output

GAME_COLUMNS = ("game", "kind", "tournament", "round", "players", "against computer", "status", "result",
                "ending", "adjudicated", "moves", "record")
STANDING_COLUMNS = ("rank", "student", "points", "games", "won", "drawn", "lost", "byes")


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


def export_games(db: ClassDB, folder: Path | str, overwrite: bool = False) -> list[Path]:
    """Write the class's games and standings into ``folder`` (see the module text): the files written.
    OutputError (naming the file) if a file is there already and ``overwrite`` is not given."""
    folder = Path(folder)
    games = ClassGames(db)
    tournaments = Tournaments(games)
    files: dict[Path, str] = {}
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
