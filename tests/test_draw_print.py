"""The black-and-white print style of both boards, and boards drawn into the Axes of a worksheet page."""
from __future__ import annotations

import io

import numpy as np
import pytest
from matplotlib.backends.backend_pdf import FigureCanvasPdf
from matplotlib.figure import Figure

import kit.games.myra as myra
from draw_support import no_open_figures, pixels  # noqa: F401 (autouse fixture)
from kit import walak
from kit.draw.canvas import PRINT_WIDTH
from kit.games.myra.drawing import MyraBoard
from kit.games.walak.drawing import WalakBoard

WALAK = walak.parse_position("N:0,3,1,2,3,0,0/2,4,2,2,2,0,3:14-18:11")


def three_players() -> myra.Position:
    """A three-player position: every player's queen and troops."""
    position = myra.start(players=3)
    return position.play(position.legal_moves()[0])


def boards(style: str = "print", **options):
    return [WalakBoard(WALAK, style=style, **options), MyraBoard(myra.start(), style=style, **options),
            MyraBoard(three_players(), style=style, **options)]


def test_print_style_uses_only_black_white_and_grey():
    for board in boards(dpi=150):
        image = pixels(board.png()).astype(int)
        spread = image.max(axis=2) - image.min(axis=2)
        assert spread.max() <= 2, type(board).__name__
        assert (image < 40).any() and (image > 215).any()  # black ink on white paper


def test_print_style_draws_every_frame_of_a_move_in_grey():
    trace = WALAK.trace("c")
    board = WalakBoard(WALAK, style="print", dpi=60)
    for step in range(0, len(trace.events) + 1, 3):
        board.show(WALAK, trace.events, step)
        image = pixels(board.png()).astype(int)
        assert (image.max(axis=2) - image.min(axis=2)).max() <= 2, trace.events[step - 1].text


def test_print_boards_are_eight_centimetres_wide_with_legible_numbers():
    for board in boards():
        assert board.figure.get_size_inches()[0] == pytest.approx(PRINT_WIDTH)
    walak_board, myra_board, _ = boards()
    assert min(text.get_fontsize() for text in walak_board._counts) >= 9
    assert myra_board.numbers and min(size for _, size in myra_board.numbers) >= 7


def test_myra_players_differ_without_colour():
    board = MyraBoard(three_players(), style="print")
    fills = {tuple(face) for face in board._pieces.get_facecolors()}
    assert (0, 0, 0, 1) in fills and (1, 1, 1, 1) in fills  # Blue black, Orange white
    assert len(board._hatched.get_paths()) > 0 and board._hatched.get_hatch()  # Green hatched
    assert "Q" in {text for text, _ in board.numbers}


def test_six_boards_on_an_a4_page_in_a_pdf():
    page = Figure(figsize=(21 / 2.54, 29.7 / 2.54))
    for i in range(6):
        axes = page.add_axes((0.06 + 0.47 * (i % 2), 0.7 - 0.3 * (i // 2), 0.42, 0.25))
        board = (WalakBoard if i % 2 else MyraBoard)(WALAK if i % 2 else myra.start(), style="print", axes=axes)
        assert board.figure is page and 0.9 < board.scale <= 1.05
    buffer = io.BytesIO()
    FigureCanvasPdf(page).print_pdf(buffer)
    assert buffer.getvalue().startswith(b"%PDF")
    with pytest.raises(RuntimeError, match="another figure"):
        board.png()


def test_a_board_scales_its_type_with_its_width():
    small, large = WalakBoard(WALAK, size=5.0, dpi=80), WalakBoard(WALAK, size=10.0, dpi=40)
    assert np.shape(pixels(small.png())) == np.shape(pixels(large.png()))
    assert large._counts[0].get_fontsize() == pytest.approx(2 * small._counts[0].get_fontsize())


def test_unknown_style_is_named():
    with pytest.raises(ValueError, match="'print'"):
        WalakBoard(WALAK, style="pencil")
    with pytest.raises(ValueError, match="'wood'"):
        MyraBoard(myra.start(), style="pencil")
