"""The agent protocol: names, levels, legal moves only, same seed same game."""
import random

import pytest

import kit.games.myra as myra
from kit import walak
from kit import game
from kit.agents import AGENTS, LEVEL_NAMES, Agent, AlphaBetaAgent, make_agent
from kit.agents.protocol import agent_keys
from kit.agents.tournament import new_game, play_game

# small limits keep every agent fast
LIMITS = {"random": {}, "greedy": {}, "alphabeta": {"depth": 2}, "mcts": {"playouts": 30}}


def random_positions(start, count, seed, plies=60):
    """Positions met in random games from start (not over)."""
    rng, found = random.Random(seed), []
    while len(found) < count:
        position = start
        for _ in range(rng.randrange(plies)):
            if position.is_over:
                break
            position = position.play(rng.choice(position.legal_moves()))
        if not position.is_over:
            found.append(position)
    return found


@pytest.mark.parametrize("name", AGENTS)
def test_walak_agents_only_return_legal_moves(name):
    for i, position in enumerate(random_positions(walak.start(), 25, seed=1)):
        agent = make_agent(name, "walak", seed=i, **LIMITS[name])
        assert isinstance(agent, Agent) and agent.name == name
        assert agent.choose(position) in position.legal_moves()


@pytest.mark.parametrize("name", AGENTS)
def test_myra_agents_only_return_legal_moves(name):
    limits = {"depth": 1} if name == "alphabeta" else {"playouts": 8} if name == "mcts" else {}
    for players in (2, 3):
        for i, position in enumerate(random_positions(myra.start(players), 2, seed=players, plies=30)):
            move = make_agent(name, "myra", seed=i, **limits).choose(position)
            assert move in position.legal_moves()


@pytest.mark.parametrize("level", LEVEL_NAMES)
def test_levels_make_agents_for_both_games(level):
    for name in ("walak", "myra"):
        agent = make_agent(level, name, seed=1)
        assert agent.name == level and type(agent).__name__.lower().startswith(game(name).levels()[level].agent[:5])
    assert make_agent("alphabeta", "walak", level=level).name == "alphabeta"


def test_an_agent_given_none_of_its_limits_takes_the_levels():
    assert make_agent("alphabeta", "walak", playouts=10).depth == game("walak").levels()["club"].depth
    assert make_agent("alphabeta", "walak", level="beginner").depth == 1
    assert make_agent("alphabeta", "myra", level="strong").time_per_move == 2.0
    assert make_agent("mcts", "walak", depth=3).time_per_move == game("walak").levels()["club"].time_per_move
    assert make_agent("mcts", "walak", level="beginner").playouts == 100
    explicit = make_agent("alphabeta", "walak", depth=5, level="strong")
    assert (explicit.depth, explicit.time_per_move) == (5, None)


def test_same_seed_same_game_different_seed_different_game():
    def game(seed):
        agents = [make_agent("alphabeta", "walak", seed=seed, depth=2), make_agent("mcts", "walak", seed=seed + 1,
                                                                                   playouts=40)]
        return play_game(walak.start(), agents).moves

    assert game(3) == game(3)
    randoms = [play_game(walak.start(), [make_agent("random", "walak", seed=s),
                                         make_agent("random", "walak", seed=s + 100)]).moves for s in range(3)]
    assert len(set(randoms)) == 3


def test_myra_same_seed_same_game():
    def game(seed):
        agents = [make_agent("greedy", "myra", seed=seed), make_agent("random", "myra", seed=seed)]
        return play_game(new_game("myra", ply_limit=20), agents).moves

    assert game(5) == game(5) and 0 < len(game(5)) <= 20


def test_bad_names_and_limits_are_refused_with_the_choices():
    with pytest.raises(ValueError, match="unknown agent 'minimax'.*random, greedy, alphabeta, mcts"):
        make_agent("minimax", "walak")
    with pytest.raises(ValueError, match="unknown game 'chess'.*walak, myra"):
        make_agent("random", "chess")
    with pytest.raises(ValueError, match="unknown strength level 'master'.*beginner, club, strong"):
        make_agent("alphabeta", "walak", level="master")
    with pytest.raises(ValueError, match="depth limit, a time limit"):
        AlphaBetaAgent(lambda position, player: 0.0)
    with pytest.raises(ValueError, match="depth limit must be"):
        make_agent("alphabeta", "walak", depth=0)
    with pytest.raises(ValueError, match="playout limit must be"):
        make_agent("mcts", "walak", playouts=0)


def test_choosing_in_a_finished_game_is_an_error():
    over = walak.parse_position("S:0,0,0,0,0,0,0/0,0,0,0,0,0,0:30-26")
    assert over.is_over
    for name in AGENTS:
        with pytest.raises(ValueError, match="the game is over"):
            make_agent(name, "walak", **LIMITS[name]).choose(over)


def test_agent_keys_tell_repeated_names_apart():
    assert agent_keys(["random", "greedy"]) == ("random", "greedy")
    assert agent_keys(["mcts", "mcts"]) == ("mcts-1", "mcts-2")
    assert agent_keys(["random", "greedy", "random"]) == ("random-1", "greedy", "random-2")
