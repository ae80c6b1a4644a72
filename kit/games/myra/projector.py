"""Myra on a projector (the classroom app): the board alone, large, with the players, their reserves and the key
beside the picture as HTML (instead of a panel that takes a quarter of the picture).

:func:`projector_side` gives a board controller the projector drawing
(:class:`~kit.games.myra.drawing.MyraBoard` with ``projector=True``) and returns the HTML beside it,
which follows every step (who is to move or moving, who is out, the reserves).
"""
from __future__ import annotations

import html

import ipywidgets as widgets

from kit.draw import palette
from kit.games.myra.drawing import KEY, MyraBoard
from kit.widgets.controller import BoardController


def _disc(fill: str, ring: str = palette.BLACK, style: str = "solid", width: str = "2px") -> str:
    return (f'<span style="display:inline-block;width:1em;height:1em;border-radius:50%;background:{fill};'
            f'border:{width} {style} {ring};vertical-align:-0.15em;margin-right:0.35em"></span>')


def side_html(drawing: MyraBoard) -> str:
    """The players (whose turn, who is out, the reserves) and the key to the marks, as HTML."""
    look = drawing.style
    rows = []
    for player, label, moving, out, reserve in drawing.panel_lines:
        colour = look.players[player]
        name = html.escape(label)
        if moving:  # on the player's colour, in black or white, whichever reads better there
            shown = (f'<b style="background:{colour};color:{palette.text_on(colour)};padding:0 0.3em;'
                     f'border-radius:0.3em">{name}</b>')
        else:  # in the player's text colour, or grey when out (never faded: at least 4.5:1 on white)
            shown = f'<b style="color:{look.muted if out else look.player_text[player]}">{name}</b>'
        rows.append(f'<div class="kit-player">{_disc(look.pieces[player])}{shown}<br>'
                    f'<span class="kit-reserve">reserve: {reserve}</span></div>')
    keys = []
    for name, kind, role in KEY:
        colour = getattr(look, role)
        mark = (_disc(colour, look.hole_rim) if kind == "fill" else
                _disc(look.hole, colour, "dashed" if kind == "dashed" else "solid", "3px"))
        keys.append(f"<div>{mark}{html.escape(name)}</div>")
    return (f'<div class="kit-players">{"".join(rows)}</div>'
            f'<div class="kit-key" style="background:{look.board};color:{look.ink};border-radius:0.4em;'
            f'padding:0.2em 0.4em"><b>Key</b>{"".join(keys)}</div>')  # on wood, where the marks are seen


def projector_side(stepper: BoardController, size: float) -> widgets.HTML:
    """Let a Myra board (its controller) draw the board alone at ``size`` inches wide; the HTML beside it."""
    side = widgets.HTML(layout=widgets.Layout(flex="0 0 auto"))
    side.add_class("kit-beside")
    drawing = MyraBoard(stepper.position, size=size, projector=True)

    def follow() -> None:
        side.value = side_html(drawing)

    stepper.on_render.insert(0, follow)  # beside the picture first, then a play board's status line
    stepper.use_drawing(drawing)
    return side
