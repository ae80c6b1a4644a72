"""Computer players for both games, and tools to study the games with them.

>>> from kit import walak
>>> from kit.agents import make_agent
>>> agent = make_agent("alphabeta", "walak", seed=1, depth=2)
>>> agent.choose(walak.start()) in walak.start().legal_moves()
True

Agents: ``random``, ``greedy``, ``alphabeta``, ``mcts`` (:data:`AGENTS`), and the strength
levels ``beginner``, ``club``, ``strong`` (:data:`LEVELS`). Tournaments, statistics of
random play and the solver of small Walak-pussa boards live in :mod:`kit.agents.tournament`.
"""
from kit.agents.alphabeta import AlphaBetaAgent, SearchInfo
from kit.agents.evaluation import Evaluation, evaluation_for
from kit.agents.greedy import GreedyAgent
from kit.agents.mcts import MCTSAgent, PlayoutInfo
from kit.agents.protocol import AGENTS, GAMES, LEVELS, Agent, Level, make_agent
from kit.agents.random_agent import RandomAgent

__all__ = [
    "AGENTS", "GAMES", "LEVELS", "Agent", "AlphaBetaAgent", "Evaluation", "GreedyAgent", "Level", "MCTSAgent",
    "PlayoutInfo", "RandomAgent", "SearchInfo", "evaluation_for", "make_agent",
]
