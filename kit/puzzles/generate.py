"""Puzzles from real play: games between the kit's agents at mixed levels, searched position by position.

The games are played here, move by move, with the game's own rules (no ply limit: a game
stops after :data:`~kit.core.limits.MAX_PUZZLE_PLIES`), so every position the agents see can be a puzzle as it is.

Same seed, same games, same puzzles: the seatings and every agent's seed come from one
:class:`random.Random` seeded with ``seed``.
"""
from __future__ import annotations

import random
import time
from typing import Any, Callable, Iterator, Sequence

from kit.core.game import game as find_game
from kit.puzzles.kinds import kinds_for, puzzles_of
from kit.core.limits import MAX_PUZZLE_PLIES
from kit.puzzles.levels import Found
from kit.puzzles.puzzle import Puzzle
from kit.core.errors import show

LEVELS: tuple[int, ...] = (1, 2, 3)
OPENING = 4  # plies skipped at the start of every game (the start positions are all alike)
GAMES_PER_PUZZLE = 12  # the search gives up after 20 + this many games per puzzle asked for


class PuzzleError(ValueError):
    """A request for puzzles that cannot be met (unknown kind, bad level or count); the message says why."""


def kinds_of(game: str) -> tuple[str, ...]:
    """The kinds of puzzle of a game."""
    return tuple(kinds_for(find_game(game).name))


def mixed_kinds(game: str) -> tuple[str, ...]:
    """The kinds a request without a kind takes in turn (all but the rare ones)."""
    return tuple(name for name in kinds_of(game) if kinds_for(game)[name].in_mix)


def _check(game: str, kind: str | None, level: int | None, count: int) -> tuple[str, ...]:
    """The kinds asked for; PuzzleError for a bad kind, level or count."""
    try:
        choices = kinds_of(game)
    except ValueError as error:
        raise PuzzleError(str(error)) from None
    if kind is not None and kind not in choices:
        raise PuzzleError(f"unknown kind {show(kind)} for {game} (choices: {', '.join(choices)})")
    if level is not None and level not in LEVELS:
        raise PuzzleError(f"the level must be 1, 2 or 3, not {show(level)}")
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise PuzzleError(f"the number of puzzles must be a whole number >= 1, not {show(count)}")
    return mixed_kinds(game) if kind is None else (kind,)


def _agents(game: str, seating: Sequence[Any], rng: random.Random) -> list[Any]:
    from kit.agents import make_agent

    agents = []
    for seat in seating:
        name, depth = (seat, None) if isinstance(seat, str) else seat
        agents.append(make_agent(name, game, seed=rng.randrange(2 ** 31), depth=depth))
    return agents




def played_positions(game: str, rng: random.Random) -> Iterator[Any]:
    """The positions of one game between agents of a seating drawn with ``rng`` (opening plies
    skipped), as the agents saw them, so the engine generates each position's moves once."""
    seating = rng.choice(puzzles_of(game).seatings)
    agents = _agents(game, seating, rng)
    position = find_game(game).start(len(seating))
    for ply in range(MAX_PUZZLE_PLIES):
        if position.is_over:
            return
        if ply >= OPENING:
            yield position
        position = position.play(agents[position.to_move].choose(position))


def make_puzzles(game: str, kind: str | None = None, level: int | None = 1, count: int = 6,
                 seed: int | None = None, seconds: float | None = None,
                 progress: Callable[[int, int, float], None] | None = None) -> list[Puzzle]:
    """``count`` puzzles of ``game`` at ``level`` (None: any level), of one ``kind`` or (None) the
    game's kinds in turn (all but the rare ``save-the-queen``), found in games between the kit's agents.

    At most one puzzle of a kind comes from each game, so the puzzles are varied. Fewer
    than ``count`` come back only if the search gives up: after 20 + GAMES_PER_PUZZLE games per
    puzzle asked for (a rare kind at a rare level), or after ``seconds`` (None: no time limit).
    ``progress(games, found, elapsed)`` is called after each game and at least every second.
    """
    wanted = _check(game, kind, level, count)
    rng = random.Random(random.SystemRandom().randrange(2 ** 32) if seed is None else seed)
    quota = {name: count // len(wanted) + (i < count % len(wanted)) for i, name in enumerate(wanted)}
    found: dict[str, list[Puzzle]] = {name: [] for name in wanted}
    seen: set[Any] = set()
    began = reported = time.monotonic()

    def out_of_time() -> bool:
        nonlocal reported
        now = time.monotonic()
        if progress is not None and now - reported >= 1:
            reported = now
            progress(games, sum(map(len, found.values())), now - began)
        return seconds is not None and now - began > seconds

    for games in range(20 + GAMES_PER_PUZZLE * count):
        if all(len(found[name]) >= quota[name] for name in wanted) or out_of_time():
            break
        done: set[str] = set()
        for seen_in_game in played_positions(game, rng):
            open_kinds = [name for name in wanted if name not in done and len(found[name]) < quota[name]]
            if not open_kinds or out_of_time():
                break
            key = seen_in_game.key()
            if key in seen:
                continue
            position = puzzles_of(game).standing_alone(seen_in_game)
            for name in open_kinds:
                options = [f for f in kinds_for(game)[name].find(position) if level is None or f.level == level]
                if options:
                    seen.add(key)
                    done.add(name)
                    found[name].append(_puzzle(name, position, rng.choice(options)))
                    break
        if progress is not None:
            progress(games + 1, sum(map(len, found.values())), time.monotonic() - began)
    return _interleave([found[name] for name in wanted])[:count]


def _puzzle(kind: str, position: Any, found: Found) -> Puzzle:
    return Puzzle(kind, found.level, position, found.question, found.move, found.answer, found.captured)


def _interleave(lists: list[list[Puzzle]]) -> list[Puzzle]:
    """The puzzles of each kind taken in turn: first of each, second of each, ..."""
    longest = max((len(items) for items in lists), default=0)
    return [items[i] for i in range(longest) for items in lists if i < len(items)]
