"""A game from another package, found without editing the kit: Nim (tests/third_game) built as a
wheel of its own (``kit-nim``, its ``pyproject.toml``) in a temporary folder and installed into a
temporary virtual environment that sees this environment's packages; everything is then run in
that environment's Python, as a teacher who installed the game would: the command line, the
conformance check, a tournament in spawned workers and the classroom. A second package declares
broken games, each skipped with one warning naming it."""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from kit.core.perft import perft_counts
from tests.third_game.position import start

ROOT = Path(__file__).resolve().parent.parent
NIM = ROOT / "tests" / "third_game"
BROKEN = "kit-broken-games"


def run(command: list[str], **options) -> subprocess.CompletedProcess:  # noqa: ANN003 - subprocess.run's
    return subprocess.run(command, capture_output=True, text=True, timeout=600, check=False, **options)


def build(source: Path, wheels: Path) -> Path:
    """The wheel of the package in ``source``, built offline with this environment's setuptools."""
    built = run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--no-index",
                 "--wheel-dir", str(wheels), str(source)])
    assert built.returncode == 0, built.stdout + built.stderr
    name = source.name.replace("-", "_")
    return next(wheels.glob(f"{name}-*.whl"))


@pytest.fixture(scope="module")
def outside(tmp_path_factory) -> dict[str, object]:
    """The temporary environment's Python with Nim installed, and the folder holding the broken package."""
    folder = tmp_path_factory.mktemp("plugins")
    source = folder / "kit-nim"
    shutil.copytree(NIM, source, ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "build", "*.egg-info"))
    broken = folder / BROKEN
    broken.mkdir()
    (broken / "pyproject.toml").write_text(textwrap.dedent(f"""\
        [build-system]
        requires = ["setuptools>=68"]
        build-backend = "setuptools.build_meta"

        [project]
        name = "{BROKEN}"
        version = "0.1"

        [project.entry-points."walak_myra_kit.games"]
        walak = "kit_broken_games:NOT_A_GAME"
        ghost = "kit_broken_nowhere:GAME"
        number = "kit_broken_games:NOT_A_GAME"

        [tool.setuptools]
        py-modules = ["kit_broken_games"]
        """))
    (broken / "kit_broken_games.py").write_text('"""Declares games that are no games."""\nNOT_A_GAME = 3\n')
    wheels = folder / "wheels"
    nim_wheel, broken_wheel = build(source, wheels), build(broken, wheels)
    venv = folder / "venv"
    made = run([sys.executable, "-m", "venv", "--system-site-packages", "--without-pip", str(venv)])
    assert made.returncode == 0, made.stderr
    python = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    installed = run([sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps", "--no-index",
                     str(nim_wheel)])
    assert installed.returncode == 0, installed.stdout + installed.stderr
    broken_site = folder / "broken-site"
    installed = run([sys.executable, "-m", "pip", "install", "--no-deps", "--no-index", "--target", str(broken_site),
                     str(broken_wheel)])
    assert installed.returncode == 0, installed.stdout + installed.stderr
    return {"python": str(python), "broken": str(broken_site), "folder": folder}


def kit(outside: dict[str, object], *args: str, extra_path: str | None = None,
        script: str | None = None) -> subprocess.CompletedProcess:
    """``python -m kit ARGS`` (or a script) in the temporary environment, away from this checkout's
    folder (the kit itself from this checkout: PYTHONPATH, as for every test here)."""
    paths = [*([extra_path] if extra_path else []), str(ROOT)]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(paths), "MPLBACKEND": "Agg"}
    command = [str(outside["python"]), *(["-c", script] if script is not None else ["-m", "kit", *args])]
    return run(command, cwd=str(outside["folder"]), env=env)


def test_no_line_of_the_kit_knows_the_game_s_package() -> None:
    named = [str(path.relative_to(ROOT)) for path in (ROOT / "kit").rglob("*.py")
             if re.search(r"kit_nim|third_game|NimGame", path.read_text(encoding="utf-8"))]
    assert named == []


def test_the_command_line_lists_and_plays_it(outside) -> None:
    shown = kit(outside, "--help")
    assert shown.returncode == 0 and shown.stderr == "", shown.stderr
    assert "Walak-pussa, Myra and Nim: engines" in shown.stdout
    assert re.search(r"^    nim +Nim, take stones from heaps: the last stone wins$", shown.stdout, re.MULTILINE)
    moves = kit(outside, "nim", "moves")
    assert moves.returncode == 0 and "a1" in moves.stdout, moves.stderr
    replay = kit(outside, "nim", "replay", "--json", "c5", "b4", "a3")
    lines = [json.loads(line) for line in replay.stdout.splitlines()]
    assert replay.returncode == 0 and lines[-1]["over"] and lines[-1]["winner"] == 0, replay.stderr
    perft = kit(outside, "nim", "perft", "--depth", "3")
    assert perft.returncode == 0 and perft.stdout.splitlines()[-1] == str(perft_counts(start(), 3)[-1])
    assert perft.stdout.startswith(f"depth 1: {perft_counts(start(), 1)[0]} move sequences\n")
    refused = kit(outside, "nim", "replay", "d1")
    assert refused.returncode == 2 and refused.stderr.startswith("error: ")


def test_an_installed_game_is_imported_only_when_asked_for(outside) -> None:
    script = ("import sys, kit; kit.game('walak'); before = 'kit_nim.game' in sys.modules; "
              "kit.games(); print(before, 'kit_nim.game' in sys.modules, 'kit_nim.drawing' in sys.modules)")
    shown = kit(outside, script=script)
    assert shown.stdout.split() == ["False", "True", "False"], shown.stderr


def test_it_passes_the_conformance_check(outside) -> None:
    checked = kit(outside, "check", "nim", "--games", "5")
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert checked.stdout.splitlines()[-1] == "Nim follows the protocol."


def test_a_tournament_in_spawned_workers_finds_it(outside) -> None:
    script = textwrap.dedent("""\
        import multiprocessing
        from kit.agents.tournament import match

        if __name__ == "__main__":
            multiprocessing.set_start_method("spawn")
            result = match("nim", ["club", "random"], games=4, processes=2, progress=False)
            print(len(result.games), sum(result.wins().values()) + result.draws)
        """)
    path = Path(str(outside["folder"])) / "spawned.py"
    path.write_text(script)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    played = run([str(outside["python"]), str(path)], cwd=str(outside["folder"]), env=env)
    assert played.returncode == 0, played.stderr
    assert played.stdout.split() == ["4", "4"]
    command = kit(outside, "tournament", "nim", "greedy", "random", "--games", "2", "--json", "--processes", "1")
    assert command.returncode == 0 and json.loads(command.stdout)["games"] == 2, command.stderr


def test_the_classroom_lists_it_and_offers_only_its_modes(outside) -> None:
    script = textwrap.dedent("""\
        import dataclasses
        from kit.core.game import game, register

        nim = game("nim")  # and a game with a live game alone: Nim without its gallery, registered by hand
        register(dataclasses.replace(nim, name="bare", title="Bare Nim",
                                     parts={part: where for part, where in nim.parts.items() if part != "demos"}))
        from kit.classroom.room import Classroom

        room = Classroom(seed=1)
        assert [name for _, name in room.game.options] == ["walak", "myra", "nim", "bare"], room.game.options
        room.game.value = "nim"
        assert [mode for _, mode in room.mode.options] == ["demos", "live"], room.mode.options
        assert room.mode.value == "demos" and "Balancing the heaps." in room.notes["nim"].value
        room.mode.value = "live"
        board = room.board("nim")
        x, y = board.stepper.view.board.pixel_of((0, 0))
        board.stepper.view.handle_event({"type": "click", "dataX": x, "dataY": y})
        assert board.position.heaps == (0, 4, 5) and board.errors.outputs == (), board.position
        room.game.value = "walak"
        assert [mode for _, mode in room.mode.options] == ["demos", "live", "setup", "puzzles"]
        assert room.mode.value == "live"
        for mode in ("setup", "puzzles", "demos"):
            room.mode.value = mode
        room.game.value = "nim"
        assert room.mode.value == "demos" and room.feedback.errors.outputs == ()
        room.game.value = "bare"
        assert [mode for _, mode in room.mode.options] == ["live"] and room.mode.value == "live"
        assert room.board("bare").position.heaps == (3, 4, 5) and room.feedback.errors.outputs == ()
        assert [mode for _, mode in room.offered["myra"]] == ["demos", "live", "setup", "puzzles"]
        print("played")
        """)
    shown = kit(outside, script=script)
    assert shown.returncode == 0 and shown.stdout.strip() == "played", shown.stdout + shown.stderr


def test_a_broken_package_is_skipped_with_one_warning_each(outside) -> None:
    listed = kit(outside, script="import kit; print(kit.games())", extra_path=str(outside["broken"]))
    assert listed.returncode == 0 and listed.stdout.strip() == "['walak', 'myra', 'nim']", listed.stderr
    warnings = [line for line in listed.stderr.splitlines() if "RuntimeWarning" in line]
    assert len(warnings) == 3 and all(f"declared by the package {BROKEN!r} is skipped" in line for line in warnings)
    assert any("'walak'" in line and "taken by the package 'walak-myra-kit'" in line for line in warnings)
    assert any("'ghost'" in line and "ModuleNotFoundError" in line for line in warnings)
    assert any("'number'" in line and "is int, not the Game called 'number'" in line for line in warnings)
    played = kit(outside, "walak", "replay", "c", extra_path=str(outside["broken"]))
    assert played.returncode == 0 and "ply 1: South plays c" in played.stdout
    assert played.stderr.count("RuntimeWarning") == 1 and "'walak'" in played.stderr  # the others not imported
    unknown = kit(outside, "ghost", "moves", extra_path=str(outside["broken"]))
    assert unknown.returncode == 2 and unknown.stderr.count("RuntimeWarning") == 3
    assert unknown.stderr.endswith("error: unknown game 'ghost' (a package declares it but it could not be loaded: "
                                   "see the warning above)\n")


def test_a_broken_declaration_s_warning_points_at_the_package_not_the_kit(outside) -> None:
    listed = kit(outside, script="import kit; kit.games()", extra_path=str(outside["broken"]))
    lines = listed.stderr.splitlines()
    declared = Path(str(outside["broken"])) / "kit_broken_games-0.1.dist-info" / "entry_points.txt"
    for name in ("walak", "ghost", "number"):
        place = next(line for line in lines if f"the game {name!r}" in line).split(": RuntimeWarning")[0]
        number = int(place.rsplit(":", 1)[1])
        assert place.rsplit(":", 1)[0] == str(declared)
        assert declared.read_text().splitlines()[number - 1].startswith(f"{name} = ")
    assert "kit/core" not in listed.stderr and "_load(name)" not in listed.stderr
