"""The classroom: a projector app for every registered game (``voila lessons/classroom.ipynb``).

``app()`` returns the :class:`~kit.classroom.room.Classroom` widget. Its pure parts are
separate modules: :mod:`kit.classroom.gallery` (the demonstrations), :mod:`kit.classroom.predict`
(the predict-then-reveal questions) and :mod:`kit.classroom.setup` (setting up positions).
"""
from __future__ import annotations

from typing import Any


def app(game: str | None = None, seed: int | None = None, class_db: Any = None,
        teacher_key: str | None = None) -> Any:
    """The classroom app widget, showing the game called ``game`` first (None: the first
    registered game; ``seed``: repeatable puzzles). With ``class_db`` (a :class:`kit.classes.ClassDB`)
    and its ``teacher_key``, every question the projector asks goes to the students' screens."""
    from kit.classroom.room import app as make  # widgets load only when the app is wanted

    return make(game, seed, class_db, teacher_key)


__all__ = ["app"]
