"""Homework grading speed: ``nbgrader autograde`` of one assignment for a class of 30.

Run from the repository root: ``python -m benchmarks.homework_bench [--lesson N] [--students S]``.
It lays out a course in a temporary folder (``kit homework``), releases the lesson's assignment
(``nbgrader generate_assignment``), hands in one notebook a student (student i answers exercise j
right unless i + j is a multiple of 3, then 0), and times ``nbgrader autograde`` as a teacher runs
it: wall-clock seconds, and the CPU seconds of nbgrader and its kernels (on a shared machine the
wall clock includes waiting for a core). nbgrader grades the notebooks one after another.
"""
from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from kit.cli import main as kit

ROOT = Path(__file__).resolve().parents[1]


def nbgrader(course: Path, *args: str) -> None:
    """Run an nbgrader command in the course, with this checkout's kit in the kernels."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    subprocess.run([sys.executable, "-m", "nbgrader", *args], cwd=course, env=env, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def hand_in(course: Path, assignment: str, students: int) -> None:
    """Put each student's notebook where ``nbgrader collect`` would."""
    (released,) = (course / "release" / assignment).glob("*.ipynb")
    for i in range(students):
        notebook = json.loads(released.read_text(encoding="utf-8"))
        answers = [cell for cell in notebook["cells"] if cell["metadata"].get("nbgrader", {}).get("solution")]
        source = json.loads((course / "source" / assignment / released.name).read_text(encoding="utf-8"))
        model = [cell["source"] for cell in source["cells"] if cell["metadata"].get("nbgrader", {}).get("solution")]
        for j, cell in enumerate(answers):
            cell["source"] = model[j] if (i + j) % 3 else "answer = 0"
        folder = course / "submitted" / f"student{i + 1:02d}" / assignment
        folder.mkdir(parents=True)
        (folder / released.name).write_text(json.dumps(notebook), encoding="utf-8")
        (folder / "timestamp.txt").write_text("2026-12-01 10:00:00.000000 UTC")


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lesson", type=int, default=4, help="the lesson whose homework is graded (default 4)")
    parser.add_argument("--students", type=int, default=30, help="the size of the class (default 30)")
    args = parser.parse_args()
    assignment = f"lesson-{args.lesson:02d}"
    with tempfile.TemporaryDirectory() as folder:
        course = Path(folder) / "course"
        with contextlib.redirect_stdout(io.StringIO()):
            if kit(["homework", str(course), "--lessons", str(args.lesson)]) != 0:
                sys.exit(2)
        nbgrader(course, "generate_assignment", assignment)
        hand_in(course, assignment, args.students)
        began, began_cpu = time.perf_counter(), children_cpu()
        nbgrader(course, "autograde", assignment)
        wall, cpu = time.perf_counter() - began, children_cpu() - began_cpu
    print(f"nbgrader autograde {assignment}, {args.students} students, on {os.cpu_count()} cores "
          f"(load average {os.getloadavg()[0]:.1f}):")
    print(f"  {wall:6.1f} s wall, {cpu:6.1f} s CPU; {wall / args.students:.2f} s wall "
          f"and {cpu / args.students:.2f} s CPU a student")


if __name__ == "__main__":
    main()
