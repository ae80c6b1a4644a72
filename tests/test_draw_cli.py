"""The gif commands: ``python -m kit walak gif`` and ``python -m kit myra gif``."""
from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest
from PIL import Image

import kit.games.myra as myra
from draw_support import no_open_figures  # noqa: F401 (autouse fixture)
from kit.cli.main import main

FAST = ["--inbetween", "0", "--dpi", "24"]


def written(stdout: str) -> int:
    """The frame count a gif command printed."""
    match = re.fullmatch(r"(\d+) frames written to (.+)\n", stdout)
    assert match, stdout
    return int(match.group(1))


def test_walak_gif_from_the_command_line(tmp_path):
    out = tmp_path / "c.gif"
    result = subprocess.run([sys.executable, "-m", "kit", "walak", "gif", "c", "--out", str(out), *FAST],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    count = written(result.stdout)
    assert str(out) in result.stdout
    with Image.open(out) as gif:
        assert gif.n_frames == count


def test_walak_gif_with_rules_and_position(tmp_path, capsys):
    out = tmp_path / "short.gif"
    status = main(["walak", "gif", "--rules", "skip-origin", "--position", "N:0,3,1,2,3,0,0/2,4,2,2,2,0,3:14-18",
                   "c", "--out", str(out), *FAST])
    assert status == 0
    with Image.open(out) as gif:
        assert gif.n_frames == written(capsys.readouterr().out)


def test_myra_gif(tmp_path, capsys):
    position_file = tmp_path / "start.json"
    position_file.write_text(json.dumps(myra.start(3).to_json()))
    move = str(myra.start(3).legal_moves()[0])
    out = tmp_path / "myra.gif"
    assert main(["myra", "gif", "--position", str(position_file), move, "--out", str(out), *FAST]) == 0
    with Image.open(out) as gif:
        assert gif.n_frames == written(capsys.readouterr().out)


@pytest.mark.parametrize("argv", [
    ["walak", "gif", "z"],                                   # malformed move
    ["walak", "gif", "a", "--position", "S:0,1,1,1,1,1,1/1,1,1,1,1,1,1:0-0"],  # empty hole: illegal
    ["walak", "gif", "a", "--position", "S:1,2"],            # malformed position
    ["walak", "gif", "a", "--rules", "nonsense"],            # unknown preset
    ["myra", "gif", "F10-Z10"],                              # malformed move
    ["myra", "gif", "A1-A2"],                                # illegal: A1 is empty
    ["myra", "gif", "F10-F9", "--position", "missing.json"],  # no position file
])
def test_bad_input_is_one_line_status_2_and_no_file(argv, tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main([*argv, "--out", "move.gif"]) == 2
    error = capsys.readouterr().err
    assert error.startswith("error: ") and error.count("\n") == 1
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("game,move", [("walak", "c"), ("myra", "C8-B7")])
def test_unwritable_output_is_status_2_and_no_file(game, move, tmp_path, capsys):
    for out in (tmp_path / "missing" / "move.gif", tmp_path):
        assert main([game, "gif", move, "--out", str(out), *FAST]) == 2
        error = capsys.readouterr().err
        assert error.startswith("error: cannot write") and error.count("\n") == 1
    assert list(tmp_path.iterdir()) == []
