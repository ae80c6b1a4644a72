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
    """The position of ``game`` stored in ``data`` (as :func:`position_json` writes it)."""
    return kit.game(game).position_from_json(data)
