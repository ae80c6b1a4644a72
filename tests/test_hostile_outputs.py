"""No output hurts: files, devices, stdout and long computations on the command line.

Every case runs ``python -m kit`` in a subprocess with a time limit and a memory cap (its
address space), in a folder of its own, and asserts the exit status, one short line on
stderr (never a traceback) and that nothing changed: the files of the folder and their
bytes, and the devices (``/dev/null`` and ``/dev/full`` still character devices). Run as
root (a container, CI), the devices cases are the ones that matter most.
"""
from __future__ import annotations

import json
import os
import resource
import shlex
import stat
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import pytest

ROOT = Path(__file__).resolve().parents[1]
MEMORY = 1024  # MB of address space a command may use (unless its case says otherwise)
# ``python -m kit`` with its address space capped, writing its CPU seconds and peak memory (MB) on exit
# The peak is the process's own high-water mark (VmHWM): ru_maxrss would keep the test runner's
# size from before the exec, which grows as the suite runs.
LAUNCH = ("import atexit, os, resource, runpy\n"
          "resource.setrlimit(resource.RLIMIT_AS, ({0} << 20, {0} << 20))\n"
          "def usage():\n"
          "    own = resource.getrusage(resource.RUSAGE_SELF)\n"
          "    with open('/proc/self/status') as status:\n"
          "        peak = next(int(line.split()[1]) for line in status if line.startswith('VmHWM:'))\n"
          "    with open(os.environ['KIT_USAGE'], 'w') as file:\n"
          "        file.write(f'{{own.ru_utime + own.ru_stime}} {{peak / 1024}}')\n"
          "atexit.register(usage)\n"
          "runpy.run_module('kit', run_name='__main__', alter_sys=True)")
# North's b: 441 frames without in-betweens, 2.3 MB each at 150 dpi: about 1 GB if the frames were all held
LONG_RELAY = "N:5,9,6,2,2,3,2/3,7,3,3,4,3,4:0-0"
# Six troops of four a side on an open board: 1,669 moves, about 3e9 positions at depth 3
OPEN_TROOPS = [(-5, 2, 0), (0, -1, 0), (3, 0, 0), (0, 4, 0), (-3, 2, 0), (-1, 0, 0),
               (-5, 1, 1), (4, 1, 1), (-1, -3, 1), (-4, 5, 1), (1, 0, 1), (3, -3, 1)]
OPEN = {"game": "myra", "players": 2, "to_move": 0, "reserve": [25, 25], "eliminated": [],
        "cells": [{"q": q, "r": r, "owner": owner, "queen": False, "count": 4} for q, r, owner in OPEN_TROOPS]
        + [{"q": 5, "r": 0, "owner": 0, "queen": True, "count": 1},
           {"q": -5, "r": 0, "owner": 1, "queen": True, "count": 1}]}
LONG_NAME = "a" * 246 + ".gif"  # 250 characters: legal (NAME_MAX is 255), with no room for a long temporary name
DEVICES = ("/dev/null", "/dev/full")


def prepare(folder: Path) -> None:
    """The files a case may name."""
    (folder / "existing.gif").write_bytes(b"GIF89a my slide")
    (folder / "existing.pdf").write_bytes(b"%PDF my worksheet")
    (folder / "open.json").write_text(json.dumps(OPEN))
    (folder / "null-link.gif").symlink_to("/dev/null")
    (folder / "file-link.gif").symlink_to(folder / "existing.gif")
    os.mkfifo(folder / "fifo.gif")
    (folder / "folder.gif").mkdir()


@dataclass(frozen=True)
class Case:
    name: str
    args: tuple[str, ...]
    status: int
    says: str                       # in the one line on stderr ("" for none)
    seconds: float = 1.0            # CPU seconds the command may take (the test machine's clock is shared)
    memory: int = MEMORY            # MB of address space
    shell: str = ""                 # a shell redirection after the command, e.g. "> /dev/full"
    changed: tuple[str, ...] = ()   # files the command may create or replace
    check: Callable[[Path], bool] | None = None  # a further check of the folder after the command


def gif(*args: str) -> tuple[str, ...]:
    return ("walak", "gif", "c", "--dpi", "20", "--inbetween", "0", *args)


def worksheet(*args: str) -> tuple[str, ...]:
    return ("worksheet", "walak", "--count", "1", *args)


CASES = [
    # files that are not regular files: refused before any work, as root too
    Case("gif onto /dev/null", gif("--out", "/dev/null"), 2, "'/dev/null': it is not a regular file"),
    Case("gif onto /dev/full with --force", gif("--out", "/dev/full", "--force"), 2, "not a regular file"),
    Case("worksheet onto /dev/null", worksheet("--out", "/dev/null"), 2, "--out must name a .pdf file"),
    Case("gif onto a link to /dev/null", gif("--out", "{tmp}/null-link.gif", "--force"), 2, "symbolic link"),
    Case("gif onto a link to a file", gif("--out", "{tmp}/file-link.gif", "--force"), 2, "symbolic link"),
    Case("gif onto a fifo", gif("--out", "{tmp}/fifo.gif", "--force"), 2, "not a regular file"),
    Case("gif onto a folder", gif("--out", "{tmp}/folder.gif"), 2, "it is a folder"),
    Case("gif into a missing folder", gif("--out", "{tmp}/missing/x.gif"), 2, "folder '{tmp}/missing' does not exist"),
    Case("gif into /proc", gif("--out", "/proc/kit.gif"), 2, "cannot write '/proc/kit.gif'"),
    Case("gif into /sys", gif("--out", "/sys/kit.gif"), 2, "cannot write '/sys/kit.gif'"),
    # existing files: replaced only with --force
    Case("gif onto an existing file", gif("--out", "{tmp}/existing.gif"), 2, "already exists; add --force"),
    Case("worksheet onto an existing file", worksheet("--out", "{tmp}/existing.pdf"), 2, "already exists"),
    Case("gif with --force", gif("--out", "{tmp}/existing.gif", "--force"), 0, "", 5, changed=("existing.gif",),
         check=lambda tmp: (tmp / "existing.gif").read_bytes()[:6] == b"GIF89a"
         and len((tmp / "existing.gif").read_bytes()) > 100),
    # names
    Case("a 250-character name", gif("--out", "{tmp}/" + LONG_NAME), 0, "", 5, changed=(LONG_NAME,)),
    Case("a 256-character name", gif("--out", "{tmp}/b" + LONG_NAME[:-4] + "12345.gif"), 2, "file name is too long"),
    Case("a very long name is cut in the message", gif("--out", "{tmp}/" + "c" * 5000 + ".gif"), 2,
         "characters)"),
    # worksheet titles and names
    Case("a title the font lacks", worksheet("--title", "Puzzles \U0001F980 \u6f22", "--out", "{tmp}/s.pdf"), 2,
         "cannot print '\U0001F980' (crab), '\u6f22' (cjk unified ideograph-6f22)"),
    Case("a title with dollars is plain text", worksheet("--title", "Puzzles for $5 and $6", "--out", "{tmp}/s.pdf"),
         0, "", 5, changed=("s.pdf",)),
    Case("a title of 200 characters", worksheet("--title", "t" * 200, "--out", "{tmp}/s.pdf"), 2,
         "at most 80"),
    Case("a title with a control character", worksheet("--title", "a\x07b", "--out", "{tmp}/s.pdf"), 2,
         "cannot print"),
    # stdout that cannot be written
    Case("stdout on a full device", ("walak", "moves"), 1, "cannot write the output: No space left on device",
         shell="> /dev/full"),
    Case("a long output on a full device", ("walak", "narrate", "--laps", "300", "--position",
                                            "N:5,4,3,6,3,4,3/5,2,7,6,1,4,3:0-0", "a"), 1,
         "No space left on device", shell="> /dev/full"),
    Case("JSON on a full device", ("myra", "replay", "--json", "F10-F9"), 1, "No space left", shell="> /dev/full"),
    Case("stdout closed", ("myra", "moves"), 1, "the output is closed", shell=">&-"),
    Case("a reader that stops after one byte", ("walak", "narrate", "--laps", "3000", "--position",
                                                "N:5,4,3,6,3,4,3/5,2,7,6,1,4,3:0-0", "a"), 1,
         "", shell="| head -c1 > /dev/null"),  # quiet, as Unix tools are (exit status 1)
    # long computations: refused early, or bounded in time and memory
    Case("perft of an open position to depth 3", ("myra", "perft", "--depth", "3", "--position", "{tmp}/open.json"),
         2, "more than the 1 GB allowed", 5),
    Case("puzzles that cannot be found in time", ("puzzles", "myra", "--kind", "save-the-queen", "--level", "3",
                                                  "--count", "100", "--time-limit", "2"), 2,
         "no save-the-queen puzzle at level 3 was found", 5),
    Case("puzzles partly found in time", ("puzzles", "walak", "--kind", "most-captured", "--level", "3", "--count",
                                          "100", "--time-limit", "1"), 0, "puzzles found in", 4),
    Case("time limit 0", ("puzzles", "walak", "--time-limit", "0"), 2, "--time-limit"),
    Case("time limit nan", ("worksheet", "walak", "--time-limit", "nan", "--out", "{tmp}/s.pdf"), 2, "--time-limit"),
    Case("more processes than cores", ("tournament", "walak", "random", "greedy", "--games", "2", "--processes",
                                       "64"), 0, "is more than the", 3),
    Case("a long relay's GIF is streamed", ("walak", "gif", "b", "--position", LONG_RELAY, "--inbetween", "0",
                                            "--dpi", "150", "--out", "{tmp}/relay.gif"), 0, "", 20, memory=600,
         changed=("relay.gif",)),
]


def snapshot(folder: Path) -> dict[str, object]:
    """What a command must not change: each entry's kind and bytes, and the devices."""
    state: dict[str, object] = {}
    for entry in sorted(folder.iterdir()):
        info = entry.lstat()
        data = entry.read_bytes() if stat.S_ISREG(info.st_mode) else os.readlink(entry) \
            if stat.S_ISLNK(info.st_mode) else None
        state[entry.name] = (stat.S_IFMT(info.st_mode), data)
    for device in DEVICES:
        info = os.lstat(device)
        state[device] = (stat.S_IFMT(info.st_mode), info.st_rdev)
    return state


def run(case: Case, folder: Path) -> tuple[subprocess.CompletedProcess, float, float]:
    """The command's result, CPU seconds and peak memory in MB."""
    args = [arg.replace("{tmp}", str(folder)) for arg in case.args]
    usage = folder.parent / f"{folder.name}.usage"
    env = dict(os.environ, PYTHONPATH=str(ROOT), KIT_USAGE=str(usage))
    command = [sys.executable, "-c", LAUNCH.format(case.memory), *args]
    if case.shell:
        command = ["/bin/bash", "-o", "pipefail", "-c", " ".join(map(shlex.quote, command)) + " " + case.shell]
    # the wall-clock limit only stops a command that hangs (its CPU time is what is checked): four
    # commands at a time beside the other tests may wait minutes for a core on a loaded machine
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=case.seconds * 10 + 300,
                            env=env)
    cpu, peak = map(float, usage.read_text().split())
    return result, cpu, peak


@pytest.fixture(scope="module")
def outcomes(tmp_path_factory):
    """Every case run once, four at a time: name -> (result, CPU seconds, peak MB, before, after, folder)."""
    def one(case: Case, folder: Path):
        prepare(folder)
        before = snapshot(folder)
        result, cpu, peak = run(case, folder)
        return case.name, (result, cpu, peak, before, snapshot(folder), folder)

    folders = [tmp_path_factory.mktemp("outputs") for _ in CASES]  # here: pytest's first folder is not made thread-safely
    with ThreadPoolExecutor(4) as pool:
        return dict(pool.map(one, CASES, folders))


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_hostile_output(outcomes, case):
    result, cpu, peak, before, after, folder = outcomes[case.name]
    assert "Traceback" not in result.stderr, result.stderr[-800:]
    assert result.returncode == case.status, (result.stdout[-300:], result.stderr[-500:])
    lines = result.stderr.splitlines()
    if case.says:
        assert len(lines) == 1 and len(lines[0]) <= 300, result.stderr[-500:]
        assert case.says.replace("{tmp}", str(folder)) in lines[0]
        assert lines[0].startswith("error: " if case.status else "note: ")
    else:
        assert lines == [], result.stderr[-500:]
    for name in case.changed:
        before.pop(name, None)
        assert after.pop(name)[0] == stat.S_IFREG
    assert after == before  # nothing else created, replaced or left behind (no temporary file)
    assert case.check is None or case.check(folder)
    # a gif command loads the drawing library (about 1 s of CPU) before the file is refused
    seconds = max(case.seconds, 2.0) if case.args[1:2] == ("gif",) else case.seconds
    assert cpu < seconds, f"{case.name} took {cpu:.1f} s of CPU (limit {seconds} s)"
    assert peak < case.memory, f"{case.name} took {peak:.0f} MB (cap {case.memory} MB)"


ARGUMENT_ERRORS = [("bogus",), ("walak", "bogus"), ("myra", "perft", "--depth", "9"),
                   ("worksheet", "walak", "--count", "x", "--out", "x.pdf"), ("puzzles", "walak", "--level", "x"),
                   ("tournament", "walak", "random"), ("walak", "gif", "c", "--dpi", "nan", "--out", "x.gif")]


def test_argument_errors_take_under_half_a_second():
    """Measured in CPU time of the command (the test machine's wall clock is shared)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    for args in ARGUMENT_ERRORS:
        used = resource.getrusage(resource.RUSAGE_CHILDREN)
        result = subprocess.run([sys.executable, "-m", "kit", *args], cwd=ROOT, capture_output=True, text=True,
                                timeout=30, env=env)
        now = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = now.ru_utime + now.ru_stime - used.ru_utime - used.ru_stime
        assert result.returncode == 2 and len(result.stderr.splitlines()) == 1, result.stderr
        assert cpu < 0.5, f"{args}: {cpu:.2f} s"


def test_the_parser_imports_no_plotting():
    code = ("import sys; from kit.cli.main import build_parser; build_parser(); "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('matplotlib', 'PIL', 'ipywidgets')))")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=30,
                            env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert result.stdout.strip() == "[]", result.stdout + result.stderr



def _status(argv: list[str]) -> object:
    """The exit status of the command line run in this process (argparse exits by itself)."""
    from kit.cli import main

    try:
        return main(argv)
    except SystemExit as ended:
        return ended.code


@pytest.mark.parametrize("argv", [
    ["puzzles", "g" * 131_000], ["tournament", "g" * 131_000, "a", "b"], ["g" * 131_000], ["walak", "g" * 131_000],
    ["walak", "moves", "--" + "g" * 131_000], ["worksheet", "g" * 131_000, "--out", "nowhere.pdf"]])
def test_a_huge_argument_is_quoted_short(argv, capsys):
    """argparse's own messages and the commands' quote at most 80 characters of an argument."""
    assert _status(argv) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and len(error) < 300 and "131,0" in error, error[:300]


def test_too_many_arguments_are_refused_before_parsing(capsys):
    import time

    began = time.thread_time()
    assert _status(["walak", "replay", *["a"] * 50_000]) == 2
    assert time.thread_time() - began < 1.0
    assert "50,002 arguments" in capsys.readouterr().err
