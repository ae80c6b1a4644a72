"""The Walak-pussa command line."""
import json
import subprocess
import sys

from kit import walak


def run(*args):
    return subprocess.run([sys.executable, "-m", "kit", *args], capture_output=True, text=True, timeout=60)


def test_help_lists_the_commands():
    out = run("--help")
    assert out.returncode == 0
    for command in ("walak", "myra"):
        assert command in out.stdout
    assert "replay" in run("walak", "--help").stdout


def test_replay_json_lines():
    out = run("walak", "replay", "--json", "c", "b", "a")
    assert out.returncode == 0
    lines = [json.loads(line) for line in out.stdout.splitlines()]
    expected = walak.start().play("c").play("b").play("a")
    assert [line["ply"] for line in lines] == [1, 2, 3] and [line["player"] for line in lines] == [0, 1, 0]
    assert lines[-1]["board"] == list(expected.board) and lines[-1]["captured"] == list(expected.captured)
    assert lines[-1]["to_move"] == 1 and lines[-1]["over"] is False and lines[-1]["winner"] is None
    assert {"ply", "player", "move", "board", "captured", "to_move", "over", "winner"} <= set(lines[0])


def test_replay_illegal_move_prints_earlier_positions_then_exits_2():
    out = run("walak", "replay", "--json", "c", "d", "a")
    assert out.returncode == 2
    assert len(out.stdout.splitlines()) == 1
    assert "ply 2" in out.stderr and "North's d is empty" in out.stderr


def test_replay_with_rules_and_text_board():
    out = run("walak", "replay", "--rules", "ludii", "c")
    assert out.returncode == 0 and "South plays c" in out.stdout and "captured" in out.stdout
    bad = run("walak", "replay", "--rules", "parker", "c")
    assert bad.returncode == 2 and "unknown Walak-pussa rule preset" in bad.stderr


def test_moves_marks_the_endless_hole():
    out = run("walak", "moves", "--position", "N:5 4 3 6 3 4 3 | 5 2 7 6 1 4 3:0-0")
    assert out.returncode == 0 and "legal: b c d e f g" in out.stdout and "endless: a" in out.stdout


def test_narrate_a_move_and_the_first_laps_of_an_endless_one():
    out = run("walak", "narrate", "c")
    assert out.returncode == 0 and out.stdout.startswith("South lifts 4 seeds from South's c.")
    endless = run("walak", "narrate", "--position", "N:1 0 1 0 1 0 1 | 0 1 0 1 2 1 0:0-0", "--laps", "2", "e")
    assert endless.returncode == 0 and "Endless sowing" in endless.stdout.splitlines()[-1]
    bad = run("walak", "narrate", "--position", "S:1,2:0-0", "c")
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1


def test_replay_ends_by_the_repetition_ruling():
    chase = ["--position", "S:1,0,0,0,0,0,0/1,0,0,0,0,0,0:27-27", *"aabbccddeeffgg" * 2]
    out = run("walak", "replay", *chase)
    assert out.returncode == 0, out.stderr
    assert out.stdout.rstrip().endswith(
        "The position stood for the third time: each player took the seeds in their own row.")
    last = json.loads(run("walak", "replay", "--json", *chase).stdout.splitlines()[-1])
    assert last["over"] and last["winner"] is None and last["captured"] == [28, 28] and "third time" in last["end"]
    after = run("walak", "replay", *chase, "a")
    assert after.returncode == 2 and "the game is over: the position stood for the third time" in after.stderr
