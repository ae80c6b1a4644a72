"""Myra puzzles: the biggest capture, the queen hunt, and saving the queen (two players).

Captures are counted from the engine's events (``Capture``, ``QueenCaptured``) of traced
moves; only the moves after which fewer hollows hold enemy pieces are traced, since every
other move leaves each enemy piece on the board. No rule is computed here.
"""
from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from typing import Any

from kit.core.game import Trace
from kit.games.myra import PLAYER_NAMES, hollow_name, parse_hollow
from kit.games.myra.events import Capture, QueenCaptured
from kit.games.myra.pieces import QUEEN, pack
from kit.core.errors import IllegalMove, show
from kit.games.myra.moves import ACTION_NAMES, ACTIONS
from kit.core.verdict import Verdict
from kit.puzzles.answers import hint_for
from kit.puzzles.kinds import Kind, Puzzles
from kit.puzzles.puzzle import Puzzle, counted
from kit.puzzles.levels import Found, level_of, closeness
from kit.games.myra.hexgrid import distance


def soldiers_taken(trace: Trace) -> int:
    """The enemy soldiers a Myra move captures."""
    return sum(event.count for event in trace.events if isinstance(event, Capture))


def takes_queen(trace: Trace) -> bool:
    """Whether a Myra move captures an enemy queen."""
    return any(isinstance(event, QueenCaptured) for event in trace.events)


def _player(position: Any) -> str:
    return PLAYER_NAMES[position.to_move]


def _who(position: Any) -> str:
    """Who moves, among how many, and who is out: "Blue to move (3 players, Orange out)"."""
    out = "".join(f", {PLAYER_NAMES[player]} out" for player in sorted(position.eliminated))
    return f"{_player(position)} to move ({position.num_players} players{out})"


def winding(move: Any) -> int:
    """Difficulty points for how far a move's path goes and winds: 1 for three steps or more,
    1 more for a path longer than the straight way between its ends."""
    if move.action not in ("move", "build", "split") or len(move.hollows) < 2:
        return 0
    steps = len(move.hollows) - 1
    return (steps >= 3) + (steps > distance(move.hollows[0], move.hollows[-1]))


def _enemy_table(me: int) -> bytes:
    """For ``bytes.translate``: 1 for a packed hollow holding a piece of another player than ``me``, else 0."""
    enemy = {pack(owner, count) for owner in range(3) if owner != me for count in range(1, QUEEN + 1)}
    return bytes(1 if value in enemy else 0 for value in range(256))


ENEMY_TABLES: tuple[bytes, ...] = tuple(_enemy_table(me) for me in range(3))


def enemy_hollows(position: Any, me: int) -> int:
    """How many hollows hold a piece of another player than ``me``."""
    return position.packed.translate(ENEMY_TABLES[me]).count(1)


@lru_cache(maxsize=4)
def capturing_traces(position: Any) -> tuple[Trace, ...]:
    """The Myra moves that capture, traced: those after which fewer hollows hold enemy pieces
    (every other move leaves each enemy piece on the board, so captures nothing)."""
    me = position.to_move
    before = enemy_hollows(position, me)
    return tuple(position.trace(move) for move, after in zip(position.legal_moves(), position.successors())
                 if enemy_hollows(after, me) < before)


def myra_most_captured(position: Any) -> list[Found]:
    """The move that captures strictly more soldiers than any other, where another move captures
    too (in a position where no move takes a queen).

    Difficulty: how close the runner-up comes (by 1 soldier: 2 points, by 2: 1 point), and
    how far the path goes and winds (:func:`winding`).
    """
    captures = capturing_traces(position)
    if not captures or any(takes_queen(trace) for trace in captures):
        return []
    taken = {trace: soldiers_taken(trace) for trace in captures}
    best = max(taken, key=taken.__getitem__)
    runners_up = [n for trace, n in taken.items() if n and trace is not best]
    if taken[best] < 1 or not runners_up or max(runners_up) == taken[best]:
        return []
    points = closeness(taken[best] - max(runners_up)) + winding(best.move)
    question = f"{_who(position)}: which move captures the most soldiers?"
    return [Found(str(best.move), str(best.move), taken[best], level_of(points), question)]


def myra_queen_hunt(position: Any) -> list[Found]:
    """The one move that captures an enemy queen."""
    captures = capturing_traces(position)
    hunters = [trace for trace in captures if takes_queen(trace)]
    if len(hunters) != 1:
        return []
    best = hunters[0]
    others = len(captures) - 1
    points = winding(best.move) + (best.move.action != "move") + (others >= 1) + (others >= 3)
    question = f"{_who(position)}: which move captures an enemy queen?"
    return [Found(str(best.move), str(best.move), soldiers_taken(best), level_of(points), question)]


def queen_in_reach(position: Any) -> bool:
    """Whether some Myra move captures an enemy queen (a player more is out after it)."""
    return any(len(after.eliminated) > len(position.eliminated) for after in position.successors())


def hollow_of(move: Any) -> str:
    """The hollow a Myra move is played from (a chain: its first soldier; produce: the hollow filled)."""
    return hollow_name(move.hollows[0])


def queen_safe_after(position: Any, move: Any) -> bool:
    """Whether, after the move, no reply of the opponent captures the mover's queen (2 players)."""
    after = position.play(move)
    mover = position.to_move
    return after.is_over or not any(mover in reply.eliminated for reply in after.successors())


def myra_save_the_queen(position: Any) -> list[Found]:
    """Two players: the only moves that keep the mover's queen safe are all of one kind from one hollow."""
    if position.num_players != 2 or not queen_in_reach(replace(position, to_move=1 - position.to_move)):
        return []  # the queen is not attacked now: moves that leave her be keep her safe, too many to be one kind
    moves = position.legal_moves()
    groups: dict[tuple[str, str], list[Any]] = {}
    for move in moves:
        groups.setdefault((move.action, hollow_of(move)), []).append(move)
    saving = None  # the one group with a safe move; a second one means no puzzle
    for group, members in groups.items():
        if any(queen_safe_after(position, move) for move in members):
            if saving is not None:
                return []
            saving = group
    if saving is None:
        return []
    safe = [move for move in groups[saving] if queen_safe_after(position, move)]
    if len(safe) == len(moves):
        return []
    answer = safe[0]
    queen = next(hollow for hollow, piece in position.hollows.items() if piece.queen and piece.owner == position.to_move)
    tempting = sum(1 for trace in capturing_traces(position) if trace.move not in safe)
    points = (answer.hollows[0] != queen) + (answer.action != "move") + (tempting >= 1) + (tempting >= 3)
    name = _player(position)
    question = (f"{_who(position)}: {name}'s queen is in danger. From which hollow, and with which kind "
                f"of move, can {name} keep the queen safe?")
    return [Found(str(answer), hollow_of(answer), soldiers_taken(position.trace(answer)), level_of(points),
                  question)]


def _myra_move(puzzle: Puzzle, answer: Any) -> Any:
    """The move typed (notation) or given; a clicked hollow only starts one, so ValueError says how to go on."""
    position = puzzle.position
    if isinstance(answer, tuple):
        name = hollow_name(answer)
        starting = [str(move) for move in position.legal_moves() if move.hollows and move.hollows[0] == answer]
        if not starting:
            raise ValueError(f"no move of {PLAYER_NAMES[position.to_move]} starts at {name}")
        raise ValueError(f"{name} is where a move starts: type the whole move, e.g. {starting[0]}")
    try:
        return position.parse_move(answer) if isinstance(answer, str) else answer
    except IllegalMove as error:
        raise ValueError(str(error)) from None


def _judge_myra_move(puzzle: Puzzle, answer: Any) -> Verdict:
    position = puzzle.position
    move = _myra_move(puzzle, answer)
    try:
        trace = position.trace(move)
    except IllegalMove as error:
        return Verdict(False, f"{error}.", final=False)
    if trace.after == position.play(puzzle.move):  # any path to the same result is the same move
        what = "captures an enemy queen" if puzzle.kind == "queen-hunt" else \
            f"captures {counted(puzzle.captured, 'soldier')}, more than any other move"
        return Verdict(True, f"Right! {_as_written(answer, trace)} {what}.")
    if puzzle.kind == "queen-hunt":
        said = "does not capture a queen"
    else:
        taken = soldiers_taken(trace)
        said = f"captures {counted(taken, 'soldier')}; another move captures more"
    return Verdict(False, f"Not yet: {trace.move} {said}. {hint_for(puzzle)}")


def _as_written(answer: Any, trace: Trace) -> str:
    """The move as the student wrote it (typed text, trimmed), else in the kit's notation."""
    return " ".join(answer.split()) if isinstance(answer, str) else str(trace.move)


def _judge_saving(puzzle: Puzzle, answer: Any) -> Verdict:
    if isinstance(answer, tuple):
        hollow, action = hollow_name(answer), None
    else:
        words = [word for word in str(answer).replace(",", " ").split() if word.lower() != "up"]  # "build up"
        hollows = [word for word in words if word.lower() not in ACTIONS]
        actions = [word.lower() for word in words if word.lower() in ACTIONS]
        if len(hollows) != 1:
            raise ValueError(f"{show(answer)}: type a hollow and a kind of move, e.g. F7 split")
        try:
            hollow = hollow_name(parse_hollow(hollows[0]))
        except ValueError as error:
            raise ValueError(str(error)) from None
        action = actions[0] if actions else None
    if hollow != puzzle.answer:
        return Verdict(False, f"Not yet: after every move from {hollow}, some reply captures the queen. "
                              f"{hint_for(puzzle)}")
    if action is None:
        return Verdict(False, f"{hollow} is the right hollow. Which kind of move: "
                              f"{', '.join(ACTION_NAMES[action] for action in ACTIONS[:-1])}?", final=False)
    if action != puzzle.answer_action:
        return Verdict(False, f"Not yet: {hollow} is right, but no {ACTION_NAMES[action]} from there keeps the queen safe. "
                              f"{hint_for(puzzle)}")
    return Verdict(True, f"Right! A {ACTION_NAMES[action]} from {hollow} (such as {puzzle.move}) keeps the queen safe.")


def _start_of_move(puzzle: Any, target: Any) -> str | None:
    """A click on a hollow starts a move: its name goes into the answer box, to be completed."""
    return hollow_name(target) if isinstance(target, tuple) else None


KINDS: dict[str, Kind] = {
    "most-captured": Kind("myra", "most-captured", "Which move captures the most?",
                          "the move that captures the most soldiers, where another move captures too",
                          "captures: a troop (or the queen) whose path ends on an enemy troop of any size "
                          "captures it; only a fortress of five is safe",
                          myra_most_captured, _judge_myra_move, "a move's path, e.g. F5-F6", typed=_start_of_move,
                          answer_form=("the move's path, hollow to hollow", "F8-F7-F6")),
    "queen-hunt": Kind("myra", "queen-hunt", "Which move takes a queen?",
                       "the one move that captures an enemy queen",
                       "the queen hunt: a troop (or the queen) whose path ends on the enemy queen's hollow "
                       "captures her; every hollow before the last must be empty",
                       myra_queen_hunt, _judge_myra_move, "a move's path, e.g. F5-F6", typed=_start_of_move,
                       answer_form=("the move's path, hollow to hollow", "F8-F7-F6")),
    "save-the-queen": Kind("myra", "save-the-queen", "How can the queen be kept safe?",
                           "2 players, the hollow and kind of move that keep the queen safe",
                           "the queen hunt: after your move, look at every reply of your opponent; "
                           "none may reach your queen", myra_save_the_queen, _judge_saving,
                           "a hollow and a kind of move, e.g. F7 split", in_mix=False,
                           answer_form=("the hollow the move starts from and its action", "F7, split")),
}

# Who plays whom in the games searched for puzzles: every game has a greedy player, since
# games of random players alone seldom reach a queen and run to the end of their plies
# (the alpha-beta levels take seconds a move).
SEATINGS: tuple[tuple[Any, ...], ...] = (
    ("random", "greedy"), ("greedy", "random"), ("greedy", "random", "random"), ("random", "greedy", "random"))


def standing_alone(position: Any) -> Any:
    """A Myra position already stands alone (no history is kept without a ply limit)."""
    return position


REMINDER = (
    "A troop of n soldiers moves 1 to n steps (the queen 1), hollow to neighbouring hollow, over empty hollows only.",
    "Ending on an enemy troop (not a fortress of 5) or on the enemy queen captures it; taking the queen wins.",
    "Hollows are named by row letter and number (F7); a move is written as its path, origin first.")

PUZZLES = Puzzles(KINDS, SEATINGS, standing_alone,
                  "Click the piece, then where it goes, to answer; or type your answer and press check (or Enter).", REMINDER)
