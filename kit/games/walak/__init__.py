"""Walak-pussa: the Sri Lankan two-row mancala with relay sowing and *pussa kanawa* captures.

*Walak-pussa* is Sinhala for "an empty hole" (*wala* hole, *pussa* empty); *pussa kanawa*
("eating because of the empty hole") is the capture across an empty hole, and
*wael mutu ekilenawa* ("picking the beads of the chain") the bead chain that follows it.

>>> p = start()
>>> p.legal_moves()
['a', 'b', 'c', 'd', 'e', 'f', 'g']
>>> p.play("c").to_move
1
"""
from kit.games.walak.board import HOLES, LETTERS, PLAYER_NAMES, hole_index, hole_name
from kit.games.walak.events import (Capture, Endless, GameEnd, LapEnd, Lift, MoveEnd, Relay, Repetition, Snapshot, Sow,
                              Sweep, state_at)
from kit.games.walak.position import Move, Position, parse_position, start
from kit.games.walak.rules import PRESETS, Rules, as_rules
from kit.games.walak.match import Match
from kit.games.walak.records import match_record, match_states, position_from_json
from kit.games.walak.game import WALAK

__all__ = [
    "HOLES", "LETTERS", "PLAYER_NAMES", "hole_index", "hole_name",
    "Capture", "Endless", "GameEnd", "LapEnd", "Lift", "MoveEnd", "Relay", "Repetition", "Snapshot", "Sow", "Sweep",
    "state_at", "Match", "Move", "Position", "parse_position", "start", "PRESETS", "Rules", "WALAK", "as_rules",
    "match_record", "match_states", "position_from_json",
]
