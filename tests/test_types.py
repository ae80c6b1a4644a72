"""mypy passes on kit/ (its settings are in pyproject.toml, [tool.mypy]), and --strict on kit/core, kit/agents,
kit/widgets and kit/cli."""
from __future__ import annotations

from pathlib import Path

import pytest

api = pytest.importorskip("mypy.api", reason="mypy is installed by the test extra")
ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.timeout(900)
def test_mypy_passes_on_kit(monkeypatch):
    monkeypatch.chdir(ROOT)
    report, errors, status = api.run(["--config-file", str(ROOT / "pyproject.toml"), "--no-incremental",
                                      "--cache-dir", "/dev/null", str(ROOT / "kit")])
    assert status == 0, f"mypy found problems:\n{report}{errors}"


@pytest.mark.timeout(900)
def test_mypy_strict_passes_on_the_game_model_the_agents_the_widgets_and_the_command_line(monkeypatch):
    monkeypatch.chdir(ROOT)
    report, errors, status = api.run(["--strict", "--no-incremental", "--cache-dir", "/dev/null",
                                      *(str(ROOT / "kit" / part) for part in ("core", "agents", "widgets", "cli"))])
    assert status == 0, f"mypy --strict found problems:\n{report}{errors}"
