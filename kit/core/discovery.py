"""Where the games come from: entry points in the group ``walak_myra_kit.games`` of installed packages.

A game's package declares its :class:`~kit.core.game.Game` in its ``pyproject.toml``::

    [project.entry-points."walak_myra_kit.games"]
    othello = "kit_othello.game:OTHELLO"

The kit's own games are declared the same way (the kit's ``pyproject.toml``); a clash with
their names is refused. :func:`kit.core.game.games` lists the games by their ``order``, the
kit's own first, the other packages' by name.
Declarations are read from the installed packages' metadata without importing anything; a game
is imported when first asked for (:func:`kit.core.game.game`). Run from a source tree (the
folder holding the ``kit`` package also holds the kit's ``pyproject.toml``), the kit's own
games are read from that file, so that a checkout put on ``PYTHONPATH`` finds them even where
the installed metadata is of another copy.

A declaration that cannot be used is skipped with one :class:`RuntimeWarning` naming its
package and why: a second declaration of a name already taken (a kit game's name, or another
package's), an import that fails, a value that is no :class:`~kit.core.game.Game` or a game of
another name (:func:`skip`).
"""
from __future__ import annotations

import re
import tomllib
import warnings
from dataclasses import dataclass
from functools import cache
from importlib.metadata import EntryPoint, entry_points
from pathlib import Path
from typing import Any

#: The entry point group a package declares its games in.
GROUP = "walak_myra_kit.games"

#: The kit's own distribution.
KIT_PACKAGE = "walak-myra-kit"


@dataclass(frozen=True)
class Declared:
    """One game declared by a package: its name, where its Game is (``module:attribute``), the package."""

    name: str
    value: str
    package: str
    origin: str = ""  # the file declaring it (the package's entry_points.txt, the kit's pyproject.toml), if known

    def load(self) -> Any:
        """Import the declared object (whatever it is: :func:`kit.core.game.game` checks it)."""
        return EntryPoint(self.name, self.value, GROUP).load()


def _normal(package: str) -> str:
    """A distribution's name as pip compares them (``Kit_Othello.games`` is ``kit-othello-games``)."""
    return re.sub(r"[-_.]+", "-", package).lower()


def _kit_source() -> list[Declared] | None:
    """The kit's own declarations from the ``pyproject.toml`` beside the package (a source tree); None elsewhere."""
    path = Path(__file__).resolve().parents[2] / "pyproject.toml"
    try:
        project = tomllib.loads(path.read_text(encoding="utf-8")).get("project", {})
    except (OSError, ValueError):
        return None
    if _normal(str(project.get("name", ""))) != KIT_PACKAGE:
        return None
    table = project.get("entry-points", {}).get(GROUP, {})
    return [Declared(name, value, KIT_PACKAGE, str(path)) for name, value in table.items()]


def _installed() -> list[Declared]:
    """Every declaration in the installed packages' metadata (each distribution once, the first on the path)."""
    found: list[Declared] = []
    for point in entry_points(group=GROUP):
        package = point.dist.name if point.dist is not None else "an unnamed package"
        found.append(Declared(point.name, point.value, package, _origin(point)))
    return found


def _origin(point: EntryPoint) -> str:
    """The file of the installed package that declares the entry point ("" where the package lists none)."""
    files = (point.dist.files or []) if point.dist is not None else []
    listed = next((file for file in files if file.name == "entry_points.txt"), None)
    return str(point.dist.locate_file(listed)) if point.dist is not None and listed is not None else ""


def _line(path: str, name: str) -> int:
    """The line of ``path`` declaring ``name`` (1 where it cannot be found)."""
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except (OSError, ValueError):
        return 1
    declaring = re.compile(rf"\s*['\"]?{re.escape(name)}['\"]?\s*=")
    return next((number for number, line in enumerate(lines, 1) if declaring.match(line)), 1)


@cache
def declared() -> dict[str, Declared]:
    """The games declared by installed packages, by name: the kit's own first, then the others by
    name. Read once a process; a name declared twice is skipped, with a warning, in the second package."""
    installed = _installed()
    own = _kit_source()
    if own is None:
        own = [item for item in installed if _normal(item.package) == KIT_PACKAGE]
    found = {item.name: item for item in own}
    others = sorted((item for item in installed if _normal(item.package) != KIT_PACKAGE),
                    key=lambda item: (item.name, _normal(item.package)))
    for item in others:
        if item.name in found:
            holder = found[item.name].package
            skip(item, f"the name {item.name!r} is taken by the package {holder!r}")
        else:
            found[item.name] = item
    return found


@cache
def skip(item: Declared, reason: str) -> None:
    """Warn once that a declared game is skipped, naming its package and why; the warning's place is
    the declaration (the package's ``entry_points.txt`` and its line, or the package's name), not the kit."""
    where = item.origin or item.package
    warnings.warn_explicit(f"the game {item.name!r} declared by the package {item.package!r} is skipped: {reason}",
                           RuntimeWarning, where, _line(item.origin, item.name) if item.origin else 1,
                           module=_normal(item.package))
