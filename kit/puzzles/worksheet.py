"""Printable worksheets: six numbered puzzles a page with a line for each answer, then an answer key.

Drawn with matplotlib's PDF backend (object API: one :class:`~matplotlib.figure.Figure`
per page into :class:`~matplotlib.backends.backend_pdf.PdfPages`), each board in the
drawings' black-and-white print style, drawn into its Axes of the page; written to a
temporary file and renamed, so a failed run leaves no partial file.
"""
from __future__ import annotations

import os
import textwrap
from pathlib import Path
from typing import Sequence

from matplotlib.backends.backend_pdf import PdfPages
from matplotlib.figure import Figure

import kit
from kit.core.files import atomic_path
from kit.puzzles.puzzle import Puzzle

PAPERS: dict[str, tuple[float, float]] = {"a4": (8.27, 11.69), "letter": (8.5, 11.0)}  # inches, portrait
PER_PAGE = 6
KEY_LINES = 28  # answers on one answer-key page
INSTRUCTIONS = {
    "walak": "Each board shows who is to move; sowing runs counter-clockwise. Write the answer on the line.",
    "myra": "Each board shows who is to move; hollows are named by row and number (F7). Write the answer on the line.",
}


def worksheet_pages(puzzles: Sequence[Puzzle], title: str, paper: str = "a4") -> list[Figure]:
    """The worksheet's pages as Figures: six puzzles a page, then the answer key."""
    if paper not in PAPERS:
        raise ValueError(f"unknown paper {paper!r} (choices: {', '.join(PAPERS)})")
    if not puzzles:
        raise ValueError("a worksheet needs at least one puzzle")
    game = puzzles[0].game
    pages = []
    for first in range(0, len(puzzles), PER_PAGE):
        figure = _page(paper, title, INSTRUCTIONS[game])
        for slot, puzzle in enumerate(puzzles[first:first + PER_PAGE]):
            _puzzle_box(figure, slot, first + slot + 1, puzzle)
        pages.append(figure)
    for first in range(0, len(puzzles), KEY_LINES):
        figure = _page(paper, f"{title}: answer key", f"{kit.game(game).title} puzzles, each answer proven by the "
                                                      "kit's engine.")
        for line, puzzle in enumerate(puzzles[first:first + KEY_LINES]):
            number = first + line + 1
            text = f"{number}.  {puzzle.answer_text}    ({puzzle.kind}, level {puzzle.level})"
            figure.text(0.1, 0.86 - line * 0.029, text, fontsize=11, va="top", color="black")
        pages.append(figure)
    return pages


def write_worksheet(puzzles: Sequence[Puzzle], path: str | os.PathLike, title: str | None = None,
                    paper: str = "a4") -> int:
    """Write the worksheet PDF to ``path`` (all or nothing); return its number of pages."""
    path = Path(path)
    if not path.parent.is_dir():
        raise ValueError(f"cannot write {path}: the folder {path.parent} does not exist")
    if not puzzles:
        raise ValueError("a worksheet needs at least one puzzle")
    title = title or f"{kit.game(puzzles[0].game).title} puzzles"
    pages = worksheet_pages(puzzles, title, paper)
    with atomic_path(path) as temporary:
        with PdfPages(temporary, metadata={"Title": title, "Creator": "kit puzzles"}) as pdf:
            for figure in pages:
                pdf.savefig(figure)
    return len(pages)


def _page(paper: str, title: str, instructions: str) -> Figure:
    figure = Figure(figsize=PAPERS[paper], facecolor="white")
    figure.text(0.5, 0.965, title, ha="center", va="top", fontsize=18, fontweight="bold", color="black")
    figure.text(0.5, 0.928, textwrap.shorten(instructions, 120), ha="center", va="top", fontsize=9.5,
                color="black")
    return figure


def _puzzle_box(figure: Figure, slot: int, number: int, puzzle: Puzzle) -> None:
    """Puzzle ``number`` in slot 0..5 (two columns, three rows): number and question, board, answer line."""
    column, row = slot % 2, slot // 2
    left, width = 0.06 + column * 0.47, 0.42
    top = 0.9 - row * 0.295
    question = "\n".join(textwrap.wrap(puzzle.question, 58))
    figure.text(left, top, f"{number}.", ha="left", va="top", fontsize=13, fontweight="bold", color="black")
    figure.text(left + 0.04, top - 0.002, question, ha="left", va="top", fontsize=8.5, color="black")
    axes = figure.add_axes((left, top - 0.255, width, 0.225))
    kit.game(puzzle.game).drawing()(puzzle.position, style="print", axes=axes)
    figure.text(left, top - 0.262, "Answer: " + "_" * 38, ha="left", va="top", fontsize=10, color="black")
