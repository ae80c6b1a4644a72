"""Exercises for the Walak-pussa lessons (01-07); every right answer is worked out with the engine.

Answers name holes as players do (``"North's c"``, ``"north c"``) or by global index (9);
moves are hole letters (``"c"``); players are ``"South"``/``"North"`` (or 0/1).
"""
from __future__ import annotations

import re
from typing import Any, Sequence

from kit.exercises import exercise
from kit.walak import (HOLES, LETTERS, PLAYER_NAMES, Capture, LapEnd, Position, Relay, Rules, Sow, hole_index,
                       parse_position, start)
from kit.walak.board import Hole, Player, letter, owner, side
from kit.walak.match import opener, refill

_HOLE = re.compile(r"^\s*(south|north|s|n)(?:['’]s|s)?\s+([a-g])\s*$", re.IGNORECASE)


# -- reading answers ---------------------------------------------------------------------------


def _number(answer: Any) -> int:
    """A whole number given as an int, a whole float or digits."""
    if isinstance(answer, bool):
        raise TypeError("a yes/no is not a number")
    if isinstance(answer, float) and answer.is_integer():
        return int(answer)
    if isinstance(answer, str) and answer.strip().isdigit():
        return int(answer)
    if not isinstance(answer, int):
        raise TypeError(f"expected a whole number, not {answer!r}")
    return answer


def _hole(answer: Any) -> Hole:
    """A hole given by name ("North's c", "north c") or global index 0..13."""
    if isinstance(answer, str):
        match = _HOLE.match(answer)
        if not match:
            raise ValueError(f"{answer!r} is not a hole name like \"North's c\"")
        return hole_index("sn".index(match.group(1)[0].lower()), match.group(2))
    index = _number(answer)
    if not 0 <= index < HOLES:
        raise ValueError(f"a hole index is 0..13, not {index}")
    return index


def _letter(answer: Any, player: Player) -> str:
    """One of ``player``'s holes given by letter ("f") or by name ("South's f")."""
    if isinstance(answer, str) and answer.strip().lower() in LETTERS:
        return answer.strip().lower()
    hole = _hole(answer)
    if owner(hole) != player:
        raise ValueError(f"not one of {PLAYER_NAMES[player]}'s holes")
    return letter(hole)


def _player(answer: Any) -> Player:
    """A player given by name or number."""
    if isinstance(answer, str):
        return [name.lower() for name in PLAYER_NAMES].index(answer.strip().lower())
    player = _number(answer)
    if player not in (0, 1):
        raise ValueError("a player is 0 (South) or 1 (North)")
    return player


def _holes(answer: Sequence[Any]) -> list[Hole]:
    """Several holes, in the order given."""
    if isinstance(answer, str):
        raise TypeError("give the holes as a list, e.g. [\"North's b\", \"North's d\"]")
    return [_hole(a) for a in answer]


# -- facts about moves, from the engine --------------------------------------------------------


def _laps(position: Position, move: str) -> int:
    """The number of laps of a move's sowing."""
    return sum(isinstance(e, LapEnd) for e in position.trace(move).events)


def _first_lap_end(position: Position, move: str) -> Hole:
    """The hole where the first lap of a move ends (the last seed of the hand first lifted)."""
    return next(e.hole for e in position.first_laps(move, 1) if isinstance(e, LapEnd))


def _captured_holes(position: Position, move: str) -> list[Hole]:
    """The holes a move captures, in order."""
    return [e.hole for e in position.trace(move).events if isinstance(e, Capture)]


def _gain(position: Position, move: str) -> int:
    """Seeds the mover captures with a move (the final sweep included)."""
    me = position.to_move
    return position.play(move).score[me] - position.captured[me]


def _first_relay(position: Position, move: str) -> Hole:
    """The hole lifted by a move's first relay."""
    return next(e.hole for e in position.trace(move).events if isinstance(e, Relay))


# -- lesson 01: start here ---------------------------------------------------------------------


@exercise("walak-start-1", "How many seeds lie on the board at the start of a game?",
          hint="Count the holes (two rows of seven) and the seeds in each; `walak.start().board` holds the counts.",
          explanation="Fourteen holes of four seeds each: 56 seeds, all on the board, none captured yet.")
def _start_seeds(answer: Any) -> bool:
    return _number(answer) == sum(start().board)


@exercise("walak-start-2", "How many steps does the stepper show for South's c from the start?",
          hint="Press 'last' in the stepper, or count the events: `len(walak.start().trace('c').events)`.",
          explanation="Every lift, seed sown, lap end, relay and capture is one step: the relay goes on for "
                      "seven laps, so the move takes many steps.")
def _start_steps(answer: Any) -> bool:
    return _number(answer) == len(start().trace("c").events)


@exercise("walak-start-3", "After South's c from the start, how many holes can North play?",
          hint="Play c on the play board and count North's green buttons, or use `legal_moves()`.",
          explanation="South's long relay emptied some of North's holes; only occupied holes can be played.")
def _start_replies(answer: Any) -> bool:
    return _number(answer) == len(start().play("c").legal_moves())


# -- lesson 02: the board and sowing ---------------------------------------------------------


@exercise("walak-sowing-1", "What is the global index of North's c?",
          hint="South's holes are 0..6, North's 7..13, each row from its owner's left.",
          explanation="North's a is 7, so North's c is two further on: 7 + 2.")
def _index_of_north_c(answer: Any) -> bool:
    return _number(answer) == hole_index(1, "c")


@exercise("walak-sowing-2", "South lifts the single seed of her g. Which hole does it fall into?",
          hint="Sowing goes counter-clockwise: along South's row to the right, then up and along North's row.",
          explanation="After South's g the track turns up into North's row, at North's own left: North's a.")
def _after_south_g(answer: Any) -> bool:
    position = Position((0, 0, 0, 0, 0, 0, 1) + (1,) * 7)
    return _hole(answer) == next(e.hole for e in position.trace("g").events if isinstance(e, Sow))


LAPPING = "S:15,0,0,0,0,0,0/0,0,0,0,0,0,0:0-0"


@exercise("walak-sowing-3", f"In `{LAPPING}` South lifts all 15 seeds of her a. Where does the last one fall?",
          hint="15 seeds: 14 go once round the board, the hole they came from included (ruling), then one more.",
          explanation="The hand is not lifted out of the count: the origin South's a gets the 14th seed, "
                      "and the 15th goes on to South's b.")
def _lapping_end(answer: Any) -> bool:
    return _hole(answer) == _first_lap_end(parse_position(LAPPING), "a")


# -- lesson 03: relay sowing -----------------------------------------------------------------


@exercise("walak-relay-1", "From the start, in which hole does the first lap of South's f end?",
          hint="South's f holds 4 seeds; sow them one by one into the holes after it, round the corner.",
          explanation="Four seeds go into South's g, then North's a, b and c: the first lap ends in North's c.")
def _relay_first_lap(answer: Any) -> bool:
    return _hole(answer) == _first_lap_end(start(), "f")


@exercise("walak-relay-2", "From the start, which hole does the first relay of South's f lift?",
          hint="The relay lifts the hole right after the one where the last seed fell (Stafettenaussaat).",
          explanation="The last seed fell into North's c; the very next hole, North's d, holds seeds: they are "
                      "lifted and the sowing goes on.")
def _relay_first_lift(answer: Any) -> bool:
    return _hole(answer) == _first_relay(start(), "f")


@exercise("walak-relay-3", "After South's c from the start, North answers with b. How many laps does it take?",
          hint="Trace it: `walak.start().play('c').trace('b')`, and count the LapEnd events (or the narrations "
               "starting with 'Lap').",
          explanation="Each relay starts a new lap; North's b keeps finding occupied holes for a long time.")
def _relay_laps(answer: Any) -> bool:
    return _number(answer) == _laps(start().play("c"), "b")


# -- lesson 04: pussa kanawa and the bead chain ---------------------------------------------


CHAIN = "S:0,0,0,0,2,0,0/0,3,0,1,0,4,1:0-0"


@exercise("walak-capture-1", f"In `{CHAIN}` South plays e. How many seeds does she capture?",
          hint="Sow the 2 seeds; look at the hole after the last one. Empty? Then take the hole beyond it, and "
               "follow the chain: empty, occupied, empty, occupied ...",
          explanation="The hole after the last seed is empty, so pussa kanawa eats the hole beyond it, and the bead "
                      "chain goes on past every single empty hole.")
def _chain_count(answer: Any) -> bool:
    return _number(answer) == _gain(parse_position(CHAIN), "e")


@exercise("walak-capture-2", f"In `{CHAIN}` South plays e. Which holes does she capture, in order?",
          hint="Name them as players do, e.g. [\"North's b\", ...]. The chain takes every second hole.",
          explanation="The first capture is pussa kanawa; the others are links of the bead chain, each just "
                      "past one empty hole. The chain stops where the hole after a capture holds seeds.")
def _chain_holes(answer: Any) -> bool:
    return _holes(answer) == _captured_holes(parse_position(CHAIN), "e")


CHOICE = "S:1,1,1,1,3,1,0/0,1,4,3,3,0,3:0-0"


@exercise("walak-capture-3", f"In `{CHOICE}` which of South's moves captures the most seeds?",
          hint="Try each legal move (`position.play(m).captured`), or trace them in the stepper. The biggest "
               "capture need not start from the biggest hole.",
          explanation="A single seed relays lap after lap round to North's g; the hole after it is empty, and "
                      "the chain then eats three of South's own holes.")
def _best_capture(answer: Any) -> bool:
    position = parse_position(CHOICE)
    gains = {m: _gain(position, m) for m in position.legal_moves()}
    return gains[_letter(answer, position.to_move)] == max(gains.values())


# -- lesson 05: endless sowing ----------------------------------------------------------------


ENDLESS = "S:1,0,1,0,1,1,3/2,1,0,5,0,1,0:0-0"
RULINGS_EXAMPLE = "N:5 4 3 6 3 4 3 | 5 2 7 6 1 4 3:0-0"
SMALL_EXAMPLE = "N:1 0 1 0 1 0 1 | 0 1 0 1 2 1 0:0-0"


@exercise("walak-endless-1", f"In `{ENDLESS}` one of South's holes is endless. Which?",
          hint="`position.endless_moves()` knows, and so does the play board: the endless hole is marked ∞.",
          explanation="Its relay has not ended after 10,000 laps, so it is not a legal move; the other "
                      "occupied holes can be played.")
def _which_endless(answer: Any) -> bool:
    position = parse_position(ENDLESS)
    return [_letter(answer, position.to_move)] == position.endless_moves()


@exercise("walak-endless-2", f"In the example `{RULINGS_EXAMPLE}`, how many laps does the longest of North's "
          "legal (ending) moves take?",
          hint="Count the laps of each of `position.legal_moves()`.",
          explanation="Sowings that end take a few hundred laps at most, far below the limit of 10,000.")
def _longest_ending(answer: Any) -> bool:
    position = parse_position(RULINGS_EXAMPLE)
    return _number(answer) == max(_laps(position, m) for m in position.legal_moves())


@exercise("walak-endless-3", f"With the limit lowered to 3 laps (`Rules(endless_laps=3)`), how many of North's "
          f"holes in `{SMALL_EXAMPLE}` count as endless?",
          hint="`walak.parse_position(text, rules=walak.Rules(endless_laps=3)).endless_moves()`.",
          explanation="A low limit also refuses sowings that would have ended: that is why the kit's limit is "
                      "10,000 laps, far beyond any sowing that ends.")
def _low_limit(answer: Any) -> bool:
    return _number(answer) == len(parse_position(SMALL_EXAMPLE, Rules(endless_laps=3)).endless_moves())


# -- lesson 06: playing -----------------------------------------------------------------------


LAST_MOVE = "S:2,0,0,0,0,3,0/0,0,0,0,0,0,0:20-31"


@exercise("walak-play-1", f"In `{LAST_MOVE}` South plays a. How many seeds does the sweep take?",
          hint="After the move, can North play? If not, the player who moved takes every seed left on the board.",
          explanation="North has no seed to lift: the game ends and South sweeps the seeds still on the board.")
def _sweep(answer: Any) -> bool:
    after = parse_position(LAST_MOVE).play("a")
    return _number(answer) == sum(after.board_before_sweep)


@exercise("walak-play-2", f"In `{LAST_MOVE}` South plays a. What is the final score, (South, North)?",
          hint="South's captured seeds plus the sweep, and North's captured seeds.",
          explanation="The sweep is not enough: North had already won more than half of the 56 seeds.")
def _final_score(answer: Any) -> bool:
    south, north = (_number(n) for n in answer)
    return (south, north) == parse_position(LAST_MOVE).play("a").score


@exercise("walak-play-3", "A round of a match ends with South holding 22 seeds and North 34 (South opened). "
          "Who opens the next round?",
          hint="The player holding fewer seeds opens (Mancala World), so their sowing runs toward their short holes.",
          explanation="The weaker player opens the next round.")
def _next_opener(answer: Any) -> bool:
    return _player(answer) == opener((22, 34), last_opener=0)


@exercise("walak-play-4", "South refills her holes with those 22 seeds. How many of her holes stay empty?",
          hint="Four seeds a hole from a rightward; a remainder under four goes into the next hole.",
          explanation="Five holes of four and one of two use the 22 seeds; the last hole stays empty, in play.")
def _empty_after_refill(answer: Any) -> bool:
    return _number(answer) == refill(22)[0].count(0)


# -- lesson 07: sources disagree -----------------------------------------------------------


@exercise("walak-sources-1", "Under the Ludii reading, which hole does the first relay of South's f lift "
          "(from the start)?",
          hint="Ludii relays from the hole where the last seed fell, if it was occupied, seed included.",
          explanation="The last seed fell into North's c, which already held seeds: Ludii lifts that very hole, "
                      "where the default reading lifts the next one, North's d.")
def _ludii_first_relay(answer: Any) -> bool:
    return _hole(answer) == _first_relay(start("ludii"), "f")


@exercise("walak-sources-2", "Under the Ludii reading, South opens with c. Which of North's replies captures "
          "the most seeds?",
          hint="`walak.start('ludii').play('c')` is the position; try each of North's legal moves.",
          explanation="Under Ludii's reading the board after the opening is different, and so are the best "
                      "replies.")
def _ludii_best_reply(answer: Any) -> bool:
    position = start("ludii").play("c")
    gains = {m: _gain(position, m) for m in position.legal_moves()}
    return gains[_letter(answer, position.to_move)] == max(gains.values())


SINGLETONS = "S:1,0,3,0,1,0,0/2,0,1,0,0,0,1:0-0:1"


@exercise("walak-sources-3", f"Under the Ludii reading, which of South's holes in `{SINGLETONS}` (not the opening "
          "move) are refused by the singleton rule?",
          hint="After the opening, a single seed may not be played while a hole holds two or more. Give a list "
               "of letters.",
          explanation="South's c holds three seeds, so both of her single seeds must wait; under the default "
                      "rules all three holes could be played.")
def _ludii_singletons(answer: Any) -> bool:
    if isinstance(answer, str):
        raise TypeError("give the holes as a list of letters, e.g. [\"a\", \"b\"]")
    position = parse_position(SINGLETONS, "ludii")
    mover = position.to_move
    occupied = [letter(h) for h in side(mover) if position.board[h]]
    refused = [m for m in occupied if m not in position.legal_moves() and m not in position.endless_moves()]
    return sorted(_letter(a, mover) for a in answer) == refused


@exercise("walak-sources-4", f"Under the skip-origin variant, where does the last of the 15 seeds of South's a fall "
          f"in `{LAPPING}`?",
          hint="Skip the hole the seeds came from when the hand comes round to it.",
          explanation="Skipping South's a shifts the end of the lap one hole on: South's c instead of South's b.")
def _skip_origin_end(answer: Any) -> bool:
    return _hole(answer) == _first_lap_end(parse_position(LAPPING, "skip-origin"), "a")
