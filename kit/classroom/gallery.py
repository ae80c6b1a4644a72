"""The demonstrations of both games, and the one-screen summaries of their rules.

``GALLERIES["walak"]`` is :data:`kit.games.walak.demos.DEMOS`, ``GALLERIES["myra"]``
:data:`kit.games.myra.demos.DEMOS`: each demo has a ``name``, a ``title``, a ``note`` (what to
watch for), ``start()`` and ``trace()``.
"""
from __future__ import annotations

from typing import Any

from kit.games.myra.demos import DEMOS as MYRA_DEMOS
from kit.games.walak.demos import DEMOS as WALAK_DEMOS

GAMES: dict[str, str] = {"walak": "Walak-pussa", "myra": "Myra"}

GALLERIES: dict[str, tuple[Any, ...]] = {"walak": WALAK_DEMOS, "myra": MYRA_DEMOS}

#: The rules of each game in a few lines, for the summary beside the board.
SUMMARIES: dict[str, tuple[str, ...]] = {
    "walak": (
        "<b>Lift</b> all the seeds of one of your holes and <b>sow</b> them one by one, counter-clockwise.",
        "<b>Relay</b>: the hand is empty and the <i>next</i> hole holds seeds? Lift them all and sow on.",
        "<b>Pussa kanawa</b>: the next hole is empty? The sowing ends; the hole beyond it is captured.",
        "<b>Bead chain</b>: empty, then full, again? Capture that too, on round the board.",
        "A player who cannot move ends the game; the other takes the seeds left. "
        "Most <i>captured</i> seeds wins; 28-28 is a draw.",
    ),
    "myra": (
        "<b>Move</b> the queen 1 step, a troop of n up to n steps; ending on an enemy troop or queen captures it.",
        "<b>Build up</b>, <b>split</b>, <b>chain up</b>, <b>unchain</b>, or <b>produce</b> a soldier next to "
        "your queen.",
        "A troop of 5 is a <b>fortress</b>: it cannot move whole and cannot be captured.",
        "Take the enemy queen to win. With three players the loser's soldiers change sides.",
    ),
}


def gallery(game: str) -> tuple[Any, ...]:
    """The demonstrations of a game ("walak" or "myra")."""
    try:
        return GALLERIES[game]
    except KeyError:
        raise ValueError(f"unknown game {game!r}: choose one of {', '.join(GALLERIES)}") from None
