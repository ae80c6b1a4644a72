"""Charts of computer play: tournament standings and game lengths (matplotlib object API).

>>> import kit
>>> from kit.agents.tournament import match
>>> figure = tournament_chart(match(kit.games()[0], ["random", "greedy"], games=2, progress=False, processes=1))
>>> [label.get_text() for label in figure.axes[0].get_yticklabels()]
['random', 'greedy']
"""
from __future__ import annotations

from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from kit.agents.tournament import PlayStats, TournamentResult
from kit.core.game import game


def tournament_chart(result: TournamentResult) -> Figure:
    """A bar per agent: the share of its games won, drawn and lost."""
    rows = list(reversed(result.standings()))
    figure = Figure(figsize=(8, 1.2 + 0.7 * len(rows)), layout="constrained")
    ax = figure.add_subplot()
    names = [row[0] for row in rows]
    left = [0.0] * len(rows)
    for column, label, colour in ((2, "won", "#2e7d32"), (3, "drawn", "#9e9e9e"), (4, "lost", "#c62828")):
        shares = [100 * float(row[column]) / row[1] if row[1] else 0.0 for row in rows]
        bars = ax.barh(names, shares, left=left, color=colour, label=label)
        ax.bar_label(bars, labels=[f"{row[column]}" if row[column] else "" for row in rows],
                     label_type="center", color="white", fontsize=12, fontweight="bold")
        left = [a + b for a, b in zip(left, shares)]
    ax.set_xlim(0, 100)
    ax.set_xlabel("% of games", fontsize=12)
    ax.tick_params(labelsize=12)
    ax.set_title(f"{game(result.game).title}: {len(result.games)} games", fontsize=14)
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.35 if len(rows) < 3 else -0.2), ncol=3, frameon=False)
    return figure


def length_chart(stats: PlayStats) -> Figure:
    """A histogram of game lengths under random play, with the wins by seat."""
    figure = Figure(figsize=(9, 4), layout="constrained")
    lengths_ax, seats_ax = figure.subplots(1, 2, width_ratios=(3, 1.3))
    lo, hi = min(stats.lengths), max(stats.lengths)
    lengths_ax.hist(stats.lengths, bins=range(lo, hi + 2, max(1, (hi - lo + 1) // 40)), color="#1565c0")
    lengths_ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    lengths_ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    lengths_ax.set_xlabel("plies in the game", fontsize=12)
    lengths_ax.set_ylabel("games", fontsize=12)
    lengths_ax.set_title(f"{game(stats.game).title}: {stats.games} random games", fontsize=14)
    labels = ["1st", "2nd", "3rd"][:stats.players] + ["draw"]
    shares = [100 * won / stats.games for won in stats.wins_by_seat] + [100 * stats.draws / stats.games]
    bars = seats_ax.bar(labels, shares, color=["#2e7d32"] * stats.players + ["#9e9e9e"])
    seats_ax.bar_label(bars, fmt="%.0f%%", fontsize=11)
    seats_ax.set_ylim(0, 115)
    seats_ax.set_yticks(range(0, 101, 20))
    seats_ax.set_title("won by the player moving", fontsize=12)
    seats_ax.tick_params(labelsize=11)
    seats_ax.set_ylabel("% of games", fontsize=12)
    return figure
