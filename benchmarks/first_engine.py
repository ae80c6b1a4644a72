"""Serve the kit's first Myra engine to the strength bench, one move at a time.

    python benchmarks/first_engine.py CHECKOUT NAME SEED SECONDS

CHECKOUT is a checkout of the commit that had the first engine (see
``benchmarks/myra_strength.py``); this script imports ``kit`` from there, so it uses only
what that kit already had: ``new_game``, ``make_agent`` and moves in notation. It reads
one line at a time from standard input and answers on standard output:

- ``new PLAYERS PLY_LIMIT``: a new game from the start;
- ``play MOVE``: the move (in notation) is played, by either side;
- ``choose``: the agent NAME (a level, seed SEED, SECONDS a move) answers with its move.
"""
from __future__ import annotations

import sys


def serve(checkout: str, name: str, seed: int, seconds: float) -> None:
    """Answer the bench's lines until standard input closes."""
    sys.path.insert(0, checkout)
    import kit
    from kit.agents.protocol import make_agent
    from kit.agents.tournament import new_game

    if not kit.__file__.startswith(checkout):
        raise SystemExit(f"kit was imported from {kit.__file__}, not from {checkout}")
    agent = make_agent(name, "myra", seed, time_per_move=seconds)
    position = None
    for line in sys.stdin:
        command, *words = line.split()
        if command == "new":
            position = new_game("myra", int(words[0]), int(words[1]))
        elif command == "play":
            position = position.play(words[0])
        elif command == "choose":
            print(position.notation(agent.choose(position)), flush=True)
        else:
            raise ValueError(f"unknown command {command!r}")


if __name__ == "__main__":
    serve(sys.argv[1], sys.argv[2], int(sys.argv[3]), float(sys.argv[4]))
