"""Project hygiene: clean notebooks, the README's lesson list and commands, CI runs the README's test command."""
import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted(ROOT.glob("lessons/**/*.ipynb")) + sorted(ROOT.glob("tests/**/*.ipynb"))
README = (ROOT / "README.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: str(p.relative_to(ROOT)))
def test_notebook_is_committed_clean(path):
    """No outputs, no execution counts, no metadata.widgets (GitHub cannot render partial widget state)."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    assert "widgets" not in nb.get("metadata", {}), "metadata.widgets must be removed"
    for index, cell in enumerate(nb["cells"]):
        if cell["cell_type"] == "code":
            assert not cell.get("outputs"), f"cell {index} has outputs"
            assert cell.get("execution_count") is None, f"cell {index} has an execution count"


def test_readme_lists_exactly_the_lessons():
    listed = set(re.findall(r"^\| \[(lessons/[\w.-]+\.ipynb)\]", README, flags=re.M))  # the lesson table
    present = {str(p.relative_to(ROOT)) for p in ROOT.glob("lessons/*.ipynb")}
    assert listed == present, f"missing from README: {present - listed}; listed but absent: {listed - present}"


def test_ci_runs_the_readme_test_command():
    commands = re.findall(r"^\s*(pip install .*pytest.*)$", README, flags=re.M)
    assert commands, "the README shows no test command"
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert commands[0].strip() in ci.splitlines()
