"""Myra, the hexagonal game of queens, troops and fortresses (M. G. F. Winkelmann), as fixed by RULINGS.

>>> import kit.games.myra as myra
>>> position = myra.start()
>>> len(position.legal_moves())
217
>>> after = position.play("F10-F9")
>>> print(after.trace("2:F2-F3-F4").narration()[0])
Orange lifts 2 of the 3 soldiers from F2, leaving 1.

Hollows are named by row letter (A top .. K bottom) and number from the row's left end;
see ``docs/myra-rules.md`` for the rules, the notation and the rulings.
"""
from kit.games.myra.events import BoardState, Hand, MyraEvent, state_at
from kit.games.myra.hexgrid import Hollow, hollow_name, parse_hollow
from kit.games.myra.moves import ACTIONS, Move
from kit.games.myra.pieces import PLAYER_NAMES, Piece
from kit.games.myra.position import Position, perft, perft_counts, start
from kit.games.myra.records import make_position, position_from_json
from kit.games.myra.rules import PRESETS, Rules, as_rules
from kit.games.myra.game import MYRA

__all__ = [
    "BoardState", "Hollow", "Hand", "ACTIONS", "MYRA", "Move", "MyraEvent", "PLAYER_NAMES", "PRESETS", "Piece",
    "Position", "Rules", "as_rules", "hollow_name", "make_position", "parse_hollow", "perft", "perft_counts",
    "position_from_json", "start", "state_at",
]
