"""Tournaments, random-play statistics, charts and the solver of small Walak-pussa boards."""
import io

import pytest
from matplotlib.figure import Figure

from kit import walak
from kit.agents.tournament import match, new_game, play_game, random_play_stats, round_robin
from kit.games.walak.solver import BudgetExceeded, solve_walak
from kit.draw.charts import length_chart, tournament_chart


def test_match_alternates_colours_and_counts_every_game():
    result = match("walak", ["random", "greedy"], games=6, seed=2, processes=1, progress=False)
    assert [g.seats for g in result.games] == [("random", "greedy"), ("greedy", "random")] * 3
    data = result.to_json()
    assert set(data) == {"games", "wins", "draws", "repetitions"} and data["games"] == 6
    assert list(data["wins"]) == ["random", "greedy"] and sum(data["wins"].values()) + data["draws"] == 6
    assert result.played() == {"random": 6, "greedy": 6}
    assert "agent" in result.table() and "greedy" in result.table()


def test_worker_processes_play_the_same_games():
    serial = match("walak", ["greedy", "alphabeta"], games=4, seed=9, depth=2, processes=1, progress=False)
    parallel = match("walak", ["greedy", "alphabeta"], games=4, seed=9, depth=2, processes=2, progress=False)
    assert serial.games == parallel.games


def test_same_names_get_numbered_keys():
    result = match("walak", ["random", "random"], games=4, seed=1, processes=1, progress=False)
    assert result.agents == ("random-1", "random-2")
    assert set(result.to_json()["wins"]) == {"random-1", "random-2"}
    assert result.games[0].seats == ("random-1", "random-2") and result.games[1].seats == ("random-2", "random-1")


def test_round_robin_plays_every_pair():
    result = round_robin("walak", ["random", "greedy", "beginner"], games_per_pair=2, seed=3, processes=1,
                         progress=False)
    assert len(result.games) == 6 and set(result.played().values()) == {4}
    standings = result.standings()
    assert [row[5] for row in standings] == sorted((row[5] for row in standings), reverse=True)


def test_three_player_myra_match_rotates_the_seats():
    result = match("myra", ["random", "greedy", "random"], games=3, ply_limit=12, processes=1, progress=False)
    assert [g.seats[0] for g in result.games] == ["random-1", "greedy", "random-2"]
    assert all(g.plies <= 12 for g in result.games)


def test_the_tournament_chart_s_bars_are_the_scores():
    result = match("walak", ["random", "greedy"], games=6, processes=1, progress=False)
    ax = tournament_chart(result).axes[0]
    names = [label.get_text() for label in ax.get_yticklabels()]
    assert sorted(names) == sorted(result.agents) and ax.get_xlim() == (0, 100)
    won, drawn, lost = ax.containers  # the won, drawn and lost bars, one per agent each
    counts = []
    for row, name in enumerate(names):  # counted from the games, not from the standings the chart reads
        played = sum(name in g.seats for g in result.games)
        wins = sum(g.winner is not None and g.winner_key == name for g in result.games)
        draws = sum(g.winner is None and name in g.seats for g in result.games)
        counts.append((wins, draws, played - wins - draws))
        expected = [100 * count / played for count in counts[-1]]
        bars = [won.patches[row], drawn.patches[row], lost.patches[row]]
        assert [bar.get_width() for bar in bars] == pytest.approx(expected)
        assert [bar.get_x() for bar in bars] == pytest.approx([0, expected[0], expected[0] + expected[1]])
    labels = [text.get_text() for text in ax.texts]  # bar labels: the won counts, then drawn, then lost
    assert labels == [str(counts[row][kind]) if counts[row][kind] else "" for kind in range(3) for row in range(len(names))]
    assert sum(wins for wins, _, _ in counts) > 0  # a chart with something to show


def test_charts_are_figures_that_render():
    result = match("walak", ["random", "greedy"], games=4, processes=1, progress=False)
    stats = random_play_stats("walak", games=30, seed=4, processes=1, progress=False)
    for figure in (tournament_chart(result), length_chart(stats)):
        assert isinstance(figure, Figure)
        figure.savefig(io.BytesIO(), format="png")


def test_random_play_stats():
    stats = random_play_stats("walak", games=60, seed=5, processes=1, progress=False)
    assert stats.games == 60 and sum(stats.wins_by_seat) + stats.draws == 60
    assert 0 <= stats.first_player_score <= 1 and min(stats.lengths) >= 1
    assert "first player's score" in stats.summary() and "endless" in stats.summary()
    myra_stats = random_play_stats("myra", games=2, ply_limit=10, processes=1, progress=False)
    assert myra_stats.lengths == (10, 10) and myra_stats.draws == 2


class LastMove:
    """Always the last legal move: walks a lone seed round the board without ever capturing."""

    name = "last"

    def choose(self, position):
        return position.legal_moves()[-1]


def test_a_repeating_game_ends_by_the_repetition_ruling():
    # One seed a side, seven holes apart: each seed steps on; when South's seed has crossed into
    # North's row, North steps its own seed into South's row (rather than the crossed one, which
    # would leave South without a move), and the positions come round: the third time ends it.
    position = walak.parse_position("S:1,0,0,0,0,0,0/1,0,0,0,0,0,0:27-27")
    result = play_game(position, [LastMove(), LastMove()])
    assert result.repetition and result.winner is None and result.plies == 28
    assert result.moves[:14] == tuple("aabbccddeeffgg") and result.moves[14:] == result.moves[:14]
    ahead = play_game(walak.parse_position("S:1,0,0,0,0,0,0/1,0,0,0,0,0,0:30-24"), [LastMove(), LastMove()])
    assert ahead.repetition and ahead.winner == 0  # 31-25: each takes the seed in their row


def test_a_tournament_reports_repetition_endings():
    result = match("walak", ["random", "random"], games=40, seed=3, processes=1, progress=False)
    assert result.to_json()["repetitions"] == result.repetitions == sum(g.repetition for g in result.games)
    assert f"{result.repetitions} ended by repetition" in result.table()


def test_new_game_checks_its_arguments():
    assert new_game("myra").rules.ply_limit == 200
    with pytest.raises(ValueError, match="2 players"):
        new_game("walak", players=3)
    with pytest.raises(ValueError, match="unknown game"):
        new_game("go")


def test_solve_small_boards():
    assert solve_walak(1).margin == 14  # South's first move takes every seed
    quiet = walak.parse_position("S:1,1,0,1,0,1,2/0,1,0,0,0,0,2:20-27")  # see test_agents_search
    solution = solve_walak(quiet)
    assert (solution.margin, solution.move, solution.winner) == (2, "d", 0)  # 29-27
    assert solve_walak(quiet.play("a")).margin == -2  # greedy's move loses 27-29
    over = walak.parse_position("S:0,0,0,0,0,0,0/0,0,0,0,0,0,0:30-26")
    assert solve_walak(over).margin == 4 and solve_walak(over).move is None
    with pytest.raises(BudgetExceeded):
        solve_walak(2, max_nodes=1000)
    with pytest.raises(ValueError, match="seeds per hole"):
        solve_walak(9)
