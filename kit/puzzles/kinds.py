"""The kinds of puzzle of each game: what they ask, the rule a hint points at, and their finders.

Every finder takes a position and returns the puzzles it holds (often none), each answer
proven by brute force over the legal moves with the game's own engine
(:mod:`kit.puzzles.walak_kinds`, :mod:`kit.puzzles.myra_kinds`). Levels: :mod:`kit.puzzles.levels`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from kit.puzzles import myra_kinds, walak_kinds
from kit.puzzles.levels import Found


@dataclass(frozen=True)
class Kind:
    """A kind of puzzle: its game and name, its heading in words, what it asks, and the finder that
    proves its answers."""

    game: str
    name: str
    title: str  # the heading a student reads, e.g. "Which move captures the most?"
    summary: str
    rule: str  # the rule a wrong answer's hint points at
    find: Callable[[Any], list[Found]]
    in_mix: bool = True  # whether a request without a kind includes this kind (rare kinds do not)


KINDS: dict[str, dict[str, Kind]] = {
    "walak": {
        "most-captured": Kind("walak", "most-captured", "Which hole captures the most?",
                              "the hole that captures the most seeds, at least 3, where another hole captures too",
                              "pussa kanawa: when a lap ends before an empty hole, the hole beyond it is captured, "
                              "and the bead chain goes on: while the next hole is empty and the one after it holds seeds, "
                              "those are captured too",
                              walak_kinds.walak_most_captured),
        "relay-end": Kind("walak", "relay-end", "Where does the relay end?",
                          "where the relay of a move of two laps or more ends",
                          "relay sowing: when the last seed falls and the next hole holds seeds, lift them and "
                          "sow on from the hole after it; the relay ends before an empty hole",
                          walak_kinds.walak_relay_end),
    },
    "myra": {
        "most-captured": Kind("myra", "most-captured", "Which move captures the most?",
                              "the move that captures the most soldiers, where another move captures too",
                              "captures: a troop (or the queen) whose path ends on an enemy troop of any size "
                              "captures it; only a fortress of five is safe",
                              myra_kinds.myra_most_captured),
        "queen-hunt": Kind("myra", "queen-hunt", "Which move takes a queen?",
                           "the one move that captures an enemy queen",
                           "the queen hunt: a troop (or the queen) whose path ends on the enemy queen's hollow "
                           "captures her; every hollow before the last must be empty",
                           myra_kinds.myra_queen_hunt),
        "save-the-queen": Kind("myra", "save-the-queen", "How can the queen be kept safe?",
                               "2 players, the hollow and kind of move that keep the queen safe",
                               "the queen hunt: after your move, look at every reply of your opponent; "
                               "none may reach your queen", myra_kinds.myra_save_the_queen, in_mix=False),
    },
}
