"""Exercises for the Myra lessons (08 to 11), and the puzzle positions they ask about.

A notebook shows a puzzle with ``puzzle(name)``; the checkers work every answer out
with the engine (:mod:`kit.myra`), so no answer is written down here.

Answers are numbers, True / False, hollow names (``"F10"``; several as a list, a set or
one string such as ``"D9, F10"``) or a move in notation (``"F4-E3-E2-F2-F1"``).
"""
from __future__ import annotations

import re
from typing import Any, Iterable

from kit import myra
from kit.exercises import exercise
from kit.game import IllegalMove

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


def _cell(answer: Any) -> str:
    """The canonical name of a hollow given by name ('f10' -> 'F10'); ValueError if none."""
    if not isinstance(answer, str):
        raise ValueError(f"{answer!r} is not a hollow name")
    return myra.cell_name(myra.parse_cell(answer))


def _cells(answer: Any) -> frozenset[str]:
    """The hollows named by a string ('D9, F10') or a collection of names."""
    names: Iterable[Any] = re.split(r"[\s,;]+", answer.strip()) if isinstance(answer, str) else answer
    return frozenset(_cell(name) for name in names)


def _number(answer: Any) -> int:
    """A whole number given as an int, a whole float or digits (not True or False)."""
    if isinstance(answer, float) and answer.is_integer():
        return int(answer)
    if isinstance(answer, str) and answer.strip().isdigit():
        return int(answer)
    if isinstance(answer, bool) or not isinstance(answer, int):
        raise ValueError(f"{answer!r} is not a whole number")
    return answer


def _yes_no(answer: Any) -> bool:
    if not isinstance(answer, bool):
        raise ValueError(f"{answer!r} is not True or False")
    return answer


def _played(position: myra.Position, answer: Any) -> myra.Position:
    """The position after the move written in the answer; ValueError if it is not legal."""
    if not isinstance(answer, str):
        raise ValueError(f"{answer!r} is not a move in notation")
    try:
        return position.play(answer)
    except IllegalMove as error:
        raise ValueError(str(error)) from None


# -- what the engine says about a position -------------------------------------------------------


def moves_of_kind(position: myra.Position, kind: str) -> list[myra.Move]:
    """The legal moves of one kind."""
    return [move for move in position.legal_moves() if move.kind == kind]


def capturable(position: myra.Position) -> frozenset[str]:
    """The hollows of enemy pieces the player to move can capture now."""
    me = position.to_move
    enemy = {cell for cell, piece in position.cells.items() if piece.owner != me}
    return frozenset(myra.cell_name(move.cells[-1]) for move in moves_of_kind(position, "move")
                     if move.cells[-1] in enemy)


def with_turn(position: myra.Position, player: int) -> myra.Position:
    """The same position with ``player`` to move."""
    return myra.position_from_json({**position.to_json(), "to_move": player})


def queen_in_danger(position: myra.Position, player: int) -> bool:
    """Whether an enemy to move could take ``player``'s queen now (two players)."""
    enemy = with_turn(position, 1 - player)
    return any(player in after.eliminated for after in enemy.successors())


# -- lesson 08: the board and the armies ------------------------------------------------------------


@exercise("myra-board-1",
          "Which hollows are the neighbours of H7? Name them all, e.g. {'H6', ...}.",
          "Below row F, hollow n touches n-1 and n+1 in its own row, n and n+1 in the row above "
          "and n-1 and n in the row below.",
          "Six neighbours: two in its own row, two in the row above and two in the row below.")
def _neighbours_of_h7(answer: Any) -> bool:
    right = {myra.cell_name(cell) for cell in myra.hexgrid.neighbours(myra.parse_cell("H7"))}
    return _cells(answer) == right


@exercise("myra-board-2",
          "How many hollows are empty at the start of a three-player game?",
          "Count the hollows one army fills at the start (queen and troops), then remember the board has 91.",
          "91 hollows minus three armies of 10 hollows each.")
def _empty_at_three_player_start(answer: Any) -> bool:
    return _number(answer) == len(myra.hexgrid.CELLS) - len(myra.start(3).cells)


@exercise("myra-board-3",
          "In the three-player start, which hollow holds Green's queen?",
          "The three players sit at every other corner: F11, A1 and ... Look at the picture.",
          "Green's queen sits in the bottom-left corner: row K, first hollow.")
def _green_queen(answer: Any) -> bool:
    queen = next(cell for cell, piece in myra.start(3).cells.items() if piece.queen and piece.owner == 2)
    return _cell(answer) == myra.cell_name(queen)


# -- lesson 09: the six moves ----------------------------------------------------------------------


@exercise("myra-moves-1",
          "In puzzle('moves'), how many chain-up (Aufketten) moves does Blue have?",
          "A chain of two single soldiers gives the same result as one soldier building up onto the other, "
          "and the list shows each result once, as the earlier kind (build). "
          "Count with the engine: [m for m in puzzle('moves').legal_moves() if m.kind == 'chain'].",
          "Only the chains of all three soldiers are new results; every chain of two is listed as a build-up.")
def _chain_count(answer: Any) -> bool:
    return _number(answer) == len(moves_of_kind(puzzle("moves"), "chain"))


@exercise("myra-moves-2",
          "In puzzle('moves'), a chain-up can gather all three single soldiers (D9, E10, F10) into one hollow. "
          "Into which hollows? Name every one.",
          "The chain is gathered in order, each soldier next to the one before, and lands in its last hollow. "
          "Which of the three hollows can be the end of such a line?",
          "D9 and F10 are not neighbours, so E10 must be in the middle: the troop lands on D9 or on F10.")
def _chain_ends(answer: Any) -> bool:
    right = {myra.cell_name(move.cells[-1]) for move in moves_of_kind(puzzle("moves"), "chain")
             if len(move.cells) == 3}
    return _cells(answer) == right


@exercise("myra-moves-3",
          "In puzzle('moves'), in how many different ways can Blue unchain (Abketten) the troop of 2 on G10?",
          "The first soldier goes to an empty neighbour of G10, the second to an empty neighbour of the first "
          "(not G10). Ways that fill the same two hollows are one move.",
          "G10 has only two empty neighbours, G9 and H9, and every pair of empty hollows reached from them "
          "counts once.")
def _unchain_count(answer: Any) -> bool:
    g10 = myra.parse_cell("G10")
    return _number(answer) == sum(move.cells[0] == g10 for move in moves_of_kind(puzzle("moves"), "unchain"))


# -- lesson 10: captures, fortresses, queens ------------------------------------------------------


@exercise("myra-captures-1",
          "In puzzle('captures'), which hollows of Orange can Blue capture this turn? Name every one.",
          "A troop of n goes up to n steps through empty hollows, any size of enemy troop can be taken, "
          "a fortress (5) never, and a split never captures.",
          "The fortress on D7 is immune and F4 is four steps from the troop of 3; the rest can be taken.")
def _capturable(answer: Any) -> bool:
    return _cells(answer) == capturable(puzzle("captures"))


@exercise("myra-captures-2",
          "In puzzle('winding'), Orange is to move. Can Orange's troop of 3 on F5 capture Blue's troop on F7? "
          "Answer True or False.",
          "Blue's fortress on F6 blocks the straight way, but a path may wind (er kann sich auch winden).",
          "F5-E5-E6-F7 (or F5-G5-G6-F7) goes around the fortress in three steps.")
def _winding_capture(answer: Any) -> bool:
    position = puzzle("winding")
    f5, f7 = myra.parse_cell("F5"), myra.parse_cell("F7")
    right = any(move.cells[0] == f5 and move.cells[-1] == f7 for move in moves_of_kind(position, "move"))
    return _yes_no(answer) == right


@exercise("myra-captures-3",
          f"In puzzle('sides') (three players), Blue plays {SIDES_MOVE} and takes Green's queen. "
          "How many soldiers change sides?",
          "Count the soldiers, not the hollows: all of Green's soldiers left on the board, "
          "after Blue's capture. Green's reserve does not change sides.",
          "Every Green soldier on the board becomes Blue, troops keep their sizes; the reserve leaves the game.")
def _soldiers_changing_sides(answer: Any) -> bool:
    trace = puzzle("sides").trace(SIDES_MOVE)
    right = sum(event.soldiers for event in trace.events if isinstance(event, myra.events.ChangeSides))
    return _number(answer) == right


# -- lesson 11: playing ----------------------------------------------------------------------------


@exercise("myra-play-1",
          f"In a three-player game Blue opens with {OPENING}. How many different legal moves does Orange have now?",
          "Ask the engine: myra.start(3).play(OPENING).legal_moves(). Is it still 217? "
          "Look at where Blue's troop now stands.",
          "Blue's troop on C6 stands in the way of some of Orange's paths, so Orange has fewer moves than at the start.")
def _orange_reply_count(answer: Any) -> bool:
    return _number(answer) == len(myra.start(3).play(OPENING).legal_moves())


@exercise("myra-play-2",
          "In puzzle('hunt'), Blue to move can take Orange's queen on F1 at once. Write such a move.",
          "Only the hollow F2 is open next to the queen, and F3 is blocked. Which Blue troop is big enough "
          "to go around F3 to F2 and on to F1?",
          "The troop of 4 on F4 winds around F3 in four steps and takes the queen: Blue wins.")
def _queen_hunt(answer: Any) -> bool:
    return _played(puzzle("hunt"), answer).winner == 0


@exercise("myra-play-3",
          "In puzzle('rescue'), Orange is to move and Blue's troop on F3 threatens the queen on F1. "
          "Write a move that saves the queen.",
          "Blue's troop of 2 needs the empty hollow F2 on its way. Block it, or take the troop; "
          "running away may not help.",
          "After your move no Blue move reaches the queen.")
def _queen_rescue(answer: Any) -> bool:
    after = _played(puzzle("rescue"), answer)
    return not queen_in_danger(after, 1)
