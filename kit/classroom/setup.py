"""Setting up a position by hand, checked as you go: what every game's set-up shares.

Each game's folder holds its own set-up (``kit/games/<name>/setup.py``: seeds into holes,
pieces onto hollows) and panel (``setup_panel.py``, ``Game.setup_panel()``).
:func:`position_text` and :func:`position_from_text` copy a position out as JSON text and
read it back. Every refusal is a :class:`SetupError` whose message says what is wrong and
what to do.
"""
from __future__ import annotations

import json
from typing import Any

from kit.core.errors import RecordError
from kit.core.game import game, games


class SetupError(RecordError):
    """A set-up position that the rules do not allow; the message says why (widgets show it
    as a message, like any bad position)."""


# -- text in and out ------------------------------------------------------------------------------


def position_text(position: Any) -> str:
    """The position as text to copy: its JSON (``position.to_json()``) on one line."""
    return json.dumps(position.to_json())


def position_from_text(name: str, text: str) -> Any:
    """The position in text copied out by :func:`position_text`, read and checked by the game
    (``Game.setup_from_text``: its JSON, or its own text form where it has one). A position of
    another game, or text that is no position at all, is refused in a teacher's words."""
    text = text.strip()
    if not text:
        raise SetupError("The box is empty: paste a position into it first, or write one out with copy out.")
    described = game(name)
    try:
        return described.setup_from_text(text)
    except SetupError:
        raise
    except ValueError as error:  # RecordError: the JSON's or the game's own text form's problem
        for other in games():
            if other != name and _reads(other, text):
                title = game(other).title
                raise SetupError(f"This is a {title} position: switch to {title} to use it.") from None
        reason = _reason(described, text, error)
        if reason is None:
            also = f" (for {described.title}, also one like {described.text_example})" if described.text_example else ""
            raise SetupError(f"This text is not a position: copy one out with copy out, or paste a position written "
                             f"by the kit{also}.") from None
        raise SetupError(f"This {described.title} position cannot be set up: {reason}. Correct it in the box, or "
                         "copy one out with copy out.") from None


def _reads(name: str, text: str) -> bool:
    """Whether the text is a position of that game, as its set-up reads one (a set-up may hold more than a game)."""
    try:
        game(name).setup_from_text(text)
    except ValueError:
        return False
    return True


def _reason(described: Any, text: str, error: Exception) -> str | None:
    """What is wrong with a position of this game (None: the text is no position of it at all)."""
    said = str(error)
    if "not valid JSON" in said or said.startswith("malformed position string"):
        return None
    try:
        data = json.loads(text)
    except ValueError:  # the game's own text form, read but refused
        return said
    if not isinstance(data, dict) or data.get("game") != described.name:
        return None
    said = said.removeprefix(f"the {described.title} position ")
    return f"it {said}" if said.startswith(("has ", "is ")) else said
