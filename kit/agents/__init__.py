"""Computer players for both games, and tools to study the games with them.

>>> from kit import walak
>>> from kit.agents import make_agent
>>> agent = make_agent("alphabeta", "walak", seed=1, depth=2)
>>> agent.choose(walak.start()) in walak.start().legal_moves()
True

Agents: ``random``, ``greedy``, ``alphabeta``, ``mcts`` (:data:`AGENTS`), and the strength
levels ``beginner``, ``club``, ``strong`` (:data:`LEVEL_NAMES`; each game's
``kit.game(name).levels()`` says what they are). Tournaments, statistics of random play and
the solver of small Walak-pussa boards live in :mod:`kit.agents.tournament`; their charts
in :mod:`kit.draw.charts`.
"""
from kit.agents.alphabeta import AlphaBetaAgent, SearchInfo
from kit.agents.evaluation import Evaluation
from kit.agents.greedy import GreedyAgent
from kit.agents.mcts import MCTSAgent, PlayoutInfo
from kit.agents.factory import make_agent
from kit.agents.protocol import AGENTS, LEVEL_NAMES, Agent, AgentSpec
from kit.agents.random_agent import RandomAgent

__all__ = [
    "AGENTS", "LEVEL_NAMES", "Agent", "AgentSpec", "AlphaBetaAgent", "Evaluation", "GreedyAgent", "MCTSAgent",
    "PlayoutInfo", "RandomAgent", "SearchInfo", "make_agent",
]
