"""Mutation testing of the game engines: do the fast engine tests notice a small change to the rules code?

Run from the repository root::

    python -m benchmarks.mutation [--sample N] [--seed S] [--workers W] [--only FILE] [--list]

Each *mutant* is the engine with one small change made to one of :data:`TARGETS` through
its syntax tree: a comparison turned (``<`` to ``<=``, ``==`` to ``!=``, ``in`` to ``not
in``), an arithmetic or boolean operator swapped (``+`` to ``-``, ``and`` to ``or``), a
``not`` dropped, a whole number moved by one, ``True`` and ``False`` swapped, a
``break``/``continue`` swapped, a ``return`` value or a ``raise`` dropped (the statement
becomes ``pass``). All mutants are listed in a fixed order; ``--sample`` of them are drawn
with the seeded generator (the same seed, the same sample), and for each the fast engine
tests of the file's game (:data:`TESTS`) run on a copy of the repository with that one file changed, stopping
at the first failure. A mutant is *killed* when a test fails (or the tests run past
:data:`TIMEOUT`, an endless loop), and *survives* when they all pass.

A survivor is either *equivalent* (the change cannot change what the engine does: listed
with the reason in :data:`EQUIVALENT`, by the file, line and the mutant's text) or a gap in the
tests. ``--mutant FILE:INDEX`` tests chosen mutants again (after a test was added). The score is the share of non-equivalent mutants killed. ``docs/testing.md`` gives
the last run's sample, equivalents and score.
"""
from __future__ import annotations

import argparse
import ast
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Iterator

ROOT = Path(__file__).resolve().parent.parent
#: The engine files of both games: their rules, their moves (sowing; move generation) and their positions.
TARGETS = (
    "kit/games/walak/rules.py",
    "kit/games/walak/sowing.py",
    "kit/games/walak/position.py",
    "kit/games/myra/rules.py",
    "kit/games/myra/moves.py",
    "kit/games/myra/position.py",
)
#: The fast engine tests of each game: all its engine tests but those of its command line (which
#: start processes), the rules tests first (most mutants fail there, and a run stops at the first failure).
TESTS = {
    "walak": ("tests/test_walak_rules.py", "tests/test_walak_match.py", "tests/test_walak_demos.py",
              "tests/test_walak_records.py", "tests/test_walak_repetition.py", "tests/test_walak_properties.py"),
    "myra": ("tests/test_myra_moves.py", "tests/test_myra_hexgrid.py", "tests/test_myra_events.py",
             "tests/test_myra_records.py", "tests/test_myra_perft.py", "tests/test_myra_properties.py"),
}
TIMEOUT = 300  # seconds: a game's tests take 10-15 s on the project's machine; an endless loop is a kill

#: Survivors that cannot change what the engine does, by file, line and the mutant's description, with the
#: reason (check them again after the file changes: its lines move).
EQUIVALENT: dict[tuple[str, int, str], str] = {
    ("kit/games/myra/moves.py", 252, "In -> NotIn in key in _MET_UNCHAINED"):
        "which unchainings are remembered, and when: the moves found are the same either way",
    ("kit/games/myra/moves.py", 421, "Sub -> Add in FORTRESS - 1"):
        "the path search from a fortress goes a fifth ring deep: a breadth-first search gives the hollows"
        " within four steps (where a split from a fortress ends) the same parents either way",
    ("kit/games/myra/moves.py", 354, "0 -> 1"):
        "the count of an unchain's spec, which nothing reads: apply() and as_move()"
        " read a count for splits only",
}

_COMPARE_SWAPS = {ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt, ast.Eq: ast.NotEq,
                  ast.NotEq: ast.Eq, ast.In: ast.NotIn, ast.NotIn: ast.In, ast.Is: ast.IsNot, ast.IsNot: ast.Is}
_BINARY_SWAPS = {ast.Add: ast.Sub, ast.Sub: ast.Add, ast.Mult: ast.FloorDiv, ast.FloorDiv: ast.Mult,
                 ast.Mod: ast.FloorDiv, ast.BitAnd: ast.BitOr, ast.BitOr: ast.BitAnd}
_BOOL_SWAPS = {ast.And: ast.Or, ast.Or: ast.And}


@dataclass(frozen=True)
class Mutant:
    """One small change to one file: the ``index``-th mutation site of the file, in tree order."""

    path: str
    index: int
    line: int
    description: str

    def __str__(self) -> str:
        return f"{self.path}:{self.index} (line {self.line}): {self.description}"


def _sites(tree: ast.AST) -> Iterator[tuple[ast.AST, str, object]]:
    """Each mutation site of a module: (node, description, what to change it to), in tree order.

    Docstrings, type annotations and ``assert`` statements are left alone (an annotation or
    an assert changes nothing the engine does)."""
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                skip.update(id(n) for n in ast.walk(body[0]))
        if isinstance(node, (ast.AnnAssign, ast.arg)) and node.annotation is not None:
            skip.update(id(n) for n in ast.walk(node.annotation))
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.returns is not None:
            skip.update(id(n) for n in ast.walk(node.returns))
        if isinstance(node, ast.Assert):
            skip.update(id(n) for n in ast.walk(node))
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Compare):
            for position, op in enumerate(node.ops):
                if type(op) in _COMPARE_SWAPS:
                    new = _COMPARE_SWAPS[type(op)]
                    yield node, f"{type(op).__name__} -> {new.__name__} in {ast.unparse(node)}", (position, new)
        elif isinstance(node, (ast.BinOp, ast.AugAssign)) and type(node.op) in _BINARY_SWAPS:
            new = _BINARY_SWAPS[type(node.op)]
            yield node, f"{type(node.op).__name__} -> {new.__name__} in {ast.unparse(node)}", new
        elif isinstance(node, ast.BoolOp):
            new = _BOOL_SWAPS[type(node.op)]
            yield node, f"{type(node.op).__name__} -> {new.__name__} in {ast.unparse(node)}", new
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            yield node, f"'not' dropped in {ast.unparse(node)}", None
        elif isinstance(node, ast.Constant) and type(node.value) is bool:
            yield node, f"{node.value} -> {not node.value}", not node.value
        elif isinstance(node, ast.Constant) and type(node.value) is int:
            yield node, f"{node.value} -> {node.value + 1}", node.value + 1
        elif isinstance(node, (ast.Break, ast.Continue)):
            yield node, f"{type(node).__name__.lower()} -> {'continue' if isinstance(node, ast.Break) else 'break'}", None
        elif isinstance(node, ast.Return) and node.value is not None and not (
                isinstance(node.value, ast.Constant) and node.value.value is None):
            yield node, f"return value dropped: {ast.unparse(node)}", None
        elif isinstance(node, ast.Raise):
            yield node, f"raise dropped: {ast.unparse(node)[:80]}", None


@cache
def _source(path: str) -> str:
    """The file's text as the run found it (read once: editing the file during a run changes nothing)."""
    return (ROOT / path).read_text()


def mutants(path: str) -> list[Mutant]:
    """Every mutant of one file, in tree order."""
    tree = ast.parse(_source(path))
    return [Mutant(path, index, getattr(node, "lineno", 0), description)
            for index, (node, description, _) in enumerate(_sites(tree))]


class _Apply(ast.NodeTransformer):
    """Make the change of one site (found by identity) in a tree."""

    def __init__(self, target: ast.AST, change: object) -> None:
        self.target, self.change = target, change

    def visit(self, node: ast.AST) -> ast.AST:
        if node is not self.target:
            return self.generic_visit(node)
        change = self.change
        if isinstance(node, ast.Compare):
            position, new = change  # type: ignore[misc]
            node.ops[position] = new()
        elif isinstance(node, (ast.BinOp, ast.AugAssign, ast.BoolOp)):
            node.op = change()  # type: ignore[operator]
        elif isinstance(node, ast.UnaryOp):
            return node.operand
        elif isinstance(node, ast.Constant):
            node.value = change
        elif isinstance(node, ast.Break):
            return ast.copy_location(ast.Continue(), node)
        elif isinstance(node, ast.Continue):
            return ast.copy_location(ast.Break(), node)
        elif isinstance(node, ast.Return):
            node.value = None
        elif isinstance(node, ast.Raise):
            return ast.copy_location(ast.Pass(), node)
        return node


def mutated_source(mutant: Mutant) -> str:
    """The source of the mutant's file with its one change."""
    tree = ast.parse(_source(mutant.path))
    node, _, change = list(_sites(tree))[mutant.index]
    return ast.unparse(ast.fix_missing_locations(_Apply(node, change).visit(tree)))


def _copy(folder: Path) -> None:
    """The repository's package, tests and settings, copied into ``folder``."""
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "browser")
    shutil.copytree(ROOT / "kit", folder / "kit", ignore=ignore)
    shutil.copytree(ROOT / "tests", folder / "tests", ignore=ignore)
    shutil.copy(ROOT / "pyproject.toml", folder / "pyproject.toml")


def run_tests(folder: Path, game: str) -> tuple[bool, float]:
    """Run the fast engine tests of ``game`` in ``folder``, stopping at the first failure: the
    rules tests first by themselves (most mutants fail there), then the others. Returns (all
    passed, seconds)."""
    environment = {**os.environ, "PYTHONPATH": str(folder), "PYTHONDONTWRITEBYTECODE": "1"}
    began = time.perf_counter()
    first, *others = TESTS[game]
    for files in ([first], others):
        command = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", "--hypothesis-seed=0",
                   "-o", "addopts=", *files]
        try:
            result = subprocess.run(command, cwd=folder, env=environment, capture_output=True, timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            return False, time.perf_counter() - began
        if result.returncode != 0:
            return False, time.perf_counter() - began
    return True, time.perf_counter() - began


def test_mutant(mutant: Mutant, folder: Path) -> bool:
    """True when the fast engine tests kill the mutant (run in ``folder``, a copy of the repository)."""
    target = folder / mutant.path
    original = target.read_text()
    target.write_text(mutated_source(mutant))
    try:
        passed, _ = run_tests(folder, _game(mutant.path))
    finally:
        target.write_text(original)
    return not passed


def _game(path: str) -> str:
    """The game whose engine file ``path`` is."""
    return Path(path).parent.name


def sample(size: int, seed: int, only: str | None = None) -> list[Mutant]:
    """``size`` mutants drawn from every mutant of the targets (all of them when there are fewer)."""
    everything = [mutant for path in TARGETS if only in (None, path) for mutant in mutants(path)]
    if size >= len(everything):
        return everything
    return sorted(random.Random(seed).sample(everything, size), key=lambda m: (TARGETS.index(m.path), m.index))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sample", type=int, default=80, help="mutants to draw (default 80)")
    parser.add_argument("--seed", type=int, default=34)
    parser.add_argument("--workers", type=int, default=2, help="mutants tested at once")
    parser.add_argument("--only", choices=TARGETS, help="draw from this file only")
    parser.add_argument("--list", action="store_true", help="list the mutants drawn and stop")
    parser.add_argument("--mutant", action="append", metavar="FILE:INDEX",
                        help="test this mutant (as the list names it) instead of a sample; may be repeated")
    args = parser.parse_args()
    if args.mutant:
        picked = [(path, int(index)) for path, index in (text.rsplit(":", 1) for text in args.mutant)]
        drawn = [mutant for path, index in picked for mutant in mutants(path) if mutant.index == index]
    else:
        drawn = sample(args.sample, args.seed, args.only)
    counts = {path: len(mutants(path)) for path in TARGETS}
    print(f"{sum(counts.values())} mutants in {len(TARGETS)} files "
          f"({', '.join(f'{Path(p).parent.name}/{Path(p).name} {n}' for p, n in counts.items())}); "
          f"{len(drawn)} drawn with seed {args.seed}")
    if args.list:
        for mutant in drawn:
            print(f"  {mutant}")
        return
    with tempfile.TemporaryDirectory() as base:
        folders = [Path(base) / f"copy{number}" for number in range(args.workers)]
        for folder in folders:
            _copy(folder)
            for path in TARGETS:  # the tests must pass on the unchanged files as the tree writes them back
                (folder / path).write_text(ast.unparse(ast.parse(_source(path))))
        for game in sorted({_game(mutant.path) for mutant in drawn}):
            passed, seconds = run_tests(folders[0], game)
            if not passed:
                raise SystemExit(f"the fast {game} engine tests fail on the unchanged engine: fix that first")
            print(f"the fast {game} engine tests ({len(TESTS[game])} files) pass on the unchanged engine "
                  f"in {seconds:.0f} s", flush=True)
        free = list(folders)

        def job(mutant: Mutant) -> tuple[Mutant, bool]:
            folder = free.pop()
            try:
                return mutant, test_mutant(mutant, folder)
            finally:
                free.append(folder)

        survivors, equivalent = [], []
        with ThreadPoolExecutor(args.workers) as pool:
            futures = [pool.submit(job, mutant) for mutant in drawn]
            for number, future in enumerate(as_completed(futures), 1):
                mutant, killed = future.result()
                if killed:
                    print(f"[{number}/{len(drawn)}] killed: {mutant}", flush=True)
                    continue
                reason = EQUIVALENT.get((mutant.path, mutant.line, mutant.description))
                (equivalent if reason else survivors).append(mutant)
                print(f"[{number}/{len(drawn)}] survived{' (equivalent)' if reason else ''}: {mutant}", flush=True)
    real = len(drawn) - len(equivalent)
    killed = real - len(survivors)
    print(f"\n{len(drawn)} mutants: {killed} killed, {len(equivalent)} equivalent, {len(survivors)} survived")
    print(f"score: {killed} of {real} non-equivalent mutants killed = {100 * killed / real:.1f} %")
    for mutant in equivalent:
        print(f"  equivalent: {mutant} ({EQUIVALENT[(mutant.path, mutant.line, mutant.description)]})")
    for mutant in survivors:
        print(f"  survived: {mutant}")


if __name__ == "__main__":
    main()
