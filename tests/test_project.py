"""Project hygiene: clean notebooks, test markers in tags, the glossary link, recorded outputs,
the README's lesson list and commands, CI runs the README's test command."""
import json
import re
from pathlib import Path

import nbformat
import pytest

from tests.lesson_outputs import checked_cells, expected_path

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = [path for path in sorted(ROOT.glob("lessons/**/*.ipynb")) + sorted(ROOT.glob("tests/**/*.ipynb"))
             if ".ipynb_checkpoints" not in path.parts]  # Jupyter's autosaves are not committed
LESSONS = sorted(ROOT.glob("lessons/[0-9][0-9]-*.ipynb"))
README = (ROOT / "README.md").read_text(encoding="utf-8")
GLOSSARY_LINK = "../docs/glossary.md"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: str(p.relative_to(ROOT)))
def test_notebook_is_committed_clean(path):
    """No outputs, no execution counts, no metadata.widgets (GitHub cannot render partial widget state)."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    assert "widgets" not in nb.get("metadata", {}), "metadata.widgets must be removed"
    for index, cell in enumerate(nb["cells"]):
        if cell["cell_type"] == "code":
            assert not cell.get("outputs"), f"cell {index} has outputs"
            assert cell.get("execution_count") is None, f"cell {index} has an execution count"


def _lesson_id(path: Path) -> str:
    return path.name


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_test_marker_in_a_cell_source(path):
    """Test markers live in cell metadata tags (nbval-check-output, ...), never in what a student reads."""
    nb = nbformat.read(path, as_version=4)
    marked = [index for index, cell in enumerate(nb.cells) if "NBVAL" in cell.source]
    assert not marked, f"cells {marked} hold an NBVAL marker in their source: use a cell tag instead"


@pytest.mark.parametrize("path", LESSONS, ids=_lesson_id)
def test_lesson_links_to_the_glossary(path):
    nb = nbformat.read(path, as_version=4)
    assert any(GLOSSARY_LINK in cell.source for cell in nb.cells if cell.cell_type == "markdown"), \
        f"{path.name} has no link to the glossary ({GLOSSARY_LINK})"


@pytest.mark.parametrize("path", LESSONS, ids=_lesson_id)
def test_checked_cells_have_recorded_outputs(path):
    """Every checked cell has an expected output recorded for its current source."""
    nb = nbformat.read(path, as_version=4)
    stored = json.loads(expected_path(path).read_text(encoding="utf-8"))["cells"]
    checked = checked_cells(nb)
    assert checked, f"{path.name} checks no output"
    stale = [number for number, cell in checked.items()
             if stored.get(str(number), {}).get("source") != cell.source]
    assert not stale, f"{path.name}: re-record cells {stale} with `python -m tests.lesson_outputs {path.name}`"


def test_the_glossary_explains_each_term_once():
    glossary = (ROOT / "docs" / "glossary.md").read_text(encoding="utf-8")
    terms = re.findall(r"^\*\*(.+?)\*\*", glossary, flags=re.M)
    assert len(terms) == len(set(terms)), "a term is explained twice"
    for term in ["hole names", "ply", "lap", "relay", "pussa kanawa", "bead chain", "sweep", "troop",
                 "fortress", "chain up", "perft"]:
        assert any(term in entry.lower() for entry in terms), f"the glossary does not explain {term!r}"


def test_no_private_paths_in_what_readers_read():
    """Sources are cited by name; the project's working folders are not part of a reader's checkout."""
    texts = [ROOT / "README.md", *ROOT.glob("docs/*.md"), *LESSONS]
    offending = [str(path.relative_to(ROOT)) for path in texts if "shared/" in path.read_text(encoding="utf-8")]
    assert not offending, f"'shared/' appears in {offending}"


def test_readme_lists_exactly_the_lessons():
    listed = set(re.findall(r"^\| \[(lessons/[\w.-]+\.ipynb)\]", README, flags=re.M))  # the lesson table
    present = {str(p.relative_to(ROOT)) for p in ROOT.glob("lessons/*.ipynb")}
    assert listed == present, f"missing from README: {present - listed}; listed but absent: {listed - present}"


def test_ci_runs_the_readme_test_command():
    commands = re.findall(r"^\s*(pip install .*pytest.*)$", README, flags=re.M)
    assert commands, "the README shows no test command"
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert commands[0].strip() in ci.splitlines()
