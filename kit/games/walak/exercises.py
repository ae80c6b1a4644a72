"""Exercises for the Walak-pussa lessons (01-07); every right answer is worked out with the engine.

Answers name holes as players do (``"North's c"``, ``"north c"``) or by global index (9);
moves are hole letters (``"c"``); players are ``"South"``/``"North"`` (or 0/1).

A wrong answer that matches a known misreading of the rules (the Ludii relay, sowing into the
hole the seeds came from, a bead chain that jumps two empty holes) gets a hint about that
misreading; an answer of the wrong kind is told what kind is expected.
"""
from __future__ import annotations

import re
from typing import Any, Sequence

from kit.exercises import WrongShape, exercise, whole_number
from kit.games.walak import HOLES, LETTERS, PLAYER_NAMES, Capture, Position, Rules, hole_index, hole_name, parse_position, start
from kit.games.walak.board import Hole, Player, letter, owner, side
from kit.games.walak.events import state_at
from kit.games.walak.match import opener, refill
from kit.games.walak.study import captured_holes, first_lap_end, first_relay, gain, laps

_HOLE = re.compile(r"^\s*(south|north|s|n)(?:['’]s|s)?\s+([a-g])\s*$", re.IGNORECASE)


# -- reading answers ---------------------------------------------------------------------------


def _hole(answer: Any) -> Hole:
    """A hole given by name ("North's c", "north c") or global index 0..13."""
    if isinstance(answer, str):
        match = _HOLE.match(answer)
        if not match:
            raise WrongShape(f"the answer is a hole, named like \"North's c\" (not {answer!r}).")
        return hole_index("sn".index(match.group(1)[0].lower()), match.group(2))
    if not isinstance(answer, (int, float, str)) or isinstance(answer, bool):
        raise WrongShape(f"the answer is a hole, named like \"North's c\" (not {answer!r}).")
    index = whole_number(answer)
    if not 0 <= index < HOLES:
        raise WrongShape(f"a hole's global index is 0 to 13, not {index}; or name it, like \"North's c\".")
    return index


def _letter(answer: Any, player: Player) -> str:
    """One of ``player``'s holes given by letter ("f") or by name ("South's f")."""
    if isinstance(answer, str) and answer.strip().lower() in LETTERS:
        return answer.strip().lower()
    hole = _hole(answer)
    if owner(hole) != player:
        raise WrongShape(f"{hole_name(hole)} is not one of {PLAYER_NAMES[player]}'s holes, and "
                         f"{PLAYER_NAMES[player]} is the one to move: answer with one of {PLAYER_NAMES[player]}'s letters, like \"c\".")
    return letter(hole)


def _player(answer: Any) -> Player:
    """A player given by name or number."""
    names = [name.lower() for name in PLAYER_NAMES]
    if isinstance(answer, str) and answer.strip().lower() in names:
        return names.index(answer.strip().lower())
    if answer in (0, 1) and not isinstance(answer, bool):
        return int(answer)
    raise WrongShape(f"the answer is a player, \"South\" or \"North\" (not {answer!r}).")


def _holes(answer: Sequence[Any]) -> list[Hole]:
    """Several holes, in the order given."""
    if isinstance(answer, (str, int)) or not isinstance(answer, Sequence):
        raise WrongShape(f"the answer is a list of holes in order, like [\"North's b\", \"North's d\"] "
                         f"(not {answer!r}).")
    return [_hole(a) for a in answer]


def _pair(answer: Any) -> tuple[int, int]:
    """Two whole numbers, (South, North)."""
    if isinstance(answer, str) or not isinstance(answer, Sequence) or len(answer) != 2:
        raise WrongShape(f"the answer is a pair of numbers, (South, North), like (20, 36) (not {answer!r}).")
    return whole_number(answer[0]), whole_number(answer[1])


# -- known misreadings: what a wrong answer would be under each ---------------------------------


LUDII_RELAY = ("That is the hole where the last seed fell. Lifting that hole is the Ludii reading (lesson 7); "
               "the rules of this kit lift the hole right after it (des unmittelbar nächsten Lochs).")
ORIGIN = ("You dropped the first seed back into the hole the seeds were lifted from. Sowing starts in the "
          "hole after it.")
TWO_EMPTIES = ("Your chain jumped over two empty holes in a row. Two empty holes break the bead chain: a link "
               "is always just past one single empty hole.")


def _first_capture(position: Position, move: str) -> int:
    """The seeds of a move's first capture alone (pussa kanawa without its chain)."""
    return next((event.count for event in position.trace(move).events if isinstance(event, Capture)), 0)


def _origin_counted(position: Position, move: str, seeds: int | None = None) -> Hole:
    """Where the last seed of the first hand falls if the first seed goes back into the emptied hole."""
    hole = position.parse_move(move)
    return (hole + (seeds or position.board[hole]) - 1) % HOLES


def _chain_over_two_empties(position: Position, move: str) -> dict[Hole, int]:
    """The holes a move would capture, with their seeds, if the bead chain could also jump two empty holes."""
    events = position.trace(move).events
    first = next((i for i, event in enumerate(events) if isinstance(event, Capture)), None)
    if first is None:
        return {}
    board = list(state_at(position, events, first).board)
    k = events[first].hole
    taken = {k: board[k]}
    board[k] = 0
    while True:
        one, two, three = ((k + i) % HOLES for i in (1, 2, 3))
        if board[one] == 0 and board[two]:
            k = two
        elif board[one] == board[two] == 0 and board[three]:
            k = three
        else:
            return taken
        if k in taken:
            return taken
        taken[k] = board[k]
        board[k] = 0


# -- lesson 01: start here ---------------------------------------------------------------------


@exercise("walak-start-1", "How many seeds lie on the board at the start of a game?",
          hint="Count the holes (two rows of seven) and the seeds in each; `walak.start().board` holds the counts.",
          explanation="Fourteen holes of four seeds each: 56 seeds, all on the board, none captured yet.")
def _start_seeds(answer: Any) -> bool:
    return whole_number(answer) == sum(start().board)


@exercise("walak-start-2", "How many steps does the stepper show for South's c from the start?",
          hint="A step is one thing happening: lifting the seeds, dropping one seed, the end of a lap, a relay, "
               "a capture. The step slider of the stepper counts them; where does it stop?",
          explanation="Every lift, seed sown, lap end, relay and capture is one step: the relay goes on for "
                      "seven laps, so the move takes many steps.")
def _start_steps(answer: Any) -> bool | str:
    steps = len(start().trace("c").events)
    given = whole_number(answer)
    if given != steps and given == laps(start(), "c"):
        return "That is the number of laps. Each lap is many steps: every seed dropped is a step of its own."
    return given == steps


@exercise("walak-start-3", "After South's c from the start, how many holes can North play?",
          hint="Play c on the play board and count North's green buttons: only holes with seeds can be played.",
          explanation="South's long relay emptied some of North's holes; only occupied holes can be played.")
def _start_replies(answer: Any) -> bool:
    return whole_number(answer) == len(start().play("c").legal_moves())


# -- lesson 02: the board and sowing ---------------------------------------------------------


@exercise("walak-sowing-1", "What is the global index of North's c?",
          hint="South's holes are 0..6, North's 7..13, each row from its owner's left.",
          explanation="North's a is 7, so North's c is two further on: 7 + 2.")
def _index_of_north_c(answer: Any) -> bool:
    return whole_number(answer) == hole_index(1, "c")


@exercise("walak-sowing-2", "South lifts the single seed of her g. Which hole does it fall into?",
          hint="Sowing goes counter-clockwise: along South's row to the right, then up and along North's row.",
          explanation="After South's g the track turns up into North's row, at North's own left: North's a.")
def _after_south_g(answer: Any) -> bool | str:
    position = Position((0, 0, 0, 0, 0, 0, 1) + (1,) * 7)
    hole = _hole(answer)
    if hole == hole_index(0, "g"):
        return ORIGIN
    if hole == hole_index(0, "a"):
        return "South's row does not wrap round to her a: after South's g the track turns up into North's row."
    return hole == first_lap_end(position, "g")


LAPPING = "S:15,0,0,0,0,0,0/0,0,0,0,0,0,0:0-0"


@exercise("walak-sowing-3", f"In `{LAPPING}` South lifts all 15 seeds of her a. Where does the last one fall?",
          hint="15 seeds: 14 go once round the board, the hole they came from included (ruling), then one more.",
          explanation="The hand is not lifted out of the count: the origin South's a gets the 14th seed, "
                      "and the 15th goes on to South's b.")
def _lapping_end(answer: Any) -> bool | str:
    position, hole = parse_position(LAPPING), _hole(answer)
    right = first_lap_end(position, "a")
    if hole != right and hole == _origin_counted(position, "a"):
        return ORIGIN
    if hole != right and hole == first_lap_end(parse_position(LAPPING, "skip-origin"), "a"):
        return ("That is where it falls if the hand skips the hole it came from (the skip-origin variant of "
                "lesson 7). This kit's ruling: the emptied hole gets a seed like any other.")
    return hole == right


# -- lesson 03: relay sowing -----------------------------------------------------------------


@exercise("walak-relay-1", "From the start, in which hole does the first lap of South's f end?",
          hint="South's f holds 4 seeds; sow them one by one into the holes after it, round the corner.",
          explanation="Four seeds go into South's g, then North's a, b and c: the first lap ends in North's c.")
def _relay_first_lap(answer: Any) -> bool | str:
    hole, right = _hole(answer), first_lap_end(start(), "f")
    if hole != right and hole == _origin_counted(start(), "f"):
        return ORIGIN
    return hole == right


@exercise("walak-relay-2", "From the start, which hole does the first relay of South's f lift?",
          hint="The relay lifts the hole right after the one where the last seed fell (Stafettenaussaat).",
          explanation="The last seed fell into North's c; the very next hole, North's d, holds seeds: they are "
                      "lifted and the sowing goes on.")
def _relay_first_lift(answer: Any) -> bool | str:
    hole, right = _hole(answer), first_relay(start(), "f")
    if hole != right and hole == first_relay(start("ludii"), "f"):
        return LUDII_RELAY
    return hole == right


@exercise("walak-relay-3", "After South's c from the start, North answers with b. How many laps does it take?",
          hint="Play c and then North's b on the play board above and step through North's move: the narration "
               "says 'Lap ... ends in ...' at the end of every lap. Or ask `study.laps(...)` as in lesson 3.",
          explanation="Each relay starts a new lap; North's b keeps finding occupied holes for a long time.")
def _relay_laps(answer: Any) -> bool:
    return whole_number(answer) == laps(start().play("c"), "b")


# -- lesson 04: pussa kanawa and the bead chain ---------------------------------------------


CHAIN = "S:2,0,0,0,0,0,1/3,0,2,0,3,0,0:0-0"


@exercise("walak-capture-1", f"In `{CHAIN}` South plays g. How many seeds does she capture?",
          hint="Sow the seed; look at the hole after it. Empty? Then take the hole beyond it, and "
               "follow the chain: empty, occupied, empty, occupied ...",
          explanation="The hole after the last seed is empty, so pussa kanawa eats the hole beyond it, and the bead "
                      "chain goes on past every single empty hole, up to the two empty holes North's f and "
                      "North's g.")
def _chain_count(answer: Any) -> bool | str:
    position, given = parse_position(CHAIN), whole_number(answer)
    right = gain(position, "g")
    if given != right and given == sum(_chain_over_two_empties(position, "g").values()):
        return TWO_EMPTIES
    if given != right and given == _first_capture(position, "g"):
        return "That is only the first capture, pussa kanawa. Then the bead chain goes on: is the next hole empty?"
    return given == right


@exercise("walak-capture-2", f"In `{CHAIN}` South plays g. Which holes does she capture, in order?",
          hint="Name them as players do, e.g. [\"North's b\", ...]. The chain takes every second hole.",
          explanation="The first capture is pussa kanawa; the others are links of the bead chain, each just "
                      "past one empty hole. The chain stops at two empty holes in a row.")
def _chain_holes(answer: Any) -> bool | str:
    position, holes = parse_position(CHAIN), _holes(answer)
    right = captured_holes(position, "g")
    if holes != right and holes == list(_chain_over_two_empties(position, "g")):
        return TWO_EMPTIES
    if sorted(holes) == sorted(right) and holes != right:
        return "Those are the right holes, but not in the order the chain takes them: follow the sowing direction."
    return holes == right


CHOICE = "S:1,1,1,1,3,1,0/0,1,4,3,3,0,3:0-0"


@exercise("walak-capture-3", f"In `{CHOICE}` which of South's moves captures the most seeds?",
          hint="Try each legal move (`position.play(m).captured`), or trace them in the stepper. The biggest "
               "capture need not start from the biggest hole.",
          explanation="A single seed relays lap after lap round to North's g; the hole after it is empty, and "
                      "the chain then eats three of South's own holes.")
def _best_capture(answer: Any) -> bool:
    position = parse_position(CHOICE)
    gains = {m: gain(position, m) for m in position.legal_moves()}
    return gains[_letter(answer, position.to_move)] == max(gains.values())


# -- lesson 05: endless sowing ----------------------------------------------------------------


ENDLESS = "S:1,0,1,0,1,1,3/2,1,0,5,0,1,0:0-0"
RULINGS_EXAMPLE = "N:5,4,3,6,3,4,3/5,2,7,6,1,4,3:0-0"
SMALL_EXAMPLE = "N:1,0,1,0,1,0,1/0,1,0,1,2,1,0:0-0"


@exercise("walak-endless-1", f"In `{ENDLESS}` one of South's holes is endless. Which?",
          hint="Step through South's moves on the play board: an endless one is refused, and the stepper shows "
               "its first laps and says why.",
          explanation="Its relay has not ended after 10,000 laps, so it is not a legal move; the other "
                      "occupied holes can be played.")
def _which_endless(answer: Any) -> bool:
    position = parse_position(ENDLESS)
    return [_letter(answer, position.to_move)] == position.endless_moves()


@exercise("walak-endless-2", f"In the example `{RULINGS_EXAMPLE}`, how many laps does the longest of North's "
          "legal (ending) moves take?",
          hint="Every legal move of North's ends. Count the laps of each (the stepper says 'Lap n ends in ...'), "
               "and take the biggest.",
          explanation="Sowings that end take a few hundred laps at most, far below the limit of 10,000.")
def _longest_ending(answer: Any) -> bool:
    position = parse_position(RULINGS_EXAMPLE)
    return whole_number(answer) == max(laps(position, m) for m in position.legal_moves())


@exercise("walak-endless-3", f"With the limit lowered to 3 laps (`Rules(endless_laps=3)`), how many of North's "
          f"holes in `{SMALL_EXAMPLE}` count as endless?",
          hint="With that limit, every sowing still going on after 3 laps counts as endless, whether or not it "
               "would end later. How many laps does each of North's occupied holes take?",
          explanation="A low limit also refuses sowings that would have ended: that is why the kit's limit is "
                      "10,000 laps, far beyond any sowing that ends.")
def _low_limit(answer: Any) -> bool | str:
    given = whole_number(answer)
    right = len(parse_position(SMALL_EXAMPLE, Rules(endless_laps=3)).endless_moves())
    if given != right and given == len(parse_position(SMALL_EXAMPLE).endless_moves()):
        return ("That is how many are endless under the usual limit of 10,000 laps. With a limit of 3, "
                "sowings that would end after more than 3 laps are refused too.")
    return given == right


# -- lesson 06: playing -----------------------------------------------------------------------


LAST_MOVE = "S:2,0,0,0,0,3,0/0,0,0,0,0,0,0:20-31"


@exercise("walak-play-1", f"In `{LAST_MOVE}` South plays a. How many seeds does the sweep take?",
          hint="After the move, can North play? If not, the player who moved takes every seed left on the board.",
          explanation="North has no seed to lift: the game ends and South sweeps the seeds still on the board.")
def _sweep(answer: Any) -> bool:
    after = parse_position(LAST_MOVE).play("a")
    return whole_number(answer) == sum(after.board_before_sweep)


@exercise("walak-play-2", f"In `{LAST_MOVE}` South plays a. What is the final score, (South, North)?",
          hint="South's captured seeds plus the sweep, and North's captured seeds.",
          explanation="The sweep is not enough: North had already won more than half of the 56 seeds.")
def _final_score(answer: Any) -> bool:
    return _pair(answer) == parse_position(LAST_MOVE).play("a").score


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
    return whole_number(answer) == refill(22)[0].count(0)


# -- lesson 07: sources disagree -----------------------------------------------------------


@exercise("walak-sources-1", "Under the Ludii reading, which hole does the first relay of South's f lift "
          "(from the start)?",
          hint="Ludii relays from the hole where the last seed fell, if it was occupied, seed included.",
          explanation="The last seed fell into North's c, which already held seeds: Ludii lifts that very hole, "
                      "where the default reading lifts the next one, North's d.")
def _ludii_first_relay(answer: Any) -> bool | str:
    hole, right = _hole(answer), first_relay(start("ludii"), "f")
    if hole != right and hole == first_relay(start(), "f"):
        return "That is the hole our default reading lifts, the one after the last seed. Ludii lifts another."
    return hole == right


@exercise("walak-sources-2", "Under the Ludii reading, South opens with c. Which of North's replies captures "
          "the most seeds?",
          hint="`walak.start('ludii').play('c')` is the position; try each of North's legal moves.",
          explanation="Under Ludii's reading the board after the opening is different, and so are the best "
                      "replies.")
def _ludii_best_reply(answer: Any) -> bool:
    position = start("ludii").play("c")
    gains = {m: gain(position, m) for m in position.legal_moves()}
    return gains[_letter(answer, position.to_move)] == max(gains.values())


SINGLETONS = "S:1,0,3,0,1,0,0/2,0,1,0,0,0,1:0-0:1"


@exercise("walak-sources-3", f"Under the Ludii reading, which of South's holes in `{SINGLETONS}` (not the opening "
          "move) are refused by the singleton rule?",
          hint="After the opening, a single seed may not be played while a hole holds two or more. Give a list "
               "of letters.",
          explanation="South's c holds three seeds, so both of her single seeds must wait; under the default "
                      "rules all three holes could be played.")
def _ludii_singletons(answer: Any) -> bool:
    if isinstance(answer, str) or not isinstance(answer, Sequence):
        raise WrongShape(f"the answer is a list of letters, like [\"a\", \"b\"] (not {answer!r}).")
    position = parse_position(SINGLETONS, "ludii")
    mover = position.to_move
    occupied = [letter(h) for h in side(mover) if position.board[h]]
    refused = [m for m in occupied if m not in position.legal_moves() and m not in position.endless_moves()]
    return sorted(_letter(a, mover) for a in answer) == refused


@exercise("walak-sources-4", f"Under the skip-origin variant, where does the last of the 15 seeds of South's a fall "
          f"in `{LAPPING}`?",
          hint="Skip the hole the seeds came from when the hand comes round to it.",
          explanation="Skipping South's a shifts the end of the lap one hole on: South's c instead of South's b.")
def _skip_origin_end(answer: Any) -> bool | str:
    hole, right = _hole(answer), first_lap_end(parse_position(LAPPING, "skip-origin"), "a")
    if hole != right and hole == first_lap_end(parse_position(LAPPING), "a"):
        return "That is where it falls under the default rules. Skipping South's a moves the end one hole on."
    return hole == right
