"""Nim, a third game kept under tests/ to prove the kit's generic packages know no game.

Everything that knows Nim is in this one folder (see docs/adding-a-game.md):

- ``rules.py``: the rule options (the heaps at the start, the most stones a turn) and presets;
- ``events.py``: the small immutable events of a traced move, each with ``.text``;
- ``position.py``: the move (:class:`~tests.third_game.position.Take`), the immutable position
  following :class:`kit.core.game.GameState`, the start, and the position's JSON reader;
- ``drawing.py``: the board picture on :class:`kit.draw.canvas.BoardCanvas`;
- ``play_board.py``: the notebook play board (a click on a stone takes it and the stones right of it);
- ``evaluation.py``, ``reasons.py``: how the computer players judge a position, what hints say;
- ``demos.py``: the classroom's gallery of demonstrations;
- ``game.py``: the :class:`kit.core.game.Game` subclass, where its parts are, and
  :func:`~tests.third_game.game.register_nim`;
- ``pyproject.toml``: Nim as a package of its own (``kit-nim``, package ``kit_nim``), declaring
  its game under the entry point group ``walak_myra_kit.games``.

The game is not shipped. Installed as a package, it is found like any game
(tests/test_plugins.py); the kit's in-process tests register it by hand (the top
``conftest.py``) and take it out of the registry again afterwards.
"""
