"""Nim's rule options: the heaps at the start and the most stones a player may take in a turn."""
from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

from kit.core.errors import RulesError

MAX_HEAPS = 5  # the board has five rows
MAX_STONES = 9  # of nine places each


@dataclass(frozen=True)
class Rules:
    """The rule options of a Nim game (immutable): ``heaps`` the stones of each heap at the
    start, ``most`` the most stones one turn may take (None: a whole heap)."""

    heaps: tuple[int, ...] = (3, 4, 5)
    most: int | None = None

    def __post_init__(self) -> None:
        heaps = self.heaps
        if (not isinstance(heaps, tuple) or not 1 <= len(heaps) <= MAX_HEAPS
                or any(isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= MAX_STONES for n in heaps)):
            raise RulesError(f"heaps must be 1 to {MAX_HEAPS} heaps of 1 to {MAX_STONES} stones, not {heaps!r}")
        most = self.most
        if most is not None and (isinstance(most, bool) or not isinstance(most, int) or not 1 <= most <= MAX_STONES):
            raise RulesError(f"most must be a whole number from 1 to {MAX_STONES} or null, not {most!r}")

    @property
    def name(self) -> str:
        """The preset's name, or ``"custom"``."""
        return next((key for key, value in PRESETS.items() if value == self), "custom")

    def options(self) -> dict[str, Any]:
        """The options as a JSON-ready dict."""
        return {"heaps": list(self.heaps), "most": self.most}

    def describe(self) -> str:
        """One line saying what these rules are."""
        limit = "any number of stones" if self.most is None else f"1 to {self.most} stones"
        return f"Heaps of {', '.join(map(str, self.heaps))}; a turn takes {limit} from one heap; the last stone wins."


PRESETS: dict[str, Rules] = {"default": Rules(), "small": Rules((1, 2, 3)), "subtraction": Rules((3, 4, 5), 3)}


def as_rules(value: Any) -> Rules:
    """Rules from a preset name, an options dict, a Rules value or None (the default)."""
    if value is None:
        return PRESETS["default"]
    if isinstance(value, Rules):
        return value
    if isinstance(value, str):
        if value not in PRESETS:
            raise RulesError(f"unknown Nim rule preset {value!r} (choices: {', '.join(PRESETS)})")
        return PRESETS[value]
    if isinstance(value, dict):
        known = {f.name for f in fields(Rules)}
        unknown = sorted(set(value) - known)
        if unknown:
            raise RulesError(f"unknown Nim rule option {unknown[0]!r} (known: {', '.join(sorted(known))})")
        options = dict(value)
        if isinstance(options.get("heaps"), list):
            options["heaps"] = tuple(options["heaps"])
        return replace(Rules(), **options)
    raise RulesError(f"rules must be a preset name, an options dict or a Rules value, not {type(value).__name__}")
