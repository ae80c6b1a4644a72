"""nbval compares every lesson cell whose text output is deterministic.

A code cell of a lesson (and of the classroom notebook) is either tagged
``nbval-check-output`` (its recorded output in ``lessons/expected/`` is compared by nbval, see
tests/lesson_outputs.py) or listed in ``tests/lesson_unchecked.json``, by cell id, with the
reason its output is not compared: it shows a widget (widget outputs are never compared), it
times itself, or it depends on the machine. A new cell that is neither fails here.

The tags and the list are made by running each notebook twice in fresh kernels and comparing
what nbval compares (docs/testing.md, "What nbval compares").
"""
import json
from pathlib import Path

import pytest

from tests.lesson_outputs import CHECK_TAG

ROOT = Path(__file__).resolve().parents[1]
UNCHECKED = json.loads((ROOT / "tests" / "lesson_unchecked.json").read_text(encoding="utf-8"))
NOTEBOOKS = sorted((ROOT / "lessons").glob("*.ipynb"))


def code_cells(path: Path) -> list[dict]:
    return [cell for cell in json.loads(path.read_text(encoding="utf-8"))["cells"] if cell["cell_type"] == "code"]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.name)
def test_every_code_cell_is_compared_or_listed_with_a_reason(path):
    listed = UNCHECKED.get(path.name, {})
    problems = []
    for number, cell in enumerate(code_cells(path)):
        checked = CHECK_TAG in cell.get("metadata", {}).get("tags", [])
        reason = listed.get(cell.get("id"), "")
        if checked and reason:
            problems.append(f"code cell {number} ({cell.get('id')}) is compared and listed as unchecked: {reason}")
        elif not checked and not reason.strip():
            problems.append(f"code cell {number} ({cell.get('id')}) is neither compared nor listed with a reason")
    stale = set(listed) - {cell.get("id") for cell in code_cells(path)}
    problems += [f"tests/lesson_unchecked.json lists cell {cell_id}, which the lesson no longer has" for cell_id in sorted(stale)]
    assert not problems, f"{path.name}:\n" + "\n".join(problems)


def test_the_unchecked_list_names_only_notebooks_that_exist():
    assert set(UNCHECKED) <= {path.name for path in NOTEBOOKS}


def test_most_cells_without_a_widget_are_compared():
    """The exceptions stay exceptions: of the code cells that show no widget (widget outputs are
    never compared; every exercise shows its answer box, a widget), at least four in five are
    compared; the rest time themselves or depend on the machine, each listed with its reason."""
    widgets = {(path.name, cell_id) for path in NOTEBOOKS
               for cell_id, reason in UNCHECKED.get(path.name, {}).items() if reason.startswith("shows a widget")}
    cells = [cell for path in NOTEBOOKS for cell in code_cells(path) if (path.name, cell.get("id")) not in widgets]
    compared = sum(CHECK_TAG in cell.get("metadata", {}).get("tags", []) for cell in cells)
    assert compared >= 0.8 * len(cells), f"{compared} of {len(cells)} code cells without a widget compared"
