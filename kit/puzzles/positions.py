"""Positions as JSON through the game registry: ``position_json(position)`` and ``position_from_json(game, data)``."""
from __future__ import annotations

from typing import Any

import kit


def game_name(position: Any) -> str:
    """"walak" or "myra": the game a position belongs to (TypeError for anything else)."""
    return kit.game_of(position).name


def position_json(position: Any) -> dict[str, Any]:
    """The position in its game's JSON form (a dict)."""
    return position.to_json()


def position_from_json(game: str, data: dict[str, Any]) -> Any:
    """The position of ``game`` stored in ``data`` (as :func:`position_json` writes it).

    Walak-pussa positions are built directly while the registry's Walak-pussa loader on
    ``main`` fails (a merge left ``MAX_LAPS`` and ``classroom`` undefined in
    ``kit/walak/records.py``); puzzle positions carry no history, so nothing is lost.
    """
    if game == "walak":
        return kit.walak.Position(data["board"], data["captured"], data["to_move"], data.get("rules"),
                                  data.get("ply", 0))
    return kit.game(game).position_from_json(data)
