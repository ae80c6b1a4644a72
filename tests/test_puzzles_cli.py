"""The puzzles and worksheet commands: JSON, text, errors (exit 2, no file), the PDF itself."""
from __future__ import annotations

import json
import re
import zlib

import pytest

from kit.cli.main import main
from tests.puzzle_proofs import prove
from kit.puzzles import Puzzle


def pdf_text(data: bytes) -> str:
    """The text shown by a matplotlib PDF: the strings of every TJ array in the decompressed content streams."""
    shown = []
    for stream in re.findall(rb"stream\r?\n(.*?)\r?\nendstream", data, re.S):
        try:
            content = zlib.decompress(stream)
        except zlib.error:
            continue
        for array in re.findall(rb"\[(.*?)\]\s*TJ", content, re.S):
            shown.append(b"".join(re.findall(rb"\(((?:[^()\\]|\\.)*)\)", array)).decode("latin-1"))
    return "\n".join(shown)


def pages(data: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page\b", data))


def test_puzzles_json_is_the_documented_object(capsys):
    assert main(["puzzles", "walak", "--count", "3", "--seed", "2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) == {"game", "puzzles"} and data["game"] == "walak" and len(data["puzzles"]) == 3
    for entry in data["puzzles"]:
        assert set(entry) == {"kind", "level", "position", "question", "move", "answer", "captured"}
        prove(Puzzle.from_json("walak", entry))


def test_puzzles_text_shows_boards_questions_and_answers(capsys):
    assert main(["puzzles", "walak", "--kind", "relay-end", "--count", "2", "--level", "2"]) == 0
    out = capsys.readouterr().out
    assert out.count("In which hole does the relay end?") == 2
    assert "Puzzle 2 (relay-end, level 2)" in out and "Answers:" in out


@pytest.mark.parametrize("argv, message", [
    (["puzzles", "chess"], "unknown game"),
    (["puzzles", "walak", "--kind", "queen-hunt"], "unknown kind"),
    (["puzzles", "myra", "--level", "4"], "--level must be 1, 2 or 3"),
    (["puzzles", "walak", "--count", "0"], "--count must be 1 to 100"),
    (["puzzles", "walak", "--count", "101"], "--count must be 1 to 100"),
    (["worksheet", "walak", "--paper", "a5", "--out", "{dir}/sheet.pdf"], "--paper must be one of"),
    (["worksheet", "walak", "--out", "{dir}/sheet.txt"], "--out must name a .pdf file"),
    (["worksheet", "walak", "--out", "{dir}/missing/sheet.pdf"], "does not exist"),
    (["worksheet", "walak", "--kind", "nope", "--out", "{dir}/sheet.pdf"], "unknown kind"),
])
def test_bad_arguments_are_one_line_exit_2_and_no_file(tmp_path, capsys, argv, message):
    argv = [arg.format(dir=tmp_path) for arg in argv]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and message in err and err.count("\n") == 1
    assert list(tmp_path.rglob("*")) == []


def test_argparse_errors_exit_2(tmp_path):
    with pytest.raises(SystemExit) as stop:
        main(["worksheet", "walak", "--count", "many", "--out", str(tmp_path / "s.pdf")])
    assert stop.value.code == 2 and not list(tmp_path.iterdir())


def test_worksheet_pdf_pages_numbers_and_answer_key(tmp_path, capsys):
    out = tmp_path / "sheet.pdf"
    assert main(["worksheet", "walak", "--count", "7", "--seed", "5", "--title", "Class 4b", "--out", str(out)]) == 0
    assert "7 puzzles on 3 pages" in capsys.readouterr().out
    data = out.read_bytes()
    assert data.startswith(b"%PDF") and data.rstrip().endswith(b"%%EOF")
    assert pages(data) == 3  # 6 + 1 puzzles, then the answer key
    assert b"/MediaBox [ 0 0 595.44 841.68 ]" in data  # A4
    text = pdf_text(data)
    for number in range(1, 8):
        assert f"{number}." in text
    assert "Class 4b" in text and "Class 4b: answer key" in text and "Answer \\(e.g. c\\):" in text
    assert "Name:" in text and "Date:" in text and "three lines" in text
    assert [p.name for p in tmp_path.iterdir()] == ["sheet.pdf"]


def test_worksheet_on_letter_paper(tmp_path):
    out = tmp_path / "sheet.pdf"
    assert main(["worksheet", "myra", "--kind", "most-captured", "--count", "2", "--paper", "letter",
                 "--out", str(out)]) == 0
    data = out.read_bytes()
    assert pages(data) == 2 and b"/MediaBox [ 0 0 612 792 ]" in data


def test_a_failed_write_leaves_no_file(tmp_path, monkeypatch):
    from matplotlib.backends.backend_pdf import PdfPages

    from kit.puzzles import make_puzzles
    from kit.puzzles.worksheet import write_worksheet

    def broken(self, figure=None, **options):
        raise OSError("disk full")

    monkeypatch.setattr(PdfPages, "savefig", broken)
    with pytest.raises(OSError, match="disk full"):
        write_worksheet(make_puzzles("walak", count=1, seed=1), tmp_path / "sheet.pdf")
    assert list(tmp_path.iterdir()) == []


def test_worksheet_boards_sit_under_their_questions_and_relays_ring_the_played_hole():
    from matplotlib.patches import Circle

    from kit.puzzles import make_puzzles
    from kit.puzzles.worksheet import worksheet_pages

    page = worksheet_pages(make_puzzles("walak", "relay-end", 1, 2, seed=1), "Relays for $5")[0]
    assert page.texts[0].get_text() == "Relays for $5" and not page.texts[0].get_parse_math()
    assert len(page.axes) == 2
    for axes in page.axes:
        rings = [patch for patch in axes.patches if isinstance(patch, Circle) and patch.get_gid() == "played"]
        assert len(rings) == 1 and rings[0].get_visible()
        top = axes.get_position().y1
        gap = min(text.get_position()[1] - top for text in page.texts if text.get_position()[1] > top)
        assert gap < 0.06  # the question is right above its board
