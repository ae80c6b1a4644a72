"""Expected outputs for the lessons' checked cells, kept beside the notebooks.

Lessons are committed without outputs (GitHub renders them, diffs stay small), yet their
deterministic text results are checked: a code cell tagged ``nbval-check-output`` (in its
cell metadata, where nbval reads it; the source stays free of test markers) has its expected
output recorded in ``lessons/expected/<lesson>.json``, and the root ``conftest.py`` hands that
output to nbval as the reference before the cell runs. Cells whose output varies (timings,
random games) are tagged ``nbval-ignore-output``; nbval runs every cell either way.

Record (or re-record after changing a lesson)::

    python -m tests.lesson_outputs lessons/*.ipynb
"""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import nbformat

CHECK_TAG = "nbval-check-output"  # nbval compares the outputs of cells with this tag
COMPARED = ("text/plain", "text/html")  # what nbval compares besides streams


def expected_path(notebook: Path) -> Path:
    """Where a lesson's expected outputs are kept."""
    return notebook.parent / "expected" / f"{notebook.stem}.json"


def is_checked(cell: Any) -> bool:
    """Whether nbval compares this cell's output (a code cell tagged ``nbval-check-output``)."""
    return cell.cell_type == "code" and CHECK_TAG in cell.get("metadata", {}).get("tags", [])


def checked_cells(nb: Any) -> dict[int, Any]:
    """The checked code cells by their code-cell number (nbval's numbering)."""
    code = [cell for cell in nb.cells if cell.cell_type == "code"]
    return {number: cell for number, cell in enumerate(code) if is_checked(cell)}


def _kept(output: dict[str, Any]) -> dict[str, Any] | None:
    """An output cut down to the fields nbval compares; None if nothing is left."""
    if output["output_type"] == "stream":
        return {"output_type": "stream", "name": output["name"], "text": output["text"]}
    if output["output_type"] in ("execute_result", "display_data"):
        data = {key: value for key, value in output.get("data", {}).items() if key in COMPARED}
        return {"output_type": output["output_type"], "data": data, "metadata": {}} if data else None
    return None


def record(notebook: Path) -> Path:
    """Run a lesson and store the outputs of its checked cells."""
    from nbclient import NotebookClient

    nb = nbformat.read(notebook, as_version=4)
    NotebookClient(nb, timeout=120, kernel_name="python3",
                   resources={"metadata": {"path": str(notebook.parent)}}).execute()
    cells = {}
    for number, cell in checked_cells(nb).items():
        outputs = [kept for kept in map(_kept, cell.outputs) if kept]
        cells[str(number)] = {"source": cell.source, "outputs": outputs}
    path = expected_path(notebook)
    path.parent.mkdir(exist_ok=True)
    path.write_text(json.dumps({"notebook": notebook.name, "cells": cells}, indent=1, ensure_ascii=False) + "\n",
                    encoding="utf-8")
    return path


def attach_expected(items: list[Any]) -> None:
    """Give nbval the recorded reference outputs of every checked lesson cell."""
    for item in items:
        cell = getattr(item, "cell", None)
        if cell is None or not is_checked(cell):
            continue
        notebook = Path(str(item.parent.path))
        path = expected_path(notebook)
        stored = json.loads(path.read_text(encoding="utf-8"))["cells"] if path.exists() else {}
        entry = stored.get(str(item.cell_num))
        if entry is None or entry["source"] != cell.source:
            reason = "has no recorded output" if entry is None else "changed since its output was recorded"
            message = (f"{notebook.name} cell {item.cell_num} {reason}: "
                       f"run `python -m tests.lesson_outputs {notebook.relative_to(Path.cwd()) if notebook.is_relative_to(Path.cwd()) else notebook}`")
            item.runtest = lambda message=message: _fail(message)
            continue
        cell.outputs = [nbformat.from_dict(output) for output in entry["outputs"]]
        cell.execution_count = 1


def _fail(message: str) -> None:
    import pytest

    pytest.fail(message, pytrace=False)


if __name__ == "__main__":
    for name in sys.argv[1:]:
        print(f"recorded {record(Path(name))}")
