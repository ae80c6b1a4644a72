"""Positions as JSON, for either game: ``position_json(position)`` and ``position_from_json(game, data)``.

Walak-pussa: ``{"game": "walak", "board": [14 counts, global order], "captured": [south, north],
"to_move": 0|1, "rules": {...}, "ply": n}``; Myra: the position format of the rulings.
"""
from __future__ import annotations

from typing import Any

GAMES: tuple[str, ...] = ("walak", "myra")
TITLES: dict[str, str] = {"walak": "Walak-pussa", "myra": "Myra"}


def game_name(position: Any) -> str:
    """"walak" or "myra": the game a position belongs to (TypeError for anything else)."""
    from kit import myra, walak

    if isinstance(position, walak.Position):
        return "walak"
    if isinstance(position, myra.Position):
        return "myra"
    raise TypeError(f"expected a Walak-pussa or Myra position, not {type(position).__name__}")


def check_game(game: str) -> str:
    """The game's name, or ValueError listing the choices."""
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r} (choices: {', '.join(GAMES)})")
    return game


def position_json(position: Any) -> dict[str, Any]:
    """The position in its game's JSON form (a dict)."""
    if game_name(position) == "myra":
        return position.to_dict()
    return {"game": "walak", "board": list(position.board), "captured": list(position.captured),
            "to_move": position.to_move, "rules": position.rules.options(), "ply": position.ply}


def position_from_json(game: str, data: dict[str, Any]) -> Any:
    """The position of ``game`` stored in ``data`` (as :func:`position_json` writes it)."""
    if check_game(game) == "myra":
        from kit.myra import load_position

        return load_position(data)
    from kit import walak

    return walak.Position(data["board"], data["captured"], data["to_move"], data.get("rules"), data.get("ply", 0))
