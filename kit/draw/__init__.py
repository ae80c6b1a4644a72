"""Drawings and animations of both games with matplotlib (object API only, no pyplot state).

- :mod:`kit.draw.walak`: :class:`~kit.draw.walak.WalakBoard`, ``draw``, ``position_png``
- :mod:`kit.draw.myra`: :class:`~kit.draw.myra.MyraBoard`, ``draw``, ``position_png``
- :mod:`kit.draw.animate`: ``animate``, ``frames_for``, ``save_gif``, ``save_mp4`` for either game
- :mod:`kit.draw.gif`: :class:`~kit.draw.gif.GifStream`, a GIF written frame by frame
- :mod:`kit.draw.palette`: the colour-blind-safe colours

A board drawing is a function of (position, events, step): ``board.show(position, events,
step)`` updates the artists of one Figure, so stepping through a move is quick.
"""
