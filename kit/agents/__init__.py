"""Computer players for every game, and tools to study the games with them.

>>> import kit
>>> from kit.agents import make_agent
>>> name = kit.games()[0]
>>> agent = make_agent("alphabeta", name, seed=1, depth=2)
>>> start = kit.game(name).start()
>>> agent.choose(start) in start.legal_moves()
True

Agents: ``random``, ``greedy``, ``alphabeta``, ``mcts`` (:data:`AGENTS`), and the strength
levels ``beginner``, ``club``, ``strong`` (:data:`LEVEL_NAMES`; each game's
``kit.game(name).levels()`` says what they are). Tournaments and statistics of random play
live in :mod:`kit.agents.tournament`; their charts in :mod:`kit.draw.charts`.
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
