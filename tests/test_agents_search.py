"""The searching agents: alpha-beta at depth 1 is greedy; forced wins are found, queens taken and saved."""
import random

import pytest

import kit.games.myra as myra
from kit import walak
from kit.agents import AlphaBetaAgent, GreedyAgent, MCTSAgent, make_agent
from kit.agents.alphabeta import CLASSIC, SearchSettings
from kit.core.game import game
from kit.agents.evaluation import WIN
from kit.games.walak.evaluation import walak_material
from kit.games.walak import Capture

WALAK = game("walak").evaluation()
MYRA = game("myra").evaluation()

# Immediate bead chain. South's g (1 seed) sows into North's a; North's b is empty, so South
# captures North's c (3, pussa kanawa); North's d is empty and North's e holds 2: captured
# (the chain); North's f empty, North's g holds 4: captured; South's a holds seeds, so the
# chain stops. 9 seeds: 20 + 9 = 29 of 56, a win. South's a and c capture nothing.
CHAIN = "S:2,0,1,0,0,0,1/0,0,3,0,2,0,4:20-23"

# A quieter move first. South d (1 seed) sows into South's e; South's f holds 1: relay into
# South's g; North's a is empty: capture North's b (1), 21-27. North's only move is g (2 seeds)
# into South's a and b, capturing nothing. Then South a (2 seeds) sows South's b and c; South's
# d is empty: capture South's e (1); South's f is empty and South's g holds 3: captured (the
# chain). North's row is empty, North cannot move, South takes the 4 seeds left: 29-27.
# Greedy takes 2 at once with a (South's d, then South's f in a chain) and loses 27-29 against
# best play; d is the only winning move.
QUIET = "S:1,1,0,1,0,1,2/0,1,0,0,0,0,2:20-27"


def test_the_hand_built_walak_lines_are_as_described():
    chain = walak.parse_position(CHAIN)
    trace = chain.trace("g")
    captures = [e for e in trace.events if isinstance(e, Capture)]
    assert [(walak.hole_name(e.hole), e.count, e.chained) for e in captures] == [
        ("North's c", 3, False), ("North's e", 2, True), ("North's g", 4, True)]
    assert trace.after.captured == (29, 23)
    assert all(chain.play(m).captured == chain.captured for m in "ac")

    quiet = walak.parse_position(QUIET)
    after = quiet.play("d")
    assert after.captured == (21, 27) and after.legal_moves() == ["g"]
    reply = after.play("g")
    assert reply.captured == (21, 27) and reply.board[7:] == (0,) * 7
    trace = reply.trace("a")
    assert [(walak.hole_name(e.hole), e.count, e.chained) for e in trace.events if isinstance(e, Capture)] == [
        ("South's e", 1, False), ("South's g", 3, True)]
    assert trace.after.is_over and trace.after.score == (29, 27)
    gains = {m: quiet.play(m).captured[0] - 20 for m in quiet.legal_moves()}
    assert gains == {"a": 2, "b": 1, "d": 1, "f": 1, "g": 0}


@pytest.mark.parametrize("agent", [
    AlphaBetaAgent(WALAK.heuristic, depth=2), AlphaBetaAgent(WALAK.material, depth=1),
    MCTSAgent(WALAK, playouts=50), GreedyAgent(WALAK.material)])
def test_agents_take_the_winning_chain(agent):
    assert agent.choose(walak.parse_position(CHAIN)) == "g"


@pytest.mark.parametrize("agent", [
    AlphaBetaAgent(WALAK.heuristic, depth=3), AlphaBetaAgent(WALAK.heuristic, depth=8),
    AlphaBetaAgent(WALAK.material, depth=3), MCTSAgent(WALAK, seed=1, playouts=400)])
def test_searching_agents_find_the_quiet_move_before_the_chain(agent):
    assert agent.choose(walak.parse_position(QUIET)) == "d"


def test_greedy_misses_the_quiet_move_and_the_search_proves_the_win():
    assert make_agent("greedy", "walak", seed=4).choose(walak.parse_position(QUIET)) == "a"
    agent = AlphaBetaAgent(WALAK.heuristic, depth=30)
    agent.choose(walak.parse_position(QUIET))
    info = agent.last_search
    assert info.move == "d" and info.value > WIN / 2 and info.depth == 3  # proven at depth 3: stops there


def test_alphabeta_at_depth_one_is_greedy_on_material():
    rng = random.Random(7)
    for i in range(40):
        position = walak.start()
        for _ in range(rng.randrange(30)):
            if position.is_over:
                break
            position = position.play(rng.choice(position.legal_moves()))
        if position.is_over:
            continue
        me = position.to_move
        values = {m: walak_material(position.play(m), me) + WIN * position.play(m).returns()[me]
                  for m in position.legal_moves()}
        best = max(values.values())
        for agent in (AlphaBetaAgent(WALAK.material, seed=i, depth=1, settings=CLASSIC), GreedyAgent(WALAK.material, seed=i)):
            assert values[agent.choose(position)] == best


def test_alphabeta_at_depth_one_is_greedy_on_myra_material():
    # (the plain search: quiescence would look at the captures after the move, see below)
    position = myra.make_position({"F11": "BQ", "F8": "B1", "K3": "B3", "F9": "O2", "K4": "O4", "F1": "OQ"})
    best = max(MYRA.material(position.play(move), 0) for move in position.legal_moves())
    for agent in (AlphaBetaAgent(MYRA.material, depth=1, settings=CLASSIC), GreedyAgent(MYRA.material)):
        # Blue 4 soldiers + 25 / 2 in reserve = 16.5 v Orange 18.5, less the 4 taken on K4: 16.5 - 14.5
        assert MYRA.material(position.play(agent.choose(position)), 0) == best == 2.0


QUEEN_EN_PRISE = {"F11": "BQ", "F5": "B2", "F8": "B1", "K3": "B3", "F3": "OQ", "E8": "O4", "A2": "O3"}


@pytest.mark.parametrize("agent", [
    AlphaBetaAgent(MYRA.heuristic, depth=1), AlphaBetaAgent(MYRA.heuristic, depth=2),
    MCTSAgent(MYRA, playouts=20), GreedyAgent(MYRA.material)])
def test_agents_capture_the_enemy_queen(agent):
    # Blue's troop of 2 on F5 reaches Orange's queen on F3 over the empty F4: the game is won.
    # Taking Orange's 4 on E8 with the soldier on F8 would win more soldiers, not the game.
    position = myra.make_position(QUEEN_EN_PRISE)
    move = agent.choose(position)
    assert position.notation(move) == "F5-F4-F3" and position.play(move).winner == 0


def test_alphabeta_saves_its_queen_where_greedy_loses_it():
    # Orange's 2 on F9 threatens Blue's queen in the corner F11 through F10 (the queen cannot flee:
    # its three neighbours are in reach). Blue saves it by taking the 2 (F8-F9) or filling F10 from
    # the reserve; greedy takes the 4 on K4 instead.
    position = myra.make_position({"F11": "BQ", "F8": "B1", "K3": "B3", "F9": "O2", "K4": "O4", "F1": "OQ"})

    def queen_falls(after):
        return any(after.play(reply).winner == 1 for reply in after.legal_moves())

    assert position.notation(GreedyAgent(MYRA.material).choose(position)) == "K3-K4"
    agent = AlphaBetaAgent(MYRA.heuristic, depth=2)
    move = agent.choose(position)
    assert position.notation(move) in ("F8-F9", "*F10") and not queen_falls(position.play(move))


def test_paranoid_search_with_three_players():
    # Blue takes Orange's queen (Orange's soldiers become Blue's) rather than lose it to Green next.
    position = myra.make_position({"F11": "BQ", "F5": "B2", "F3": "OQ", "E3": "O3", "K6": "GQ", "J6": "G2",
                                   "H9": "G1"}, players=3)
    for agent in (AlphaBetaAgent(MYRA.heuristic, depth=1), AlphaBetaAgent(MYRA.heuristic, depth=3),
                  MCTSAgent(MYRA, playouts=30)):
        move = agent.choose(position)
        assert position.notation(move) == "F5-F4-F3"
        assert position.play(move).eliminated == (1,)


class SearchClock:
    """A clock that moves only when the search reads it (``step`` seconds a reading): how deep
    a search gets before its time limit no longer depends on how busy the machine is."""

    def __init__(self, step: float) -> None:
        self.now, self.step, self.readings = 1000.0, step, 0

    def perf_counter(self) -> float:
        self.now += self.step
        self.readings += 1
        return self.now


def test_time_limit_is_kept_and_reports_the_depth(monkeypatch):
    import kit.agents.alphabeta as alphabeta
    import kit.agents.mcts as mcts_module

    clock = SearchClock(0.001)  # alpha-beta reads the clock every 64 nodes: 50 readings in 0.05 s
    monkeypatch.setattr(alphabeta, "time", clock)
    agent = make_agent("alphabeta", "walak", time_per_move=0.05)
    agent.choose(walak.start())
    info = agent.last_search
    assert info.depth >= 2 and info.nodes > 0
    assert 0.05 <= info.seconds <= 0.05 + 2 * clock.step  # stopped at the first reading past the limit
    clock = SearchClock(0.005)  # MCTS reads it once a playout: about 10 playouts in 0.05 s
    monkeypatch.setattr(mcts_module, "time", clock)
    mcts = make_agent("mcts", "walak", time_per_move=0.05)
    mcts.choose(walak.start())
    assert mcts.last_search.playouts >= 5 and 0.05 <= mcts.last_search.seconds <= 0.05 + 2 * clock.step


def test_time_limit_is_kept_on_the_real_clock():
    """On the machine's clock, under load: the limit is kept within one reading's work, here
    allowed 20 times the limit (a loaded machine may not run the search for a while)."""
    agent = make_agent("alphabeta", "walak", time_per_move=0.05)
    agent.choose(walak.start())
    assert agent.last_search.depth >= 1 and agent.last_search.seconds < 1.0
    mcts = make_agent("mcts", "walak", time_per_move=0.05)
    mcts.choose(walak.start())
    assert mcts.last_search.playouts >= 1 and mcts.last_search.seconds < 1.0


# Blue has no capture of the queen at once, but D5-D4-D3 (a 3-troop) leaves Orange's queen on
# D1 no escape: whatever Orange answers, Blue takes the queen next.
FORCED_QUEEN = {"H7": "BQ", "D1": "OQ", "D5": "B3", "F7": "B1", "H1": "O2", "E7": "O1"}


def test_the_search_finds_a_forced_queen_capture_within_its_depth():
    position = myra.make_position(FORCED_QUEEN, reserve=[0, 0])
    assert not any(position.play(m).winner == 0 for m in position.legal_moves())
    for settings in (CLASSIC, SearchSettings()):
        agent = AlphaBetaAgent(MYRA.heuristic, depth=3, order_by=MYRA.material, settings=settings)
        info = agent.analyse(position)
        # the plain search proves it at depth 3; quiescence already sees the last capture at depth 2
        assert info.value > WIN / 2 and info.depth == (3 if settings == CLASSIC else 2)
        after = position.play(info.move)
        for reply in after.legal_moves():  # every answer loses the queen
            answer = after.play(reply)
            assert any(answer.play(m).winner == 0 for m in answer.legal_moves())
        if settings == CLASSIC:
            assert len(info.pv) == 3 and position.play(info.pv[0]).play(info.pv[1]).play(info.pv[2]).winner == 0


def test_quiescence_sees_the_queen_lost_after_a_greedy_capture():
    # At depth 1 the plain search takes the 4 on K4; following captures, it sees F9-F10-F11 take the queen.
    position = myra.make_position({"F11": "BQ", "F8": "B1", "K3": "B3", "F9": "O2", "K4": "O4", "F1": "OQ"})
    plain = AlphaBetaAgent(MYRA.material, depth=1, order_by=MYRA.material, settings=CLASSIC)
    full = AlphaBetaAgent(MYRA.material, depth=1, order_by=MYRA.material)
    assert position.notation(plain.choose(position)) == "K3-K4"
    assert position.notation(full.choose(position)) in ("F8-F9", "*F10")


def test_same_seed_same_search_under_a_depth_limit():
    position = myra.start(3)
    runs = [AlphaBetaAgent(MYRA.heuristic, seed=4, depth=2, order_by=MYRA.material).analyse(position) for _ in range(2)]
    assert runs[0].move == runs[1].move and runs[0].value == runs[1].value and runs[0].nodes == runs[1].nodes
    assert runs[0].pv == runs[1].pv


def test_a_passed_myra_position_hands_over_the_turn_and_nothing_else():
    position = myra.start(2).play(myra.start(2).legal_moves()[0])
    passed = position.passed()
    assert passed.packed == position.packed and passed.reserve == position.reserve
    assert passed.to_move == 1 - position.to_move and passed.key() != position.key()
    three = myra.start(3)
    assert three.passed().to_move == 1 and three.passed().passed().passed().key() == three.key()


def test_the_pruned_search_completes_four_plies_from_the_start_in_few_positions():
    # Counts, not times: the first plain search needs about 80,000 positions for 3 plies here.
    full = AlphaBetaAgent(MYRA.heuristic, seed=3, depth=4, order_by=MYRA.material).analyse(myra.start(2))
    assert full.depth == 4 and full.nodes < 40_000
    assert full.move in myra.start(2).legal_moves()


def test_the_pruned_search_still_takes_a_hanging_queen_at_depth_four():
    position = myra.make_position(FORCED_QUEEN, reserve=[0, 0])
    info = AlphaBetaAgent(MYRA.heuristic, depth=4, order_by=MYRA.material).analyse(position)
    assert info.value > WIN / 2
    after = position.play(info.move)
    for reply in after.legal_moves():
        answer = after.play(reply)
        assert any(answer.play(m).winner == 0 for m in answer.legal_moves())
