"""The classroom: a projector app for every registered game (``voila lessons/classroom.ipynb``).

``app()`` returns the :class:`~kit.classroom.room.Classroom` widget. Its pure parts are
separate modules: :mod:`kit.classroom.gallery` (the demonstrations), :mod:`kit.classroom.predict`
(the predict-then-reveal questions) and :mod:`kit.classroom.setup` (setting up positions).
"""
from __future__ import annotations

from typing import Any


def app(game: str | None = None, seed: int | None = None) -> Any:
    """The classroom app widget, showing the game called ``game`` first (None: the first
    registered game; ``seed``: repeatable puzzles)."""
    from kit.classroom.room import app as make  # widgets load only when the app is wanted

    return make(game, seed)


__all__ = ["app"]
