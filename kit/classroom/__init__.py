"""The classroom: a projector app for every registered game (``voila lessons/classroom.ipynb``).

``app()`` returns the :class:`~kit.classroom.room.Classroom` widget. Its pure parts are
separate modules: :mod:`kit.classroom.gallery` (the demonstrations), :mod:`kit.classroom.predict`
(the predict-then-reveal questions) and :mod:`kit.classroom.setup` (setting up positions).
"""
from __future__ import annotations

import os
from typing import Any

from kit.classes.db import CLASS_DB


def app(game: str | None = None, seed: int | None = None, class_db: Any = None,
        teacher_key: str | None = None) -> Any:
    """The classroom app widget, showing the game called ``game`` first (None: the first
    registered game; ``seed``: repeatable puzzles). With ``class_db`` (a :class:`kit.classes.ClassDB`)
    and its ``teacher_key``, every question the projector asks goes to the students' screens. In a
    kernel the class server prepared before its page was asked for, it returns once the page is
    asked for (as the students' page does): a page shown from a kernel that had long finished its
    notebook stayed blank. On the class server's projector page (the teacher's key in its
    address, the class database named by ``KIT_CLASS_DB``) the class is connected by itself."""
    from kit.classroom.room import app as make  # widgets load only when the app is wanted

    made = make(game, seed, class_db, teacher_key)
    if class_db is None and os.environ.get(CLASS_DB):  # a page of the class server: the projector's?
        from kit.classes.db import ClassDB
        from kit.classes.page import Teacher, who

        database = ClassDB(os.environ[CLASS_DB])
        if isinstance(who(database), Teacher):  # in a pooled kernel, once the page is asked for
            made.connect_class(database, database.teacher_key)
    elif os.environ.get("VOILA_PREHEAT") == "True":
        from kit.classes.page import query_string

        query_string()
    return made


__all__ = ["app"]
