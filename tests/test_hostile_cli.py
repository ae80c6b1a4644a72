"""No input hurts the command line: hostile input gets one line ``error: ...`` and exit status 2.

Every case runs ``python -m kit`` in a subprocess with a time limit and a memory cap. Ctrl-C
and SIGTERM on a tournament, SIGTERM on a GIF being written, and output piped into a reader
that goes away (one line, status 1) are checked the same way.
"""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from tests.waiting import until

ROOT = Path(__file__).resolve().parents[1]
MEMORY = 2 * 1024 ** 3  # bytes of address space a command may use
START = "S:4,4,4,4,4,4,4/4,4,4,4,4,4,4:0-0"
ENDLESS = "N:5,4,3,6,3,4,3/5,2,7,6,1,4,3:0-0"  # North's a relays for ever
MYRA = {"game": "myra", "players": 2, "to_move": 0, "reserve": [25, 25], "eliminated": [],
        "cells": [{"q": 5, "r": 0, "owner": 0, "queen": True, "count": 1},
                  {"q": -5, "r": 0, "owner": 1, "queen": True, "count": 1}]}


# ``python -m kit`` with its address space capped first (set in the child itself: a
# preexec_fn is not safe while the threads below start other commands)
LAUNCH = ("import resource, runpy; resource.setrlimit(resource.RLIMIT_AS, ({0}, {0})); "
          "runpy.run_module('kit', run_name='__main__', alter_sys=True)").format(MEMORY)


def kit(*args: str, timeout: float = 60) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-c", LAUNCH, *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=timeout, env=env)


def start_kit(*args: str) -> subprocess.Popen:
    """A command in a process group of its own, so that signals can go to the whole group, with
    Ctrl-C's default meaning: a suite started in the background by a shell (``cmd &``) inherits
    Ctrl-C ignored, and a Python started so never turns it into KeyboardInterrupt."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.Popen([sys.executable, "-c", LAUNCH, *args], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env, start_new_session=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))


def files(folder: Path) -> dict[str, bytes]:
    """The hostile files a case may name (written fresh for every case)."""
    good = json.dumps(MYRA)
    return {
        "bom.json": b"\xef\xbb\xbf" + good.encode(),
        "latin1.json": good.replace('"myra"', '"m\xfdra"').encode("latin-1"),
        "binary.json": bytes(range(256)) * 4,
        "big.json": b'{"game": "myra", "x": "' + b"a" * 1_100_000 + b'"}',
        "deep-list.json": b"[" * 100_000 + b"]" * 100_000,
        "deep-object.json": b'{"a":' * 100_000 + b"1" + b"}" * 100_000,
        "huge-int.json": b'{"game": "myra", "players": ' + b"9" * 5000 + b"}",
        "huge-float.json": good.replace("[25, 25]", "[1e999, 25]").encode(),
        "nan.json": good.replace("[25, 25]", "[NaN, 25]").encode(),
        "list.json": b"[1, 2, 3]",
        "null.json": b"null",
        "not-json.json": b"{game: myra}",
        "null-cells.json": good.replace(json.dumps(MYRA["cells"]), "null").encode(),
        "wrong-types.json": good.replace('"players": 2', '"players": "two"').encode(),
        "far-cell.json": good.replace('"q": 5,', '"q": 99999999999999999999999,').encode(),
        "soldiers.json": json.dumps({**MYRA, "reserve": [125, 25]}).encode(),
    }


CASES: list[tuple[str, tuple[str, ...], str]] = [
    # Walak-pussa
    ("illegal letter", ("walak", "replay", "z"), "not a hole letter"),
    ("empty hole", ("walak", "replay", "c", "d"), "North's d is empty"),
    ("unknown preset", ("walak", "replay", "--rules", "parker", "c"), "unknown Walak-pussa rule preset"),
    ("57 seeds", ("walak", "moves", "--position", "S:57,0,0,0,0,0,0/0,0,0,0,0,0,0:0-0"), "each 0..56"),
    ("more than 56", ("walak", "moves", "--position", "S:4,4,4,4,4,4,4/4,4,4,4,4,4,4:1-0"), "more than the 56"),
    ("huge count", ("walak", "moves", "--position", "S:" + "9" * 5000 + ",0,0,0,0,0,0/0,0,0,0,0,0,0:0-0"),
     "position string"),
    ("long position", ("walak", "moves", "--position", "S:" + "1," * 50_000), "too long"),
    ("malformed position", ("walak", "narrate", "--position", "S:1,2:0-0", "c"), "14 hole counts"),
    ("laps 0", ("walak", "narrate", "--laps", "0", "c"), "--laps"),
    ("laps huge", ("walak", "narrate", "--laps", "9" * 30, "c"), "--laps"),
    ("laps text", ("walak", "narrate", "--laps", "many", "c"), "--laps"),
    ("endless move", ("walak", "narrate", "--position", ENDLESS, "a"), "endless"),
    ("too many moves", ("walak", "replay", *["c"] * 10_001), "at most 10,000 moves"),
    ("unknown action", ("walak", "bogus"), "invalid choice"),
    ("unknown option", ("walak", "moves", "--colour", "red"), "unrecognized arguments"),
    ("nothing", (), "required"),
    # GIFs
    ("gif dpi nan", ("walak", "gif", "c", "--out", "{tmp}/x.gif", "--dpi", "nan"), "--dpi"),
    ("gif dpi huge", ("walak", "gif", "c", "--out", "{tmp}/x.gif", "--dpi", "1e9"), "--dpi"),
    ("gif inbetween", ("walak", "gif", "c", "--out", "{tmp}/x.gif", "--inbetween", "1000"), "--inbetween"),
    ("gif negative", ("walak", "gif", "c", "--out", "{tmp}/x.gif", "--inbetween", "-1"), "--inbetween"),
    ("gif illegal", ("walak", "gif", "q", "--out", "{tmp}/x.gif"), "not a hole letter"),
    ("gif folder", ("walak", "gif", "c", "--out", "{tmp}/missing/x.gif"), "cannot write"),
    ("gif bad file", ("myra", "gif", "F10-E10", "--out", "{tmp}/x.gif", "--position", "{tmp}/latin1.json"),
     "not UTF-8"),
    ("gif bad move", ("myra", "gif", "nonsense", "--out", "{tmp}/x.gif"), "nonsense"),
    # Myra position files
    ("missing file", ("myra", "moves", "--position", "{tmp}/nope.json"), "No such file"),
    ("a folder", ("myra", "moves", "--position", "{tmp}"), "not a regular file"),
    ("a device", ("myra", "moves", "--position", "/dev/zero"), "not a regular file"),
    ("latin-1", ("myra", "moves", "--position", "{tmp}/latin1.json"), "not UTF-8"),
    ("binary", ("myra", "perft", "--position", "{tmp}/binary.json"), "not UTF-8"),
    ("too large", ("myra", "moves", "--position", "{tmp}/big.json"), "larger than 1,000,000 bytes"),
    ("deep list", ("myra", "moves", "--position", "{tmp}/deep-list.json"), "nested too deeply"),
    ("deep object", ("myra", "replay", "--position", "{tmp}/deep-object.json", "F10-E10"), "nested too deeply"),
    ("huge int", ("myra", "moves", "--position", "{tmp}/huge-int.json"), "number"),
    ("huge float", ("myra", "moves", "--position", "{tmp}/huge-float.json"), "1e999"),
    ("NaN", ("myra", "moves", "--position", "{tmp}/nan.json"), "NaN"),
    ("not an object", ("myra", "moves", "--position", "{tmp}/list.json"), "JSON object"),
    ("null", ("myra", "moves", "--position", "{tmp}/null.json"), "JSON object"),
    ("not JSON", ("myra", "moves", "--position", "{tmp}/not-json.json"), "not valid JSON"),
    ("null cells", ("myra", "moves", "--position", "{tmp}/null-cells.json"), "cells"),
    ("wrong type", ("myra", "moves", "--position", "{tmp}/wrong-types.json"), "players"),
    ("far cell", ("myra", "moves", "--position", "{tmp}/far-cell.json"), "'q' must be -5 to 5"),
    ("125 soldiers", ("myra", "moves", "--position", "{tmp}/soldiers.json"), "reserve"),
    # Myra options and moves
    ("perft depth", ("myra", "perft", "--depth", "99"), "--depth"),
    ("perft negative", ("myra", "perft", "--depth", "-1"), "--depth"),
    ("players 5", ("myra", "moves", "--players", "5"), "--players"),
    ("myra preset", ("myra", "moves", "--rules", "parker"), "--rules"),
    ("ply limit 0", ("myra", "moves", "--ply-limit", "0"), "--ply-limit"),
    ("myra illegal", ("myra", "replay", "F3-F4"), "F3 is empty"),
    ("myra nonsense", ("myra", "replay", "nonsense"), "nonsense"),
    ("broken lines", ("myra", "replay", "F10-F9", "E9\n\nE8\r"), "E9"),
    ("walak broken lines", ("walak", "narrate", "--position", "S:1\n,2:0-0", "c"), "14 hole counts"),
    # tournaments
    ("no games", ("tournament", "walak", "random", "greedy", "--games", "0"), "--games"),
    ("many games", ("tournament", "walak", "random", "greedy", "--games", "100000000"), "--games"),
    ("time nan", ("tournament", "walak", "random", "mcts", "--time-per-move", "nan"), "--time-per-move"),
    ("time inf", ("tournament", "walak", "random", "mcts", "--time-per-move", "inf"), "--time-per-move"),
    ("time 0", ("tournament", "walak", "random", "mcts", "--time-per-move", "0"), "--time-per-move"),
    ("time long", ("tournament", "walak", "random", "mcts", "--time-per-move", "3600"), "--time-per-move"),
    ("depth", ("tournament", "walak", "alphabeta", "greedy", "--depth", "99"), "--depth"),
    ("myra depth", ("tournament", "myra", "alphabeta", "greedy", "--depth", "5"), "--depth for myra is at most 3"),
    ("seed", ("tournament", "walak", "random", "greedy", "--seed", "-1"), "--seed"),
    ("processes", ("tournament", "walak", "random", "greedy", "--processes", "0"), "--processes"),
    ("walak ply limit", ("tournament", "walak", "random", "greedy", "--ply-limit", "5"), "repetition ruling"),
    ("myra ply limit", ("tournament", "myra", "random", "greedy", "--ply-limit", "100000000"), "--ply-limit"),
    ("unknown game", ("tournament", "chess", "random", "greedy"), "unknown game"),
    ("unknown agent", ("tournament", "walak", "random", "minimax"), "unknown agent"),
    ("one agent", ("tournament", "walak", "random"), "required"),
]


@pytest.fixture(scope="module")
def outcomes(tmp_path_factory):
    """Every case run once, four at a time (each in a folder of its own with the hostile files):
    name -> (result, files before, files after)."""
    def run(case, folder):
        name, args, _ = case
        for file, data in files(folder).items():
            (folder / file).write_bytes(data)
        before = sorted(os.listdir(folder))
        result = kit(*(arg.replace("{tmp}", str(folder)) for arg in args))
        return name, (result, before, sorted(os.listdir(folder)))

    folders = [tmp_path_factory.mktemp("hostile") for _ in CASES]  # here: pytest's first folder is not made thread-safely
    with ThreadPoolExecutor(4) as pool:
        return dict(pool.map(run, CASES, folders))


@pytest.mark.parametrize("name, expected", [(case[0], case[2]) for case in CASES], ids=[case[0] for case in CASES])
def test_hostile_input_is_one_line_and_exit_2(outcomes, name, expected):
    result, before, after = outcomes[name]
    assert result.returncode == 2, (result.stdout[-500:], result.stderr[-500:])
    assert "Traceback" not in result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr[-500:]
    assert expected in lines[0]
    assert after == before  # nothing written, no partial file


def test_a_position_file_with_a_byte_order_mark_is_read(tmp_path):
    path = tmp_path / "bom.json"
    path.write_bytes(files(tmp_path)["bom.json"])
    result = kit("myra", "moves", "--position", str(path))
    assert result.returncode == 0 and "# move" in result.stdout, result.stderr


def test_output_into_a_reader_that_goes_away_ends_quietly():
    process = start_kit("walak", "narrate", "--position", ENDLESS, "--laps", "3000", "a")
    assert process.stdout.readline().startswith("North lifts")
    process.stdout.close()  # as `head -1` does
    stderr = process.stderr.read()
    assert process.wait(timeout=60) == 1 and stderr == ""  # quiet, as Unix tools are


def test_a_home_folder_that_cannot_be_written_prints_no_matplotlib_warning(tmp_path):
    env = {key: value for key, value in os.environ.items()
           if key not in ("MPLCONFIGDIR", "XDG_CONFIG_HOME", "XDG_CACHE_HOME")}
    env["HOME"] = os.devnull  # no folder can be made under it, even by root
    out = tmp_path / "c.gif"
    result = subprocess.run([sys.executable, "-m", "kit", "walak", "gif", "c", "--out", str(out)], env=env,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0 and out.is_file(), result.stderr
    assert result.stderr == "", result.stderr


def _group(group: int) -> list[int]:
    """The processes of a process group now (Linux ``/proc``)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            if int(stat.read_text().rsplit(")", 1)[1].split()[2]) == group:
                found.append(int(stat.parent.name))
        except (OSError, IndexError, ValueError):
            continue
    return found


def _no_process_left(group: int) -> None:
    def gone() -> bool:
        try:
            os.killpg(group, 0)
        except ProcessLookupError:
            return True
        return False

    try:
        until(gone, "the command's processes to end", seconds=60)
    except AssertionError:
        os.killpg(group, signal.SIGKILL)
        pytest.fail("processes of the command were left behind")


@pytest.mark.parametrize("sig, to_group, as_json", [(signal.SIGINT, True, True), (signal.SIGTERM, False, False)],
                         ids=["ctrl-c to the group", "sigterm"])
def test_an_interrupted_tournament_prints_the_finished_games(sig, to_group, as_json):
    process = start_kit("tournament", "walak", "alphabeta", "alphabeta", "--games", "500", "--time-per-move",
                        "0.005", "--processes", "2", *(["--json"] if as_json else []))
    # interrupted once its two worker processes play: the group holds the command and both
    until(lambda: len(_group(process.pid)) >= 3 or process.poll() is not None, "the tournament's worker processes")
    assert process.poll() is None, process.stderr.read()
    if to_group:
        os.killpg(process.pid, sig)
    else:
        process.send_signal(sig)
    stdout, stderr = process.communicate(timeout=30)
    assert process.returncode == 130
    assert "Traceback" not in stderr
    lines = stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("interrupted: the standings of the ")
    if as_json:
        data = json.loads(stdout)
        assert data["interrupted"] is True and 0 <= data["games"] < 500
        assert sum(data["wins"].values()) + data["draws"] == data["games"]
    else:
        assert stdout.splitlines()[0].split() == ["agent", "played", "won", "drawn", "lost", "score"]
    _no_process_left(process.pid)


def test_a_tournament_s_workers_end_when_the_command_is_killed():
    """A command killed outright (no handler runs) leaves no worker behind: each sees its pipe end.
    (A worker kept a copy of the parent's end of its own pipe and waited on it for ever, holding
    the command's output open: seen when SIGTERM came while the workers started.)"""
    process = start_kit("tournament", "walak", "alphabeta", "alphabeta", "--games", "500", "--time-per-move",
                        "0.005", "--processes", "2")
    until(lambda: len(_group(process.pid)) >= 3 or process.poll() is not None, "the tournament's worker processes")
    assert process.poll() is None, process.stderr.read()
    process.kill()
    try:
        _, stderr = process.communicate(timeout=120)  # the output closes once the workers have ended too
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        pytest.fail("the tournament's workers outlived the command")
    assert "Traceback" not in stderr
    _no_process_left(process.pid)


def test_a_gif_stopped_by_sigterm_leaves_no_file(tmp_path):
    out = tmp_path / "slow.gif"
    process = start_kit("walak", "gif", "c", "--out", str(out), "--inbetween", "6", "--dpi", "150")

    def writing() -> bool:  # the GIF's first bytes are in its part file (or the command ended)
        parts = [tmp_path / name for name in os.listdir(tmp_path) if name.endswith(".part.gif")]
        return process.poll() is not None or any(part.stat().st_size > 0 for part in parts if part.exists())

    until(writing, "the GIF being written")
    assert process.poll() is None, process.stderr.read()
    process.send_signal(signal.SIGTERM)
    stdout, stderr = process.communicate(timeout=30)
    assert process.returncode == 130 and stderr == "error: interrupted\n" and stdout == ""
    assert os.listdir(tmp_path) == []
    _no_process_left(process.pid)
