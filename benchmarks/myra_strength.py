"""Myra strength matches: the levels against each other and against the kit's first search.

    python -m benchmarks.myra_strength [--games N] [--time-per-move SECONDS] [--processes P]
                                       [--ply-limit N] [--only NAME ...] [--first-engine CHECKOUT]

(run from the repository root). Each match plays N games (default 100, two players, a draw
after 200 plies) with colours alternating and varied openings: games 2k and 2k + 1 start
from the same position after k-dependent random first moves (two plies), once with each
agent moving first. The matches and their targets (issue 16):

- ``strong`` v ``strong-classic``: the ``strong`` level against the same time per move
  with the plain search the kit had first (``kit.agents.alphabeta.CLASSIC``: no quiescence,
  killers, reductions or aspiration windows), at least 70 % won. The plain search runs on
  today's move generator and evaluation (3-7 times faster than the first ones), so it is a
  stronger opponent than the first engine's ``strong`` was;
- ``club`` v ``beginner``: at least 70 % won;
- ``mcts`` v ``beginner``: MCTS with heuristic playouts (the club level's 1 s a move), reported;
- ``first`` v the first engine: with ``--first-engine CHECKOUT``, the ``strong`` level
  against the ``strong`` level of the kit's first engine itself (its move generator,
  evaluation and search), at least 70 % won. CHECKOUT is a checkout of the commit that had
  it, made with ``git worktree add ../first-engine 973909e``; it plays in its own process
  (``benchmarks/first_engine.py``) and is told every move.

``--time-per-move`` replaces every time limit (the club level then keeps its depth limit
of 2 plies); the full match is the default: 100 games at the levels' own times, about
10 hours on one core for the strong match. Under a time limit the results depend on the
machine and its load.
"""
from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import kit
from kit.agents import AlphaBetaAgent, make_agent
from kit.agents.alphabeta import CLASSIC
from kit.agents.tournament import new_game

MATCHES = (  # name, agent, opponent, least share of wins (None: reported only)
    ("strong", "strong", "strong-classic", 0.70),
    ("club", "club", "beginner", 0.70),
    ("mcts", "mcts", "beginner", None),
    ("first", "strong", "first-strong", 0.70),  # only with --first-engine
)
OPENING_PLIES = 2
DRIVER = Path(__file__).with_name("first_engine.py")


@dataclass(frozen=True)
class Game:
    """One game of a match: who plays, from which opening, under which limits."""

    agents: tuple[str, str]  # by seat
    opening_seed: int
    seeds: tuple[int, int]
    time_per_move: float | None
    ply_limit: int
    first_engine: str | None = None  # a checkout of the first engine, for ``first-strong``


class FirstEngine:
    """The first engine's ``strong`` level, playing in its own process and told every move of the game."""

    def __init__(self, checkout: str, seed: int, time_per_move: float | None) -> None:
        self.name = "first-strong"
        seconds = time_per_move or kit.game("myra").levels()["strong"].time_per_move
        self.process = subprocess.Popen([sys.executable, str(DRIVER), os.path.abspath(checkout), "strong", str(seed),
                                         str(seconds)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def _say(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def start(self, ply_limit: int, moves: list[str]) -> None:
        """A new 2-player game, after these opening moves."""
        self._say(f"new 2 {ply_limit}")
        for move in moves:
            self.observe(move)

    def observe(self, move: str) -> None:
        """A move was played (by either side)."""
        self._say(f"play {move}")

    def choose(self, position: Any) -> Any:
        """The first engine's move, read back from its notation (it must be legal here)."""
        self._say("choose")
        assert self.process.stdout is not None
        text = self.process.stdout.readline().strip()
        move = next((move for move in position.legal_moves() if position.notation(move) == text), None)
        if move is None:
            raise RuntimeError(f"the first engine answered {text!r}, not a legal move here" if text
                               else "the first engine's process ended without a move")
        return move

    def close(self) -> None:
        """End the engine's process."""
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait()


def agent(name: str, seed: int, time_per_move: float | None, first_engine: str | None = None) -> Any:
    """An agent by name; ``strong-classic`` is the strong level's limits with the first, plain search,
    ``first-strong`` the first engine's strong level (from the checkout ``first_engine``)."""
    if name == "first-strong":
        assert first_engine is not None, "the first engine's match needs --first-engine"
        return FirstEngine(first_engine, seed, time_per_move)
    if name == "strong-classic":
        myra = kit.game("myra").evaluation()
        return AlphaBetaAgent(myra.heuristic, name, seed,
                              time_per_move=time_per_move or kit.game("myra").levels()["strong"].time_per_move,
                              order_by=myra.material, settings=CLASSIC)
    if time_per_move is None or name == "beginner":
        return make_agent(name, "myra", seed)
    levels = kit.game("myra").levels()
    level = levels.get(name, levels["club"])
    return make_agent(name, "myra", seed, time_per_move=time_per_move, depth=level.depth if name != "mcts" else None)


def opening(seed: int, ply_limit: int) -> tuple[Any, list[str]]:
    """The start position after OPENING_PLIES random moves (the same for both games of a pair), and those moves."""
    rng = random.Random(seed)
    position = new_game("myra", 2, ply_limit)
    moves = []
    for _ in range(OPENING_PLIES):
        move = rng.choice(position.legal_moves())
        moves.append(position.notation(move))
        position = position.play(move)
    return position, moves


def play(game: Game) -> tuple[str | None, int]:
    """The winner's name (None: a draw) and the length of the game in plies.

    Every agent with an ``observe`` method (the first engine) is told each move."""
    agents = [agent(name, seed, game.time_per_move, game.first_engine) for name, seed in zip(game.agents, game.seeds)]
    position, moves = opening(game.opening_seed, game.ply_limit)
    observers = [a for a in agents if hasattr(a, "observe")]
    for observer in observers:
        observer.start(game.ply_limit, moves)
    try:
        while not position.is_over:
            move = agents[position.to_move].choose(position)
            moves.append(position.notation(move))
            for observer in observers:
                observer.observe(moves[-1])
            position = position.play(move)
    finally:
        for observer in observers:
            observer.close()
    return (None if position.winner is None else game.agents[position.winner]), len(moves)


def games_of(first: str, second: str, count: int, time_per_move: float | None, ply_limit: int, seed: int,
             first_engine: str | None = None) -> list[Game]:
    """Colours alternating, one opening per pair of games."""
    rng = random.Random(seed)
    games = []
    for i in range(count):
        seats = (first, second) if i % 2 == 0 else (second, first)
        games.append(Game(seats, seed * 1000 + i // 2, (rng.getrandbits(32), rng.getrandbits(32)), time_per_move,
                          ply_limit, first_engine))
    return games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100, help="games per match (default 100)")
    parser.add_argument("--time-per-move", type=float, help="seconds per move for every searching agent")
    parser.add_argument("--processes", type=int, default=os.cpu_count(), help="worker processes (default: one per core)")
    parser.add_argument("--ply-limit", type=int, default=200, help="plies before a game is a draw (default 200)")
    parser.add_argument("--only", nargs="+", choices=[m[0] for m in MATCHES], help="play only these matches")
    parser.add_argument("--seed", type=int, default=16)
    parser.add_argument("--first-engine", metavar="CHECKOUT",
                        help="a checkout of the first engine (git worktree add ../first-engine 973909e): "
                             "also play the 'first' match")
    args = parser.parse_args()
    if args.first_engine and not Path(args.first_engine, "kit", "agents", "protocol.py").is_file():
        parser.error(f"{args.first_engine} is not a checkout of the first engine (git worktree add ../first-engine 973909e)")
    for name, first, second, target in MATCHES:
        if (args.only and name not in args.only) or (name == "first" and not args.first_engine):
            continue
        games = games_of(first, second, args.games, args.time_per_move, args.ply_limit, args.seed, args.first_engine)
        started = time.perf_counter()
        if args.processes and args.processes > 1:
            import multiprocessing

            with multiprocessing.get_context().Pool(args.processes) as pool:
                results = pool.map(play, games)
        else:
            results = [play(game) for game in games]
        won = sum(1 for winner, _ in results if winner == first)
        lost = sum(1 for winner, _ in results if winner == second)
        drawn = len(results) - won - lost
        lengths = [plies for _, plies in results]
        limits = f"{args.time_per_move} s a move" if args.time_per_move else "the levels' own limits"
        verdict = "" if target is None else (
            f" ({'meets' if won >= target * len(results) else 'MISSES'} the {100 * target:.0f}% target)")
        print(f"{first} v {second} ({limits}, {len(results)} games): won {won}, drawn {drawn}, lost {lost} "
              f"= {100 * won / len(results):.0f}% won, {100 * (won + drawn / 2) / len(results):.1f}% scored "
              f"(a draw counts half){verdict}; {min(lengths)}-{max(lengths)} plies, "
              f"{time.perf_counter() - started:.0f} s", flush=True)


if __name__ == "__main__":
    main()
