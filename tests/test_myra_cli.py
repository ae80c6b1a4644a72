"""The myra commands of ``python -m kit``, run as a teacher would run them."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from kit.games.myra import start

ROOT = Path(__file__).resolve().parents[1]
POSITION_KEYS = {"game", "players", "to_move", "reserve", "eliminated", "cells"}


def kit(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "kit", "myra", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=60)


def test_perft_prints_the_count_last():
    two = kit("perft", "--depth", "2")
    assert two.returncode == 0 and two.stdout.splitlines()[-1] == "47089"
    three = kit("perft", "--players", "3", "--depth", "2")
    assert three.stdout.splitlines()[-1] == "47055"
    assert kit("perft").stdout.splitlines()[-1] == "217"


def test_perft_from_a_position_file(tmp_path):
    path = tmp_path / "p.json"
    path.write_text(json.dumps(start().play("F10-F9").to_json()))
    result = kit("perft", "--position", str(path))
    assert result.returncode == 0 and int(result.stdout.splitlines()[-1]) > 0
    clash = kit("perft", "--position", str(path), "--players", "3")
    assert clash.returncode == 2 and "does not match" in clash.stderr


def test_moves_are_listed_by_kind_one_per_line():
    result = kit("moves")
    lines = result.stdout.splitlines()
    assert result.returncode == 0
    headings = [line for line in lines if line.startswith("#")]
    assert headings == ["# move (65)", "# build (18)", "# split (65)", "# unchain (69)"]
    assert {str(m) for m in start().legal_moves()} == {line for line in lines if not line.startswith("#")}


def test_replay_json_lines():
    result = kit("replay", "--json", "F10-F9", "F2-F3", "*F10")
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert result.returncode == 0 and len(rows) == 3
    assert all(POSITION_KEYS | {"ply", "player", "move", "over", "winner"} <= set(row) for row in rows)
    assert [(r["ply"], r["player"], r["move"], r["over"], r["winner"]) for r in rows] == [
        (1, 0, "F10-F9", False, None), (2, 1, "F2-F3", False, None), (3, 0, "*F10", False, None)]
    assert rows[-1]["reserve"] == [24, 25]


def test_illegal_replay_move_exits_2_after_the_earlier_positions():
    result = kit("replay", "--json", "F10-F9", "F3-F4")
    assert result.returncode == 2
    assert len(result.stdout.splitlines()) == 1
    assert result.stderr.strip() == "error: ply 2: Orange cannot play F3-F4: F3 is empty"
    text = kit("replay", "F10-F9", "nonsense")
    assert text.returncode == 2 and "Blue plays F10-F9" in text.stdout
    assert text.stderr.count("\n") == 1 and "ply 2: cannot read the move 'nonsense'" in text.stderr


def test_bad_position_file_is_a_usage_error(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"game": "myra", "players": 2, "to_move": 0, "reserve": [25, 30],
                                "eliminated": [], "cells": []}))
    result = kit("moves", "--position", str(path))
    assert result.returncode == 2 and result.stderr.startswith("error: the reserve of Orange")
