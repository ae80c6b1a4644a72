"""The analysis command: ``python -m kit analyse GAME (--position FILE_OR_STRING | MOVE...) ...``."""
import json
import subprocess
import sys

import kit.games.myra as myra
from kit import walak
from kit.agents.analyse import analyse

KEYS = {"best", "value", "result", "depth", "pv", "nodes", "seconds"}


def run(*args):
    return subprocess.run([sys.executable, "-m", "kit", "analyse", *args], capture_output=True, text=True,
                          timeout=120)


def check_schema(data, position):
    assert set(data) == KEYS
    assert isinstance(data["best"], str) and data["best"] in [position.notation(m) for m in position.legal_moves()]
    assert isinstance(data["value"], (int, float)) and not isinstance(data["value"], bool)
    assert isinstance(data["depth"], int) and isinstance(data["nodes"], int) and data["nodes"] > 0
    assert isinstance(data["seconds"], (int, float)) and data["seconds"] >= 0
    assert isinstance(data["pv"], list) and data["pv"][0] == data["best"] and all(isinstance(m, str) for m in data["pv"])
    here = position
    for move in data["pv"]:  # the line is playable
        here = here.play(move)


def test_json_for_walak_from_a_position_string():
    text = "S:2,0,1,0,0,0,1/0,0,3,0,2,0,4:20-23"
    out = run("walak", "--position", text, "--depth", "2", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    check_schema(data, walak.parse_position(text))
    assert data["best"] == "g" and data["depth"] >= 1


def test_json_for_myra_after_moves_and_from_a_file(tmp_path):
    out = run("myra", "F10-F9", "--depth", "1", "--json")
    assert out.returncode == 0, out.stderr
    check_schema(json.loads(out.stdout), myra.start().play("F10-F9"))
    position = myra.make_position({"F11": "BQ", "F5": "B2", "F3": "OQ", "E8": "O4"})
    path = tmp_path / "position.json"
    path.write_text(json.dumps(position.to_json()))
    out = run("myra", "--position", str(path), "--depth", "2", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    check_schema(data, position)
    assert data["best"] == "F5-F4-F3" and data["value"] > 1000


def test_text_output_has_the_value_in_words():
    out = run("walak", "--depth", "3")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0].startswith("best move: ") and lines[1].startswith("value: ") and "seeds" in lines[1]
    assert lines[2] == "depth: 3 plies" and lines[3].startswith("line: ")


def test_finished_positions_bad_files_and_bad_moves_exit_2_with_one_line(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    for args in (("walak", "--position", "S:0,0,0,0,0,0,0/0,0,0,0,0,0,0:30-26"),
                 ("myra", "--position", str(bad)), ("myra", "--position", "no such file"),
                 ("myra", "F10-F8"), ("walak", "a", "z"), ("chess",), ("walak", "--depth", "0"),
                 ("myra", "--players", "4")):
        out = run(*args)
        assert out.returncode == 2, (args, out.stderr)
        assert out.stdout == "" and len(out.stderr.strip().splitlines()) == 1, (args, out.stderr)
    missing = run("myra", "--position", str(tmp_path / "nosuch.json"))  # said "not valid JSON"
    assert missing.returncode == 2 and "no position file" in missing.stderr, missing.stderr


def test_same_position_same_analysis_under_a_depth_limit():
    first, again = analyse(myra.start(3), None, 2), analyse(myra.start(3), None, 2)
    assert (first.best, first.value, first.pv, first.nodes) == (again.best, again.value, again.pv, again.nodes)
