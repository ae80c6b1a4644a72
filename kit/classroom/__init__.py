"""The classroom: a projector app for every registered game (``voila lessons/classroom.ipynb``).

``app()`` returns the :class:`~kit.classroom.room.Classroom` widget. Its pure parts are
separate modules: :mod:`kit.classroom.gallery` (the demonstrations), :mod:`kit.classroom.predict`
(the predict-then-reveal questions) and :mod:`kit.classroom.setup` (setting up positions).
"""
from __future__ import annotations

import os
from typing import Any


def app(game: str | None = None, seed: int | None = None) -> Any:
    """The classroom app widget, showing the game called ``game`` first (None: the first
    registered game; ``seed``: repeatable puzzles). In a kernel the class server prepared
    before its page was asked for, it returns once the page is asked for (as the students'
    page does): a page shown from a kernel that had long finished its notebook stayed blank."""
    from kit.classroom.room import app as make  # widgets load only when the app is wanted

    made = make(game, seed)
    if os.environ.get("VOILA_PREHEAT") == "True":
        from kit.classes.page import query_string

        query_string()
    return made


__all__ = ["app"]
