"""Tournaments between agents and statistics of random play.

- :func:`match` plays N games between agents, the seats turning round every game (with
  two agents: colours alternate), and :func:`round_robin` plays a match between every pair.
  Games run in parallel over the machine's cores (serially where there are no processes,
  e.g. in a browser kernel), with a ``tqdm`` progress bar. The result prints a table;
  :func:`kit.draw.charts.tournament_chart` draws it.
- :func:`random_play_stats` measures, under random play, the first player's advantage, the
  distribution of game lengths (:func:`kit.draw.charts.length_chart`) and how often a move is
  refused because it never ends (in games that refuse such moves).

Every game ends by its own rules (a repetition ruling, for instance), or by the ply limit
tournaments give games that need one (``Game.agent_ply_limit``).

Agents are given by name (see :func:`kit.agents.make_agent`), so games can be sent to
worker processes and replayed: game ``i`` of a match with seed ``s`` is the same game
whenever the agents' limits are depths or playouts (time limits depend on the machine).
"""
from __future__ import annotations

import os
import random
import signal
import threading
import time
from collections import Counter
from contextlib import contextmanager
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any, Callable, Iterable, Iterator, Sequence

from kit.agents.factory import make_agent
from kit.agents.protocol import AgentSpec, agent_keys
from kit.core.game import GameState
from kit.core.game import game as find_game



def new_game(game: str, players: int = 2, ply_limit: int | None = None) -> GameState[Any]:
    """The start position of the game called ``game`` for a match between computer players:
    with the game's ply limit for such games (``Game.agent_ply_limit`` unless given)."""
    description = find_game(game)
    if description.agent_ply_limit is None:
        if ply_limit is not None:
            raise ValueError(f"{description.title} takes no ply limit: its games end by its own rules")
        return description.start(players)
    return description.start(players, {"ply_limit": ply_limit or description.agent_ply_limit})


@dataclass(frozen=True)
class GameResult:
    """One game played out: who sat where, the moves, the winner's seat, and what happened on the way."""

    seats: tuple[str, ...]  # the agent key in each seat (seat 0 moves first)
    moves: tuple[str, ...]  # the moves in notation
    winner: int | None  # the winning seat; None for a draw
    endless: int = 0  # positions where the mover had a never-ending move refused
    repetition: bool = False  # ended by a repetition ruling (a position for the third time)

    @property
    def plies(self) -> int:
        """The length of the game in plies."""
        return len(self.moves)

    @property
    def winner_key(self) -> str | None:
        """The winning agent's key, or None for a draw."""
        return None if self.winner is None else self.seats[self.winner]


@dataclass(frozen=True)
class _Job:
    game: str
    specs: tuple[AgentSpec, ...]  # by seat
    keys: tuple[str, ...]  # by seat
    seeds: tuple[int, ...]  # by seat
    players: int
    ply_limit: int | None


def play_game(position: Any, agents: Sequence[Any], keys: Sequence[str] | None = None) -> GameResult:
    """Play from ``position`` to the end of the game, ``agents[p]`` moving for player ``p``.

    The rules end every game, or the ply limit of games that need one (a position whose rules
    have their repetition ruling switched off may go round for ever).
    """
    if len(agents) != position.num_players:
        raise ValueError(f"a game of {position.num_players} players needs {position.num_players} agents, "
                         f"not {len(agents)}")
    keys = tuple(keys or (agent.name for agent in agents))
    moves: list[str] = []
    endless = 0
    while not position.is_over:
        if position.endless_moves():
            endless += 1
        move = agents[position.to_move].choose(position)
        moves.append(position.notation(move))
        position = position.play(move)
    return GameResult(keys, tuple(moves), position.winner, endless, position.repeated)


def _run_job(job: _Job) -> GameResult:
    agents = [make_agent(spec.agent, job.game, seed, spec.time_per_move, spec.depth, playouts=spec.playouts)
              for spec, seed in zip(job.specs, job.seeds)]
    return play_game(new_game(job.game, job.players, job.ply_limit), agents, job.keys)


class Interrupted(KeyboardInterrupt):
    """Games stopped by Ctrl-C (or SIGTERM under the command line) before all were played.

    ``finished`` holds the games played to the end, in the order of the jobs; :func:`match`
    and :func:`round_robin` add ``result``, the standings of those games.
    """

    def __init__(self, finished: Sequence[GameResult], result: "TournamentResult | None" = None) -> None:
        super().__init__(f"interrupted after {len(finished)} games")
        self.finished = tuple(finished)
        self.result = result


def run_games(jobs: Sequence[_Job], processes: int | None = None, progress: bool = True,
              description: str = "games") -> list[GameResult]:
    """Play the games, in worker processes when there are several, in order of the jobs.

    On Ctrl-C (KeyboardInterrupt) the workers are stopped and :class:`Interrupted` is raised
    with the games already finished.
    """
    from tqdm.auto import tqdm

    processes = min(processes or os.cpu_count() or 1, len(jobs))
    bar = tqdm(total=len(jobs), desc=description, unit="game", disable=not progress)
    results: list[GameResult] = []
    try:
        workers = _workers(processes)
        if workers is None:
            for job in jobs:
                results.append(_run_job(job))
                bar.update()
        else:
            try:
                for result in _played_by(workers, jobs):
                    results.append(result)
                    bar.update()
            finally:
                _stop(workers)
    except KeyboardInterrupt:
        raise Interrupted(results) from None
    finally:
        bar.close()
    return results


_SIGNALS = {getattr(signal, name) for name in ("SIGINT", "SIGTERM") if hasattr(signal, name)}

#: A worker process and the parent's end of the pipe it is given jobs and returns results on.
_Worker = tuple[Any, Any]


def _workers(processes: int) -> list[_Worker] | None:
    """Worker processes, or None where they are not wanted or not available (a browser kernel).

    Each has a pipe of its own, so a worker stopped halfway through sending a result holds no
    lock another process waits on (a shared ``multiprocessing.Pool`` queue can leave its
    ``terminate`` waiting for ever). Workers ignore Ctrl-C (the parent stops them), die quietly
    on SIGTERM, and end when the parent's ends of their pipes close (the parent gone). Ctrl-C
    and SIGTERM wait while the workers start (:func:`_signals_held`), so that none is caught
    half set up.
    """
    if processes <= 1:
        return None
    try:
        import multiprocessing
    except ImportError:
        return None
    workers: list[_Worker] = []
    with _signals_held(lambda: _stop(workers)):
        try:
            context = multiprocessing.get_context()
            for _ in range(processes):
                mine, theirs = context.Pipe()
                # the child gets copies of the parent's ends (its own and the earlier workers'):
                # it closes them, so that it sees the end of its pipe when the parent has gone
                parents = [pipe for _, pipe in workers] + [mine]
                worker = context.Process(target=_serve, args=(theirs, parents), daemon=True)
                worker.start()
                theirs.close()
                workers.append((worker, mine))
        except (NotImplementedError, OSError):
            _stop(workers)
            return None
    return workers


@contextmanager
def _signals_held(undo: Callable[[], None]) -> Iterator[None]:
    """Ctrl-C and SIGTERM held until the block ends, then acted on, after ``undo``.

    Two holds: the signals are blocked in this thread (a child forked meanwhile starts with
    them blocked, until it sets its own handlers), and, in the main thread, Python's handlers
    only note a signal: another thread (e.g. tqdm's monitor) may take a signal this thread
    blocks, and Python then runs the handler in the main thread all the same.
    """
    noted: list[int] = []
    previous: dict[int, Any] = {}
    if threading.current_thread() is threading.main_thread():
        for number in _SIGNALS:
            if signal.getsignal(number) is not None:  # None: a handler not set from Python, left alone
                previous[number] = signal.signal(number, lambda signum, frame: noted.append(signum))
    masking = hasattr(signal, "pthread_sigmask")
    if masking:
        signal.pthread_sigmask(signal.SIG_BLOCK, _SIGNALS)
    try:
        yield
    finally:
        if masking:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, _SIGNALS)  # a signal blocked meanwhile is noted now
        for number, handler in previous.items():
            signal.signal(number, handler)
    for number in noted[:1]:
        if previous[number] is not signal.SIG_IGN:
            undo()  # the workers have started: stop them, or the exit waits for them
            signal.raise_signal(number)  # met by the handler it would have met


def _played_by(workers: list[_Worker], jobs: Sequence[_Job]) -> Iterable[GameResult]:
    """The jobs' results in the order of the jobs, each job given to the next idle worker."""
    from multiprocessing.connection import wait

    waiting = iter(enumerate(jobs))
    busy: dict[Any, int] = {}  # pipe -> the job it plays
    done: dict[int, GameResult] = {}
    given = 0

    def give(pipe: Any) -> None:
        job = next(waiting, None)
        if job is not None:
            busy[pipe] = job[0]
            pipe.send(job[1])

    for _, pipe in workers:
        give(pipe)
    while busy:
        ready: list[Any] = wait(list(busy))
        for pipe in ready:
            number = busy.pop(pipe)
            try:
                answer: tuple[bool, Any] = pipe.recv()
            except EOFError:
                raise RuntimeError(f"the worker process playing game {number + 1} ended without its result") from None
            if not answer[0]:
                raise answer[1]
            done[number] = answer[1]
            give(pipe)
        while given in done:
            yield done.pop(given)
            given += 1


def _stop(workers: list[_Worker]) -> None:
    """End the worker processes at once (a game half played is dropped) and wait for them."""
    for worker, pipe in workers:
        if worker.is_alive():
            worker.kill()
        pipe.close()
    for worker, _ in workers:
        worker.join()


def _serve(pipe: Any, parents: Sequence[Any] = ()) -> None:
    """In a worker: play each job received, sending back (True, result) or (False, error),
    until the pipe is closed; ``parents`` are copies of the parent's ends, closed here."""
    _quiet_worker()
    for end in parents:
        end.close()
    while True:
        try:
            job = pipe.recv()
        except EOFError:
            return
        try:
            answer: tuple[bool, Any] = (True, _run_job(job))
        except Exception as error:  # noqa: BLE001 - raised again in the parent
            answer = (False, error)
        try:
            pipe.send(answer)
        except OSError:  # the parent has gone (killed): nobody to answer
            return


def _quiet_worker() -> None:
    """In a worker: Ctrl-C is the parent's business, SIGTERM ends the worker without a traceback."""
    if hasattr(signal, "SIGINT"):
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "SIGTERM"):
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _SIGNALS)


@dataclass(frozen=True)
class TournamentResult:
    """The games of a match or round robin, with standings."""

    game: str
    agents: tuple[str, ...]  # the agent keys, in the order given
    games: tuple[GameResult, ...] = field(repr=False)
    seconds: float = 0.0

    def wins(self) -> dict[str, int]:
        """Games won, per agent."""
        counts = Counter(g.winner_key for g in self.games if g.winner is not None)
        return {key: counts[key] for key in self.agents}

    @property
    def draws(self) -> int:
        """Games without a winner."""
        return sum(1 for g in self.games if g.winner is None)

    def played(self) -> dict[str, int]:
        """Games played, per agent."""
        counts = Counter(key for g in self.games for key in g.seats)
        return {key: counts[key] for key in self.agents}

    def standings(self) -> list[tuple[str, int, int, int, int, float]]:
        """Per agent, best first: (key, played, won, drawn, lost, score %) with a draw worth half a win."""
        wins, played = self.wins(), self.played()
        drawn = Counter(key for g in self.games if g.winner is None for key in g.seats)
        rows = []
        for key in self.agents:
            lost = played[key] - wins[key] - drawn[key]
            score = 100 * (wins[key] + drawn[key] / 2) / played[key] if played[key] else 0.0
            rows.append((key, played[key], wins[key], drawn[key], lost, score))
        return sorted(rows, key=lambda row: -row[5])

    def first_seat_wins(self) -> int:
        """Games won by the player who moved first."""
        return sum(1 for g in self.games if g.winner == 0)

    def table(self) -> str:
        """The standings as a text table, with the first player's record and the game lengths."""
        width = max(len("agent"), *(len(key) for key in self.agents))
        lines = [f"{'agent':<{width}}  played   won  drawn  lost  score"]
        for key, played, won, drawn, lost, score in self.standings():
            lines.append(f"{key:<{width}}  {played:6d}  {won:4d}  {drawn:5d}  {lost:4d}  {score:4.0f}%")
        n = len(self.games)
        if n:
            plies = [g.plies for g in self.games]
            repeated = f", {self.repetitions} ended by repetition" if find_game(self.game).repetition_rule else ""
            lines.append(f"{n} games of {self.game}: the first player won {self.first_seat_wins()}, "
                         f"{self.draws} drawn{repeated}; {min(plies)}-{max(plies)} plies, "
                         f"{sum(plies) / n:.1f} on average; {self.seconds:.1f} s")
        return "\n".join(lines)

    @property
    def repetitions(self) -> int:
        """Games ended by a repetition ruling."""
        return sum(1 for g in self.games if g.repetition)

    def to_json(self) -> dict[str, Any]:
        """``{"games": N, "wins": {agent: n, ...}, "draws": n, "repetitions": n}``."""
        return {"games": len(self.games), "wins": self.wins(), "draws": self.draws, "repetitions": self.repetitions}


def _limits(time_per_move: float | None, depth: int | None, playouts: int | None) -> dict[str, Any]:
    return {"time_per_move": time_per_move, "depth": depth, "playouts": playouts}


def _jobs(game: str, seatings: Iterable[tuple[str, ...]], names: dict[str, str], limits: dict[str, Any],
          seed: int, players: int, ply_limit: int | None) -> list[_Job]:
    """One job per seating (agent keys by seat), each agent with its own seed drawn from ``seed``."""
    for name in set(names.values()):
        make_agent(name, game, **limits)  # unknown names and bad limits fail here, not in a worker
    rng = random.Random(seed)
    return [_Job(game, tuple(AgentSpec(names[key], **limits) for key in seats), seats,
                 tuple(rng.getrandbits(32) for _ in seats), players, ply_limit)
            for seats in seatings]


def match(game: str, agents: Sequence[str], games: int = 10, seed: int = 0, time_per_move: float | None = None,
          depth: int | None = None, playouts: int | None = None, ply_limit: int | None = None,
          processes: int | None = None, progress: bool = True) -> TournamentResult:
    """A match of ``games`` games between agents given by name, one agent per player.

    The seats turn round every game: with two agents each plays first in every other game.
    Repeated names are told apart as ``name-1``, ``name-2`` (see ``agent_keys``).
    """
    if games < 1:
        raise ValueError(f"a match needs at least 1 game, not {games}")
    keys = agent_keys(list(agents))
    names = dict(zip(keys, agents))
    n = len(keys)
    seatings = [tuple(keys[(seat + i) % n] for seat in range(n)) for i in range(games)]
    jobs = _jobs(game, seatings, names, _limits(time_per_move, depth, playouts), seed, n, ply_limit)
    new_game(game, n, ply_limit)  # check the game and the number of players before starting workers
    return _played(game, keys, jobs, processes, progress, f"{' v '.join(keys)}")


def _played(game: str, keys: tuple[str, ...], jobs: list[_Job], processes: int | None, progress: bool,
            description: str) -> "TournamentResult":
    """The jobs played as a tournament; Interrupted carries the standings of the finished games."""
    started = time.perf_counter()
    try:
        results = run_games(jobs, processes, progress, description)
    except Interrupted as stop:
        raise Interrupted(stop.finished, TournamentResult(game, keys, stop.finished,
                                                          time.perf_counter() - started)) from None
    return TournamentResult(game, keys, tuple(results), time.perf_counter() - started)


def round_robin(game: str, agents: Sequence[str], games_per_pair: int = 10, seed: int = 0,
                time_per_move: float | None = None, depth: int | None = None, playouts: int | None = None,
                ply_limit: int | None = None, processes: int | None = None,
                progress: bool = True) -> TournamentResult:
    """Every pair of agents plays ``games_per_pair`` two-player games, colours alternating."""
    if games_per_pair < 1:
        raise ValueError(f"each pair needs at least 1 game, not {games_per_pair}")
    if len(agents) < 2:
        raise ValueError("a round robin needs at least two agents")
    keys = agent_keys(list(agents))
    names = dict(zip(keys, agents))
    seatings = [pair if i % 2 == 0 else pair[::-1]
                for pair in combinations(keys, 2) for i in range(games_per_pair)]
    jobs = _jobs(game, seatings, names, _limits(time_per_move, depth, playouts), seed, 2, ply_limit)
    new_game(game, 2, ply_limit)
    return _played(game, keys, jobs, processes, progress, "round robin")


# -- random play ----------------------------------------------------------------------------


@dataclass(frozen=True)
class PlayStats:
    """What happens when every player plays at random."""

    game: str
    players: int
    wins_by_seat: tuple[int, ...]  # games won by the player moving first, second, ...
    draws: int
    repetitions: int  # games ended by the repetition ruling (won or drawn)
    lengths: tuple[int, ...]  # plies of each game
    endless_positions: int  # positions where the mover had an endless sowing refused
    games_with_endless: int  # games in which that happened at least once

    @property
    def games(self) -> int:
        """The number of games played."""
        return len(self.lengths)

    @property
    def first_player_score(self) -> float:
        """The first player's share of the points (a draw worth half): 0.5 means no advantage."""
        return (self.wins_by_seat[0] + self.draws / self.players) / self.games

    def summary(self) -> str:
        """The figures in a few lines of text."""
        n, lengths = self.games, sorted(self.lengths)
        seats = ", ".join(f"seat {i + 1} {100 * won / n:.1f}%" for i, won in enumerate(self.wins_by_seat))
        lines = [
            f"{n} random games of {find_game(self.game).title} ({self.players} players)",
            f"wins: {seats}, draws {100 * self.draws / n:.1f}%; "
            f"first player's score {100 * self.first_player_score:.1f}%",
            f"ended by repetition: {self.repetitions} games",
            f"length: {lengths[0]}-{lengths[-1]} plies, median {lengths[n // 2]}, "
            f"mean {sum(lengths) / n:.1f}",
        ]
        if find_game(self.game).refuses_endless:
            lines.append(f"endless sowings refused: in {self.endless_positions} of {sum(lengths)} positions, "
                         f"in {self.games_with_endless} of {n} games ({100 * self.games_with_endless / n:.1f}%)")
        return "\n".join(lines)


def random_play_stats(game: str, games: int = 1000, seed: int = 0, players: int = 2,
                      ply_limit: int | None = None, processes: int | None = None,
                      progress: bool = True) -> PlayStats:
    """Play ``games`` games of random agents and gather who wins, how long games last, endless sowings."""
    result = match(game, ["random"] * players, games, seed, ply_limit=ply_limit, processes=processes,
                   progress=progress)
    # with identical agents only the seat matters: count wins by seat, not by agent
    wins = Counter(g.winner for g in result.games if g.winner is not None)
    return PlayStats(game, players, tuple(wins[seat] for seat in range(players)), result.draws,
                     result.repetitions, tuple(g.plies for g in result.games),
                     sum(g.endless for g in result.games), sum(1 for g in result.games if g.endless))


