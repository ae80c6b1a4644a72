"""Galleries looked up by name, with an error that lists the names there are."""
from __future__ import annotations

from typing import Callable, Protocol, Sequence, TypeVar


class Titled(Protocol):
    """Something shown in a gallery: a short name to find it by, and a title to show."""

    @property
    def name(self) -> str: ...
    @property
    def title(self) -> str: ...


T = TypeVar("T", bound=Titled)


def finder(items: Sequence[T], what: str) -> Callable[[str], T]:
    """A function returning the item of ``items`` with a given name (KeyError naming the known
    ones otherwise); names and titles must each be unique."""
    table = {item.name: item for item in items}
    assert len(table) == len(items) and len({item.title for item in items}) == len(items), \
        f"every {what} needs a name and a title of its own"

    def find(name: str) -> T:
        try:
            return table[name]
        except KeyError:
            raise KeyError(f"no {what} {name!r} (known: {', '.join(table)})") from None

    find.__doc__ = f"The {what} called ``name``; KeyError naming the known ones otherwise."
    return find
