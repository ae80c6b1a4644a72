"""Exercises for the Walak-pussa lessons (01-07); every right answer is worked out with the engine.

Answers name holes as players do (``"North's c"``, ``"north c"``) or by global index (9), several in
one text too (``"North's c, North's e"``); scores are pairs or ``"25-31"``;
moves are hole letters (``"c"``); players are ``"South"``/``"North"`` (or 0/1).

A wrong answer that matches a known misreading of the rules (the Ludii relay, sowing into the
hole the seeds came from, a bead chain that jumps two empty holes) gets a hint about that
misreading; an answer of the wrong kind is told what kind is expected.
"""
from __future__ import annotations

import re
from typing import Any, Sequence

from kit.exercises import WrongShape, exercise, plain, whole_number
from kit.games.walak import HOLES, LETTERS, PLAYER_NAMES, Capture, Position, Rules, hole_index, hole_name, parse_position, start
from kit.games.walak.board import Hole, Player, letter, owner, side
from kit.games.walak.events import state_at
from kit.games.walak.match import opener, refill
from kit.games.walak.study import captured_holes, first_lap_end, first_relay, gain, laps

_HOLE = re.compile(r"^\s*(south|north|s|n)(?:['’]s|s)?\s+([a-g])\s*$", re.IGNORECASE)


# -- reading answers ---------------------------------------------------------------------------


_HOLE_WORDS = re.compile(r"(?:south|north|s|n)(?:['’]s|s)?\s+[a-g]\b|\d+", re.IGNORECASE)


def _hole(answer: Any) -> Hole:
    """A hole given by name ("North's c", "north c") or global index 0..13 (also typed: "9")."""
    if isinstance(answer, str):
        text = plain(answer)
        if text.isdigit():
            return _hole(int(text))
        match = _HOLE.match(text)
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
    if isinstance(answer, str) and plain(answer).lower() in LETTERS:
        return plain(answer).lower()
    hole = _hole(answer)
    if owner(hole) != player:
        raise WrongShape(f"{hole_name(hole)} is not one of {PLAYER_NAMES[player]}'s holes, and "
                         f"{PLAYER_NAMES[player]} is the one to move: answer with one of {PLAYER_NAMES[player]}'s letters, like \"c\".")
    return letter(hole)


def _player(answer: Any) -> Player:
    """A player given by name or number."""
    names = [name.lower() for name in PLAYER_NAMES]
    if isinstance(answer, str) and plain(answer).lower() in names:
        return names.index(plain(answer).lower())
    if answer in (0, 1) and not isinstance(answer, bool):
        return int(answer)
    raise WrongShape(f"the answer is a player, \"South\" or \"North\" (not {answer!r}).")


def _split(text: str, words: re.Pattern[str], shape: str) -> list[str]:
    """The items ``words`` finds in typed text, in order; WrongShape if anything but separators is left over
    ("North's c, North's e", "North's c and North's e", '["a", "e"]')."""
    items = [match.group() for match in words.finditer(text)]
    rest = re.sub(r"\band\b|[\s,;\[\](){}\"'“”+-]", "", words.sub("", text), flags=re.IGNORECASE)
    if rest or not items:
        raise WrongShape(f"the answer is {shape} (not {text!r}).")
    return items


def _holes(answer: Sequence[Any]) -> list[Hole]:
    """Several holes, in the order given (a list, or typed: "North's c, North's e")."""
    shape = "a list of holes in order, like North's b, North's d"
    if isinstance(answer, str):
        answer = _split(answer, _HOLE_WORDS, shape)
    if isinstance(answer, int) or not isinstance(answer, Sequence):
        raise WrongShape(f"the answer is {shape} (not {answer!r}).")
    return [_hole(a) for a in answer]


def _letters(answer: Any, player: Player) -> list[str]:
    """Several of ``player``'s holes by letter (a list, or typed: "a e", "a, e")."""
    shape = "a list of letters, like a, b"
    if isinstance(answer, str):
        answer = _split(answer, re.compile(r"(?<![\w'’])[a-g](?![\w'’])", re.IGNORECASE), shape)
    if not isinstance(answer, Sequence):
        raise WrongShape(f"the answer is {shape} (not {answer!r}).")
    return [_letter(a, player) for a in answer]


def _pair(answer: Any) -> tuple[int, int]:
    """Two whole numbers, (South, North) (a pair, or typed: "25-31", "25 31", "(25, 31)")."""
    if isinstance(answer, str):
        numbers = re.fullmatch(r"\s*[(\[]?\s*(\d+)\s*(?:-|–|,|:|\s|to)\s*(\d+)\s*[)\]]?\s*", answer)
        if numbers:
            return int(numbers.group(1)), int(numbers.group(2))
    if isinstance(answer, str) or not isinstance(answer, Sequence) or len(answer) != 2:
        raise WrongShape(f"the answer is a pair of numbers, South's first, like 20-36 (not {answer!r}).")
    return whole_number(answer[0]), whole_number(answer[1])


NUMBER = "a number, like 12"
HOLE_FORM = "a hole, like North's c"
LETTER_FORM = "a letter, like c"


def _hole_names() -> list[str]:
    """Every hole's name, for the answer box's list."""
    return [hole_name(hole) for hole in range(HOLES)]


def _letter_names() -> list[str]:
    return list(LETTERS)


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
          hint=("Two rows of seven holes: how many seeds does each hole hold at the start? The picture of the "
                "start shows them.",
                "Fourteen holes, the same number of seeds in each: multiply."),
          explanation="Fourteen holes of four seeds each: 56 seeds, all on the board, none captured yet.",
          form=NUMBER,
          answer=lambda: sum(start().board))
def _start_seeds(answer: Any) -> bool:
    return whole_number(answer) == sum(start().board)


@exercise("walak-start-2", "How many steps does South's c from the start take (the last step of its stepper)?",
          hint=("A step is one thing happening: lifting the seeds, dropping one seed, the end of a lap, a relay, "
                "a capture. The step slider of the stepper counts them.",
                "Press last on the stepper of South's c: the line above its buttons says which step it shows, the last."),
          explanation="Every lift, seed sown, lap end, relay and capture is one step: the relay goes on for "
                      "seven laps, so the move takes many steps.",
          form=NUMBER,
          answer=lambda: len(start().trace("c").events))
def _start_steps(answer: Any) -> bool | str:
    steps = len(start().trace("c").events)
    given = whole_number(answer)
    if given != steps and given == laps(start(), "c"):
        return "That is the number of laps. Each lap is many steps: every seed dropped is a step of its own."
    return given == steps


@exercise("walak-start-3", "After South's c from the start, how many holes can North play?",
          hint=("Only a hole with seeds in it can be played.",
                "On the play board, after South's c, count North's green buttons."),
          explanation="South's long relay emptied some of North's holes; only occupied holes can be played.",
          form=NUMBER,
          answer=lambda: len(start().play("c").legal_moves()))
def _start_replies(answer: Any) -> bool:
    return whole_number(answer) == len(start().play("c").legal_moves())


# -- lesson 02: the board and sowing ---------------------------------------------------------


@exercise("walak-sowing-1", "What is the global index of North's c?",
          hint=("The global index counts counter-clockwise from South's a, which is 0: South's holes are 0 to 6, "
                "North's 7 to 13.",
                "North's a is the first of North's holes; count on from it to his c."),
          explanation="North's holes start at 7, so North's c is two further on: 7 + 2.",
          form=NUMBER,
          answer=lambda: hole_index(1, "c"))
def _index_of_north_c(answer: Any) -> bool:
    return whole_number(answer) == hole_index(1, "c")


@exercise("walak-sowing-2", "South lifts the single seed of her g. Which hole does it fall into?",
          hint=("Sowing goes counter-clockwise, one hole on: follow the arrow drawn in the middle of the board.",
                "South's g is the last hole of her row: where does the track go next, down, or up into North's row?"),
          explanation="After South's g the track turns up into North's row, at North's own left: North's a.",
          form=HOLE_FORM, choices=_hole_names,
          answer=lambda: hole_name(first_lap_end(Position((0, 0, 0, 0, 0, 0, 1) + (1,) * 7), "g")))
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
          hint=("The kit's ruling: a hand that comes round to the hole it was lifted from sows a seed into it "
                "like any other hole.",
                "The stepper of this move stops after the 14th seed: where did it fall? Press next for the 15th."),
          explanation="The hand is not lifted out of the count: the origin South's a gets the 14th seed, "
                      "and the 15th goes on to South's b.",
          form=HOLE_FORM, choices=_hole_names,
          answer=lambda: hole_name(first_lap_end(parse_position(LAPPING), "a")))
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
          hint=("A lap sows the seeds lifted, one a hole, starting in the hole after the one they came from.",
                "South's f holds 4 seeds: the stepper of South's f says where its first lap ends."),
          explanation="Four seeds go into South's g, then North's a, b and c: the first lap ends in North's c.",
          form=HOLE_FORM, choices=_hole_names,
          answer=lambda: hole_name(first_lap_end(start(), "f")))
def _relay_first_lap(answer: Any) -> bool | str:
    hole, right = _hole(answer), first_lap_end(start(), "f")
    if hole != right and hole == _origin_counted(start(), "f"):
        return ORIGIN
    return hole == right


@exercise("walak-relay-2", "From the start, which hole does the first relay of South's f lift?",
          hint=("The relay lifts the hole right after the one where the last seed fell (des unmittelbar nächsten "
                "Lochs).",
                "Find where the first lap of South's f ends (exercise 1); the relay lifts the hole after it."),
          explanation="The last seed fell into North's c; the very next hole, North's d, holds seeds: they are "
                      "lifted and the sowing goes on.",
          form=HOLE_FORM, choices=_hole_names,
          answer=lambda: hole_name(first_relay(start(), "f")))
def _relay_first_lift(answer: Any) -> bool | str:
    hole, right = _hole(answer), first_relay(start(), "f")
    if hole != right and hole == first_relay(start("ludii"), "f"):
        return LUDII_RELAY
    return hole == right


@exercise("walak-relay-3", "After South's c from the start, North answers with b. How many laps does it take?",
          hint=("Every relay starts a new lap; the sowing stops only when the hole after a lap's last seed is "
                "empty.",
                "In the stepper above the exercise, count the steps whose words say \"A lap ends\": one for "
                "each lap (or count the relays, each of which starts a new lap, and add the first lap)."),
          explanation="Each relay starts a new lap; North's b keeps finding occupied holes for a long time.",
          form=NUMBER,
          answer=lambda: laps(start().play("c"), "b"))
def _relay_laps(answer: Any) -> bool:
    return whole_number(answer) == laps(start().play("c"), "b")


# -- lesson 04: pussa kanawa and the bead chain ---------------------------------------------


CHAIN = "S:2,0,0,0,0,0,1/3,0,2,0,3,0,0:0-0"


@exercise("walak-capture-1", f"In `{CHAIN}` South plays g. How many seeds does she capture?",
          hint=("Sow the seed; look at the hole after it. Empty? Then the hole beyond it is captured (pussa "
                "kanawa), and the bead chain may go on.",
                "After each capture: if the next hole is empty and the one after it holds seeds, those are "
                "captured too. Two empty holes in a row, or an occupied hole right after, stop the chain."),
          explanation="The hole after the last seed is empty, so pussa kanawa eats the hole beyond it; the bead "
                      "chain takes one more, just past an empty hole; then two empty holes in a row stop it "
                      "(which holes, in order, is the next exercise).",
          form=NUMBER,
          answer=lambda: gain(parse_position(CHAIN), "g"))
def _chain_count(answer: Any) -> bool | str:
    position, given = parse_position(CHAIN), whole_number(answer)
    right = gain(position, "g")
    if given != right and given == sum(_chain_over_two_empties(position, "g").values()):
        return TWO_EMPTIES
    if given != right and given == _first_capture(position, "g"):
        return "That is only the first capture, pussa kanawa. Then the bead chain goes on: is the next hole empty?"
    return given == right


@exercise("walak-capture-2", f"In `{CHAIN}` South plays g. Which holes does she capture, in order?",
          hint=("Name them as players do, e.g. North's b, ..., in the order the sowing direction reaches them.",
                "After each capture: is the next hole empty and the one after it occupied? Then that one is next."),
          explanation="The first capture is pussa kanawa; the others are links of the bead chain, each just "
                      "past one empty hole. The chain stops at two empty holes in a row.",
          form="holes in order, like North's b, North's d",
          answer=lambda: [hole_name(h) for h in captured_holes(parse_position(CHAIN), "g")])
def _chain_holes(answer: Any) -> bool | str:
    position, holes = parse_position(CHAIN), _holes(answer)
    right = captured_holes(position, "g")
    if holes != right and holes == list(_chain_over_two_empties(position, "g")):
        return TWO_EMPTIES
    if sorted(holes) == sorted(right) and holes != right:
        return "Those are the right holes, but not in the order the chain takes them: follow the sowing direction."
    return holes == right


CHOICE = "S:1,1,1,1,3,1,0/0,1,4,3,3,0,3:0-0"


def _biggest_capture(position: Position) -> str:
    """The one move that captures the most seeds (the exercises ask only where it is unique)."""
    gains = {m: gain(position, m) for m in position.legal_moves()}
    best = [m for m, n in gains.items() if n == max(gains.values())]
    assert len(best) == 1, gains
    return best[0]


@exercise("walak-capture-3", f"In `{CHOICE}` which of South's moves captures the most seeds?",
          hint=("Try each of South's holes on the play board: the count in South's trough is what she captured; "
                "press undo and try the next.",
                "The biggest capture need not start from the biggest hole: a small hand can relay a long way."),
          explanation="A single seed relays lap after lap round to North's g; the hole after it is empty, and "
                      "the chain then eats three of South's own holes.",
          form=LETTER_FORM, choices=_letter_names,
          answer=lambda: _biggest_capture(parse_position(CHOICE)))
def _best_capture(answer: Any) -> bool:
    position = parse_position(CHOICE)
    return _letter(answer, position.to_move) == _biggest_capture(position)


# -- lesson 05: endless sowing ----------------------------------------------------------------


ENDLESS = "S:1,0,1,0,1,1,3/2,1,0,5,0,1,0:0-0"
RULINGS_EXAMPLE = "N:5,4,3,6,3,4,3/5,2,7,6,1,4,3:0-0"
SMALL_EXAMPLE = "N:1,0,1,0,1,0,1/0,1,0,1,2,1,0:0-0"


@exercise("walak-endless-1", f"In `{ENDLESS}` one of South's holes is endless. Which?",
          hint=("An endless sowing never ends: its relay comes back to a state it was in before. Choose each of "
                "South's holes above the stepper and press last: how does each move end?",
                "Every move that ends shows its last seed sown and its captures at the last step; the endless one "
                "stops at its first laps and says why the kit refuses it."),
          explanation="Its relay has not ended after 10,000 laps, so it is not a legal move; the other "
                      "occupied holes can be played.",
          form=LETTER_FORM, choices=_letter_names,
          answer=lambda: parse_position(ENDLESS).endless_moves()[0])
def _which_endless(answer: Any) -> bool:
    position = parse_position(ENDLESS)
    return [_letter(answer, position.to_move)] == position.endless_moves()


@exercise("walak-endless-2", f"In the example `{RULINGS_EXAMPLE}`, how many laps does the longest of North's "
          "legal (ending) moves take?",
          hint=("Every legal move of North's ends; the lines above the exercise give each one's laps.",
                "Take the biggest number of laps in those lines."),
          explanation="Every legal move here ends after a handful of laps, far below the limit of 10,000.",
          form=NUMBER,
          answer=lambda: max(laps(parse_position(RULINGS_EXAMPLE), m)
                             for m in parse_position(RULINGS_EXAMPLE).legal_moves()))
def _longest_ending(answer: Any) -> bool:
    position = parse_position(RULINGS_EXAMPLE)
    return whole_number(answer) == max(laps(position, m) for m in position.legal_moves())


@exercise("walak-endless-3", f"With the limit lowered to 3 laps (`Rules(endless_laps=3)`), how many of North's "
          f"holes in `{SMALL_EXAMPLE}` count as endless?",
          hint=("With that limit, every sowing still going on after 3 laps counts as endless, whether or not it "
                "would end later.",
                "The lines above the exercise give the laps of each of North's legal moves; the endless one "
                "stays endless."),
          explanation="A low limit also refuses sowings that would have ended: that is why the kit's limit is "
                      "10,000 laps, far beyond the longest ending sowing measured (lesson 5).",
          form=NUMBER,
          answer=lambda: len(parse_position(SMALL_EXAMPLE, Rules(endless_laps=3)).endless_moves()))
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
          hint=("After the move, can North play? If not, the game ends and the player who moved takes every seed "
                "left on the board.",
                "Sow South's a, check for a capture, then count the seeds still on the board."),
          explanation="North has no seed to lift: the game ends and South sweeps the seeds still on the board.",
          form=NUMBER,
          answer=lambda: sum(parse_position(LAST_MOVE).play("a").board_before_sweep))
def _sweep(answer: Any) -> bool:
    after = parse_position(LAST_MOVE).play("a")
    return whole_number(answer) == sum(after.board_before_sweep)


@exercise("walak-play-2", f"In `{LAST_MOVE}` South plays a. What is the final score, (South, North)?",
          hint=("South's captured seeds plus the sweep, and North's captured seeds.",
                "The position's last two numbers are the seeds captured so far, South's first."),
          explanation="The sweep is not enough: North had already won more than half of the 56 seeds.",
          form="a score, South's first, like 20-36",
          answer=lambda: parse_position(LAST_MOVE).play("a").score)
def _final_score(answer: Any) -> bool:
    return _pair(answer) == parse_position(LAST_MOVE).play("a").score


@exercise("walak-play-3", "A round of a match ends with South holding 22 seeds and North 34 (South opened). "
          "Who opens the next round?",
          hint=("Read the source's sentence about several rounds in this lesson: who opens the following rounds?",
                "Compare the seeds each player holds at the end of the round."),
          explanation="The player holding fewer seeds opens the next round (Mancala World), so that their sowing "
                      "runs toward their short holes.",
          form="a player, South or North", choices=lambda: list(PLAYER_NAMES),
          answer=lambda: PLAYER_NAMES[opener((22, 34), last_opener=0)])
def _next_opener(answer: Any) -> bool:
    return _player(answer) == opener((22, 34), last_opener=0)


@exercise("walak-play-4", "South refills her holes with those 22 seeds. How many of her holes stay empty?",
          hint=("Four seeds a hole from a rightward; a remainder under four goes into the next hole.",
                "How many holes of four do 22 seeds fill, and where does the rest go? South has seven holes."),
          explanation="Five holes of four and one of two use the 22 seeds; the last hole stays empty, in play.",
          form=NUMBER,
          answer=lambda: refill(22)[0].count(0))
def _empty_after_refill(answer: Any) -> bool:
    return whole_number(answer) == refill(22)[0].count(0)


# -- lesson 07: sources disagree -----------------------------------------------------------


@exercise("walak-sources-1", "Under the Ludii reading, which hole does the first relay of South's f lift "
          "(from the start)?",
          hint=("Ludii relays from the hole where the last seed fell, if it held seeds before, seed included.",
                "Where does the first lap of South's f end (lesson 3)? Ludii lifts that hole, not the next."),
          explanation="The last seed fell into North's c, which already held seeds: Ludii lifts that very hole, "
                      "where the default reading lifts the next one, North's d.",
          form=HOLE_FORM, choices=_hole_names,
          answer=lambda: hole_name(first_relay(start("ludii"), "f")))
def _ludii_first_relay(answer: Any) -> bool | str:
    hole, right = _hole(answer), first_relay(start("ludii"), "f")
    if hole != right and hole == first_relay(start(), "f"):
        return "That is the hole our default reading lifts, the one after the last seed. Ludii lifts another."
    return hole == right


@exercise("walak-sources-2", "Under the Ludii reading, South opens with c. Which of North's replies captures "
          "the most seeds?",
          hint=("Try each of North's holes on the Ludii play board: the count in North's trough is what he "
                "captured; press undo and try the next.",
                "Under Ludii's reading the sowing ends when the last seed falls into an empty hole, and the next "
                "hole is captured."),
          explanation="Under Ludii's reading the board after the opening is different, and so are the best "
                      "replies.",
          form=LETTER_FORM, choices=_letter_names,
          answer=lambda: _biggest_capture(start("ludii").play("c")))
def _ludii_best_reply(answer: Any) -> bool:
    position = start("ludii").play("c")
    return _letter(answer, position.to_move) == _biggest_capture(position)


SINGLETONS = "S:1,0,3,0,1,0,0/2,0,1,0,0,0,1:0-0:1"


def _singletons_refused() -> list[str]:
    """South's occupied holes in SINGLETONS that the Ludii singleton rule refuses."""
    position = parse_position(SINGLETONS, "ludii")
    occupied = [letter(h) for h in side(position.to_move) if position.board[h]]
    return [m for m in occupied if m not in position.legal_moves() and m not in position.endless_moves()]


@exercise("walak-sources-3", f"Under the Ludii reading, which of South's holes in `{SINGLETONS}` (not the opening "
          "move) are refused by the singleton rule?",
          hint=("After the opening, a single seed may not be played while a hole of the same player holds two "
                "or more. Give a list of letters.",
                "Which of South's holes hold exactly one seed, and does she have a hole with two or more?"),
          explanation="South's c holds three seeds, so both of her single seeds must wait; under the default "
                      "rules all three holes could be played.",
          form="letters, like a, b",
          answer=_singletons_refused)
def _ludii_singletons(answer: Any) -> bool:
    mover = parse_position(SINGLETONS, "ludii").to_move
    return sorted(_letters(answer, mover)) == _singletons_refused()


@exercise("walak-sources-4", f"Under the skip-origin variant, where does the last of the 15 seeds of South's a fall "
          f"in `{LAPPING}`?",
          hint=("Skip the hole the seeds came from when the hand comes round to it.",
                "The lesson printed where the 14th seed falls under skip-origin; the 15th goes one hole on."),
          explanation="Skipping South's a shifts the end of the lap one hole on: South's c instead of South's b.",
          form=HOLE_FORM, choices=_hole_names,
          answer=lambda: hole_name(first_lap_end(parse_position(LAPPING, "skip-origin"), "a")))
def _skip_origin_end(answer: Any) -> bool | str:
    hole, right = _hole(answer), first_lap_end(parse_position(LAPPING, "skip-origin"), "a")
    if hole != right and hole == first_lap_end(parse_position(LAPPING), "a"):
        return "That is where it falls under the default rules. Skipping South's a moves the end one hole on."
    return hole == right
