"""The games: each folder holds everything that knows one game and declares one :class:`kit.core.game.Game`.

``kit.games()`` lists the registered games' names (this package can be called, so that the
documented ``kit.games()`` and the folder ``kit.games`` live under one name):

>>> import kit
>>> kit.games()[:2]  # the kit's own, then any other game installed
['walak', 'myra']
"""
from __future__ import annotations

import sys
import types


class _GamesPackage(types.ModuleType):
    """This package, callable: ``kit.games()`` is :func:`kit.core.game.games`."""

    def __call__(self) -> list[str]:
        from kit.core.game import games

        return games()


sys.modules[__name__].__class__ = _GamesPackage
