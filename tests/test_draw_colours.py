"""The drawings' colours: every text readable (WCAG AA), the marks apart under colour blindness."""
from __future__ import annotations

import itertools

import pytest
from matplotlib.colors import to_hex
from matplotlib.text import Text

from kit import myra, walak
from kit.draw import palette
from kit.games.myra.drawing import MyraBoard
from kit.games.walak.drawing import WalakBoard
from tests.colour_vision import ciede2000, difference

AA = 4.5  # WCAG 2 AA: normal-size text
APART = 15.0  # CIEDE2000: clearly different colours, not shades of one


def test_the_colour_science_matches_published_values():
    # Sharma, Wu & Dalal (2005), table 1, pair 1; WCAG's black on white
    assert ciede2000((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485)) == pytest.approx(2.0425, abs=1e-4)
    assert palette.contrast(palette.BLACK, palette.WHITE) == pytest.approx(21.0)
    assert difference("#FF0000", "#00FF00") > 50 > difference("#FF0000", "#00FF00", "deuteranopia")


@pytest.mark.parametrize("style", sorted(palette.STYLES))
def test_every_text_colour_meets_wcag_aa_on_its_background(style):
    weak = [(what, text, background, round(palette.contrast(text, background), 2))
            for what, text, background in palette.text_pairs(palette.STYLES[style])
            if palette.contrast(text, background) < AA]
    assert weak == []


def _texts(board) -> set[str]:
    """The colours of the board's visible text, as #rrggbb."""
    return {to_hex(artist.get_color()).upper() for artist in board.figure.findobj(Text)
            if artist.get_visible() and artist.get_text().strip()}


@pytest.mark.parametrize("style", sorted(palette.STYLES))
def test_the_drawings_write_only_in_the_checked_colours(style):
    checked = {text.upper() for _, text, _ in palette.text_pairs(palette.STYLES[style])}
    board = WalakBoard(walak.start(), style=style)
    seen = _texts(board)
    trace = walak.start().trace("c")
    for step in range(len(trace.events) + 1):
        board.show(trace.before, trace.events, step)
        seen |= _texts(board)
    hunt = myra.make_position({"F11": "BQ", "F10": "B1", "F9": "O2", "F1": "OQ", "K1": "GQ", "K2": "G3"}, players=3)
    drawing = MyraBoard(hunt, style=style)
    capture = hunt.trace("F10-F9")
    for step in range(len(capture.events) + 1):
        drawing.show(hunt, capture.events, step, highlight=[myra.parse_hollow("F8")])
        seen |= _texts(drawing)
    assert seen <= checked, sorted(seen - checked)


@pytest.mark.parametrize("vision", [None, "deuteranopia", "protanopia"])
def test_put_down_captured_and_orange_stay_apart_under_colour_blindness(vision):
    style = palette.WOOD_STYLE
    colours = {"put down": style.sow, "captured": style.capture, "Orange's pieces": style.pieces[1]}
    close = [(a, b, round(difference(colours[a], colours[b], vision), 1))
             for a, b in itertools.combinations(colours, 2) if difference(colours[a], colours[b], vision) < APART]
    assert close == []
