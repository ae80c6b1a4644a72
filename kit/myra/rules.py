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

from kit.game import RulesError


@dataclass(frozen=True)
class Rules:
    """The rule options of a Myra game; ``Rules()`` is the default of RULINGS."""

    unchain_keeps_one: bool = False
    straight_chains: bool = False
    ply_limit: int | None = None

    def __post_init__(self) -> None:
        for name in ("unchain_keeps_one", "straight_chains"):
            if not isinstance(getattr(self, name), bool):
                raise RulesError(f"rule option {name} must be true or false, not {getattr(self, name)!r}")
        limit = self.ply_limit
        if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int) or limit < 1):
            raise RulesError(f"ply_limit must be a positive whole number or None, not {limit!r}")

    def to_dict(self) -> dict[str, Any]:
        """The options as a JSON-ready dict."""
        return asdict(self)


PRESETS: dict[str, Rules] = {
    "default": Rules(),
    "unchain-keeps-one": Rules(unchain_keeps_one=True),
    "straight-chains": Rules(straight_chains=True),
}
OPTION_NAMES: tuple[str, ...] = tuple(f.name for f in fields(Rules))


def make_rules(preset: str = "default", **options: Any) -> Rules:
    """The named preset with some options changed, e.g. ``make_rules("straight-chains", ply_limit=200)``."""
    if preset not in PRESETS:
        raise RulesError(f"unknown Myra rules preset '{preset}'; choose one of: {', '.join(PRESETS)}")
    unknown = sorted(set(options) - set(OPTION_NAMES))
    if unknown:
        raise RulesError(f"unknown Myra rule option '{unknown[0]}'; the options are: {', '.join(OPTION_NAMES)}")
    return replace(PRESETS[preset], **options)


def as_rules(value: "Rules | str | dict[str, Any] | None") -> Rules:
    """Rules from a Rules value, a preset name, a dict of options (may hold 'preset'), or None (default)."""
    if value is None:
        return PRESETS["default"]
    if isinstance(value, Rules):
        return value
    if isinstance(value, str):
        return make_rules(value)
    if isinstance(value, dict):
        options = dict(value)
        return make_rules(options.pop("preset", "default"), **options)
    raise RulesError(f"cannot make Myra rules from {value!r}")
