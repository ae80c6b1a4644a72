"""The frame PNG encoder: the same pictures as Pillow's PNG writer, re-encoding only changed rows."""
from __future__ import annotations

import io
import zlib

import numpy as np
from PIL import Image

from kit import walak
from kit.draw.png import BAND, SIGNATURE, FramePng, adler32_combine
from kit.games.walak.drawing import WalakBoard


def decoded(data: bytes) -> np.ndarray:
    image = Image.open(io.BytesIO(data))
    image.load()  # checks the CRCs and the zlib stream
    return np.asarray(image.convert("RGB"))


def pillow(pixels: np.ndarray, palette: Image.Image) -> np.ndarray:
    """What the frame looks like mapped onto the palette and written by Pillow."""
    image = Image.fromarray(np.ascontiguousarray(pixels[..., :3]))
    buffer = io.BytesIO()
    image.quantize(palette=palette, dither=Image.Dither.NONE).save(buffer, format="PNG")
    return decoded(buffer.getvalue())


def test_changed_bands_and_a_new_size_give_pillows_pictures():
    colours = np.array([[250, 240, 230], [0, 114, 178], [230, 159, 0], [20, 20, 20]], np.uint8)
    palette = Image.new("P", (1, 1))
    palette.putpalette(colours.ravel().tolist())
    rng = np.random.default_rng(1)
    frame = np.full((3 * BAND + 5, 40, 4), 255, np.uint8)
    frame[..., :3] = colours[rng.integers(0, 4, frame.shape[:2])]
    encoder = FramePng(palette)
    assert (decoded(encoder.encode(frame)) == pillow(frame, palette)).all()
    frame[BAND + 3, 7, :3] = colours[1] - 10  # one pixel in the second band, near a palette colour
    frame[-1, :, :3] = colours[2]              # the last, short band
    assert (decoded(encoder.encode(frame)) == pillow(frame, palette)).all()
    assert (decoded(encoder.encode(frame)) == pillow(frame, palette)).all()  # nothing changed
    smaller = np.ascontiguousarray(frame[:BAND, :10])
    assert (decoded(encoder.encode(smaller)) == pillow(smaller, palette)).all()


def test_board_pngs_while_stepping_are_the_board_images_mapped_to_its_palette():
    position = walak.start()
    trace = position.trace("c")
    board = WalakBoard(position)
    board.png()
    assert board._png is not None
    for step in (1, 2, 3, len(trace.events), 0):
        board.show(position, trace.events, step)
        shown = decoded(board.png())
        expected = np.asarray(board.image().quantize(palette=board._png.palette, dither=Image.Dither.NONE).convert("RGB"))
        assert (shown == expected).all()


def test_adler32_combines_like_zlibs():
    rng = np.random.default_rng(2)
    first, second = rng.integers(0, 256, 70_001, np.uint8).tobytes(), rng.integers(0, 256, 65_521 * 2 + 7, np.uint8).tobytes()
    assert adler32_combine(zlib.adler32(first), zlib.adler32(second), len(second)) == zlib.adler32(first + second)
    assert adler32_combine(1, zlib.adler32(second), len(second)) == zlib.adler32(second)
    assert adler32_combine(zlib.adler32(first), 1, 0) == zlib.adler32(first)


def test_the_image_data_is_one_zlib_stream_with_its_check():
    board = WalakBoard(walak.start(), size=14)
    data = board.png()
    assert data.startswith(SIGNATURE)
    idat = data[data.index(b"IDAT") + 4:data.index(b"IEND") - 8]
    height, width = board.render().shape[:2]
    assert len(zlib.decompress(idat)) == height * (width + 1)  # zlib checks the Adler-32
