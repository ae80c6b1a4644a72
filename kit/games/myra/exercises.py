"""Exercises for the Myra lessons (08 to 11), and the puzzle positions they ask about.

A notebook shows a puzzle with ``puzzle(name)``; the checkers work every answer out
with the engine (:mod:`kit.myra`), so no answer is written down here.

Answers are numbers, yes / no (True / False), hollow names (``"F10"``; several as a list, a set or
one string such as ``"D9, F10"``) or a move in notation (``"F4-E3-E2-F2-F1"``). A wrong answer
that matches a known misreading (a build-up counted as a chain-up, a fortress taken, troops
counted instead of soldiers) gets a hint about it; an answer of the wrong kind is told what
kind is expected.
"""
from __future__ import annotations

import re
from typing import Any, Iterable

from kit.games import myra
from kit.exercises import WrongAnswer, WrongShape, exercise, plain, whole_number
from kit.core.errors import IllegalMove
from kit.games.myra.study import capturable, moves_of_action, queen_in_danger, with_turn

__all__ = ["PUZZLES", "SIDES_MOVE", "OPENING", "puzzle", "capturable", "moves_of_action", "queen_in_danger", "with_turn"]

#: The puzzle positions: pieces by hollow, and the other position settings if not the defaults.
PUZZLES: dict[str, dict[str, Any]] = {
    # lesson 09: three single soldiers, two troops to unchain, a queen boxed in by her own soldiers
    "moves": {"pieces": {"F11": "BQ", "F10": "B1", "E10": "B1", "D9": "B1", "G10": "B2", "G8": "B3",
                         "F1": "OQ", "F6": "O2"}},
    # lesson 10: which of Orange's troops can Blue capture?
    "captures": {"pieces": {"F11": "BQ", "F8": "B3", "G10": "B1",
                            "F1": "OQ", "E8": "O4", "D7": "O5", "F5": "O2", "F4": "O1", "H9": "O3"}},
    # lesson 10: Orange's troop of 3 on F5 against Blue's troop on F7, a Blue fortress between them
    "winding": {"pieces": {"F11": "BQ", "F6": "B5", "F7": "B2", "F1": "OQ", "F5": "O3"}, "to_move": 1},
    # lesson 10: three players, Blue takes Green's queen
    "sides": {"pieces": {"F11": "BQ", "F10": "B4", "H2": "B3",
                         "A1": "OQ", "B2": "O3", "I3": "O2",
                         "K1": "GQ", "J1": "G4", "J3": "G2", "K3": "G1", "I1": "G3", "H4": "G5", "G2": "G1"},
              "players": 3, "reserve": [25, 25, 12]},
    # lesson 11: Blue to move can take Orange's queen at once
    "hunt": {"pieces": {"F11": "BQ", "F10": "B3", "F4": "B4", "H3": "B2",
                        "F1": "OQ", "E1": "O2", "G1": "O2", "F3": "O1", "D3": "O3"}},
    # lesson 11: Orange to move must save the queen from Blue's troop on F3
    "rescue": {"pieces": {"F11": "BQ", "F10": "B3", "F3": "B2", "G8": "B4",
                          "F1": "OQ", "E1": "O1", "G1": "O3", "D2": "O2", "H4": "O4"}, "to_move": 1},
}

#: The moves the lessons' questions are about.
SIDES_MOVE = "H2-I2-J2-K1"
OPENING = "C8-C7-C6"


def puzzle(name: str) -> myra.Position:
    """The puzzle position called ``name`` (one of :data:`PUZZLES`)."""
    try:
        spec = PUZZLES[name]
    except KeyError:
        raise KeyError(f"no Myra puzzle {name!r} (known: {', '.join(PUZZLES)})") from None
    return myra.make_position(spec["pieces"], spec.get("players", 2), spec.get("to_move", 0), spec.get("reserve"))


# -- reading answers ------------------------------------------------------------------------------


def _hollow(answer: Any) -> str:
    """The canonical name of a hollow given by name ('f10' -> 'F10')."""
    try:
        return myra.hollow_name(myra.parse_hollow(plain(answer) if isinstance(answer, str) else answer))
    except (ValueError, TypeError, AttributeError):
        raise WrongShape(f"the answer is a hollow, named like \"F10\" (not {answer!r}).") from None


def _hollows(answer: Any) -> frozenset[str]:
    """The hollows named by a string ('D9, F10') or a collection of names."""
    if not isinstance(answer, (str, set, frozenset, list, tuple)):
        raise WrongShape(f"the answer is some hollows, like {{\"H6\", \"H8\"}} or \"H6 H8\" (not {answer!r}).")
    names: Iterable[Any] = ([name for name in re.split(r"[\s,;]+|\band\b", plain(answer)) if plain(name)]
                            if isinstance(answer, str) else answer)
    return frozenset(_hollow(name) for name in names)


YES, NO = ("yes", "true", "y"), ("no", "false", "n")


def _yes_no(answer: Any) -> bool:
    """Yes or no: True / False, or typed ("yes", "no", "True", "false")."""
    if isinstance(answer, str) and plain(answer).lower() in YES + NO:
        return plain(answer).lower() in YES
    if not isinstance(answer, bool):
        raise WrongShape(f"the answer is yes or no (True or False) (not {answer!r}).")
    return answer


def _played(position: myra.Position, answer: Any) -> myra.Position:
    """The position after the move written in the answer; WrongAnswer if it is illegal, WrongShape if no move."""
    if not isinstance(answer, str):
        raise WrongShape(f"the answer is a move written as text, in quotes, like \"F10-F9\" (not {answer!r}).")
    answer = plain(answer)
    try:
        return position.play(answer)
    except IllegalMove as error:
        reason = str(error)
        if " cannot play " not in reason:  # not a move at all: "cannot read the move ..."
            raise WrongShape(f"{reason}.") from None
        raise WrongAnswer(f"{answer} is not legal here: {reason.split(': ', 1)[1]}.") from None


NUMBER = "a number, like 12"
HOLLOWS_FORM = "hollows, like H6, H8"
MOVE_FORM = "a move, like F10-F9"


# -- lesson 08: the board and the armies ------------------------------------------------------------


@exercise("myra-board-1",
          "Which hollows are the neighbours of H7? Name them all, e.g. H6, ...",
          ("A hollow inside the board has six neighbours: two in its own row, two in the row above and two "
           "in the row below.",
           "Row H lies below the middle row F: there hollow n touches n and n+1 of the row above, and n-1 and n "
           "of the row below."),
          "Six neighbours: two in its own row, two in the row above and two in the row below.",
          form=HOLLOWS_FORM,
          answer=lambda: sorted(myra.hollow_name(hollow) for hollow in myra.hexgrid.neighbours(myra.parse_hollow("H7"))))
def _neighbours_of_h7(answer: Any) -> bool:
    right = {myra.hollow_name(hollow) for hollow in myra.hexgrid.neighbours(myra.parse_hollow("H7"))}
    return _hollows(answer) == right


@exercise("myra-board-2",
          "How many hollows are empty at the start of a three-player game?",
          ("The hollows that are not empty hold a queen or a troop; the board has 91 hollows in all.",
           "Count the hollows one army fills at the start: the queen's, then the troops' on levels 1, 2 and 3. "
           "Three armies fill three times as many."),
          "91 hollows minus three armies of 10 hollows each.",
          form=NUMBER,
          answer=lambda: len(myra.hexgrid.HOLLOWS) - len(myra.start(3).hollows))
def _empty_at_three_player_start(answer: Any) -> bool:
    return whole_number(answer) == len(myra.hexgrid.HOLLOWS) - len(myra.start(3).hollows)


@exercise("myra-board-3",
          "In the three-player start, which hollow holds Green's queen?",
          ("Three players sit at every other corner of the hexagon; each queen takes her corner hollow.",
           "Blue's corner is F11 and Orange's is A1. Going round the board, skip one corner after A1: the "
           "picture of the three-player start shows whose queen sits there."),
          "Green's queen sits in the bottom-left corner: row K, first hollow.",
          form="a hollow, like F10",
          answer=lambda: next(myra.hollow_name(hollow) for hollow, piece in myra.start(3).hollows.items()
                              if piece.queen and piece.owner == 2))
def _green_queen(answer: Any) -> bool:
    queen = next(hollow for hollow, piece in myra.start(3).hollows.items() if piece.queen and piece.owner == 2)
    return _hollow(answer) == myra.hollow_name(queen)


# -- lesson 09: the six moves ----------------------------------------------------------------------


@exercise("myra-moves-1",
          "In puzzle('moves'), how many chain-up (Aufketten) moves does Blue have?",
          ("Two moves with the same result are one move, and the list shows it once. A chain of two single "
           "soldiers gives the same result as one of them building up onto the other.",
           "A chain of two single soldiers is listed as a build-up, since it gives the same result. "
           "Which chains give a result that no build-up gives? "
           "On the play board, click a single soldier, then its neighbours in order: a chain of all three."),
          "Only the chains of all three soldiers are new results; every chain of two is listed as a build-up.",
          form=NUMBER,
          answer=lambda: len(moves_of_action(puzzle("moves"), "chain")))
def _chain_count(answer: Any) -> bool | str:
    position, given = puzzle("moves"), whole_number(answer)
    right = len(moves_of_action(position, "chain"))
    singles = [hollow for hollow, piece in position.hollows.items()
               if piece.owner == position.to_move and not piece.queen and piece.count == 1]
    pairs = sum(1 for a in singles for b in singles if b in myra.hexgrid.neighbours(a))  # each in both orders
    if given != right and given == right + pairs:
        return ("You counted the chains of two as well. A chain of two puts both soldiers in one hollow, just as "
                "one soldier building up onto its neighbour does: that is a build-up, and it is listed once, "
                "as a build-up.")
    return given == right


@exercise("myra-moves-2",
          "In puzzle('moves'), a chain-up can gather all three single soldiers (D9, E10, F10) and put them down "
          "in its last hollow. Name every hollow where such a chain can put them down.",
          ("A chain is gathered in order, each soldier next to the one before, and is put down in its last "
           "hollow.",
           "Find the soldier that touches both others: it has to be in the middle of the chain, so the chain "
           "cannot end there."),
          "D9 and F10 are not neighbours, so E10 must be in the middle: the troop lands on D9 or on F10.",
          form=HOLLOWS_FORM,
          answer=lambda: sorted(myra.hollow_name(move.hollows[-1]) for move in moves_of_action(puzzle("moves"), "chain")
                                if len(move.hollows) == 3))
def _chain_ends(answer: Any) -> bool | str:
    right = {myra.hollow_name(move.hollows[-1]) for move in moves_of_action(puzzle("moves"), "chain")
             if len(move.hollows) == 3}
    given = _hollows(answer)
    if "E10" in given and "E10" not in right:
        return ("E10 touches both others, so it is the middle of the chain; a chain is put down in its last "
                "hollow, at one end.")
    return given == right


@exercise("myra-moves-3",
          "In puzzle('moves'), in how many different ways can Blue unchain (Abketten) the troop of 2 on G10?",
          ("Unchaining lays the troop out one soldier a hollow: the first soldier goes to an empty neighbour of "
           "the troop's hollow, the second to an empty neighbour of the first (not back).",
           "Ways that fill the same two hollows give the same position and count once. On the play board, "
           "click G10: the lit hollows show where its first soldier can go; from each, where can the second?"),
          "G10 has only two empty neighbours, G9 and H9, and every pair of empty hollows reached from them "
          "counts once.",
          form=NUMBER,
          answer=lambda: sum(move.hollows[0] == myra.parse_hollow("G10")
                             for move in moves_of_action(puzzle("moves"), "unchain")))
def _unchain_count(answer: Any) -> bool:
    g10 = myra.parse_hollow("G10")
    return whole_number(answer) == sum(move.hollows[0] == g10 for move in moves_of_action(puzzle("moves"), "unchain"))


# -- lesson 10: captures, fortresses, queens ------------------------------------------------------


@exercise("myra-captures-1",
          "In puzzle('captures'), which hollows of Orange can Blue capture this turn? Name every one.",
          ("A whole troop of n soldiers goes up to n steps through empty hollows, and takes an enemy troop of "
           "any size at the end of its path.",
           "A fortress (five soldiers) can never be captured, and a split never captures. For each of Orange's "
           "troops, count the steps from each Blue troop."),
          "The fortress on D7 is immune and F4 is four steps from the troop of 3; the rest can be taken.",
          form=HOLLOWS_FORM,
          answer=lambda: sorted(capturable(puzzle("captures"))))
def _capturable(answer: Any) -> bool | str:
    position, given = puzzle("captures"), _hollows(answer)
    right = capturable(position)
    fortresses = {myra.hollow_name(hollow) for hollow, piece in position.hollows.items() if piece.count == 5}
    if given & fortresses:
        return (f"{', '.join(sorted(given & fortresses))} holds a fortress, a troop of five (Festung): "
                "it can never be captured.")
    return given == right


@exercise("myra-captures-2",
          "In puzzle('winding'), Orange is to move. Can Orange's troop of 3 on F5 capture Blue's troop on F7? "
          "Answer yes or no.",
          ("A troop of 3 goes at most 3 steps, and every hollow before the last must be empty.",
           "Read the rule sentence again: what does it say about the shape of the path (er kann sich auch "
           "winden)? Try the troop on the play board."),
          "F5-E5-E6-F7 (or F5-G5-G6-F7) goes around the fortress in three steps.",
          form="yes or no", choices=lambda: ["yes", "no"],
          answer=lambda: any(move.hollows[0] == myra.parse_hollow("F5") and move.hollows[-1] == myra.parse_hollow("F7")
                             for move in moves_of_action(puzzle("winding"), "move")))
def _winding_capture(answer: Any) -> bool:
    position = puzzle("winding")
    f5, f7 = myra.parse_hollow("F5"), myra.parse_hollow("F7")
    right = any(move.hollows[0] == f5 and move.hollows[-1] == f7 for move in moves_of_action(position, "move"))
    return _yes_no(answer) == right


@exercise("myra-captures-3",
          f"In puzzle('sides') (three players), Blue plays {SIDES_MOVE} and takes Green's queen. "
          "How many soldiers change sides?",
          ("The soldiers of the player whose queen is taken change sides: count soldiers, not hollows.",
           "Only what is on the board changes sides, after Blue's capture; the reserve leaves the game. Step "
           "through the move to its last step and add up the soldiers in Green's troops on the board."),
          "Every Green soldier on the board becomes Blue, troops keep their sizes; the reserve leaves the game.",
          form=NUMBER,
          answer=lambda: next(event.soldiers for event in puzzle("sides").trace(SIDES_MOVE).events
                              if isinstance(event, myra.events.ChangeSides)))
def _soldiers_changing_sides(answer: Any) -> bool | str:
    position, given = puzzle("sides"), whole_number(answer)
    change = next(event for event in position.trace(SIDES_MOVE).events if isinstance(event, myra.events.ChangeSides))
    if given == len(change.hollows) != change.soldiers:
        return "You counted Green's troops, one a hollow. Count the soldiers in them."
    if given == change.soldiers + position.reserve[2]:
        return "Green's reserve does not change sides: only the soldiers on the board do; the reserve leaves the game."
    return given == change.soldiers


# -- lesson 11: playing ----------------------------------------------------------------------------


@exercise("myra-play-1",
          f"In a three-player game Blue opens with {OPENING}. How many different legal moves does Orange have now?",
          ("The line above the exercise lists Orange's moves kind by kind: add them up.",
           "Orange had 217 moves at the start. Blue's troop now stands in the way of some of Orange's paths."),
          "Blue's troop on C6 stands in the way of some of Orange's paths, so Orange has fewer moves than at the start.",
          form=NUMBER,
          answer=lambda: len(myra.start(3).play(OPENING).legal_moves()))
def _orange_reply_count(answer: Any) -> bool | str:
    given, right = whole_number(answer), len(myra.start(3).play(OPENING).legal_moves())
    if given != right and given == len(myra.start(3).legal_moves()):
        return ("217 is the count at the start. Blue's troop now stands on C6, in the way of some of Orange's "
                "paths: does Orange still have all of them?")
    return given == right


@exercise("myra-play-2",
          "In puzzle('hunt'), Blue to move can take Orange's queen on F1 at once. Write such a move.",
          ("A path that ends on the queen's hollow takes her; every hollow before the last must be empty.",
           "Only one of the queen's neighbours is empty, so the path ends through it. Which Blue troop has "
           "enough soldiers to wind its way there and on to the queen?"),
          "The troop of 4 on F4 winds around F3 in four steps and takes the queen: Blue wins.",
          form=MOVE_FORM,
          answer=lambda: next(str(move) for move in puzzle("hunt").legal_moves()
                              if puzzle("hunt").play(move).winner == 0))
def _queen_hunt(answer: Any) -> bool:
    return _played(puzzle("hunt"), answer).winner == 0


@exercise("myra-play-3",
          "In puzzle('rescue'), Orange is to move and Blue's troop on F3 threatens the queen on F1. "
          "Write a move that saves the queen.",
          ("An enemy reaches the queen only through an empty neighbour of hers, or from right next to her.",
           "Blue's troop of 2 needs an empty hollow next to the queen on its way: fill it, or take the troop. "
           "Try your move on the play board, then look at Blue's answers."),
          "After your move no Blue move reaches the queen.",
          form=MOVE_FORM,
          answer=lambda: next(str(move) for move in puzzle("rescue").legal_moves()
                              if not queen_in_danger(puzzle("rescue").play(move), 1)))
def _queen_rescue(answer: Any) -> bool:
    after = _played(puzzle("rescue"), answer)
    return not queen_in_danger(after, 1)
