"""The class answers on one machine: how soon a question reaches the students and an answer the tally.

Run from the repository root: ``python -m benchmarks.class_answers_bench`` (``--students``,
``--questions``, ``--window``). It makes a real class database (SQLite, WAL) in a temporary
folder and starts ``--students`` processes, each a student's page as the class database sees
it: its own connection, reading the class's last question every
:data:`kit.classes.poll.EVERY` seconds (as the answer panel does), and answering each question
at a random moment within ``--window`` seconds of seeing it (so that the whole class answers
within the same few seconds). The teacher's side (this process) asks predict questions of a
real move, reads the tally as the projector's row does, and reveals. Printed are

- question asked until a student's page has read it: p50, p95, max;
- answer committed until the teacher's tally has counted it: p50, p95, max;
- the database's size per 100 questions answered by the whole class (answers judged).

The pages' widgets and drawing are not part of this figure (they run in each page's own
kernel, after the reading); the browser test shows the whole path works.
"""
from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import kit
from kit.classes.answers import ClassAnswers, on_board
from kit.classes.db import ClassDB
from kit.classes.poll import EVERY
from kit.classroom.predict import questions


def a_move_with_questions() -> Any:
    """A traced move of the first game that asks at least one predict question."""
    start = kit.game(kit.games()[0]).start()
    return next(trace for trace in map(start.trace, start.legal_moves()) if questions(trace))


def student(path: str, token: str, rounds: int, window: float, seed: int, out: "multiprocessing.Queue[Any]") -> None:
    """One student's page: poll, see each question, answer it within ``window`` seconds."""
    answers = ClassAnswers(ClassDB(path))
    rng = random.Random(seed)
    seen: set[int] = set()
    stamp: Any = None
    due: tuple[int, float, Any] | None = None
    on_board(kit.games()[0], 0)  # a page has drawn its board already: the drawing's geometry is loaded
    out.put(("ready", 0, 0.0))
    while len(seen) < rounds or due is not None:
        now = time.time()
        current = answers.stamp()
        if current != stamp:
            stamp = current
            asked = answers.current()
            if asked is not None and asked.id not in seen and asked.open:
                seen.add(asked.id)
                out.put(("seen", asked.id, now - asked.asked))
                targets = sorted(asked.problem().question.answers) + list(range(6))
                due = (asked.id, now + rng.uniform(0, window), rng.choice(targets))
        if due is not None and time.time() >= due[1]:
            answers.answer(token, due[0], due[2])
            due = None
        time.sleep(EVERY)  # this process stands for the page's asyncio task; a page never sleeps its widget thread


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(share * (len(ordered) - 1))))]


def describe(values: list[float]) -> str:
    return (f"p50 {statistics.median(values):.3f} s, p95 {percentile(values, 0.95):.3f} s, "
            f"max {max(values):.3f} s (n={len(values)})")


def run(students: int, rounds: int, window: float) -> None:
    folder = Path(tempfile.mkdtemp(prefix="class-answers-bench-"))
    path = folder / "class.sqlite"
    db = ClassDB(path)
    seats = [db.join(f"Student {n + 1}") for n in range(students)]
    teacher = ClassAnswers(db)
    trace = a_move_with_questions()
    context = multiprocessing.get_context("spawn")
    out: multiprocessing.Queue[Any] = context.Queue()
    workers = [context.Process(target=student, args=(str(path), seat.token, rounds, window, n, out), daemon=True)
               for n, seat in enumerate(seats)]
    for worker in workers:
        worker.start()
    for _ in workers:  # every student's process has imported the kit and opened the database
        assert out.get(timeout=300)[0] == "ready"
    tallied: list[float] = []
    for _ in range(rounds):
        asked = teacher.ask_predict(db.teacher_key, trace, 0)
        counted: set[int] = set()
        deadline = time.time() + window + 30
        while len(counted) < students and time.time() < deadline:
            now = time.time()
            for row in db.query("SELECT student, at FROM answers WHERE question = ?", (asked.id,)):
                if row["student"] not in counted:
                    counted.add(row["student"])
                    tallied.append(now - row["at"])
            time.sleep(EVERY)
        teacher.reveal(db.teacher_key, asked.id)
    for worker in workers:
        worker.join(60)
    seen = []
    while not out.empty():
        kind, _, delay = out.get()
        seen.append(delay)
    print(f"{students} students, {rounds} questions, everyone answering within {window:.0f} s; "
          f"pages read every {EVERY} s; load: {os.getloadavg()[0]:.2f}")
    print(f"question asked -> read by a student's page: {describe(seen)}")
    print(f"answer committed -> counted in the teacher's tally: {describe(tallied)}")
    size_per_hundred(db, seats, trace)


def size_per_hundred(db: ClassDB, seats: list[Any], trace: Any) -> None:
    """Ask 100 more questions, each answered by the whole class and revealed; the file's growth."""
    def size() -> int:
        db.query("PRAGMA wal_checkpoint(TRUNCATE)")
        return sum(p.stat().st_size for p in db.path.parent.glob(db.path.name + "*"))

    before = size()
    teacher = ClassAnswers(db)
    for _ in range(100):
        asked = teacher.ask_predict(db.teacher_key, trace, 0)
        for n, seat in enumerate(seats):
            teacher._last.clear()  # one page per student in a class; here one process answers for all
            teacher.answer(seat.token, asked.id, n % 6)
        teacher.reveal(db.teacher_key, asked.id)
    grown = size() - before
    print(f"database size per 100 questions answered by {len(seats)} students: {grown / 1024:.0f} KiB "
          f"({grown / (100 * len(seats)):.0f} bytes per answer)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--questions", type=int, default=5)
    parser.add_argument("--window", type=float, default=5.0, help="seconds within which every student answers")
    args = parser.parse_args()
    run(args.students, args.questions, args.window)


if __name__ == "__main__":
    main()
