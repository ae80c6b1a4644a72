"""The one game model: the protocol every game's positions follow, and the registry of games.

This module knows no game. Each engine describes itself once with a :class:`Game` and
registers it (``kit/games/<name>/game.py``); everything above the engines
(drawings, widgets, agents, tournaments, exercises, the command line) asks the registry:

>>> import kit
>>> first = kit.game(kit.games()[0])
>>> kit.game_of(first.start()) is first
True

Every position (a :class:`GameState`) offers the same words:

- ``position.to_move``, ``position.num_players``, ``position.ply``, ``position.rules``
- ``position.legal_moves()`` -> the moves, each result once; ``position.successors()`` ->
  the positions they lead to, in the same order
- ``position.endless_moves()`` -> moves refused because they never end (empty in most
  games); ``position.why_illegal(move)`` -> why a move is refused (``None`` if it is legal)
- ``position.play(move)`` -> new position (the old one is unchanged);
  ``position.trace(move)`` -> :class:`Trace` (the same rules code, recording events)
- ``position.is_over``, ``position.winner`` (player index or ``None``), ``position.end_reason``
  (one sentence saying why the game ended, ``None`` while it goes on)
- ``position.returns()`` -> one number per player: +1 a win, -1 a loss, 0 a draw or a game
  not over (in a drawn game a player already out gets -1)
- ``position.key()`` -> a hashable value identifying the position (transposition tables)
- ``position.notation(move)`` / ``position.parse_move(text)`` -> a move's text and back
- ``position.to_json()`` -> a JSON-ready dict that ``game.position_from_json`` reads back;
  ``str(position)`` -> a text picture for terminals

Positions are immutable: assigning an attribute raises :class:`AttributeError`.
Every event of a traced move has ``event.text``: a one-line English narration.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar, Generic, Hashable, Mapping, Protocol, Self, Sequence, TypeVar, runtime_checkable

from kit.core.errors import IllegalMove, RecordError, clip, show
from kit.core.limits import MAX_MOVE_TEXT, MAX_MOVES, MAX_NAME
from kit.core.loading import check_keys, decoded, json_type, read_object, rules_from, text, whole


@runtime_checkable
class Event(Protocol):
    """One small immutable step of a traced move."""

    @property
    def text(self) -> str: ...


P = TypeVar("P")
M = TypeVar("M")  # a game's move type


@dataclass(frozen=True)
class Trace(Generic[P]):
    """A move played with tracing on: the position before, the move, its events, the position after."""

    before: P
    move: Any
    events: tuple[Any, ...]
    after: P

    def narration(self) -> list[str]:
        """The one-line narration of every event, in order."""
        return [event.text for event in self.events]


class GameState(Protocol[M]):
    """What every game's positions offer (see the module text).

    The optional abilities at the end have their defaults in :class:`Abilities`, which each
    game's position class subclasses.
    """

    @property
    def to_move(self) -> int: ...
    @property
    def num_players(self) -> int: ...
    @property
    def ply(self) -> int: ...
    @property
    def rules(self) -> Any: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def winner(self) -> int | None: ...
    @property
    def end_reason(self) -> str | None: ...
    def legal_moves(self) -> Sequence[M]: ...
    def successors(self) -> Sequence[Self]: ...
    def endless_moves(self) -> Sequence[M]: ...
    def play(self, move: M) -> Self: ...
    def trace(self, move: M) -> Trace[Self]: ...
    def returns(self) -> list[float]: ...
    def key(self) -> Hashable: ...
    def notation(self, move: M) -> str: ...
    def parse_move(self, text: str) -> M: ...
    def to_json(self) -> dict[str, Any]: ...

    # the optional abilities (each game's positions inherit their defaults from Abilities)
    ranks_moves: ClassVar[bool]
    passes: ClassVar[bool]
    def ranked_successors(self, captures_only: bool = False) -> list[tuple[Hashable, float, Any]]: ...
    def successor(self, code: Any) -> Self: ...
    @property
    def code(self) -> Any: ...
    def successors_of(self, move_ids: list[Hashable]) -> list[tuple[Hashable, float, Any]]: ...
    def successor_codes(self) -> list[Any]: ...
    def passed(self) -> Self: ...
    def first_laps(self, move: M, laps: int) -> tuple[Any, ...]: ...
    def why_illegal(self, move: M) -> str | None: ...
    @property
    def eliminated(self) -> tuple[int, ...]: ...
    @property
    def repeated(self) -> bool: ...


class Abilities:
    """The optional abilities of a position, with their defaults: a game's position class
    subclasses this and overrides the abilities it has (the protocol :class:`GameState` lists them)."""

    __slots__ = ()

    #: True where the position lists its moves with their gains, as codes of the positions
    #: after them (:meth:`ranked_successors`, :meth:`successor`): a search then builds only
    #: the positions it visits.
    ranks_moves: ClassVar[bool] = False
    #: True where :meth:`passed` gives the position with the mover passing, a null move the
    #: search may try (the rules never allow it).
    passes: ClassVar[bool] = False

    def ranked_successors(self, captures_only: bool = False) -> list[tuple[Hashable, float, Any]]:
        """(move id, gain for the mover, code of the position after) for every legal move (or
        every capture), where :attr:`ranks_moves` says the game offers it."""
        raise NotImplementedError(f"{type(self).__name__} does not rank its moves")

    def successor(self, code: Any) -> Any:
        """The position after a move, from the code :meth:`ranked_successors` gave for it."""
        raise NotImplementedError(f"{type(self).__name__} does not rank its moves")

    @property
    def code(self) -> Any:
        """This position's code, as :meth:`ranked_successors` gives the codes of the positions after a move."""
        raise NotImplementedError(f"{type(self).__name__} does not rank its moves")

    def successors_of(self, move_ids: list[Hashable]) -> list[tuple[Hashable, float, Any]]:
        """:meth:`ranked_successors` for the given move ids only (those still legal), where
        :attr:`ranks_moves` says the game offers it."""
        raise NotImplementedError(f"{type(self).__name__} does not rank its moves")

    def successor_codes(self) -> list[Any]:
        """The codes of the positions after every legal move, where :attr:`ranks_moves` says the game offers them."""
        raise NotImplementedError(f"{type(self).__name__} does not rank its moves")

    def passed(self) -> Any:
        """The position with the mover passing, where :attr:`passes` says the search may try it."""
        raise NotImplementedError(f"{type(self).__name__} has no null move")

    def first_laps(self, move: Any, laps: int) -> tuple[Any, ...]:
        """The events of the first ``laps`` laps of a move refused because it never ends (one of
        :meth:`endless_moves`), ending with the event saying why: what the stepper shows for it.
        Games that refuse such moves (``Game.refuses_endless``) offer it."""
        raise NotImplementedError(f"{type(self).__name__} refuses no move for never ending")

    def why_illegal(self, move: Any) -> str | None:
        """Why ``move`` is refused here (an :class:`~kit.core.errors.IllegalMove`'s words), or None
        if it is legal."""
        try:
            self.play(move)  # type: ignore[attr-defined]  # every position plays moves
        except IllegalMove as error:
            return str(error)
        return None

    @property
    def eliminated(self) -> tuple[int, ...]:
        """The players already out of the game, in the order they went out (none by default)."""
        return ()

    @property
    def repeated(self) -> bool:
        """True when the game ended because a position stood for the third time (never by default)."""
        return False


# -- game records ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Record:
    """A game record, the same shape for every game: replayable, JSON in and out.

    ``start`` is the position the game starts from and ``moves`` the moves in notation.
    ``names`` maps a seat's name in lower case (``"south"``, ``"blue"``) to the person or
    program playing it. ``result`` is the winner (a player index, ``None`` for a draw) once
    the game is over, and missing (``...`` here) while it goes on. A match of several rounds keeps
    its rounds in ``rounds``: the number of moves of each round, in order, the moves of
    all rounds following each other in ``moves`` (empty for a single game).

    Build one with ``game.record(start, moves, **names)`` (checked by replaying it) and
    read one with ``game.record_from_json(dict_or_text)``.
    """

    game: str
    start: Any
    moves: tuple[str, ...] = ()
    names: Mapping[str, str] = field(default_factory=dict)
    rounds: tuple[int, ...] = ()

    @property
    def players(self) -> int:
        """The number of players."""
        return int(self.start.num_players)

    @property
    def rules(self) -> Any:
        """The rules the game is played under (the start position's)."""
        return self.start.rules

    def positions(self) -> list[Any]:
        """Every position of the game, the start first (in a match: each round's start too)."""
        return game(self.game).replay(self)

    @property
    def final(self) -> Any:
        """The position after the last move."""
        return self.positions()[-1]

    @property
    def result(self) -> dict[str, int | None] | None:
        """``{"winner": player}`` (None for a draw) once the game is over; None while it goes on."""
        last = self.final
        return {"winner": last.winner} if last.is_over else None

    def to_json(self) -> dict[str, Any]:
        """The record as a JSON-ready dict with the keys of :data:`RECORD_KEYS`."""
        data: dict[str, Any] = {"game": self.game, "players": self.players,
                                "rules": game(self.game).rules_json(self.rules), "start": self.start.to_json(),
                                "moves": list(self.moves)}
        if self.rounds:
            data["rounds"] = list(self.rounds)
        if self.names:
            data["names"] = dict(self.names)
        result = self.result
        if result is not None:
            data["result"] = result
        return data

    def __str__(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False)


#: The keys of a record's JSON; ``rounds``, ``names`` and ``result`` are optional.
RECORD_KEYS = ("game", "players", "rules", "start", "moves", "rounds", "names", "result")


def replay_moves(record: Record) -> list[Any]:
    """Every position of a single game's record, the start first (moves in notation)."""
    positions = [record.start]
    for ply, move in enumerate(record.moves, 1):
        try:
            positions.append(positions[-1].play(move))
        except IllegalMove as error:
            raise RecordError(f"move {ply} ({clip(move)}): {error}") from None
    return positions


def _read_record(description: Game, source: Any) -> Record:
    """The record in ``source`` (dict, text or bytes), checked and replayed (see :class:`~kit.core.game.Record`)."""
    what = f"{description.title} game record"
    data = read_object(source, what)
    check_keys(data, what, ("game", "moves"), ("players", "rules", "start", "rounds", "names", "result"))
    if data["game"] != description.name:
        raise RecordError(f"not a {what}: 'game' is {show(data['game'])}, expected {show(description.name)}")
    players = None
    if "players" in data:
        players = whole(data["players"], "'players'", 1, max(description.player_counts))
        if players not in description.player_counts:
            raise RecordError(f"'players' must be {' or '.join(map(str, description.player_counts))}, not {players}")
    rules = rules_from(description.as_rules, data["rules"]) if data.get("rules") is not None else None
    if data.get("start") is not None:
        if not isinstance(data["start"], dict):
            raise RecordError(f"'start' must be a position (a JSON object), not {json_type(data['start'])}")
        try:
            start = description.position_from_json(data["start"])
        except RecordError as error:
            raise RecordError(f"bad 'start': {error}") from None
        if rules is not None and rules != start.rules:
            raise RecordError("the record's 'rules' differ from the rules of its 'start' position")
        if players is not None and players != start.num_players:
            raise RecordError(f"'players' is {players}, but the 'start' position has {start.num_players}")
    else:  # the game's start under these rules, checked as a loaded position is
        try:
            start = description.position_from_json(description.start(players, rules).to_json())
        except RecordError as error:
            raise RecordError(f"bad 'rules': {error}") from None
    moves = data["moves"]
    if not isinstance(moves, list):
        raise RecordError(f"'moves' must be a list of moves in notation, not {json_type(moves)}")
    if len(moves) > MAX_MOVES:
        raise RecordError(f"the record is too long: {len(moves):,} moves (at most {MAX_MOVES:,})")
    moves = [text(move, f"move {ply}", MAX_MOVE_TEXT) for ply, move in enumerate(moves, 1)]
    rounds: tuple[int, ...] = ()
    if data.get("rounds") is not None:
        value = data["rounds"]
        if not isinstance(value, list) or not value:
            raise RecordError(f"'rounds' must list the number of moves of each round, not {show(value)}")
        rounds = tuple(whole(n, "a round's number of moves", 0, MAX_MOVES) for n in value)
        if sum(rounds) != len(moves):
            raise RecordError(f"'rounds' count {sum(rounds)} moves, but the record has {len(moves)}")
    names: dict[str, str] = {}
    if data.get("names") is not None:
        if not isinstance(data["names"], dict):
            raise RecordError(f"'names' must be an object (seat: name), not {json_type(data['names'])}")
        seats = [seat.lower() for seat in description.player_names(start.num_players)]
        for seat, name in data["names"].items():
            if seat not in seats:
                raise RecordError(f"unknown seat {show(seat)} in 'names' (seats: {', '.join(seats)})")
            names[seat] = text(name, f"the name of {seat}", MAX_NAME)
    record = Record(description.name, start, tuple(moves), names, rounds)
    try:
        positions = record.positions()
    except IllegalMove as error:
        raise RecordError(str(error)) from None
    if data.get("result") is not None:
        claimed = data["result"]
        if not isinstance(claimed, dict) or set(claimed) != {"winner"}:
            raise RecordError(f"'result' must be an object {{\"winner\": player or null}}, not {show(claimed)}")
        last = positions[-1]
        winner = claimed["winner"]
        if winner is not None:
            whole(winner, "the winner", 0, start.num_players - 1)
        if not last.is_over or last.winner != winner:
            actual = "goes on" if not last.is_over else f"ends with winner {show(last.winner)}"
            raise RecordError(f"'result' says the winner is {show(winner)}, but the game {actual}")
    return record


# -- the registry ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Game:
    """A game described once: names, players, start, JSON in and out, presets, and its parts.

    Each game's folder registers one subclass (``kit/games/<name>/game.py``) whose methods
    bring in the game's parts when first asked for: :meth:`drawing`, :meth:`play_board`,
    :meth:`evaluation`, :meth:`levels`, :meth:`reasons`, :meth:`puzzles`, :meth:`demos`,
    :meth:`add_commands`. The generic packages reach a game only through these; use it
    through :func:`game`, :func:`game_of` and :func:`games`.
    """

    name: str
    title: str
    player_counts: tuple[int, ...]
    seat_names: tuple[str, ...]
    presets: Mapping[str, Any]
    states: tuple[type, ...]  # the classes of this game's states (positions; a match of rounds)
    starter: Callable[[int, Any], GameState[Any]]
    rules_of: Callable[[Any], Any]
    position_reader: Callable[..., Any]  # (dict, JSON text or bytes, **options) -> position; RecordError for bad data
    replay: Callable[[Record], list[Any]]  # every position of a record, the start first
    summary: str = ""  # one line saying what the game is (the command line's help)
    agent_ply_limit: int | None = None  # games between computer players are drawn after this many plies
    refuses_endless: bool = False  # some moves are refused because they never end (endless_moves())
    repetition_rule: bool = False  # a position standing for the third time ends the game
    max_search_depth: int = 12  # the deepest search the command line allows (deeper takes minutes a move)
    unit: str = "pieces"  # what captures count, in the plural ("seeds", "soldiers")
    classroom_size: float = 12.0  # inches of the board drawing on the classroom's big board
    text_example: str = ""  # an example of the game's own text form of a position, if it has one
    text_reader: Callable[[str], Any] | None = None  # the game's own text form of a position, besides JSON
    notation_help: str = ""  # how a move is written, for the command line's help ("" : an example from the start)

    def players(self, players: int | None = None) -> int:
        """The number of players, checked (None: the fewest the game allows)."""
        if players is None:
            return self.player_counts[0]
        if isinstance(players, bool) or players not in self.player_counts:
            counts = " or ".join(map(str, self.player_counts))
            raise ValueError(f"{self.title} is played by {counts} players, not {show(players)}")
        return players

    def player_names(self, players: int | None = None) -> tuple[str, ...]:
        """The seats' names, the first to move first, e.g. ``("South", "North")``."""
        return self.seat_names[:self.players(players)]

    def start(self, players: int | None = None, rules: Any = None) -> GameState[Any]:
        """The start position for ``players`` under ``rules`` (a preset name, options dict or Rules)."""
        return self.starter(self.players(players), self.as_rules(rules))

    def as_rules(self, value: Any) -> Any:
        """The game's Rules from a preset name, an options dict, a Rules value or None (the default)."""
        return self.rules_of(value)

    def rules_json(self, rules: Any) -> str | dict[str, Any]:
        """Rules as JSON: the preset's name, or the options dict for rules no preset has."""
        rules = self.as_rules(rules)
        name = next((name for name, preset in self.presets.items() if preset == rules), None)
        return name if name is not None else dict(rules.options())

    def position_from_json(self, data: Any, **options: Any) -> Any:
        """A position from its JSON (a dict, text or bytes; never a path): RecordError names what is wrong."""
        return self.position_reader(data, **options)

    def position_from_text(self, text: str) -> Any:
        """A position from text a person typed or a file held: its JSON, or the game's own text
        form where it has one (:attr:`text_reader`); RecordError names what is wrong (also for
        anything that is not text; bytes are read as UTF-8, a byte-order mark dropped)."""
        if isinstance(text, (bytes, bytearray)):
            text = decoded(text)
        if not isinstance(text, str):
            raise RecordError(f"a {self.title} position is text, not {json_type(text)}")
        text = text.removeprefix("\ufeff")
        if self.text_reader is None or text.lstrip().startswith("{"):
            return self.position_from_json(text)
        try:
            return self.text_reader(text.strip())
        except ValueError as error:
            raise RecordError(str(error)) from None

    def record(self, start: Any, moves: Sequence[Any] = (), **names: str) -> Record:
        """The record of a game played from ``start`` (a position, or None for the start),
        checked by replaying the moves; ``names`` by seat, e.g. ``south="Amara"``."""
        first = self.start() if start is None else start
        if game_of(first) is not self:
            raise TypeError(f"the start of a {self.title} record must be a {self.title} position")
        seats = {seat.lower() for seat in self.player_names(first.num_players)}
        unknown = sorted(set(names) - seats)
        if unknown:
            raise TypeError(f"unknown seat {unknown[0]!r} (seats: {', '.join(sorted(seats))})")
        notes, position = [], first
        for move in moves:
            notes.append(position.notation(move))
            position = position.play(move)
        return Record(self.name, first, tuple(notes), {k: v for k, v in names.items() if v is not None})

    def record_from_json(self, data: Any) -> Record:
        """A record from its JSON (a dict, text or bytes; never a path), replayed move by move:
        RecordError names the first problem."""
        return _read_record(self, data)

    # -- the game's parts, brought in by its own folder when first asked for -----------------

    def drawing(self) -> Any:
        """The board drawing class (imports matplotlib)."""
        raise NotImplementedError(f"{self.title} has no board drawing")

    def picture(self, state: Any) -> bytes:
        """A state's board as PNG bytes (how a position shows itself in Jupyter: ``_repr_png_``)."""
        raise NotImplementedError(f"{self.title} has no board picture")

    def play_board(self) -> Any:
        """The notebook play board class (imports ipywidgets and matplotlib)."""
        raise NotImplementedError(f"{self.title} has no play board")

    def evaluation(self) -> Any:
        """How the computer players judge a position (:class:`kit.agents.evaluation.Evaluation`)."""
        raise NotImplementedError(f"{self.title} has no evaluation")

    def levels(self) -> dict[str, Any]:
        """The strength levels, name -> :class:`kit.agents.protocol.AgentSpec`, weakest first."""
        raise NotImplementedError(f"{self.title} has no strength levels")

    def reasons(self) -> Any:
        """What hints say about this game's moves (:class:`kit.agents.reasons.Reasons`)."""
        raise NotImplementedError(f"{self.title} has no hint reasons")

    def marks(self, position: Any, move: Any) -> tuple[Any, ...]:
        """The board targets (holes, hollows) that mark a legal ``move`` on the board, in the
        order a player clicks them to play it; none by default."""
        return ()

    def target_name(self, target: Any) -> str:
        """A board target (a hole, a hollow) as the players say it; by default as it prints."""
        return str(target)

    def predict_questions(self, trace: Trace[Any]) -> tuple[Any, ...]:
        """The questions "predict, then reveal" asks about a traced move
        (:class:`kit.classroom.predict.Question`); none by default."""
        return ()

    def match(self, start: Any) -> Any:
        """A match of several rounds opening with ``start``, where the game plays matches; None by
        default: single games only. A match state offers ``position`` (the current round's),
        ``round_over``, ``is_over``, ``winner`` (the match's), ``play(move)`` and
        ``next_round()``; its record keeps the moves of each round (:attr:`Record.rounds`)."""
        return None

    def puzzles(self) -> Any:
        """What the game brings to puzzles (:class:`kit.puzzles.kinds.Puzzles`); None: no puzzles."""
        return None

    def demos(self) -> tuple[Any, ...]:
        """The game's gallery of demonstrations (each with ``name``, ``title``, ``note``); none by default."""
        return ()

    def load_exercises(self) -> None:
        """Register the game's exercises with :func:`kit.exercises.check_answer`; none by default."""

    def projector_side(self, controller: Any, size: float) -> Any:
        """On a projector (the classroom app), the widget shown beside the board picture of
        ``controller`` (a :class:`~kit.widgets.controller.BoardController`, at ``size`` inches),
        which then draws the board alone; None by default: the board is drawn whole and the
        controls go under it."""
        return None

    def click_picker(self) -> Any:
        """Where a move takes several clicks on the board: a new picker that turns clicks into a
        move (``click(position, target)`` gives a pick with ``move``, ``choices`` and ``text``;
        ``cancel()``, ``lit(position)``, ``clicked``, ``how``); None by default: one click (a
        hole, a hollow) is the answer itself."""
        return None

    def choice_buttons(self, position: Any, moves: list[Any], chosen: Callable[[Any], None]) -> tuple[Any, ...]:
        """Widgets offering the moves a click may mean, where it means several; none by default."""
        return ()

    def setup_from_text(self, text: str) -> Any:
        """A position pasted into the classroom's set-up, read as :meth:`position_from_text`
        reads it and checked as a set-up (:class:`kit.classroom.setup.SetupError` says why not)."""
        return self.position_from_text(text)

    def setup_panel(self) -> Any:
        """The classroom's set-up panel class for this game (:class:`kit.classroom.setup_panel.SetupPanel`);
        None by default: no set-up mode."""
        return None

    def rules_summary(self) -> tuple[str, ...]:
        """The rules in a few lines of HTML, for the summary beside the classroom's board; none by default."""
        return ()

    def move_groups(self, moves: Sequence[Any]) -> list[tuple[str, list[Any]]]:
        """The moves sorted into the game's groups (e.g. by what a move does), as (name, its moves)
        for every group in the game's order (empty groups too), for listings of many moves;
        empty by default: the game's moves come in no groups."""
        return []

    def replay_fields(self, position: Any) -> dict[str, Any]:
        """The fields of a position the command line's ``replay --json`` prints after each move
        (besides ``ply``, ``player``, ``move``, ``over``, ``winner`` and ``end``): by default its JSON."""
        return dict(position.to_json())

    def position_options(self, parser: Any) -> Callable[[Any], Any] | None:
        """Add to a command's parser (argparse) the options saying which position the command
        starts from (rules, players, a position), and return the function reading that position
        from the parsed arguments (it raises RecordError, RulesError or the command line's
        UsageError naming the problem). None by default: the command line's own options
        (``--rules PRESET``, ``--players N`` where the game has several sizes, ``--position
        FILE_OR_STRING``, see :mod:`kit.cli.position`)."""
        return None

    def add_commands(self, subparsers: Any) -> None:
        """Add the game's own command-line commands (an argparse sub-parsers action), besides those
        every game has (``moves``, ``replay``, ``narrate``, ``gif``); none by default."""

    def owns(self, state: Any) -> bool:
        """True if ``state`` is one of this game's states (:attr:`states`)."""
        return isinstance(state, self.states)

    def __repr__(self) -> str:
        return f"<Game {self.name!r}: {self.title}>"


_REGISTRY: dict[str, Game] = {}


def register(description: Game) -> Game:
    """Add a game to the registry (each engine does this once, on import)."""
    if not re.fullmatch(r"[a-z][a-z0-9-]*", description.name):
        raise ValueError(f"a game's name is lower-case letters, digits and dashes, not {description.name!r}")
    _REGISTRY[description.name] = description
    return description


def games() -> list[str]:
    """The names of the registered games, in the order they registered."""
    import kit  # noqa: F401  (importing kit registers both engines)

    return list(_REGISTRY)


def game(name: str) -> Game:
    """The game called ``name``; ValueError listing the choices for an unknown name."""
    names = games()
    if not isinstance(name, str) or name not in _REGISTRY:
        shown = show(name, "'")
        raise ValueError(f"unknown game {shown} (choices: {', '.join(names)})")
    return _REGISTRY[name]


def game_of(state: Any) -> Game:
    """The game a position (or another of a game's states) belongs to; TypeError for anything else."""
    games()
    for description in _REGISTRY.values():
        if description.owns(state):
            return description
    titles = " or ".join(description.title for description in _REGISTRY.values())
    raise TypeError(f"expected a {titles} position, not {type(state).__name__}")
