"""The command line: ``python -m kit GAME COMMAND ...`` and ``python -m kit tournament ...``.

Every installed game (:mod:`kit.core.discovery`) has ``moves``, ``replay``, ``narrate``
(:mod:`kit.cli.moves`), ``gif`` (:mod:`kit.cli.gif`) and ``perft`` (:mod:`kit.cli.perft`),
written once over the game protocol, with the game's options saying which position they start
from (:mod:`kit.cli.position`); a game adds its own through
:meth:`kit.core.game.Game.add_commands`. ``tournament``, ``analyse`` (:mod:`kit.cli.analyse`),
``puzzles``, ``worksheet``, ``homework`` and ``check`` (:mod:`kit.cli.conformance`) take the game
as an argument. Each part registers its commands through an
``add_commands(subparsers)`` function; :mod:`kit.cli.main` only assembles them. A command
function takes the parsed arguments and returns the exit status.

No input hurts: a mistake a user can fix (a bad option or number, an illegal move, a bad
position, a file that is missing, too large, not UTF-8 or not JSON) is one line
``error: ...`` on stderr and exit status 2, never a traceback. Numbers are bounded before
any work starts (see :func:`kit.cli.args.whole_in` and :func:`kit.cli.args.number`), files are read by :func:`kit.cli.args.read_text_file`
(size-checked bytes, UTF-8 with or without a byte-order mark) and handed to the loaders as
text. Ctrl-C or SIGTERM stops a command with one line and status 130. A command that writes
a file takes ``--out FILE`` and ``--force`` (:func:`add_output`): the kit writes only regular
files and replaces one only with ``--force`` (see :mod:`kit.core.files`). Output that cannot be
written (stdout on a full device) ends the command with one line on stderr and status 1,
never a traceback; piped into ``head`` that has gone, it ends quietly with status 1, as Unix
tools do. A home folder that cannot be written gives matplotlib a temporary config folder.
"""
from kit.cli.main import main

__all__ = ["main"]
