"""Rule options for Walak-pussa: one small immutable value and its named presets.

The default is the reading fixed by the project's rulings (see ``docs/walak-rules.md``).
The options:

``relay``
    ``"next"`` (default): when a hand is empty at hole ``p``, the next hole ``p+1``
    decides: occupied, lift it and sow on from ``p+2`` (relay); empty, the sowing ends
    and ``p+2`` is captured if it holds seeds (*pussa kanawa*).
    ``"landing"`` (the Ludii reading): a last seed that falls into an occupied hole lifts
    that hole and sows on; one that falls into an empty hole ends the sowing and captures
    the next hole ``p+1`` if it holds seeds.
``skip_origin``
    A hand that laps the board skips the hole it was lifted from (default: it does not).
``no_singletons``
    After the opening move a single seed may not be played while the player has a hole
    with two or more (Ludii; default off).
``endless_laps``
    A move whose relay has not ended after this many laps is endless and not legal
    (default 10,000).
``repetition``
    The repetition ruling (default on, under every preset): when the same position (board,
    captured seeds, player to move) stands for the third time in a game, the game ends
    before the player to move moves, and each player takes the seeds left in their own
    row. Off, the game follows the source as written and two lone seeds may chase each
    other round the board for ever.
"""
from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any, Literal

from kit.core.errors import RulesError, show

Relay = Literal["next", "landing"]


@dataclass(frozen=True)
class Rules:
    """The rule options of a Walak-pussa game (immutable)."""

    relay: Relay = "next"
    skip_origin: bool = False
    no_singletons: bool = False
    endless_laps: int = 10_000
    repetition: bool = True

    def __post_init__(self) -> None:
        if self.relay not in ("next", "landing"):
            raise RulesError(f"relay must be 'next' or 'landing', not {show(self.relay)}")
        if not isinstance(self.endless_laps, int) or isinstance(self.endless_laps, bool) or self.endless_laps < 1:
            raise RulesError(f"endless_laps must be a positive whole number, not {show(self.endless_laps)}")
        for name in ("skip_origin", "no_singletons", "repetition"):
            if not isinstance(getattr(self, name), bool):
                raise RulesError(f"{name} must be true or false, not {show(getattr(self, name))}")

    @property
    def name(self) -> str:
        """The preset's name, or ``"custom"`` for options no preset has."""
        return next((key for key, value in PRESETS.items() if value == self), "custom")

    def options(self) -> dict[str, Any]:
        """The options as a plain dict (JSON-ready)."""
        return {f.name: getattr(self, f.name) for f in fields(self)}

    def with_options(self, **options: Any) -> "Rules":
        """A copy with some options changed; unknown names raise :class:`RulesError`."""
        unknown = sorted(set(options) - {f.name for f in fields(self)})
        if unknown:
            known = ", ".join(f.name for f in fields(self))
            shown = show(unknown[0], "'")
            raise RulesError(f"unknown Walak-pussa rule option {shown} (known: {known})")
        return replace(self, **options)

    def describe(self) -> str:
        """One line of plain English saying what these rules do."""
        return DESCRIPTIONS.get(self.name, "custom options: " + ", ".join(f"{k}={v}" for k, v in self.options().items()))


PRESETS: dict[str, Rules] = {
    "default": Rules(),
    "skip-origin": Rules(skip_origin=True),
    "ludii": Rules(relay="landing", no_singletons=True),
}

DESCRIPTIONS: dict[str, str] = {
    "default": "The rulings: relay from the hole after the last seed; an empty next hole ends the sowing and captures the hole beyond it.",
    "skip-origin": "As the default, but a hand that laps the board skips the hole it was lifted from.",
    "ludii": "Ludii's reading of Parker: relay from the landing hole; a last seed in an empty hole captures the next hole; no singletons while a hole holds two or more.",
}


def as_rules(rules: "Rules | str | dict[str, Any] | None") -> Rules:
    """Rules from a preset name, an options dict, a Rules value, or None (the default)."""
    if rules is None:
        return PRESETS["default"]
    if isinstance(rules, Rules):
        return rules
    if isinstance(rules, str):
        try:
            return PRESETS[rules]
        except KeyError:
            shown = show(rules, "'")
            raise RulesError(f"unknown Walak-pussa rule preset {shown} (choices: {', '.join(PRESETS)})") from None
    if isinstance(rules, dict):
        return Rules().with_options(**rules)
    raise RulesError(f"rules must be a preset name, an options dict or a Rules value, not {type(rules).__name__}")
