"""Every figure a lesson states in its prose is computed in the lesson and asserted beside it.

A claim compares against a value the lesson computed with the kit: an assert that only does
arithmetic on numbers written in it (``assert 22 < 7 * 4``) cannot fail, and is refused.

A markdown cell that states a number (outside the rule constants below, lesson and exercise
numbers, code in backticks, the quoted source and links) must be followed, before the next
markdown cell, by a **claim cell**: a code cell tagged ``claim``, folded away
(``"jupyter": {"source_hidden": true}``), that asserts the claims. Every number of eight or
more, and every decimal or percentage, must also appear in that claim cell's code (outside
comments), so the assertion is about that very figure. A claim that stops being true then
fails the lesson's run under nbval; a claim made without an assertion fails this test.
"""
import ast
import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


#: Numbers that are the rules themselves, not claims about play: Walak-pussa's 2 rows of 7 holes,
#: 4 seeds a hole, 14 holes, indices 0 to 6 and 7 to 13, 56 seeds, 28-28 a draw, the 10,000-lap
#: ruling; Parker's year 1909; Myra's 91 hollows, 6 to a side, 25 soldiers, fortresses of 5.
RULE_CONSTANTS = {"0", "2", "4", "5", "6", "7", "13", "14", "25", "28", "56", "91", "1909", "10000"}

CLAIM_TAG = "claim"

_EXEMPT = [
    re.compile(r"`[^`]*`"),  # code, positions in text
    re.compile(r"\]\([^)]*\)"),  # link targets
    re.compile(r"^\s*>.*$", re.MULTILINE),  # the quoted source
    re.compile(r"^\s*#.*$", re.MULTILINE),  # headings
    re.compile(r"\b(?:[Ll]essons?|[Ee]xercises?|[Ss]ection|cells?|step)\s+\d+(?:\s*(?:,|and|to|-)\s*\d+)*"),
    re.compile(r"\b\d+\s*·"),  # the lesson table
    re.compile(r"\d+\.ipynb"),
]
_NUMBER = re.compile(r"(?<![\w.])\d[\d,]*(?:\.\d+)?%?")


def lessons() -> list[Path]:
    return sorted((ROOT / "lessons").glob("[0-9][0-9]-*.ipynb"))


def numbers_stated(markdown: str) -> list[str]:
    """The numbers a markdown text states, outside exempt places, normalised (10,000 -> 10000)."""
    for pattern in _EXEMPT:
        markdown = pattern.sub(" ", markdown)
    found = []
    for match in _NUMBER.finditer(markdown):
        text = match.group().rstrip(",").replace(",", "")
        if text and text not in RULE_CONSTANTS:
            found.append(text)
    return found


def needs_its_code(number: str) -> bool:
    """Whether the number itself must appear in the claim cell (8 or more, a decimal, a percentage)."""
    return "." in number or "%" in number or int(number) >= 8


def is_claim(cell: dict) -> bool:
    meta = cell.get("metadata", {})
    return (cell["cell_type"] == "code" and CLAIM_TAG in meta.get("tags", [])
            and meta.get("jupyter", {}).get("source_hidden") is True and "assert" in "".join(cell["source"]))


def code_of(cell: dict) -> str:
    """A code cell's source without comments, numbers normalised (10_000 -> 10000)."""
    lines = [line.split("#", 1)[0] for line in "".join(cell["source"]).splitlines()]
    return "\n".join(lines).replace("_", "")


def unbacked(path: Path) -> list[str]:
    """What the lesson states without a claim cell behind it, one line each."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    problems = []
    for index, cell in enumerate(cells):
        if cell["cell_type"] != "markdown":
            continue
        stated = numbers_stated("".join(cell["source"]))
        if not stated:
            continue
        following = []
        for after in cells[index + 1:]:
            if after["cell_type"] == "markdown":
                break
            following.append(after)
        claims = [code_of(c) for c in following if is_claim(c)]
        if not claims:
            problems.append(f"cell {index} states {', '.join(stated)} with no claim cell after it")
            continue
        code = "\n".join(claims)
        missing = [n for n in stated if needs_its_code(n) and not re.search(rf"(?<![\d.]){re.escape(n.rstrip('%'))}(?![\d])", code)]
        if missing:
            problems.append(f"cell {index} states {', '.join(missing)}, which its claim cell does not assert")
    return problems


@pytest.mark.parametrize("path", lessons(), ids=lambda p: p.stem)
def test_every_figure_in_the_prose_is_asserted(path):
    problems = unbacked(path)
    assert not problems, f"{path.name}:\n" + "\n".join(problems)


def test_claim_cells_are_folded_and_assert_something():
    for path in lessons():
        for index, cell in enumerate(json.loads(path.read_text(encoding="utf-8"))["cells"]):
            if CLAIM_TAG in cell.get("metadata", {}).get("tags", []):
                assert is_claim(cell), f"{path.name} cell {index} is tagged claim but is not a folded assert"


def test_the_rule_catches_a_stated_figure():
    assert numbers_stated("North relays through 23 laps, in lesson 3, from `S:1,2`.") == ["23"]
    assert numbers_stated("> *Figuren pro Loch: 4 und 17*\n\n56 seeds, 28-28, 10,000 laps") == []
    assert needs_its_code("52.7%") and needs_its_code("839") and not needs_its_code("3")


def test_claim_cells_open_with_a_plain_comment():
    """A folded cell shows its first line: a claim cell's says in words what it is, and gives no answer away."""
    for path in lessons():
        for index, cell in enumerate(json.loads(path.read_text(encoding="utf-8"))["cells"]):
            if is_claim(cell):
                first = "".join(cell["source"]).lstrip().splitlines()[0]
                assert first.startswith("# the lesson checks its own figures"), f"{path.name} cell {index}: {first}"


def literal_only(source: str) -> list[str]:
    """The asserts of a cell, and the comparisons inside them, that compute on literals alone
    (no name, call, attribute or subscript on any side): they pass whatever the kit does."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Assert):
            continue
        parts = [node.test, *(part for part in ast.walk(node.test) if isinstance(part, (ast.Compare, ast.BoolOp)))]
        for part in parts:
            if not any(isinstance(leaf, (ast.Name, ast.Call, ast.Attribute, ast.Subscript)) for leaf in ast.walk(part)):
                found.append(ast.unparse(part))
                break
    return found


def test_claims_compare_against_what_the_lesson_computes():
    problems = []
    for path in lessons():
        for index, cell in enumerate(json.loads(path.read_text(encoding="utf-8"))["cells"]):
            if is_claim(cell):
                problems += [f"{path.name} cell {index}: assert {text}" for text in literal_only("".join(cell["source"]))]
    assert not problems, "claims on literals alone cannot fail:\n" + "\n".join(problems)


def test_the_rule_catches_arithmetic_on_literals():
    assert literal_only("assert 22 < 7 * 4") == ["22 < 7 * 4"]
    assert literal_only("assert 2 * 4 + 3 * 3 + 4 * 2 == 25") == ["2 * 4 + 3 * 3 + 4 * 2 == 25"]
    assert literal_only("x = 3\nassert x == 3 and 1 + 1 == 2") == ["1 + 1 == 2"]
    assert literal_only("assert sum(refill(22)[0]) == 22 and scores[0].score > 50 / 100") == []
