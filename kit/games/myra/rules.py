"""Rule options for Myra: one small frozen value and a few named presets.

- ``unchain_keeps_one``: unchaining leaves one soldier on the origin and lays out the
  other n - 1 (*variant*; the default empties the origin).
- ``straight_chains``: a chain-up takes only soldiers in a straight line (*variant*; the
  default lets a chain wind).
- ``ply_limit``: the game ends as a draw after this many plies (``None``: no limit, the
  default; AI-vs-AI runs use one).
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from kit.core.errors import RulesError, show


@dataclass(frozen=True)
class Rules:
    """The rule options of a Myra game; ``Rules()`` is the default of RULINGS."""

    unchain_keeps_one: bool = False
    straight_chains: bool = False
    ply_limit: int | None = None

    def __post_init__(self) -> None:
        for name in ("unchain_keeps_one", "straight_chains"):
            if not isinstance(getattr(self, name), bool):
                raise RulesError(f"rule option {name} must be true or false, not {show(getattr(self, name))}")
        limit = self.ply_limit
        if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int) or limit < 1):
            raise RulesError(f"ply_limit must be a positive whole number or None, not {show(limit)}")

    def options(self) -> dict[str, Any]:
        """The options as a JSON-ready dict."""
        return asdict(self)


PRESETS: dict[str, Rules] = {
    "default": Rules(),
    "unchain-keeps-one": Rules(unchain_keeps_one=True),
    "straight-chains": Rules(straight_chains=True),
}
OPTION_NAMES: tuple[str, ...] = tuple(f.name for f in fields(Rules))


def as_rules(value: "Rules | str | dict[str, Any] | None") -> Rules:
    """Rules from a Rules value, a preset name, a dict of options (which may name a ``preset``
    to start from), or None (the default).

    >>> as_rules({"preset": "straight-chains", "ply_limit": 200})
    Rules(unchain_keeps_one=False, straight_chains=True, ply_limit=200)
    """
    if value is None:
        return PRESETS["default"]
    if isinstance(value, Rules):
        return value
    if isinstance(value, str):
        value = {"preset": value}
    if not isinstance(value, dict):
        raise RulesError(f"Myra rules are a preset name, a dict of options or a Rules value, not {type(value).__name__}")
    options = dict(value)
    preset = options.pop("preset", "default")
    if not isinstance(preset, str) or preset not in PRESETS:
        shown = show(preset, "'")
        raise RulesError(f"unknown Myra rules preset {shown}; choose one of: {', '.join(PRESETS)}")
    unknown = sorted(set(options) - set(OPTION_NAMES))
    if unknown:
        shown = show(unknown[0], "'")
        raise RulesError(f"unknown Myra rule option {shown}; the options are: {', '.join(OPTION_NAMES)}")
    return replace(PRESETS[preset], **options)
