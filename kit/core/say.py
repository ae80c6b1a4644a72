"""Printing for the lessons: long lines wrapped at spaces, never inside a word.

JupyterLab shows a printed line wider than the notebook broken at any letter ("Nort" / "h's
c"); :func:`say` wraps such lines itself, between words, before they reach the notebook.

>>> say("South's a holds a single seed,", "and more words", width=20)
South's a holds a
    single seed, and
    more words
>>> say("captures 2 from North's c", width=22)
captures 2 from
    North's c
"""
from __future__ import annotations

import re
import textwrap

#: Columns a printed line may take: the output of a notebook at 1366 x 768 with JupyterLab's
#: file browser open holds about 110 characters.
WIDTH = 88


#: Spaces that stay inside a line: in a hole's name ("North's c") and a (hole, seeds) pair.
_KEPT = re.compile(r"(?<=\w's) |(?<=[\"'],) (?=\d)")


def wrapped(text: str, width: int = WIDTH) -> str:
    """The text with every line longer than ``width`` wrapped at spaces (never inside a word,
    nor inside a hole's name like "North's c"), its continuation lines indented by four spaces."""
    return "\n".join(_wrap(line, width) if len(line) > width else line for line in text.split("\n"))


def _wrap(line: str, width: int) -> str:
    kept = _KEPT.sub("\u00a0", line)  # textwrap breaks at ASCII whitespace only
    return textwrap.fill(kept, width, subsequent_indent="    ", break_long_words=False,
                         break_on_hyphens=False).replace("\u00a0", " ")


def say(*values: object, sep: str = " ", width: int = WIDTH) -> None:
    """Print like ``print``, long lines wrapped at spaces to ``width`` columns."""
    print(wrapped(sep.join(str(value) for value in values), width))
