"""mypy passes on kit/ (its settings are in pyproject.toml, [tool.mypy])."""
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
