"""The questions the Walak-pussa lessons ask about moves and games, answered by the engine.

Each function answers one question a lesson asks ("which holes does this move capture?",
"how many laps does it take?") in words a student can read, so that a lesson's code reads
like the question. Holes are named as players name them ("North's c").

>>> captures(parse_position("S:0,0,0,0,2,0,0/0,3,0,1,0,4,1:0-0"), "e")
[("North's b", 3), ("North's d", 1), ("North's f", 4)]
"""
from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any, Sequence

from kit.core.game import Trace
from kit.study import play_out, rare_range, share_over_games
from kit.games.walak.board import HOLES, PLAYER_NAMES, Hole, letter, side, hole_name as _name
from kit.games.walak.events import (Capture, Endless, GameEnd, LapEnd, Lift, MoveEnd, Relay, Sow, Sweep, state_at, seeds_captured,
                                    seed_count)
from kit.games.walak.match import Match
from kit.games.walak.position import Move, Position, parse_position, start
from kit.games.walak.sowing import sowings

__all__ = ["hole_table", "sown_into", "nth_seed_hole", "laps", "lap_lines", "first_lap_end", "first_relay",
           "move_summary", "captured_holes", "captures", "gain", "why_the_chain_stopped", "ends_after_capture",
           "first_capture_step", "lift_steps", "first_laps_trace", "unnumbered_laps", "lap_start_step", "lap_start_picture", "relay_cycle",
           "relay_cycle_sentence", "EndlessInGames", "PresetFigures", "BigHands",
           "longest_ending_move", "EndlessCount", "endless_on_random_boards", "all_boards", "LapEnds", "lap_ends", "endless_in_random_games",
           "play_round", "play_match", "opening_positions", "random_games", "preset_figures", "big_hands",
           "FirstPlayerScore", "first_player_score", "random_players_score", "searching_players_score",
           "score_chart", "verdict", "parse_position"]


# -- the board ----------------------------------------------------------------------------------


def hole_table() -> str:
    """The 14 holes, one a line: global index and the name players use."""
    return "\n".join(f"{hole:2d}  {_name(hole)}" for hole in range(HOLES))


# -- sowing and relays ------------------------------------------------------------------------


def sown_into(position: Position, move: Move) -> list[str]:
    """The holes the first handful of a move is sown into, in order."""
    return [_name(event.hole) for event in position.first_laps(move, 1) if isinstance(event, Sow)]


def nth_seed_hole(position: Position, move: Move, n: int) -> str:
    """The hole the ``n``-th seed (counted from 1) of a move's first handful falls into."""
    return sown_into(position, move)[n - 1]


def laps(position: Position, move: Move) -> int:
    """How many laps the sowing of a move takes."""
    return sum(isinstance(event, LapEnd) for event in position.trace(move).events)


def lap_lines(position: Position, move: Move, first: int | None = None) -> list[str]:
    """One line per lap: how many seeds from where, where the lap ended, what the next hole decided.

    With ``first``, only the first laps (an endless move too, ending with the reason it is refused).
    """
    events = position.first_laps(move, first) if first else position.trace(move).events
    lines: list[str] = []
    lifted = None
    for event in events:
        if isinstance(event, Endless):
            lines.append(event.text)
        elif isinstance(event, (Lift, Relay)):
            lifted = event
        elif isinstance(event, LapEnd) and lifted is not None:
            after = "relay" if event.goes_on else "stop"
            lines.append(f"lap {event.lap}: {lifted.count:2d} from {_name(lifted.hole):10} end in "
                         f"{_name(event.hole):10} next {_name(event.looked_at)}: {after}")
    return lines


def first_lap_end(position: Position, move: Move) -> Hole:
    """The hole where the first lap of a move ends (where the last seed of the first hand falls)."""
    return next(event.hole for event in position.first_laps(move, 1) if isinstance(event, LapEnd))


def first_relay(position: Position, move: Move) -> Hole:
    """The hole lifted by a move's first relay."""
    return next(event.hole for event in position.trace(move).events if isinstance(event, Relay))


def move_summary(position: Position, move: Move) -> str:
    """A move's laps, steps and captures in one line."""
    trace = position.trace(move)
    taken = ", ".join(f"{count} from {hole}" for hole, count in captures(position, move)) or "nothing"
    return f"{laps(position, move)} laps, {len(trace.events)} steps, captures {taken}"


# -- captures -----------------------------------------------------------------------------------


def captured_holes(position: Position, move: Move) -> list[Hole]:
    """The holes a move captures, in order (global index)."""
    return [event.hole for event in position.trace(move).events if isinstance(event, Capture)]


def captures(position: Position, move: Move) -> list[tuple[str, int]]:
    """The holes a move captures, in order, with the seeds taken from each."""
    return [(_name(event.hole), event.count) for event in position.trace(move).events
            if isinstance(event, Capture)]


def gain(position: Position, move: Move) -> int:
    """The seeds a move captures (:func:`kit.games.walak.events.seeds_captured`: a sweep at the game's end is no capture)."""
    return seeds_captured(position.trace(move).events)


def why_the_chain_stopped(position: Position, move: Move) -> str:
    """A sentence saying why the captures of a move stopped where they did."""
    holes = captured_holes(position, move)
    if not holes:
        return "Nothing was captured."
    board = position.trace(move).after.board_before_sweep
    last = holes[-1]
    one, two = (last + 1) % HOLES, (last + 2) % HOLES
    if board[one]:
        return f"After {_name(last)} comes {_name(one)}, which holds seeds: the chain stops at once."
    return (f"After {_name(last)} come {_name(one)} and {_name(two)}, both empty: "
            "two empty holes in a row break the chain.")


def ends_after_capture(trace: Trace[Position]) -> bool:
    """Whether the move ended right after its captures: nothing but the game's end follows, and the turn passes."""
    end = next(i for i, event in enumerate(trace.events) if isinstance(event, MoveEnd))
    return (all(isinstance(event, (Sweep, GameEnd)) for event in trace.events[end + 1:])
            and trace.after.to_move != trace.before.to_move)


def first_capture_step(trace: Trace[Position]) -> int:
    """The step (counted from 1, as the stepper counts) of a move's first capture."""
    return next(step for step, event in enumerate(trace.events, 1) if isinstance(event, Capture))


# -- endless sowing -------------------------------------------------------------------------------


def lift_steps(events: Sequence[Any]) -> list[int]:
    """The steps (counted from 1) at which a hand is lifted: the first lift and every relay."""
    return [step for step, event in enumerate(events, 1) if isinstance(event, (Lift, Relay))]


def first_laps_trace(position: Position, move: Move, laps: int) -> Trace[Position]:
    """The first ``laps`` laps of a move as a trace a stepper can show (an endless move too)."""
    return Trace(position, move, position.first_laps(move, laps), position)


def unnumbered_laps(trace: Trace[Position]) -> Trace[Position]:
    """The move's steps with no lap numbered ("A lap ends in ..."), to step through beside an exercise
    that asks how many laps the move takes: no step says the count. Every other step is as it was."""
    return Trace(trace.before, trace.move,
                 tuple(replace(event, numbered=False) if isinstance(event, LapEnd) else event for event in trace.events),
                 trace.after)


def lap_start_step(trace: Trace[Position], lap: int) -> int:
    """The step (counted from 1) at which lap number ``lap`` lifts its seeds."""
    return lift_steps(trace.events)[lap - 1]


def relay_cycle(position: Position, move: Move, laps: int) -> tuple[int, int] | None:
    """The first lap whose start looks exactly like an earlier one, and that earlier lap (both from 1).

    A lap's start is the board, the hole lifted and the seeds lifted; None if no start repeats
    within the first ``laps`` laps.
    """
    events = position.first_laps(move, laps)
    seen: dict[Any, int] = {}
    for lap, step in enumerate(lift_steps(events), 1):
        event = events[step - 1]
        assert isinstance(event, (Lift, Relay))
        state = (state_at(position, events, step).board, event.hole, event.count)
        if state in seen:
            return lap, seen[state]
        seen[state] = lap
    return None


def relay_cycle_sentence(position: Position, move: Move, laps: int) -> str:
    """:func:`relay_cycle` said in a sentence: which lap starts like which earlier one, and how."""
    found = relay_cycle(position, move, laps)
    if found is None:
        return f"No lap of the first {laps} starts like an earlier one."
    lap, earlier = found
    events = position.first_laps(move, lap)
    lift = events[lift_steps(events)[lap - 1] - 1]
    assert isinstance(lift, (Lift, Relay))
    return (f"Lap {lap} starts exactly like lap {earlier}: the same board, and {seed_count(lift.count)} lifted from "
            f"{_name(lift.hole)}.")


def longest_ending_move(position: Position) -> Move:
    """The legal move whose sowing takes the most laps."""
    return max(position.legal_moves(), key=lambda move: laps(position, move))


@dataclass(frozen=True)
class EndlessCount:
    """Endless holes found on random boards, and the longest sowing among those that ended."""

    seeds: int | None  # seeds on each board (None: boards of several counts together)
    endless: int  # endless holes found
    occupied: int  # occupied holes asked
    first: Position | None  # the first position found with an endless hole
    longest: int  # the most laps a sowing took that ended
    longest_at: tuple[Position, Move] | None  # the first position and move found with that sowing

    @property
    def range(self) -> tuple[float, float]:
        """Where the true share of endless holes lies, in about 19 cases out of 20 (rare-event range)."""
        return rare_range(self.endless, self.occupied)

    def __str__(self) -> str:
        low, high = self.range
        label = "all" if self.seeds is None else seed_count(self.seeds)
        return (f"{label:>8}: {self.endless:3d} endless of {self.occupied:7,d} holes: "
                f"{10_000 * self.endless / self.occupied:.1f} in 10,000 (between {10_000 * low:.1f} and "
                f"{10_000 * high:.1f}); longest ending sowing {self.longest} laps")


def _sowing_laps(position: Position, hole: Hole) -> int | None:
    """The laps of the sowing from ``hole``, or None if it is endless."""
    count = 0

    def count_laps(event: object) -> None:
        nonlocal count
        count += isinstance(event, LapEnd)

    return count if hole in sowings(position.board, {hole: hole}, position.rules, count_laps) else None


def endless_on_random_boards(seeds: int, boards: int, start_number: int = 0) -> EndlessCount:
    """Endless holes among the occupied holes of random boards, and the longest sowing that ended.

    Each board gets ``seeds`` seeds dropped one by one into random holes; every occupied hole of
    either player is sown. The same ``start_number`` gives the same boards.
    """
    rng = random.Random(start_number)
    endless = occupied = longest = 0
    found = longest_at = None
    for _ in range(boards):
        board = [0] * HOLES
        for _ in range(seeds):
            board[rng.randrange(HOLES)] += 1
        for mover in (0, 1):
            position = Position(board, to_move=mover)
            for hole in side(mover):
                if not board[hole]:
                    continue
                occupied += 1
                laps_taken = _sowing_laps(position, hole)
                if laps_taken is None:
                    endless += 1
                    found = found or position
                elif laps_taken > longest:
                    longest, longest_at = laps_taken, (position, letter(hole))
    return EndlessCount(seeds, endless, occupied, found, longest, longest_at)


def all_boards(counts: Sequence[EndlessCount]) -> EndlessCount:
    """The counts of several searches of random boards taken together."""
    firsts = [count.first for count in counts if count.first is not None]
    top = max(counts, key=lambda count: count.longest)
    return EndlessCount(None, sum(count.endless for count in counts), sum(count.occupied for count in counts),
                        firsts[0] if firsts else None, top.longest, top.longest_at)


@dataclass(frozen=True)
class EndlessInGames:
    """How often random players met an endless sowing: positions where one was refused, and games."""

    games: int
    positions: int  # positions played through (a player to move in each)
    refused: int  # positions in which an endless hole was refused
    games_with: int  # games with at least one such position

    def __str__(self) -> str:
        return (f"{self.games} random games, {self.positions:,} positions: an endless sowing was refused in "
                f"{self.refused} positions, in {self.games_with} of the games")


def endless_in_random_games(games: int, start_number: int = 0) -> EndlessInGames:
    """How often random players meet an endless sowing (the same ``start_number``, the same games)."""
    from kit.agents.tournament import random_play_stats

    stats = random_play_stats("walak", games=games, seed=start_number, processes=1, progress=False)
    return EndlessInGames(games, sum(stats.lengths), stats.endless_positions, stats.games_with_endless)


# -- games and matches -------------------------------------------------------------------------------


def play_round(match: Match, players: Sequence[Any]) -> Match:
    """The match once its current round has been played to the end."""
    for trace in play_out(match.position, players):
        match = match.play(trace.move)
    return match


def play_match(players: Sequence[Any], rules: str | None = None) -> list[str]:
    """A whole match of several rounds played to its end; one line about each round (its length in plies too)."""
    match = Match.start(rules)
    lines = []
    while True:
        plies = match.position.ply
        match = play_round(match, players)
        opener = PLAYER_NAMES[match.opened_by]
        lines.append(f"round {match.round_number}, opened by {opener}, {match.position.ply - plies} plies: "
                     f"South holds {match.holdings[0]}, North {match.holdings[1]}")
        if match.is_over:
            lines.append(str(match).splitlines()[-1])  # "Match over: ... wins, holding ... seeds."
            return lines
        match = match.next_round()


def opening_positions(plies: int = 2, rules: str | None = None) -> list[Position]:
    """Every distinct position after the first ``plies`` moves of a game (all openings)."""
    level = {start(rules)}
    for _ in range(plies):
        level = {p.play(m) for p in level for m in p.legal_moves()}
    return sorted(level, key=lambda p: p.to_string())


def random_games(rules: str, games: int, start_number: int = 0) -> list[list[Trace[Position]]]:
    """Games of two random players from the start under a rule preset (the same start number, the same games)."""
    from kit.agents import make_agent

    return [play_out(start(rules), [make_agent("random", "walak", seed=start_number + 2 * i),
                                    make_agent("random", "walak", seed=start_number + 2 * i + 1)])
            for i in range(games)]


@dataclass(frozen=True)
class PresetFigures:
    """Games of two random players under one rule preset: first-player wins, draws, and length in plies."""

    rules: str
    games: int
    first_wins: int
    draws: int
    mean_plies: float
    plies_margin: float  # two standard errors of the mean length

    @property
    def draw_share(self) -> float:
        return self.draws / self.games

    @property
    def draw_margin(self) -> float:
        """Two standard errors of the share of draws."""
        return 2 * (self.draw_share * (1 - self.draw_share) / self.games) ** 0.5

    def __str__(self) -> str:
        return (f"{self.rules}: first player wins {self.first_wins}, draws {self.draws} "
                f"({100 * self.draw_share:.1f}% ± {100 * self.draw_margin:.1f}), "
                f"mean length {self.mean_plies:.1f} ± {self.plies_margin:.1f} plies, over {self.games} games")


def preset_figures(rules: str, games: int, start_number: int = 0) -> PresetFigures:
    """Who wins games of two random players under a rule preset, how many are drawn and how long they last."""
    from kit.agents import make_agent
    from kit.agents.tournament import play_game

    played = [play_game(start(rules), [make_agent("random", "walak", seed=start_number + 2 * i),
                                       make_agent("random", "walak", seed=start_number + 2 * i + 1)])
              for i in range(games)]
    lengths = [game.plies for game in played]
    mean = sum(lengths) / games
    spread = (sum((n - mean) ** 2 for n in lengths) / max(games - 1, 1)) ** 0.5
    return PresetFigures(rules, games, sum(game.winner == 0 for game in played),
                         sum(game.winner is None for game in played), mean, 2 * spread / games ** 0.5)


@dataclass(frozen=True)
class BigHands:
    """Hands (first lifts and relays) of random games that held ``size`` seeds or more."""

    size: int
    hands: int
    big: int
    games: int
    games_with: int  # games with at least one big hand
    hands_margin: float  # margin of error of big / hands, counted over the games

    @property
    def games_margin(self) -> float:
        """The usual margin of error of the share of games with a big hand: two standard errors."""
        share = self.games_with / self.games
        return 2 * (share * (1 - share) / self.games) ** 0.5

    def __str__(self) -> str:
        return (f"{self.big} of {self.hands:,} hands held {seed_count(self.size)} or more "
                f"({100 * self.big / self.hands:.2f}% ± {100 * self.hands_margin:.2f});\n"
                f"{self.games_with} of {self.games} games had at least one "
                f"({100 * self.games_with / self.games:.0f}% ± {100 * self.games_margin:.0f})")


def big_hands(games: int, size: int = 14) -> BigHands:
    """How many hands (first lifts and relays) of random games held ``size`` seeds or more."""
    per_game = []
    for game in random_games("default", games):
        counts = [event.count for trace in game for event in trace.events if isinstance(event, (Lift, Relay))]
        per_game.append((sum(count >= size for count in counts), len(counts)))
    _, margin = share_over_games(per_game)
    return BigHands(size, sum(n for _, n in per_game), sum(big for big, _ in per_game), games,
                    sum(big > 0 for big, _ in per_game), margin)


@dataclass(frozen=True)
class LapEnds:
    """How the laps of random games ended: next to an occupied hole (a relay) or an empty one (a stop)."""

    games: int
    laps: int
    relays: int
    margin: float  # margin of error of relays / laps, counted over the games

    def __str__(self) -> str:
        return (f"{self.games} random games, {self.laps:,} laps: {self.relays:,} relayed, "
                f"{self.laps - self.relays:,} stopped; relays {100 * self.relays / self.laps:.0f}% "
                f"± {100 * self.margin:.1f}")


def lap_ends(games: int) -> LapEnds:
    """How often a lap of a random game ends next to an occupied hole and relays, rather than stops."""
    per_game = []
    for game in random_games("default", games):
        ends = [event.goes_on for trace in game for event in trace.events if isinstance(event, LapEnd)]
        per_game.append((sum(ends), len(ends)))
    _, margin = share_over_games(per_game)
    return LapEnds(games, sum(n for _, n in per_game), sum(relays for relays, _ in per_game), margin)


# -- does moving first help? --------------------------------------------------------------------------


@dataclass(frozen=True)
class FirstPlayerScore:
    """The first player's share of the points over some games (a draw counts half), and how many games differ."""

    players: str
    score: float
    games: int
    distinct: int

    @property
    def margin(self) -> float:
        """The usual margin of error of the share: two standard errors."""
        return 2 * (self.score * (1 - self.score) / self.games) ** 0.5

    def __str__(self) -> str:
        return (f"{self.players:28} first player's score {100 * self.score:5.1f}% ± {100 * self.margin:4.1f} "
                f"over {self.games} games ({self.distinct} different)")


def first_player_score(players: str, games: Sequence[Any]) -> FirstPlayerScore:
    """The share of the points won by whoever moved first (seat 0) in each game played (tournament results)."""
    points = sum(0.5 if game.winner is None else float(game.winner == 0) for game in games)
    distinct = len({(getattr(game, "opening", ""), game.moves) for game in games})
    return FirstPlayerScore(players, points / len(games), len(games), distinct)


def random_players_score(games: int, start_number: int = 0) -> FirstPlayerScore:
    """The first player's score in games of two random players from the start."""
    from kit.agents.tournament import match

    result = match("walak", ["random", "random"], games=games, seed=start_number, processes=1, progress=False)
    return first_player_score("random players", result.games)


@dataclass(frozen=True)
class _OpeningGame:
    opening: str  # the position the game started from
    moves: tuple[str, ...]
    winner: int | None


def searching_players_score(player: str, openings: int = 2, **limits: Any) -> FirstPlayerScore:
    """The first player's score in games between two copies of a searching player, one game from each opening.

    Every distinct position after the first ``openings`` plies starts one game, so no two games
    are the same even where the players would repeat themselves; South moves first in all of them.
    """
    from kit.agents import make_agent
    from kit.agents.tournament import play_game

    games = []
    for number, position in enumerate(opening_positions(openings)):
        result = play_game(position, [make_agent(player, "walak", seed=number, **limits) for _ in range(2)])
        games.append(_OpeningGame(position.to_string(), result.moves, result.winner))
    name = f"{player}, {', '.join(f'{key} {value}' for key, value in limits.items())}" if limits else player
    return first_player_score(name, games)


def score_chart(scores: Sequence[FirstPlayerScore]) -> Any:
    """The first player's score for each kind of player, with its margin of error, as a bar chart."""
    from matplotlib.figure import Figure

    figure = Figure(figsize=(8, 3.2), layout="constrained")
    ax = figure.add_subplot()
    names = [score.players for score in scores]
    ax.barh(names, [100 * score.score for score in scores], xerr=[100 * score.margin for score in scores],
            color="#0072B2", capsize=6)
    ax.axvline(50, color="#D55E00", linestyle="--", label="no advantage")
    ax.set_xlim(0, 100)
    ax.set_xlabel("first player's score, % (a draw counts half)", fontsize=12)
    ax.tick_params(labelsize=12)
    ax.legend(loc="lower right")
    ax.set_title("Walak-pussa: does moving first help?", fontsize=14)
    return figure


def verdict(score: FirstPlayerScore) -> str:
    """What a measured score says about the first player's advantage, in a sentence."""
    low, high = score.score - score.margin, score.score + score.margin
    if low > 0.5:
        said = "the first player has a clear advantage: even the low end of the margin is above 50%"
    elif high < 0.5:
        said = "the second player has a clear advantage: even the high end of the margin is below 50%"
    else:
        said = "the games cannot tell: 50% lies inside the margin of error"
    return f"{score.players}: {100 * low:.0f}% to {100 * high:.0f}%, so {said}."


def lap_start_picture(trace: Trace[Position], lap: int) -> Any:
    """A picture of the board at the moment lap number ``lap`` of a traced move lifts its seeds."""
    from kit.games.walak.drawing import draw

    return draw(trace.before, trace.events, lap_start_step(trace, lap))
