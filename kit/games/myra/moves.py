"""The rules of Myra: move values and notation, legal-move generation, checking, playing.

This module is the one rules implementation. :func:`generate` lists the legal moves of a
position (each resulting position once), :func:`check` says why a given move is illegal,
and :func:`apply` plays a move, reporting events to a sink only when one is given. Both
``Position.play`` and ``Position.trace`` go through :func:`apply`.

Internally a move is a *spec* ``(action, hollow indices, count)`` over the 0..90 hollow
indices of :mod:`kit.games.myra.hexgrid`; :class:`Move` is its public form with axial hollows.

Notation (hollows named as on the drawn board, see :func:`kit.games.myra.hexgrid.hollow_name`):

=========  ===================  ================================================
action     example              meaning
=========  ===================  ================================================
move       ``F10-E10-E9``       the queen or a whole troop goes along the path;
                                a move onto an enemy captures it
build      ``F10-E9``           a whole troop moves onto an own troop
split      ``2:F10-E10``        2 soldiers of the troop on F10 go along the path
chain      ``E5+E6+F7``         single soldiers gathered in this order into F7
unchain    ``F10>E9>E8>D7``     the troop on F10 laid out on E9, E8, D7
produce    ``*F10``             a reserve soldier onto F10, next to the queen
pass       ``pass``             only when no other move is legal
=========  ===================  ================================================
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable

from kit.core.errors import IllegalMove, clip
from kit.core.limits import MAX_TYPED
from kit.games.myra.events import (ChangeSides, Capture, Drop, GameOver, Gather, Lay, Lift, Merge, MyraEvent,
                             Pass, PlayerOut, Produce, QueenCaptured, Step)
from kit.games.myra.bitboard import (AROUND, BIT, BOARD_MASK, HOLLOW_AT, WITHIN_CODES, HOLLOW_VALUE, RESERVE_UNIT, HOLLOW_UNIT, TURN_SHIFT, WITHIN,
                               encode, spread)
from kit.games.myra.hexgrid import ADJACENT, HOLLOWS, INDEX, NAMES, NEIGHBOURS, STEP, Hollow, hollow_name, parse_hollow
from kit.games.myra.seen import Seen
from kit.games.myra.pieces import FORTRESS, MAX_TROOP, PLAYER_NAMES, QUEEN, Piece, pack


ACTIONS: tuple[str, ...] = ("move", "build", "split", "chain", "unchain", "produce", "pass")
#: Each action as the lessons and the glossary name it (build up, chain up); ``move.action`` keeps the short names.
ACTION_NAMES: dict[str, str] = {"move": "move", "build": "build up", "split": "split", "chain": "chain up",
                                "unchain": "unchain", "produce": "produce", "pass": "pass"}
MAX_CHAIN = 5
MoveSpec = tuple[str, tuple[int, ...], int]
PositionParts = tuple[bytes, tuple[int, ...], int, tuple[int, ...]]  # packed board, reserve, to move, eliminated
PathMove = tuple[str, int, int, int]  # a generated move along a path: action, origin, last hollow, count
Sink = Callable[[MyraEvent], None]


@dataclass(frozen=True)
class Move:
    """A Myra move: its action, the hollows it touches, and for a split the number of soldiers.

    ``hollows`` is the path including the origin (move, build, split), the chain in order
    (chain), the origin followed by the laid-out hollows (unchain), the hollow filled
    (produce), or empty (pass). ``str(move)`` is its notation.
    """

    action: str
    hollows: tuple[Hollow, ...] = ()
    count: int | None = None

    def __str__(self) -> str:
        names = [hollow_name(c) for c in self.hollows]
        if self.action in ("move", "build"):
            return "-".join(names)
        if self.action == "split":
            return f"{self.count}:" + "-".join(names)
        if self.action == "chain":
            return "+".join(names)
        if self.action == "unchain":
            return ">".join(names)
        if self.action == "produce":
            return "*" + names[0]
        return "pass"

    def spec(self) -> MoveSpec:
        """The engine's form of the move; IllegalMove if a hollow is off the board."""
        off = [c for c in self.hollows if c not in INDEX]
        if off:
            raise IllegalMove(f"{off[0]} is not a hollow of the board")
        if self.action not in ACTIONS:
            raise IllegalMove(f"unknown action '{self.action}'; the actions are {', '.join(ACTIONS)}")
        return (self.action, tuple(INDEX[c] for c in self.hollows), self.count or 0)


def as_move(spec: MoveSpec) -> Move:
    """The public Move of a spec."""
    action, hollows, count = spec
    return Move(action, tuple(map(HOLLOWS.__getitem__, hollows)), count if action == "split" else None)


def parse(text: str, board: bytes) -> Move:
    """The move written as text; ``board`` tells a build (onto an own troop) from a move."""
    note = text.strip()
    if len(note) > MAX_TYPED:
        raise IllegalMove(f"cannot read the move '{clip(text)}': a move is at most {MAX_TYPED} characters")
    try:
        if note.lower() == "pass":
            return Move("pass")
        if note.startswith("*"):
            return Move("produce", (parse_hollow(note[1:]),))
        for mark, action in (("+", "chain"), (">", "unchain")):
            if mark in note:
                return Move(action, tuple(parse_hollow(part) for part in note.split(mark)))
        count = None
        if ":" in note:
            head, note = note.split(":", 1)
            if not head.strip().isdigit():
                raise ValueError(f"'{clip(head)}' before ':' must be the number of soldiers split off")
            count = int(head)
        hollows = tuple(parse_hollow(part) for part in note.split("-"))
    except ValueError as error:
        raise IllegalMove(f"cannot read the move '{clip(text)}': {error}") from None
    if len(hollows) < 2:
        raise IllegalMove(f"cannot read the move '{clip(text)}': a path needs at least two hollows, e.g. F10-E10")
    if count is not None:
        return Move("split", hollows, count)
    origin, target = board[INDEX[hollows[0]]], board[INDEX[hollows[-1]]]
    own_troop = target and origin and target >> 3 == origin >> 3 and target & 7 != QUEEN
    return Move("build" if own_troop else "move", hollows)


def landing_problem(board: bytes, me: int, queen: bool, n: int, dest: int, split: bool) -> str | None:
    """Why n of my soldiers (or my queen) may not end a path on dest, or None if they may."""
    target = board[dest]
    if not target:
        return None
    owner, size = target >> 3, target & 7
    if owner == me:
        if size == QUEEN:
            return "nothing may move onto your own queen"
        if queen:
            return "the queen never merges with a troop"
        if size + n > MAX_TROOP:
            return f"building up {NAMES[dest]} would make {size + n} soldiers; a hollow holds at most {MAX_TROOP}"
        return None
    if split:
        return "a split never captures"
    if size == FORTRESS:
        return f"{NAMES[dest]} is a fortress (5 soldiers) and cannot be captured"
    return None


def generate(position: Seen, captures_only: bool = False, only: int = -1) -> dict[int, "MoveSpec | PathMove"]:
    """Every legal move of the position, keyed by the code of its result (first move kept).

    A move along a path is listed by its action, origin, last hollow and count only (a
    :data:`PathMove`); :func:`with_path` makes it a spec with the hollows between. Results are
    told apart by their codes (:mod:`kit.games.myra.bitboard`), worked out from the changed
    hollows; only a queen capture, which may end the game or change sides, is played out by
    :func:`apply`. With ``captures_only`` the same search lists only the moves that capture
    (no pass): what the computer players look at beyond their depth. With ``only`` (a
    hollow), only the moves along a path of the piece there (no pass): how the computer
    players try a move that was good elsewhere without listing all the others.
    """
    if position.is_over:
        return {}
    board, me, rules = position.packed, position.to_move, position.rules
    players = position.num_players
    nxt = (me + 1) % players
    while nxt in position.eliminated and nxt != me:
        nxt = (nxt + 1) % players
    base = position.code + ((nxt - me) << TURN_SHIFT)
    results: dict[int, MoveSpec | PathMove] = {}
    add = results.setdefault
    queen = -1
    singles: list[int] = []
    troops: list[int] = []
    occupied = prey = 0  # prey: enemy pieces that can be captured
    for i, value in enumerate(board):
        if value:
            occupied |= BIT[i]
            if value >> 3 == me:
                size = value & 7
                if size == QUEEN:
                    queen = i
                else:
                    troops.append(i)
                    if size == 1:
                        singles.append(i)
            elif value & 7 != FORTRESS:
                prey |= BIT[i]
    if only >= 0:
        troops = [only] if only in troops else []
        queen = queen if queen == only else -1
    if captures_only:  # nothing to capture within reach, even over an empty board: no captures
        reach = AROUND[queen] if queen >= 0 else 0
        for origin in troops:
            if board[origin] & 7 < FORTRESS:
                reach |= WITHIN[board[origin] & 7][origin]
        if not reach & prey:
            return results
    empty = BOARD_MASK ^ occupied
    mine = me << 3
    if queen >= 0:
        crown = mine | QUEEN
        for near in NEIGHBOURS[queen]:
            target = board[near]
            if not target:
                if not captures_only:
                    add(base + crown * (HOLLOW_UNIT[near] - HOLLOW_UNIT[queen]), ("move", queen, near, 0))
            elif target >> 3 != me and target & 7 != FORTRESS:
                if target & 7 == QUEEN:
                    _add_played(position, ("move", queen, near, 0), results)
                else:
                    add(base + (crown - target) * HOLLOW_UNIT[near] - crown * HOLLOW_UNIT[queen], ("move", queen, near, 0))
    # Moves along paths never share a result (each empties or thins its own origin), so
    # they are stored without looking; later actions keep the first move of a result. What a
    # troop may do depends only on the hollows within its reach: a neighbourhood met a second
    # time is remembered (_PATHS) as changes to the code, added to each position's own code.
    code = position.code
    for origin in troops:
        value = board[origin]
        key = (origin, value, code & WITHIN_CODES[min(value & 7, FORTRESS - 1)][origin])
        found = _PATHS.get(key)
        royal: list[PathMove] = []
        if found is None and key in _MET:  # met before: worth remembering
            found = _remember(_PATHS, key, ({}, {}, royal))
            _paths(board, origin, empty, 0, found[0], found[1], royal)
        if found is not None:
            chosen = found[1] if captures_only else found[0]
            results.update(zip(map(base.__add__, chosen), chosen.values()))
            royal = found[2]
        else:  # met for the first time: worked out here only (a playout meets most neighbourhoods once)
            if not captures_only:  # (a playout asks for the captures, then for every move, of the same position)
                _remember(_MET, key, None)
            _paths(board, origin, empty, base, None if captures_only else results, results if captures_only else None, royal)
        for step in royal:
            _add_played(position, step, results)
    if captures_only or only >= 0:
        return results
    single = mine | 1
    for chain in _chains(board, me, singles, rules.straight_chains):
        last = chain[-1]
        after = base + (mine | len(chain)) * HOLLOW_UNIT[last] - single * HOLLOW_UNIT[last]  # the code after the chaining
        for c in chain[:-1]:
            after -= single * HOLLOW_UNIT[c]
        add(after, ("chain", chain, 0))
    keep = int(rules.unchain_keeps_one)
    for origin in troops:
        value = board[origin]
        if value & 7 < 2:
            continue
        laid = (value & 7) - keep
        key = (origin, value | keep << 5, occupied & WITHIN[laid][origin])
        unchained = _UNCHAINED.get(key)
        if unchained is None and key in _MET_UNCHAINED:  # met before: worth remembering
            unchained = _remember(_UNCHAINED, key, _unchain_changes(occupied, origin, value, keep, 0))
        if unchained is None:  # met for the first time: worked out here only
            _remember(_MET_UNCHAINED, key, None)
            fresh = dict(zip(*_unchain_changes(occupied, origin, value, keep, base)))
        else:
            fresh = dict(zip(map(base.__add__, unchained[0]), unchained[1]))
        for taken in fresh.keys() & results.keys():
            del fresh[taken]
        results.update(fresh)
    if queen >= 0 and position.reserve[me] > 0:
        fill = base - RESERVE_UNIT[me]
        for near in NEIGHBOURS[queen]:
            if not board[near]:
                add(fill + single * HOLLOW_UNIT[near], ("produce", (near,), 0))
    if not results:
        results[base] = ("pass", (), 0)
    return results


def _add_played(position: Seen, step: PathMove, results: dict[int, MoveSpec | PathMove]) -> None:
    """Add a move by playing it out (a queen capture: players go out, soldiers may change sides)."""
    action, origin, dest, count = step
    results.setdefault(encode(*apply(position, (action, (origin, dest), count))), step)


Found = dict[int, "MoveSpec | PathMove"]  # a change to the position's code -> the move that makes it
_PATHS: dict[tuple[int, int, int], tuple[Found, Found, list[PathMove]]] = {}  # (origin, value, hollows near) -> _paths()
_MET: dict[tuple[int, int, int], None] = {}  # neighbourhoods met once, remembered in _PATHS when met again
_UNCHAINED: dict[tuple[int, int, int], tuple[tuple[int, ...], tuple[MoveSpec, ...]]] = {}  # (origin, value, occupied near)
_MET_UNCHAINED: dict[tuple[int, int, int], None] = {}
CACHE_LIMIT = 5_000  # entries per cache (some 25 MB at most); a full cache starts afresh


def _remember(cache: dict[Any, Any], key: tuple[int, int, int], value: Any) -> Any:
    """Store value under key, emptying the cache first when it is full; return value."""
    if len(cache) >= CACHE_LIMIT:
        cache.clear()
    cache[key] = value
    return value


def _paths(board: bytes, origin: int, empty: int, base: int, into: Found | None, captures: Found | None,
           royal: list[PathMove]) -> None:
    """Add the troop on o's moves along paths: to ``into`` (base + the change to the code -> move; None: not wanted),
    the captures also to ``captures`` (None: not wanted), and queen captures to ``royal``: they may end the game
    or change sides, so they are played out.
    """
    value = board[origin]
    me, size = value >> 3, value & 7
    mine = me << 3
    whole = size < FORTRESS
    occupied = BOARD_MASK ^ empty
    lift = base - value * HOLLOW_UNIT[origin]
    kept = [base - k * HOLLOW_UNIT[origin] for k in range(size)]  # the code with k soldiers lifted off origin
    seen = front = BIT[origin]
    for steps in range(1, min(size, FORTRESS - 1) + 1):
        ring = spread(front) & ~seen
        if not ring:
            break
        seen |= ring
        front = ring & empty
        landing = front if into is not None else 0
        while landing:  # empty hollows
            low = landing & -landing
            landing ^= low
            near = HOLLOW_AT[low.bit_length() - 1]
            put = HOLLOW_VALUE[near]
            if whole:
                into[lift + put[value]] = ("move", origin, near, 0)  # type: ignore[index]
            for k in range(steps, size):
                into[kept[k] + put[mine | k]] = ("split", origin, near, k)  # type: ignore[index]
        landing = ring & occupied
        while landing:  # occupied hollows
            low = landing & -landing
            landing ^= low
            near = HOLLOW_AT[low.bit_length() - 1]
            target, put = board[near], HOLLOW_VALUE[near]
            if target >> 3 == me:
                held = target & 7
                if held == QUEEN or into is None:
                    continue
                if whole and size + held <= MAX_TROOP:
                    into[lift + put[size]] = ("build", origin, near, 0)
                for k in range(steps, min(size, MAX_TROOP + 1 - held)):
                    into[kept[k] + put[k]] = ("split", origin, near, k)
            elif whole and target & 7 != FORTRESS:
                if target & 7 == QUEEN:
                    royal.append(("move", origin, near, 0))
                    continue
                change = lift + put[value] - put[target]
                if into is not None:
                    into[change] = ("move", origin, near, 0)
                if captures is not None:
                    captures[change] = ("move", origin, near, 0)


def _unchain_changes(occupied: int, origin: int, value: int, keep: int, base: int) -> tuple[tuple[int, ...], tuple[MoveSpec, ...]]:
    """The unchainings of the troop on origin as base + the changes to the position's code, and their specs."""
    single = (value >> 3 << 3) | 1
    lift = base + (single * keep - value) * HOLLOW_UNIT[origin]
    found = _unchains(occupied, origin, (value & 7) - keep)
    return tuple(lift + single * laid for laid, _ in found), tuple(("unchain", hollows, 0) for _, hollows in found)


def with_path(board: bytes, spec: "MoveSpec | PathMove", parents: dict[int, dict[int, int]]) -> MoveSpec:
    """The spec of a generated move: a move along a path gets its whole path (the first one a breadth-first search finds).

    ``parents`` caches the search tree of each origin for one board.
    """
    if len(spec) == 3:
        return spec
    action, origin, dest, count = spec
    if dest in NEIGHBOURS[origin]:
        return action, (origin, dest), count
    tree = parents.get(origin)
    if tree is None:
        tree = parents[origin] = _search_tree(board, origin)
    path = [dest]
    while path[-1] != origin:
        path.append(tree[path[-1]])
    return action, tuple(reversed(path)), count


def listed(board: bytes, results: dict[int, "MoveSpec | PathMove"]) -> list[tuple[int, MoveSpec]]:
    """The generated moves as (result code, spec with its path) in the order legal_moves() lists them.

    The actions come as generated (the queen's moves, each troop's moves along paths, chain-ups,
    unchainings, produces); a troop's moves along paths are listed by where a breadth-first
    search from it first reaches their last hollow, the whole troop before splits, smaller
    splits first (the order the kit has always listed them in).
    """
    parents: dict[int, dict[int, int]] = {}
    places: dict[int, dict[int, int]] = {}  # origin -> hollow -> when the search reached it
    listing: list[tuple[int, MoveSpec]] = []
    block: list[tuple[tuple[int, bool, int], int, MoveSpec]] = []  # one troop's moves along paths
    block_origin = -1

    def flush() -> None:
        block.sort(key=lambda item: item[0])
        listing.extend((code, full) for _, code, full in block)
        block.clear()

    for code, spec in results.items():
        troop_path = len(spec) == 4 and board[spec[1]] & 7 != QUEEN
        if not troop_path or spec[1] != block_origin:
            flush()
            block_origin = spec[1] if troop_path else -1  # type: ignore[assignment]
        full = with_path(board, spec, parents)
        if troop_path:
            action, origin, dest, count = spec  # type: ignore[misc]
            place = places.get(origin)
            if place is None:
                tree = parents.get(origin)
                if tree is None:
                    tree = parents[origin] = _search_tree(board, origin)
                place = places[origin] = {near: i for i, near in enumerate(tree)}
            block.append(((place[dest], action == "split", count), code, full))
        else:
            listing.append((code, full))
    flush()
    return listing


def _search_tree(board: bytes, origin: int) -> dict[int, int]:
    """Breadth-first search from origin through empty hollows (as far as its troop may go): hollow -> the one before."""
    size = board[origin] & 7
    parent = {origin: -1}
    frontier = [origin]
    for _ in range(1 if size == QUEEN else min(size, FORTRESS - 1)):
        reached = []
        for u in frontier:
            for near in NEIGHBOURS[u]:
                if near not in parent:
                    parent[near] = u
                    if not board[near]:
                        reached.append(near)
        frontier = reached
    return parent


def _chains(board: bytes, me: int, singles: list[int], straight: bool) -> list[tuple[int, ...]]:
    """Chain-ups: 2..5 own single soldiers, each next to the one before, one chain per (set, last)."""
    single = pack(me, 1)
    specs: list[tuple[int, ...]] = []
    if straight:
        for s in singles:
            for d in range(6):
                chain = [s]
                while len(chain) < MAX_CHAIN:
                    near = STEP[chain[-1]][d]
                    if near < 0 or board[near] != single:
                        break
                    chain.append(near)
                    specs.append(tuple(chain))
        return specs
    seen: set[tuple[int, int]] = set()
    stack: list[tuple[int, tuple[int, ...]]] = [(1 << s, (s,)) for s in singles]
    while stack:
        mask, path = stack.pop()
        for near in NEIGHBOURS[path[-1]]:
            bit = 1 << near
            if board[near] == single and not mask & bit and (mask | bit, near) not in seen:
                seen.add((mask | bit, near))
                longer = path + (near,)
                specs.append(longer)
                if len(longer) < MAX_CHAIN:
                    stack.append((mask | bit, longer))
    return specs


def _unchains(occupied: int, origin: int, laid: int) -> list[tuple[int, tuple[int, ...]]]:
    """Unchainings of the troop on origin into `laid` empty hollows, one per set of hollows.

    Each comes as (the set as a code mask, one unit in each of its hollows; the spec's hollows).
    The walks of :func:`_unchain_tree` are followed while their hollows are empty.
    """
    found: list[tuple[int, tuple[int, ...]]] = []
    if laid < 1:
        return found
    bits, skips, ends = _unchain_tree(origin, laid)
    i, n = 0, len(bits)
    while i < n:
        if bits[i] & occupied:
            i = skips[i]
            continue
        end = ends[i]
        if end is not None:
            found.append(end)
        i += 1
    return found


@lru_cache(maxsize=None)
def _unchain_tree(origin: int, laid: int) -> tuple[tuple[int, ...], tuple[int, ...], tuple[tuple[int, tuple[int, ...]] | None, ...]]:
    """Every way to lay out `laid` soldiers from origin on an empty board, as a depth-first search tree.

    The walks grow one hollow at a time, depth first, and a walk reaching a (set of hollows,
    last hollow) already reached is not followed again; the first walk to cover a set of
    `laid` hollows stands for that set. On a real board the same search simply skips every
    walk through an occupied hollow, which skips the walk's whole subtree: the lists hold, in
    search order, each walk's last hollow (as a hollow mask), where its subtree ends, and for
    a walk standing for its set (code mask, spec hollows), else None.
    """
    hollows: list[int] = []
    depths: list[int] = []
    ends: list[tuple[int, tuple[int, ...]] | None] = []
    seen: set[tuple[int, int]] = set()
    done: set[int] = set()
    stack: list[tuple[int, tuple[int, ...]]] = [(HOLLOW_UNIT[near], (near,)) for near in NEIGHBOURS[origin]]
    while stack:
        mask, chain = stack.pop()
        hollows.append(BIT[chain[-1]])
        depths.append(len(chain))
        if len(chain) == laid:
            ends.append(None if mask in done else (mask, (origin,) + chain))
            done.add(mask)
            continue
        ends.append(None)
        for near in NEIGHBOURS[chain[-1]]:
            bit = HOLLOW_UNIT[near]
            if near != origin and not mask & bit and (mask | bit, near) not in seen:
                seen.add((mask | bit, near))
                stack.append((mask | bit, chain + (near,)))
    skips = [0] * len(hollows)
    open_: list[int] = []  # walks whose subtree has not ended yet
    for i, depth in enumerate(depths):
        while open_ and depths[open_[-1]] >= depth:
            skips[open_.pop()] = i
        open_.append(i)
    for i in open_:
        skips[i] = len(hollows)
    return tuple(hollows), tuple(skips), tuple(ends)


def check(position: Seen, spec: MoveSpec) -> None:
    """Raise IllegalMove saying why the move is not legal in the position; return if it is."""
    if position.is_over:
        raise IllegalMove("the game is over")
    action, hollows, count = spec
    board, me = position.packed, position.to_move
    if action == "pass":
        others = [m for m in position.legal_moves() if m.action != "pass"]
        if others:
            raise IllegalMove(f"passing is allowed only without a legal move, and {others[0]} is legal")
        return
    if len(set(hollows)) != len(hollows):
        raise IllegalMove("a hollow may not be used twice in one move")
    if action == "produce":
        _check_produce(board, me, hollows, position.reserve[me])
    elif action == "chain":
        _check_chain(board, me, hollows, position.rules.straight_chains)
    else:
        _check_own_piece(board, me, hollows[0] if hollows else -1)
        if action == "unchain":
            _check_unchain(board, hollows, position.rules.unchain_keeps_one)
        else:
            _check_path(board, me, action, hollows, count)


def _check_own_piece(board: bytes, me: int, hollow: int) -> None:
    if hollow < 0:
        raise IllegalMove("the move names no hollow")
    if not board[hollow]:
        raise IllegalMove(f"{NAMES[hollow]} is empty")
    if board[hollow] >> 3 != me:
        raise IllegalMove(f"{NAMES[hollow]} holds {Piece.unpack(board[hollow]).describe()}, not a piece of {PLAYER_NAMES[me]}")


def _check_steps(hollows: tuple[int, ...]) -> None:
    for a, b in zip(hollows, hollows[1:]):
        if (a, b) not in ADJACENT:
            raise IllegalMove(f"{NAMES[a]} and {NAMES[b]} are not neighbours")


def _check_path(board: bytes, me: int, action: str, hollows: tuple[int, ...], count: int) -> None:
    if len(hollows) < 2:
        raise IllegalMove("a path needs at least two hollows")
    origin, dest = hollows[0], hollows[-1]
    size = board[origin] & 7
    queen = size == QUEEN
    steps = len(hollows) - 1
    if action == "split":
        if queen:
            raise IllegalMove("the queen cannot be split")
        if not 1 <= count < size:
            raise IllegalMove(f"a split takes 1 to {size - 1} of the {size} soldiers on {NAMES[origin]}, not {count}"
                              if size > 1 else "a single soldier cannot be split")
        moving = count
    elif queen:
        moving = 1
    elif size == FORTRESS:
        raise IllegalMove(f"{NAMES[origin]} is a fortress (5 soldiers) and cannot move as a whole; split some off")
    else:
        moving = size
    if steps > moving:
        what = "the queen" if queen else f"{moving} soldier{'s' if moving > 1 else ''}"
        raise IllegalMove(f"{what} may go at most {moving} step{'s' if moving > 1 else ''}, not {steps}")
    _check_steps(hollows)
    for c in hollows[1:-1]:
        if board[c]:
            raise IllegalMove(f"the path is blocked at {NAMES[c]} by {Piece.unpack(board[c]).describe()}")
    problem = landing_problem(board, me, queen, moving, dest, action == "split")
    if problem:
        raise IllegalMove(problem)
    own = bool(board[dest]) and board[dest] >> 3 == me
    if action == "move" and own:
        raise IllegalMove(f"{NAMES[dest]} holds your own troop: that is a build-up")
    if action == "build" and not own:
        raise IllegalMove(f"a build-up must end on your own troop, and {NAMES[dest]} holds none")


def _check_chain(board: bytes, me: int, hollows: tuple[int, ...], straight: bool) -> None:
    if not 2 <= len(hollows) <= MAX_CHAIN:
        raise IllegalMove(f"a chain has 2 to {MAX_CHAIN} soldiers, not {len(hollows)}")
    for c in hollows:
        if board[c] != pack(me, 1):
            raise IllegalMove(f"{NAMES[c]} does not hold a single soldier of {PLAYER_NAMES[me]}")
    _check_steps(hollows)
    if straight and len({STEP[a].index(b) for a, b in zip(hollows, hollows[1:])}) > 1:
        raise IllegalMove("under the straight-chains rule a chain must run in a straight line")


def _check_unchain(board: bytes, hollows: tuple[int, ...], keeps_one: bool) -> None:
    origin, laid = hollows[0], hollows[1:]
    size = board[origin] & 7
    if size == QUEEN:
        raise IllegalMove("the queen cannot be unchained")
    if size < 2:
        raise IllegalMove("a single soldier cannot be unchained")
    if len(laid) != size - keeps_one:
        keep = " (one soldier stays on the origin)" if keeps_one else ""
        raise IllegalMove(f"the troop of {size} on {NAMES[origin]} is laid out on exactly {size - keeps_one} hollows{keep}, "
                          f"not {len(laid)}")
    _check_steps(hollows)
    for c in laid:
        if board[c]:
            raise IllegalMove(f"{NAMES[c]} is not empty; a chain is laid out on empty hollows only")


def _check_produce(board: bytes, me: int, hollows: tuple[int, ...], reserve: int) -> None:
    if len(hollows) != 1:
        raise IllegalMove("producing fills exactly one hollow")
    if reserve < 1:
        raise IllegalMove(f"{PLAYER_NAMES[me]} has no soldiers left in reserve")
    hollow = hollows[0]
    if board[hollow]:
        raise IllegalMove(f"{NAMES[hollow]} is not empty")
    if not any(board[near] == pack(me, QUEEN) for near in NEIGHBOURS[hollow]):
        raise IllegalMove(f"{NAMES[hollow]} is not next to the queen of {PLAYER_NAMES[me]}")


def apply(position: Seen, spec: MoveSpec, sink: Sink | None = None) -> PositionParts:
    """Play a legal move; report its events to sink when one is given. Returns the raw result."""
    action, hollows, count = spec
    me = position.to_move
    board = bytearray(position.packed)
    reserve = position.reserve
    victim = -1
    if action in ("move", "build", "split"):
        victim = _apply_path(board, me, hollows, count if action == "split" else 0, sink)
    elif action == "chain":
        for c in hollows[:-1]:
            board[c] = 0
        board[hollows[-1]] = pack(me, len(hollows))
        if sink is not None:
            sink(Lift(me, HOLLOWS[hollows[0]], 1))
            for held, (a, b) in enumerate(zip(hollows, hollows[1:]), start=2):
                sink(Gather(me, HOLLOWS[a], HOLLOWS[b], held))
            sink(Drop(me, HOLLOWS[hollows[-1]], len(hollows)))
    elif action == "unchain":
        origin, laid = hollows[0], hollows[1:]
        left = (board[origin] & 7) - len(laid)
        board[origin] = pack(me, left) if left else 0
        for c in laid:
            board[c] = pack(me, 1)
        if sink is not None:
            sink(Lift(me, HOLLOWS[origin], len(laid), False, left))
            for held, (a, b) in enumerate(zip(hollows, laid)):
                sink(Lay(me, HOLLOWS[a], HOLLOWS[b], len(laid) - held - 1))
    elif action == "produce":
        board[hollows[0]] = pack(me, 1)
        reserve = reserve[:me] + (reserve[me] - 1,) + reserve[me + 1:]
        if sink is not None:
            sink(Produce(me, HOLLOWS[hollows[0]], reserve[me]))
    elif sink is not None:
        sink(Pass(me))
    eliminated = position.eliminated
    if victim >= 0:
        eliminated, reserve = _eliminate(board, me, victim, eliminated, reserve, sink)
    players = len(reserve)
    nxt = (me + 1) % players
    while nxt in eliminated and nxt != me:
        nxt = (nxt + 1) % players
    return bytes(board), reserve, nxt, eliminated


def _apply_path(board: bytearray, me: int, hollows: tuple[int, ...], split: int, sink: Sink | None) -> int:
    """Move along a path (a split of `split` soldiers, or the whole piece); return the victim whose queen fell, or -1."""
    origin, dest = hollows[0], hollows[-1]
    value = board[origin]
    size = value & 7
    queen = size == QUEEN
    moving = split or (1 if queen else size)
    left = size - split if split else 0
    board[origin] = pack(me, left) if left else 0
    if sink is not None:
        sink(Lift(me, HOLLOWS[origin], moving, queen, left))
        for a, b in zip(hollows, hollows[1:]):
            sink(Step(me, HOLLOWS[a], HOLLOWS[b], moving, queen))
    target = board[dest]
    victim = -1
    if target and target >> 3 == me:
        board[dest] = pack(me, (target & 7) + moving)
        if sink is not None:
            sink(Merge(me, HOLLOWS[dest], moving, board[dest] & 7))
        return victim
    if target:
        if target & 7 == QUEEN:
            victim = target >> 3
            if sink is not None:
                sink(QueenCaptured(me, HOLLOWS[dest], victim))
        elif sink is not None:
            sink(Capture(me, HOLLOWS[dest], target >> 3, target & 7))
    board[dest] = pack(me, QUEEN if queen else moving)
    if sink is not None:
        sink(Drop(me, HOLLOWS[dest], moving, queen))
    return victim


def _eliminate(board: bytearray, me: int, victim: int, eliminated: tuple[int, ...], reserve: tuple[int, ...],
               sink: Sink | None) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The victim's queen is taken: they are out; with three players their soldiers change sides."""
    eliminated = tuple(sorted(eliminated + (victim,)))
    lost = 0
    if len(reserve) > 2:
        lost = reserve[victim]
        reserve = reserve[:victim] + (0,) + reserve[victim + 1:]
    if sink is not None:
        sink(PlayerOut(victim, me, lost))
    if len(reserve) > 2:
        changed = [i for i, value in enumerate(board) if value and value >> 3 == victim]
        for i in changed:
            board[i] = pack(me, board[i] & 7)
        if sink is not None and changed:
            sink(ChangeSides(victim, me, tuple(HOLLOWS[i] for i in changed), sum(board[i] & 7 for i in changed)))
    if sink is not None and len(eliminated) == len(reserve) - 1:
        sink(GameOver(me, f"{PLAYER_NAMES[victim]}'s queen is taken and only one queen is left"))
    return eliminated, reserve
