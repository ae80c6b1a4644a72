"""Analysis for people: the best move of a position, its value in words and numbers, and the line.

The strong search (alpha-beta with quiescence, :mod:`kit.agents.alphabeta`) looks at a position
for some seconds or to a depth; :func:`analyse` gives the best move, its value for the player to
move in words and as a number, the depth reached, the principal variation, the positions
searched and the time. The command ``python -m kit analyse`` is :mod:`kit.cli.analyse`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kit.agents.alphabeta import AlphaBetaAgent, SearchInfo
from kit.agents.evaluation import WIN
from kit.core.game import game_of

DEFAULT_SECONDS = 2.0


@dataclass(frozen=True)
class Analysis:
    """The search's verdict on a position, moves in notation (no move if no ply was completed)."""

    best: str | None  # None: the search completed no ply
    value: float  # for the player to move: more is better for them
    words: str  # the value in words
    depth: int
    pv: tuple[str, ...]
    nodes: int
    seconds: float
    shown: str  # the value as the text shows it after the words: " (+3.00)", or "" (:func:`value_shown`)

    @property
    def result(self) -> str | None:
        """"win" or "loss" when the search proved one for the player to move, else None."""
        if self.best is None or abs(self.value) < WIN / 2:
            return None
        return "win" if self.value > 0 else "loss"

    def to_json(self) -> dict[str, Any]:
        """``{"best", "value", "result", "depth", "pv", "nodes", "seconds"}``: valid JSON always."""
        return {"best": self.best, "value": round(self.value, 3), "result": self.result, "depth": self.depth,
                "pv": list(self.pv), "nodes": self.nodes, "seconds": round(self.seconds, 3)}

    def text(self) -> str:
        """A few lines for people."""
        if self.best is None:
            return "\n".join([
                f"best move: none: the search completed no ply in {self.seconds:.2f} s (give it more --time)",
                f"value, as the position stands (not searched): {self.words}{self.shown}",
                f"searched {self.nodes:,} positions in {self.seconds:.2f} s",
            ])
        return "\n".join([
            f"best move: {self.best}",
            f"value: {self.words}{self.shown}",
            f"depth: {self.depth} plies",
            f"line: {' '.join(self.pv)}",
            f"searched {self.nodes:,} positions in {self.seconds:.2f} s",
        ])


def player_names(position: Any) -> tuple[str, ...]:
    """The names of the players of the position's game."""
    return game_of(position).player_names(position.num_players)


def searcher(position: Any, seconds: float | None, depth: int | None, name: str = "analyse") -> AlphaBetaAgent:
    """The strong search for the position's game, under the given limits (seed 0)."""
    judge = game_of(position).evaluation()
    return AlphaBetaAgent(judge.heuristic, name, 0, depth=depth, time_per_move=seconds, order_by=judge.material)


def value_words(position: Any, value: float) -> str:
    """A search value for the player to move, in words (e.g. "South is ahead by about 3 seeds",
    in the game's :attr:`~kit.core.game.Game.unit`, or in its ``score_unit`` where it declares one)."""
    names = player_names(position)
    mover = names[position.to_move]
    others = "the others" if len(names) > 2 else names[1 - position.to_move]
    description = game_of(position)
    unit = description.score_unit or description.unit
    if value >= WIN / 2:
        return f"{mover} wins by force"
    if value <= -WIN / 2:
        return f"{mover} loses against best play"
    if abs(value) < 0.5:
        return "about even"
    leader = mover if value > 0 else others
    verb = "are" if leader == "the others" else "is"
    amount = f"{abs(value):.0f}" if abs(value) >= 1.5 else "1"
    return f"{leader} {verb} ahead by about {amount} {unit[:-1] if amount == '1' else unit}"


def value_shown(position: Any, value: float) -> str:
    """The value as the analysis shows it after its words: the number (" (+3.00)"), or nothing for
    a forced win or loss: its number is the search's win constant, not the game's (the JSON keeps it)."""
    if abs(value) >= WIN / 2:
        return ""
    return f" ({value:+.2f})"


def analyse(position: Any, seconds: float | None = DEFAULT_SECONDS, depth: int | None = None) -> Analysis:
    """Search the position (for ``seconds``, or to ``depth`` plies, or both) and describe what it found."""
    if position.is_over:
        raise ValueError("the game is over: there is no move to analyse")
    if seconds is None and depth is None:
        raise ValueError("give a time, a depth, or both")
    info: SearchInfo = searcher(position, seconds, depth).analyse(position)
    if info.depth == 0 and len(position.legal_moves()) > 1:  # no ply completed: no move to name
        return Analysis(None, info.value, value_words(position, info.value), 0, (), info.nodes,
                        info.seconds, value_shown(position, info.value))
    pv, here = [], position
    for move in info.pv:
        pv.append(here.notation(move))
        here = here.play(move)
    value = info.value
    return Analysis(position.notation(info.move), value, value_words(position, value), info.depth, tuple(pv),
                    info.nodes, info.seconds, value_shown(position, value))
