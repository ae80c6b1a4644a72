"""Every size bound of the kit in one place: what a reader takes, what a command does in one go.

A bound is here so that no input, however large or strange, makes the kit take more than
about a second or a hundred megabytes before it says no (``docs/refusals.md`` says what is
refused and why). The games' own rules are not bounds and stay with their game (the
largest troop or chain a game allows is a rule of that game, not a limit on input).

One bound, one name: where two places once bounded the same thing differently, the kit
now uses one value. ``MAX_MOVES`` was 5,000 for a record and 10,000 for the moves a command
plays: it is 10,000 for both, and the longest game a tournament plays, so that every game
the kit plays or writes can be read back (a record of 10,000 moves is about 100 KB of JSON
and replays in well under a second).
"""
from __future__ import annotations

# -- text and JSON: every reader of positions and records (kit/core/loading.py) ---------------------
MAX_TEXT = 1_000_000  # characters (or bytes) of any text a reader takes: a file, a paste, an argument
MAX_NESTING = 32  # nesting of lists and objects in JSON
MAX_VALUES = 200_000  # values in one JSON document
MAX_DIGITS = 30  # digits of one number in JSON or in a position's text form
MAX_QUOTE = 80  # characters of the input that an error message quotes (then "..." and the length)

# -- game records and positions ------------------------------------------------------------
MAX_ARGUMENTS = 10_100  # words on one command line: the most moves a command plays, and its options
MAX_MOVES = 10_000  # moves in one record, in one command, in one tournament game
MAX_MOVE_TEXT = 40  # characters of one move in a record (a chain across the board is under 40)
MAX_TYPED = 80  # characters of a move typed into a play board
MAX_NAME = 200  # characters of a player's name
MAX_PLY = 100_000  # the ply a loaded position may carry, and the largest --ply-limit
MAX_LAPS = 100_000  # laps a loaded rule may let a sowing run before it is endless
MAX_HISTORY = 10_000  # earlier positions (since the last capture) a loaded position may be given
MAX_KEPT_GAMES = 2  # games a play board keeps for undo: the current one and the one before
MAX_POSITION_STRING = 500  # characters of a game's own text form of a position (S:4,4,...:0-0)

# -- the command line --------------------------------------------------------------------------
MAX_NARRATED_LAPS = 10_000  # the most laps ``narrate`` shows (the endless limit of the default rules)
MAX_GAMES = 10_000  # games of one tournament
MAX_SECONDS = 60.0  # the longest --time-per-move of a tournament
MAX_PROCESSES = 64  # worker processes of one tournament
MAX_COUNT = 100  # puzzles one command makes
MAX_TIME_LIMIT = 3600.0  # seconds the longest search for puzzles may be given (--time-limit)
MAX_PUZZLE_PLIES = 200  # a game for puzzles stops after this many plies 
MAX_INBETWEEN = 6  # in-between frames of a GIF while pieces travel
MAX_FRAMES = 2_000  # steps of the move times (1 + in-between frames) of one GIF
MIN_DPI, MAX_DPI = 10, 150  # dots per inch of a GIF
MAX_PERFT_DEPTH = 3  # plies ``perft`` looks ahead

# -- search --------------------------------------------------------------------------------
MAX_SEARCH_DEPTH = 64  # plies of the deepest alpha-beta iteration (and of a principal variation)

# Output files and worksheets
MAX_SUFFIX = 10  # characters of a file suffix kept on the temporary name (a longer one is dropped)
MAX_TITLE = 80  # characters of a worksheet's title

# The class (kit/classes)
MAX_STUDENT_NAME = 30  # characters of a student's display name in a class
MAX_SENT = 2  # answers a student may send to one question: the first, and one change
MIN_GAP = 0.5  # seconds between two answers of one student (a flood is refused)
MAX_FINISH = 1_000  # moves the computer plays finishing an adjudicated class game (then a draw)
MAX_PLAYERS = 200  # students in one class tournament
