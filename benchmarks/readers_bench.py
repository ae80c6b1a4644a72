"""How long the readers take to refuse hostile input, by size: the figures behind issue 25.

    python -m benchmarks.readers_bench [--sizes 32000,128000,1000000]

(run from the repository root).

Target: every bad input up to the size limit (``kit.core.limits.MAX_TEXT``, 1,000,000 characters)
is refused in under 1 s and 100 MB, and the time grows linearly with the size (before
issue 25, an unclosed string of escaped quotes took 3-4 s at 32 KB and 83 s at 128 KB).
For each kind of input and size it prints the CPU time (untraced) and the peak of Python's
allocations (traced, in a second run) of ``kit.game("myra").position_from_json`` and
``kit.game("walak").record_from_json``.
"""
from __future__ import annotations

import argparse
import time
import tracemalloc
from typing import Callable

from kit import game
from kit.core.limits import MAX_TEXT

KINDS: dict[str, Callable[[int], str]] = {  # kind of input -> the input of about n characters
    "unclosed escaped quotes": lambda n: '{"game": "' + '\\"' * (n // 2),
    "quotes only": lambda n: '"' * n,
    "opening brackets": lambda n: "[" * n,
    "empty lists": lambda n: '{"a": [' + "[]," * (n // 3 - 10) + "[]]}",
    "empty objects (at most 200,000)": lambda n: '{"a": [' + "{}," * min(n // 3 - 10, 199_990) + "{}]}",
    "digits": lambda n: '{"game": ' + "9" * n + "}",
    "keys given twice": lambda n: "{" + ",".join(f'"k":{i}' for i in range(n // 8)) + "}",
}


def attempt(read: Callable[[str], object], text: str) -> None:
    try:
        read(text)
    except ValueError:
        pass


def measure(read: Callable[[str], object], text: str) -> tuple[float, float]:
    """CPU seconds (untraced) and peak MB (traced, a second run) of reading ``text``, refused or not."""
    started = time.process_time()
    attempt(read, text)
    seconds = time.process_time() - started
    tracemalloc.start()
    attempt(read, text)
    peak = tracemalloc.get_traced_memory()[1] / 2**20
    tracemalloc.stop()
    return seconds, peak


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default=f"32000,128000,{MAX_TEXT - 100}",
                        help="input sizes in characters, comma-separated")
    sizes = [int(size) for size in parser.parse_args().sizes.split(",")]
    readers = {"myra position": game("myra").position_from_json, "walak record": game("walak").record_from_json}
    print(f"{'input':34} {'size':>9}  " + "  ".join(f"{name:>22}" for name in readers))
    worst = 0.0
    for kind, make in KINDS.items():
        for size in sizes:
            text = make(size)
            figures = [measure(read, text) for read in readers.values()]
            worst = max(worst, *(seconds for seconds, _ in figures))
            print(f"{kind:34} {len(text):9,}  " + "  ".join(f"{seconds:8.3f} s {peak:7.1f} MB" for seconds, peak in figures))
    print(f"slowest: {worst:.3f} s of CPU (target: under 1 s)")


if __name__ == "__main__":
    main()
