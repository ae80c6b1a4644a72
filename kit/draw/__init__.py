"""Drawings and animations of both games with matplotlib (object API only, no pyplot state).

- :mod:`kit.games.walak.drawing`: :class:`~kit.games.walak.drawing.WalakBoard`, ``draw``, ``position_png``
- :mod:`kit.games.myra.drawing`: :class:`~kit.games.myra.drawing.MyraBoard`, ``draw``, ``position_png``
- :mod:`kit.draw.animate`: ``animate``, ``frames_for``, ``save_gif``, ``save_mp4`` for either game
- :mod:`kit.draw.palette`: the colour-blind-safe colours

A board drawing is a function of (position, events, step): ``board.show(position, events,
step)`` updates the artists of one Figure, so stepping through a move is quick.
"""
