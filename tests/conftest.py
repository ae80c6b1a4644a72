"""Fixtures shared by the unit tests."""
from __future__ import annotations

from typing import Iterator

import pytest

import kit.core.game
from kit.core.game import Game


@pytest.fixture(scope="module")
def third_game() -> Iterator[Game]:
    """Nim (tests/third_game) registered for the tests of a module, and out of the registry again after them."""
    from tests.third_game.game import register_nim

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(kit.core.game, "_REGISTRY", dict(kit.core.game._REGISTRY))
        yield register_nim()
