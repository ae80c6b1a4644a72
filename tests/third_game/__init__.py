"""Nim, a third game kept under tests/ to prove the kit's generic packages know no game.

Everything that knows Nim is in this one folder (see docs/adding-a-game.md):

- ``rules.py``: the rule options (the heaps at the start, the most stones a turn) and presets;
- ``events.py``: the small immutable events of a traced move, each with ``.text``;
- ``position.py``: the move (:class:`~tests.third_game.position.Take`), the immutable position
  following :class:`kit.core.game.GameState`, the start, and the position's JSON reader;
- ``drawing.py``: the board picture on :class:`kit.draw.canvas.BoardCanvas`;
- ``play_board.py``: the notebook play board (a click on a stone takes it and the stones right of it);
- ``evaluation.py``, ``reasons.py``: how the computer players judge a position, what hints say;
- ``cli.py``: the game's own command (``python -m kit nim gif MOVE --out FILE.gif``);
- ``game.py``: the :class:`kit.core.game.Game` subclass handing out those parts, and
  :func:`~tests.third_game.game.register_nim`.

The game is not shipped and not registered on import: the tests register it
(the top ``conftest.py``) and take it out of the registry again afterwards.
"""
