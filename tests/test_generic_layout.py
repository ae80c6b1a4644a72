"""A game is one folder: the generic packages name no game and import nothing from kit/games/.

Everything that knows a game lives in ``kit/games/<game>/``; the generic packages reach a
game only through the registry (``kit.core.game``), see docs/architecture.md.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

KIT = Path(__file__).resolve().parent.parent / "kit"
GENERIC = ("core", "draw", "widgets", "agents", "puzzles", "classroom", "classes", "cli", "exercises", "homework")
NAMES_ONLY = re.compile(r"walak|myra", re.IGNORECASE)
#: The kit's own package name (and its entry point group's) names the games but is no game.
KIT_PACKAGE = re.compile(r"walak[-_]myra[-_]kit", re.IGNORECASE)
GAME_IMPORT = re.compile(r"^\s*(from kit\.games\b|import kit\.games\b)", re.MULTILINE)
#: The layers below the top that reach the registry in kit.core.game, never through the top-level kit
#: (whose import brings in the games): an import of ``kit`` itself, outside a doctest.
LOWER = ("core", "agents", "draw", "widgets", "puzzles")
TOP_IMPORT = re.compile(r"^\s*(import kit\s*(#.*)?$|import kit as\b|from kit import\b)", re.MULTILINE)


def generic_files() -> list[Path]:
    return sorted(path for package in GENERIC for path in (KIT / package).rglob("*.py"))


@pytest.mark.parametrize("path", generic_files(), ids=lambda path: str(path.relative_to(KIT)))
def test_a_generic_module_names_no_game_and_imports_none(path: Path) -> None:
    name = str(path.relative_to(KIT))
    text = path.read_text(encoding="utf-8")
    assert not GAME_IMPORT.search(text), f"{name} imports from kit/games/: ask the registry instead"
    named = sorted({match.group(0).lower() for match in NAMES_ONLY.finditer(KIT_PACKAGE.sub("", text))})
    assert not named, f"{name} names a game ({', '.join(named)}): its code belongs in kit/games/<game>/"


def test_each_game_is_one_folder_that_declares_one_game() -> None:
    import kit
    from kit.core.discovery import declared
    from kit.core.game import Game, game

    for name in kit.games():
        description = game(name)
        assert isinstance(description, Game), f"{name} declares a Game"
        where = declared()[name].value.partition(":")[0] if name in declared() else type(description).__module__
        assert where.startswith("kit.games.") or not where.startswith("kit."), \
            f"{name}'s Game is declared in its own folder (kit/games/<game>/, or a package of its own)"
    for name in ("walak", "myra"):
        assert declared()[name].value == f"kit.games.{name}.game:{name.upper()}"


@pytest.mark.parametrize("path", sorted(path for package in LOWER for path in (KIT / package).rglob("*.py")),
                         ids=lambda path: str(path.relative_to(KIT)))
def test_a_lower_layer_imports_nothing_from_the_top_level_kit(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    found = TOP_IMPORT.search(text)
    assert found is None, (f"{path.relative_to(KIT)} imports the top-level kit ({found.group(0).strip()!r}): "
                           "ask kit.core.game for the registry instead (the layers point one way)")


def test_the_layout_test_sees_an_import_of_kit() -> None:
    assert TOP_IMPORT.search("x = 1\nimport kit\n") and TOP_IMPORT.search("    from kit import game\n")
    assert not TOP_IMPORT.search(">>> import kit\nfrom kit.core.game import game\nimport kit.core\n")
