"""Printing for the lessons: long lines wrapped at spaces, never inside a word.

JupyterLab shows a printed line wider than the notebook broken at any letter ("Nort" / "h's
c"); :func:`say` wraps such lines itself, between words, before they reach the notebook.

>>> say("South's a holds a single seed,", "and more words", width=20)
South's a holds a
    single seed, and
    more words
"""
from __future__ import annotations

import textwrap

#: Columns a printed line may take: the output of a notebook at 1366 x 768 with JupyterLab's
#: file browser open holds about 110 characters.
WIDTH = 88


def wrapped(text: str, width: int = WIDTH) -> str:
    """The text with every line longer than ``width`` wrapped at spaces (never inside a word),
    its continuation lines indented by four spaces."""
    return "\n".join(textwrap.fill(line, width, subsequent_indent="    ", break_long_words=False,
                                   break_on_hyphens=False) if len(line) > width else line
                     for line in text.split("\n"))


def say(*values: object, sep: str = " ", width: int = WIDTH) -> None:
    """Print like ``print``, long lines wrapped at spaces to ``width`` columns."""
    print(wrapped(sep.join(str(value) for value in values), width))
