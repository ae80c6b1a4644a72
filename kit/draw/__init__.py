"""Drawings and animations of any game with matplotlib (object API only, no pyplot state).

- each game's board drawing is in its folder (``kit/games/<name>/drawing.py``; ``game.drawing()``),
  built on :mod:`kit.draw.canvas` (artists kept and updated) and :mod:`kit.draw.png` (frame PNGs)
- :mod:`kit.draw.animate`: ``animate``, ``frames_for``, ``save_gif``, ``save_mp4`` for either game
- :mod:`kit.draw.gif`: :class:`~kit.draw.gif.GifStream`, a GIF written frame by frame
- :mod:`kit.draw.palette`: the colour-blind-safe colours

A board drawing is a function of (position, events, step): ``board.show(position, events,
step)`` updates the artists of one Figure, so stepping through a move is quick.
"""
