"""The states of a play session, with undo and redo, kept lean: a state left behind forgets
what it had computed for play (its cached legal moves and successors: over 100 KB a
position in some games), and a new game lets go of every game before the one it replaces
(MAX_KEPT_GAMES in all); tests/test_widgets_history.py measures it.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Any, Mapping

from kit.core.game import Trace
from kit.core.errors import IllegalMove
from kit.core.limits import MAX_KEPT_GAMES


@dataclass(frozen=True)
class Entry:
    """One state of a session and how it was reached: ``kind`` is "new" (a new game),
    "round" (the next round of a match) or "move" (``trace`` is the move played). A "new"
    entry may hold the players' ``names`` by seat (``{"south": "Amara"}``), from a record loaded."""

    state: Any
    kind: str = "new"
    trace: Trace[Any] | None = None
    names: Mapping[str, str] = field(default_factory=dict)


class History:
    """The states of a session in order, with a cursor: undo and redo move the cursor,
    a new entry drops everything after it. The session keeps the current game and at most
    MAX_KEPT_GAMES - 1 games before it (undo goes back to those), so that memory stays
    bounded however many games are started or records loaded."""

    def __init__(self, first: Entry) -> None:
        self.entries: list[Entry] = [first]
        self.cursor = 0

    @property
    def current(self) -> Entry:
        """The entry shown now."""
        return self.entries[self.cursor]

    @property
    def can_undo(self) -> bool:
        return self.cursor > 0

    @property
    def can_redo(self) -> bool:
        return self.cursor < len(self.entries) - 1

    def push(self, entry: Entry) -> None:
        """Add an entry after the current one, dropping the redo line; the entry left forgets
        its computed extras; a new game keeps only the MAX_KEPT_GAMES - 1 games before it (for undo)."""
        del self.entries[self.cursor + 1:]
        _forget(self.current)
        self.entries.append(entry)
        if entry.kind == "new":
            starts = [i for i, kept in enumerate(self.entries) if kept.kind == "new"]
            if len(starts) > MAX_KEPT_GAMES:
                del self.entries[:starts[-MAX_KEPT_GAMES]]
        self.cursor = len(self.entries) - 1

    def undo(self) -> Entry:
        """Step back one entry."""
        if not self.can_undo:
            raise IllegalMove("nothing to undo")
        self.cursor -= 1
        return self.current

    def redo(self) -> Entry:
        """Step forward one entry."""
        if not self.can_redo:
            raise IllegalMove("nothing to redo")
        self.cursor += 1
        return self.current

    def game(self) -> list[Entry]:
        """The current game: from its "new" entry up to the cursor."""
        start = max(i for i in range(self.cursor + 1) if self.entries[i].kind == "new")
        return self.entries[start:self.cursor + 1]


def _forget(entry: Entry) -> None:
    """Let the entry's positions forget what they computed and cached for play (recomputed
    if ever asked again): their ``functools.cached_property`` values."""
    trace = entry.trace
    for held in (entry.state, getattr(entry.state, "position", None),
                 *((trace.before, trace.after) if trace is not None else ())):
        if held is None or not hasattr(held, "__dict__"):
            continue
        for name, value in vars(type(held)).items():
            if isinstance(value, functools.cached_property):
                vars(held).pop(name, None)
