"""pytest configuration shared by the unit tests and the lessons run under nbval, and the
fixtures the unit tests share."""
from __future__ import annotations

from typing import Iterator

import pytest

import kit.core.game
from kit.core.game import Game
from tests.lesson_outputs import attach_expected


def pytest_collection_modifyitems(config, items):
    """Hand nbval the recorded outputs of the lessons' checked cells (see tests/lesson_outputs.py)."""
    attach_expected(items)


@pytest.fixture(scope="module")
def third_game() -> Iterator[Game]:
    """Nim (tests/third_game) registered for the tests of a module, and out of the registry again after them."""
    from tests.third_game.game import register_nim

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(kit.core.game, "_REGISTRY", dict(kit.core.game._REGISTRY))
        yield register_nim()
