"""The class: many pages (kernels) of one class sharing one state, the class database.

:mod:`kit.classes.db` holds the database (one SQLite file a class): who joined, the class
code and the teacher's key. The parts built on it (questions and answers, games between
students, tournaments) add their own tables through :meth:`ClassDB.ensure`. Nothing here
names a game: moves are stored in each game's own notation.
"""
from __future__ import annotations

from kit.classes.db import ClassDB, Student

__all__ = ["ClassDB", "Student"]
