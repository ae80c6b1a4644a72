"""The one game model: the protocol every game's positions follow, and the registry of games.

This module knows no game. Each game describes itself once with a :class:`Game`
(``kit/games/<name>/game.py``, or a package of its own) that its package declares as an entry
point (:mod:`kit.core.discovery`); everything above the engines
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
from importlib import import_module
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

    def _repr_png_(self) -> bytes | None:
        """The board as a PNG picture, so a position shows itself in Jupyter (:meth:`Game.picture`);
        None (no picture: Jupyter shows its text) for a game with neither a drawing nor a picture."""
        try:
            return game_of(self).picture(self)
        except NotImplementedError:
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

#: The parts a game may declare in :attr:`Game.parts`, each handed out by the method of that
#: name (``exercises``: :meth:`Game.load_exercises`): a value (``drawing``, ``play_board``,
#: ``evaluation``, ``reasons``, ``puzzles``, ``demos``, ``rules_summary``, ``setup_panel``), a
#: function the method calls with its arguments (``picture``, ``levels``, ``predict_questions``,
#: ``projector_side``, ``click_picker``, ``choice_buttons``, ``move_words``, ``position_options``,
#: ``add_commands``), or a module imported for what it registers (``exercises``).
PARTS = ("drawing", "picture", "play_board", "evaluation", "levels", "reasons", "predict_questions", "puzzles",
         "demos", "exercises", "projector_side", "click_picker", "choice_buttons", "move_words", "setup_panel",
         "rules_summary", "position_options", "add_commands")



@dataclass(frozen=True)
class Game:
    """A game described once: names, players, start, JSON in and out, presets, and its parts.

    Each game's package declares one (``kit/games/<name>/game.py``; a subclass where the game
    says more than the defaults) whose methods bring in the game's parts, named in :attr:`parts`,
    when first asked for: :meth:`drawing`, :meth:`play_board`, :meth:`evaluation`,
    :meth:`levels`, :meth:`reasons`, :meth:`puzzles`, :meth:`demos`, :meth:`add_commands`, ...
    The generic packages reach a game only through these; use it through :func:`game`,
    :func:`game_of` and :func:`games`.
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
    captures: bool = True  # moves may capture (hints say of a move that takes nothing "capturing nothing")
    #: What one point of the evaluation (:meth:`evaluation`) counts, in the plural, where it is
    #: not :attr:`unit`: "" says the evaluation counts the game's unit (material: "South is ahead
    #: by about 3 seeds (+3.00)"); a game whose evaluation is a score of its own names it, e.g.
    #: "points" ("Red is ahead by about 11 points"), and a forced win is then said without the
    #: search's win constant ("Red wins by force").
    score_unit: str = ""
    classroom_size: float = 12.0  # inches of the board drawing on the classroom's big board
    text_example: str = ""  # an example of the game's own text form of a position, if it has one
    text_reader: Callable[[str], Any] | None = None  # the game's own text form of a position, besides JSON
    notation_help: str = ""  # how a move is written, for the command line's help ("" : an example from the start)
    #: Where the game's parts are, ``"module:attribute"`` by the method handing them out
    #: (:data:`PARTS`), imported when first asked for, e.g. ``{"drawing": "kit_othello.drawing:OthelloBoard"}``.
    parts: Mapping[str, str] = field(default_factory=dict)
    #: Where the game stands in :func:`games` (and so in the command line's help and the classroom's
    #: game bar): lowest first, equals in the order found (the kit's own games: 0 and 1).
    order: int = 100

    def __post_init__(self) -> None:
        unknown = sorted(set(self.parts) - set(PARTS))
        if unknown:
            raise ValueError(f"{self.title} names an unknown part {unknown[0]!r} (parts: {', '.join(PARTS)})")

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

    def part(self, name: str) -> Any:
        """The part declared under ``name`` in :attr:`parts`, imported now; None where the game has none."""
        where = self.parts.get(name)
        if where is None:
            return None
        module, _, attribute = where.partition(":")
        found: Any = import_module(module)
        for step in filter(None, attribute.split(".")):
            found = getattr(found, step)
        return found

    def _needed(self, name: str, what: str) -> Any:
        found = self.part(name)
        if found is None:
            raise NotImplementedError(f"{self.title} has no {what}")
        return found

    def drawing(self) -> Any:
        """The board drawing class (imports matplotlib)."""
        return self._needed("drawing", "board drawing")

    def picture(self, state: Any) -> bytes:
        """A state's board as PNG bytes (how a position shows itself in Jupyter: ``_repr_png_``);
        by default drawn by :meth:`drawing` (its ``png()``)."""
        drawn = self.part("picture")
        return bytes(drawn(state) if drawn is not None else self._needed("drawing", "board picture")(state).png())

    def play_board(self) -> Any:
        """The notebook play board class (imports ipywidgets and matplotlib)."""
        return self._needed("play_board", "play board")

    def evaluation(self) -> Any:
        """How the computer players judge a position (:class:`kit.agents.evaluation.Evaluation`)."""
        return self._needed("evaluation", "evaluation")

    def levels(self) -> dict[str, Any]:
        """The strength levels, name -> :class:`kit.agents.protocol.AgentSpec`, weakest first
        (the part ``levels`` is a function giving them)."""
        return dict(self._needed("levels", "strength levels")())

    def reasons(self) -> Any:
        """What hints say about this game's moves (:class:`kit.agents.reasons.Reasons`)."""
        return self._needed("reasons", "hint reasons")

    def marks(self, position: Any, move: Any) -> tuple[Any, ...]:
        """The board targets (holes, hollows) that mark a legal ``move`` on the board, in the
        order a player clicks them to play it; none by default."""
        return ()

    def target_name(self, target: Any) -> str:
        """A board target (a hole, a hollow) as the players say it; by default as it prints."""
        return str(target)

    def predict_questions(self, trace: Trace[Any]) -> tuple[Any, ...]:
        """The questions "predict, then reveal" asks about a traced move
        (:class:`kit.classroom.predict.Question`; the part ``predict_questions`` is a function of
        the trace); none by default."""
        asked = self.part("predict_questions")
        return () if asked is None else tuple(asked(trace))

    def match(self, start: Any) -> Any:
        """A match of several rounds opening with ``start``, where the game plays matches; None by
        default: single games only. A match state offers ``position`` (the current round's),
        ``round_over``, ``is_over``, ``winner`` (the match's), ``play(move)`` and
        ``next_round()``; its record keeps the moves of each round (:attr:`Record.rounds`)."""
        return None

    def puzzles(self) -> Any:
        """What the game brings to puzzles (:class:`kit.puzzles.kinds.Puzzles`); None: no puzzles."""
        return self.part("puzzles")

    def demos(self) -> tuple[Any, ...]:
        """The game's gallery of demonstrations (each with ``name``, ``title``, ``note``, ``start()``
        and ``trace()``: docs/adding-a-game.md); none by default."""
        return tuple(self.part("demos") or ())

    def load_exercises(self) -> None:
        """Register the game's exercises with :func:`kit.exercises.check_answer` (the part
        ``exercises`` is the module registering them); none by default."""
        if "exercises" in self.parts:
            import_module(self.parts["exercises"])

    def projector_side(self, controller: Any, size: float) -> Any:
        """On a projector (the classroom app), the widget shown beside the board picture of
        ``controller`` (a :class:`~kit.widgets.controller.BoardController`, at ``size`` inches),
        which then draws the board alone; None by default: the board is drawn whole and the
        controls go under it."""
        side = self.part("projector_side")
        return None if side is None else side(controller, size)

    def click_picker(self) -> Any:
        """Where a move takes several clicks on the board: a new picker that turns clicks into a
        move (``click(position, target)`` gives a pick with ``move``, ``choices`` and ``text``;
        ``cancel()``, ``lit(position)``, ``clicked``, ``how``); None by default: one click (a
        hole, a hollow) is the answer itself."""
        picker = self.part("click_picker")
        return None if picker is None else picker()

    def choice_buttons(self, position: Any, moves: list[Any], chosen: Callable[[Any], None]) -> tuple[Any, ...]:
        """Widgets offering the moves a click may mean, where it means several; none by default."""
        buttons = self.part("choice_buttons")
        return () if buttons is None else tuple(buttons(position, moves, chosen))

    def move_words(self, position: Any, move: Any) -> str:
        """A move as the buttons that offer it say it ("split 1: J2 to J1"); by default its notation."""
        words = self.part("move_words")
        return position.notation(move) if words is None else str(words(position, move))

    def setup_from_text(self, text: str) -> Any:
        """A position pasted into the classroom's set-up, read as :meth:`position_from_text`
        reads it and checked as a set-up (:class:`kit.classroom.setup.SetupError` says why not)."""
        return self.position_from_text(text)

    def setup_panel(self) -> Any:
        """The classroom's set-up panel class for this game (:class:`kit.classroom.setup_panel.SetupPanel`);
        None by default: no set-up mode."""
        return self.part("setup_panel")

    def rules_summary(self) -> tuple[str, ...]:
        """The rules in a few lines of HTML, for the summary beside the classroom's board; none by default."""
        return tuple(self.part("rules_summary") or ())

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
        options = self.part("position_options")
        return None if options is None else options(parser)

    def add_commands(self, subparsers: Any) -> None:
        """Add the game's own command-line commands (an argparse sub-parsers action), besides those
        every game has (``moves``, ``replay``, ``narrate``, ``gif``, ``perft``); none by default."""
        commands = self.part("add_commands")
        if commands is not None:
            commands(subparsers)

    def owns(self, state: Any) -> bool:
        """True if ``state`` is one of this game's states (:attr:`states`)."""
        return isinstance(state, self.states)

    def __repr__(self) -> str:
        return f"<Game {self.name!r}: {self.title}>"


_REGISTRY: dict[str, Game] = {}  # the games loaded or registered by hand, by name
_BROKEN: set[str] = set()  # declared games skipped (their warning said why)


def register(description: Game) -> Game:
    """Add a game to the registry by hand (a game not installed as a package, e.g. one a notebook
    or a test defines); installed games are found through their packages' entry points
    (:mod:`kit.core.discovery`). A game registered by hand exists in this process only."""
    if not isinstance(description, Game):
        raise TypeError(f"register takes a Game, not {type(description).__name__}")
    if not re.fullmatch(r"[a-z][a-z0-9-]*", description.name):
        raise ValueError(f"a game's name is lower-case letters, digits and dashes, not {description.name!r}")
    _REGISTRY[description.name] = description
    return description


def _load(name: str) -> None:
    """Import the declared game called ``name`` into the registry, or skip it with one warning."""
    from kit.core.discovery import declared, skip

    item = declared()[name]
    try:
        loaded = item.load()
    except Exception as error:  # noqa: BLE001 - a broken plugin never breaks the kit
        _BROKEN.add(name)
        skip(item, f"importing {item.value} failed ({type(error).__name__}: {error})")
        return
    if not isinstance(loaded, Game) or loaded.name != name:
        _BROKEN.add(name)
        what = f"a Game called {loaded.name!r}" if isinstance(loaded, Game) else type(loaded).__name__
        skip(item, f"{item.value} is {what}, not the Game called {name!r}")
        return
    _REGISTRY[name] = loaded


def _declared_names() -> list[str]:
    from kit.core.discovery import declared

    return [name for name in declared() if name not in _BROKEN]


def games() -> list[str]:
    """The names of the installed games (by :attr:`Game.order`: the kit's own first, then other
    packages' by name), then those registered by hand. Asking imports every installed game's
    ``Game`` (its parts come when first used)."""
    declared = _declared_names()
    for name in declared:
        if name not in _REGISTRY:
            _load(name)
    found = sorted((name for name in declared if name in _REGISTRY), key=lambda name: _REGISTRY[name].order)
    return found + [name for name in _REGISTRY if name not in found]


def is_game(name: Any) -> bool:
    """Whether ``name`` names a game installed (and not yet found broken) or registered, importing none."""
    return isinstance(name, str) and (name in _REGISTRY or name in _declared_names())


def game(name: str) -> Game:
    """The game called ``name`` (importing only that game); ValueError listing the choices for an unknown name."""
    if isinstance(name, str) and name not in _REGISTRY and name in _declared_names():
        _load(name)
    if not isinstance(name, str) or name not in _REGISTRY:
        shown = show(name, "'")
        raise ValueError(f"unknown game {shown} (choices: {', '.join(games())})")
    return _REGISTRY[name]


def game_of(state: Any) -> Game:
    """The game a position (or another of a game's states) belongs to; TypeError for anything else."""
    descriptions = [_REGISTRY[name] for name in games()]
    for description in descriptions:
        if description.owns(state):
            return description
    titles = " or ".join(description.title for description in descriptions)
    raise TypeError(f"expected a {titles} position, not {type(state).__name__}")
