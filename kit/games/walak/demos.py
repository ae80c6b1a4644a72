"""A gallery of capture demonstrations: small positions whose move shows one capture pattern.

Each :class:`Demo` is a position string, the move to play and a short title; the classroom
notebook loads them into a stepper, the lessons use them as worked examples. Most positions
are the hand-verified ones of ``tests/test_walak_rules.py``; ``tests/test_walak_demos.py``
checks that every move captures what its title says.

>>> demo("chain-across").trace().after.captured
(9, 0)
"""
from __future__ import annotations

from dataclasses import dataclass

from kit.core.game import Trace
from kit.core.named import finder
from kit.games.walak.position import Move, Position, parse_position


@dataclass(frozen=True)
class Demo:
    """A named demonstration: ``move`` played from ``position`` (a position string)."""

    name: str
    title: str
    position: str
    move: Move
    note: str

    def start(self) -> Position:
        """The position before the move."""
        return parse_position(self.position)

    def trace(self) -> Trace[Position]:
        """The move traced from the position."""
        return self.start().trace(self.move)


DEMOS: tuple[Demo, ...] = (
    Demo("single", "Single capture", "S:1,0,0,5,0,0,0/1,0,0,0,0,0,0:0-0", "a",
         "The last seed falls into South's b; South's c after it is empty, so the 5 seeds of South's d are eaten "
         "(pussa kanawa)."),
    Demo("chain-2-south", "Chain of two, South's side", "S:1,0,0,5,0,3,0/0,0,1,0,0,0,0:0-0", "a",
         "After South's d is eaten, South's e is empty and South's f holds seeds: the bead chain takes them too."),
    Demo("chain-2-north", "Chain of two, North's side", "N:0,0,1,0,0,0,0/1,0,0,5,0,3,0:0-0", "a",
         "The same pattern played by North on North's own holes: d, then f."),
    Demo("chain-3-north", "Chain of three, North's side", "S:0,0,0,0,0,0,1/0,0,2,0,3,0,5:0-0", "g",
         "South's last seed lands in North's a and South eats three of North's holes, every second one."),
    Demo("chain-3-south", "Chain of three, South's side", "N:0,0,2,0,3,0,5/0,0,0,0,0,0,1:0-0", "g",
         "North's single seed crosses to South's a; North eats South's c, e and g."),
    Demo("chain-across", "Chain across both sides", "S:2,0,0,0,0,0,2/0,0,0,4,0,3,0:0-0", "g",
         "The chain runs along the track from North's d and f round to South's own a."),
    Demo("broken-empties", "Chain broken by two empties", "S:1,0,0,5,0,0,4/1,0,0,0,0,0,0:0-0", "a",
         "After South's d is eaten, South's e and f are both empty: the chain stops and South's g keeps its seeds."),
    Demo("broken-occupied", "Chain broken by an occupied hole", "S:1,0,0,5,2,0,4/1,0,0,0,0,0,0:0-0", "a",
         "After South's d is eaten, South's e right after it holds seeds: the chain stops at once."),
    Demo("relay-7", "Seven-lap relay, seven holes eaten", "N:1,0,1,0,1,0,1/0,1,0,1,2,1,0:0-0", "f",
         "North relays through seven laps, then eats every second hole round the board: seven holes, 9 seeds."),
    Demo("lapping-15", "Lapping with 15 seeds", "S:15,0,0,0,0,0,0/0,0,0,0,0,0,0:0-0", "a",
         "15 seeds go once round the board and on; the hole they came from gets a seed like any other."),
    Demo("opening", "The opening: South's c", "S:4,4,4,4,4,4,4/4,4,4,4,4,4,4:0-0", "c",
         "From the start, South's c relays through seven laps before a single capture of 6 seeds."),
)

demo = finder(DEMOS, "capture demonstration")

#: The rules in a few lines (HTML), for the summary beside the classroom's board.
RULES_SUMMARY: tuple[str, ...] = (
    "<b>Lift</b> all the seeds of one of your holes and <b>sow</b> them one by one, counter-clockwise.",
    "<b>Relay</b>: the hand is empty and the <i>next</i> hole holds seeds? Lift them all and sow on.",
    "<b>Pussa kanawa</b>: the next hole is empty? The sowing ends; the hole beyond it is captured.",
    "<b>Bead chain</b>: empty, then full, again? Capture that too, on round the board.",
    "A player who cannot move ends the game; the other takes the seeds left. "
    "Most <i>captured</i> seeds wins; 28-28 is a draw.",
)
