"""Printable worksheets: six numbered puzzles a page with a line for each answer, then an answer key.

Each puzzle page has a name and date line, a three-line reminder of the game's rules and
how an answer is written (with an example); each board sits right under its question, and
a question about a given move marks it (its kind says how). Drawn with matplotlib's PDF backend
(object API: one :class:`~matplotlib.figure.Figure` per page into
:class:`~matplotlib.backends.backend_pdf.PdfPages`), each board in the drawings' black-and-white
print style, drawn into its Axes of the page; written all or nothing (:mod:`kit.core.files`).

Every text is plain text (a ``$`` is a dollar sign, never TeX); a title with a character the
page's font cannot print is refused with the character named, never printed as an empty box.
"""
from __future__ import annotations

import os
import textwrap
import unicodedata
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Sequence

from kit.core.game import game as find_game
from kit.core.files import atomic_path
from kit.core.limits import MAX_TITLE
from kit.puzzles.kinds import kinds_for, puzzles_of
from kit.puzzles.puzzle import Puzzle

if TYPE_CHECKING:  # matplotlib is imported when a page is drawn, so that the command line starts quickly
    from matplotlib.figure import Figure

PAPERS: dict[str, tuple[float, float]] = {"a4": (8.27, 11.69), "letter": (8.5, 11.0)}  # inches, portrait
PER_PAGE = 6
KEY_LINES = 28  # answers on one answer-key page
TEXT: dict[str, Any] = {"color": "black", "parse_math": False}  # every text on the page: black, never TeX


def worksheet_pages(puzzles: Sequence[Puzzle], title: str, paper: str = "a4") -> list[Figure]:
    """The worksheet's pages as Figures: six puzzles a page, then the answer key."""
    if paper not in PAPERS:
        raise ValueError(f"unknown paper {paper!r} (choices: {', '.join(PAPERS)})")
    if not puzzles:
        raise ValueError("a worksheet needs at least one puzzle")
    title = plain_title(title)
    game = puzzles[0].game
    pages = []
    for first in range(0, len(puzzles), PER_PAGE):
        on_page = puzzles[first:first + PER_PAGE]
        figure, top = _puzzle_page(paper, title, game, sorted({p.kind for p in on_page}))
        for slot, puzzle in enumerate(on_page):
            _puzzle_box(figure, top, slot, first + slot + 1, puzzle)
        pages.append(figure)
    for first in range(0, len(puzzles), KEY_LINES):
        figure = _heading(paper, f"{title}: answer key")
        figure.text(0.5, 0.928, f"{find_game(game).title} puzzles, each answer proven by the kit's engine.",
                    ha="center", va="top", fontsize=9.5, **TEXT)
        for line, puzzle in enumerate(puzzles[first:first + KEY_LINES]):
            number = first + line + 1
            text = f"{number}.  {puzzle.answer_text}    ({puzzle.kind}, level {puzzle.level})"
            figure.text(0.1, 0.86 - line * 0.029, text, fontsize=11, va="top", **TEXT)
        pages.append(figure)
    return pages


def write_worksheet(puzzles: Sequence[Puzzle], path: str | os.PathLike, title: str | None = None,
                    paper: str = "a4", overwrite: bool = True) -> int:
    """Write the worksheet PDF to ``path`` (all or nothing; an existing file only with ``overwrite``);
    return its number of pages."""
    from matplotlib.backends.backend_pdf import PdfPages

    if not puzzles:
        raise ValueError("a worksheet needs at least one puzzle")
    title = plain_title(title or f"{find_game(puzzles[0].game).title} puzzles")
    pages = worksheet_pages(puzzles, title, paper)
    with atomic_path(path, overwrite) as temporary:
        with PdfPages(temporary, metadata={"Title": title, "Creator": "kit puzzles"}) as pdf:
            for figure in pages:
                pdf.savefig(figure)
    return len(pages)


def plain_title(title: str) -> str:
    """The title on one line (line breaks become spaces), if the page's font can print it:
    ValueError naming a character it lacks (e.g. an emoji) or an invisible formatting
    character (a right-to-left override, a zero-width space), or a title longer than
    MAX_TITLE characters."""
    title = " ".join(title.split())
    if len(title) > MAX_TITLE:
        raise ValueError(f"the title has {len(title):,} characters; at most {MAX_TITLE} fit on the page")
    missing = list(dict.fromkeys(c for c in title if ord(c) not in _printable() or unicodedata.category(c) == "Cf"))
    if missing:
        named = ", ".join(f"{c!r} ({unicodedata.name(c, f'U+{ord(c):04X}').lower()})" for c in missing[:3])
        raise ValueError(f"the worksheet's font cannot print {named} in the title; write it as a word")
    return title


@lru_cache(maxsize=1)
def _printable() -> frozenset[int]:
    """The characters the pages' font has (matplotlib's default sans-serif font), control characters excluded."""
    from matplotlib import font_manager
    from matplotlib.ft2font import FT2Font

    codes = FT2Font(font_manager.findfont(font_manager.FontProperties())).get_charmap()
    return frozenset(code for code in codes if unicodedata.category(chr(code)) != "Cc")


def _heading(paper: str, title: str) -> Figure:
    from matplotlib.figure import Figure

    figure = Figure(figsize=PAPERS[paper], facecolor="white")
    size = 18 if len(title) <= 40 else max(11.0, 18 * 40 / len(title))
    figure.text(0.5, 0.972, title, ha="center", va="top", fontsize=size, fontweight="bold", **TEXT)
    return figure


def _puzzle_page(paper: str, title: str, game: str, kinds: list[str]) -> tuple[Figure, float]:
    """A puzzle page's heading, name and date line, rules and answer forms; the top of the puzzles' area."""
    figure = _heading(paper, title)
    height = PAPERS[paper][1]
    line = 12 / 72 / height  # one 8.5-point line, as a fraction of the page
    figure.text(0.06, 0.935, "Name: " + "_" * 34 + "      Date: " + "_" * 16, ha="left", va="top", fontsize=10,
                **TEXT)
    y = 0.905
    figure.text(0.06, y, f"{find_game(game).title} in three lines:", ha="left", va="top", fontsize=8.5,
                fontweight="bold", **TEXT)
    for text in puzzles_of(game).reminder:
        y -= line
        figure.text(0.08, y, f"\u2022 {text}", ha="left", va="top", fontsize=8, **TEXT)
    y -= line * 1.3
    figure.text(0.06, y, "How to answer (each board shows who is to move):", ha="left", va="top", fontsize=8.5,
                fontweight="bold", **TEXT)
    for kind in kinds:
        what, example = kinds_for(game)[kind].answer_form
        y -= line
        figure.text(0.08, y, f"\u2022 {kinds_for(game)[kind].summary}: write {what}, e.g. \u201c{example}\u201d",
                    ha="left", va="top", fontsize=8, **TEXT)
    return figure, y - line * 1.6


def _puzzle_box(figure: Figure, top: float, slot: int, number: int, puzzle: Puzzle) -> None:
    """Puzzle ``number`` in slot 0..5 (two columns, three rows under ``top``): number and question,
    the board right under it, the answer line right under the board."""
    width_in, height_in = figure.get_size_inches()
    column, row = slot % 2, slot // 2
    room = (top - 0.02) / 3  # each row's height
    left, width = 0.06 + column * 0.47, 0.42
    y = top - row * room
    kind = kinds_for(puzzle.game)[puzzle.kind]
    question = " ".join(filter(None, (puzzle.question, kind.printed_note)))
    lines = textwrap.wrap(question, 58)
    figure.text(left, y, f"{number}.", ha="left", va="top", fontsize=13, fontweight="bold", **TEXT)
    figure.text(left + 0.04, y - 0.002, "\n".join(lines), ha="left", va="top", fontsize=8.5, **TEXT)
    board_top = y - max(0.022, len(lines) * 12 / 72 / height_in) - 0.006
    aspect = _aspect(puzzle.game)
    board_height = min(width * width_in * aspect / height_in, board_top - (y - room) - 0.03)
    board_width = board_height * height_in / aspect / width_in
    axes = figure.add_axes((left + (width - board_width) / 2, board_top - board_height, board_width, board_height))
    board = find_game(puzzle.game).drawing()(puzzle.position, style="print", axes=axes)
    if kind.print_marks is not None:
        kind.print_marks(board, puzzle)
    example = kind.answer_form[1]
    figure.text(left, board_top - board_height - 0.006, f"Answer (e.g. {example}): " + "_" * 24, ha="left",
                va="top", fontsize=10, **TEXT)


@lru_cache(maxsize=None)
def _aspect(game: str) -> float:
    """The height over the width of a game's printed board (its data limits, drawn once)."""
    from matplotlib.figure import Figure

    axes = Figure().add_axes((0, 0, 1, 1))
    find_game(game).drawing()(find_game(game).start(), style="print", axes=axes)
    (x0, x1), (y0, y1) = axes.get_xlim(), axes.get_ylim()
    return abs(y1 - y0) / abs(x1 - x0)
