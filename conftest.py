"""pytest configuration shared by the unit tests and the lessons run under nbval, and the
fixtures the unit tests share."""
from __future__ import annotations

from typing import Iterator

import pytest

import kit.core.game
from kit.core.game import Game
from tests.lesson_outputs import attach_expected


#: The files that take longest, slowest first (``--durations`` of a parallel run, docs/testing.md):
#: pytest-xdist hands out whole files (``--dist loadfile``) in collection order, so the long
#: ones start at once on every worker and short ones fill in at the end.
SLOWEST_FIRST = (
    "tests/browser/test_classroom_server.py",
    "tests/browser/test_classroom_lesson.py",
    "tests/test_homework.py",
    "tests/test_hostile_readers.py",
    "tests/browser/test_classroom.py",
    "tests/test_types.py",
    "tests/browser/",  # the other browser tests: each worker starts its browser and servers once
    "tests/test_myra_properties.py",
    "tests/test_hostile_outputs.py",
    "tests/test_agents_tournament.py",
    "tests/test_hostile_cli.py",
    "lessons/",  # a kernel each, 10-40 s
    "tests/test_draw_myra.py",
    "tests/test_classroom_app.py",
)


def run_order(path: str) -> int:
    """Where a file (relative to the repository top) comes in the run: by SLOWEST_FIRST, then the rest."""
    for rank, start in enumerate(SLOWEST_FIRST):
        if path == start or (start.endswith("/") and path.startswith(start)):
            return rank
    return len(SLOWEST_FIRST)


def pytest_collection_modifyitems(config, items):
    """Hand nbval the recorded outputs of the lessons' checked cells (see tests/lesson_outputs.py),
    and put the slowest files first (the tests of a file keep their order)."""
    attach_expected(items)
    root = config.rootpath
    items.sort(key=lambda item: run_order(item.path.relative_to(root).as_posix()
                                          if item.path.is_relative_to(root) else str(item.path)))


@pytest.fixture(scope="module")
def third_game() -> Iterator[Game]:
    """Nim (tests/third_game) registered for the tests of a module, and out of the registry again after them."""
    from tests.third_game.game import register_nim

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(kit.core.game, "_REGISTRY", dict(kit.core.game._REGISTRY))
        yield register_nim()
