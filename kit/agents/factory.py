"""Making agents by name: :func:`make_agent` for a game and a strength level or limits.

>>> import kit
>>> name = kit.games()[0]
>>> make_agent("strong", name).time_per_move == kit.game(name).levels()["strong"].time_per_move
True
"""
from __future__ import annotations

from kit.agents.alphabeta import AlphaBetaAgent
from kit.agents.greedy import GreedyAgent
from kit.agents.mcts import MCTSAgent
from kit.agents.protocol import AGENTS, Agent
from kit.agents.random_agent import RandomAgent
from kit.core.game import game as find_game


def make_agent(name: str, game: str, seed: int | None = 0, time_per_move: float | None = None,
               depth: int | None = None, level: str | None = None, playouts: int | None = None) -> Agent:
    """The agent called ``name`` (one of AGENTS, or a level name from LEVEL_NAMES) for the game called ``game``.

    Alpha-beta uses ``depth`` and ``time_per_move``, MCTS ``playouts`` and ``time_per_move``;
    an agent given none of its limits takes those of ``level`` (default ``"club"``; a level
    name as ``name`` is its own level). Random and greedy agents have no limits.
    """
    description = find_game(game)
    evaluation = description.evaluation()
    levels = description.levels()
    if level is not None and level not in levels:
        raise ValueError(f"unknown strength level {level!r} (choices: {', '.join(levels)})")
    kind = name
    if name in levels:
        level, kind = name, levels[name].agent
    elif name not in AGENTS:
        raise ValueError(f"unknown agent {name!r} (choices: {', '.join(AGENTS + tuple(levels))})")
    limits = levels[level or "club"]
    if kind == "random":
        return RandomAgent(name, seed)
    if kind == "greedy":
        return GreedyAgent(evaluation.material, name, seed)
    if kind == "alphabeta":
        if depth is None and time_per_move is None:
            depth, time_per_move = limits.depth, limits.time_per_move
        return AlphaBetaAgent(evaluation.heuristic, name, seed, depth=depth, time_per_move=time_per_move,
                              order_by=evaluation.material)
    if playouts is None and time_per_move is None:
        playouts, time_per_move = limits.playouts, limits.time_per_move
    return MCTSAgent(evaluation, name, seed, playouts=playouts, time_per_move=time_per_move)
