"""The states of a play session, with undo and redo."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kit.core.game import Trace
from kit.core.errors import IllegalMove


@dataclass(frozen=True)
class Entry:
    """One state of a session and how it was reached: ``kind`` is "new" (a new game),
    "round" (the next round of a match) or "move" (``trace`` is the move played)."""

    state: Any
    kind: str = "new"
    trace: Trace | None = None


class History:
    """The states of a session in order, with a cursor: undo and redo move the cursor,
    a new entry drops everything after it."""

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
        """Add an entry after the current one, dropping the redo line."""
        del self.entries[self.cursor + 1:]
        self.entries.append(entry)
        self.cursor += 1

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
