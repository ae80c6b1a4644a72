"""A looping GIF written frame by frame, so that a long animation never holds its frames.

Every frame is mapped onto one palette (the GIF's global colour table) and written as the
rectangle that changed since the frame before; a frame that shows nothing new lengthens the
one before. At most two frames are held at a time (the one written last and the one
waiting for its duration), whatever the length of the animation.

>>> import io
>>> from PIL import Image
>>> palette = Image.new("P", (1, 1)); palette.putpalette([0, 0, 0, 255, 255, 255])
>>> out = io.BytesIO()
>>> with GifStream(out, palette) as gif:
...     for shade in (0, 255, 255, 0):
...         gif.add(Image.new("RGB", (4, 3), (shade,) * 3), 100)
>>> gif.frames, Image.open(out).n_frames
(3, 3)
"""
from __future__ import annotations

from types import TracebackType
from typing import BinaryIO

import numpy as np
from PIL import GifImagePlugin, Image


class GifStream:
    """Writes RGB frames of one size to ``file`` as a looping GIF in the colours of ``palette``
    (a "P" image); :meth:`close` (or leaving the ``with`` block without an error) ends the file."""

    def __init__(self, file: BinaryIO, palette: Image.Image) -> None:
        self.file = file
        self.palette = palette
        self.frames = 0                               # frames written so far
        self._shown: np.ndarray | None = None         # the picture as the frames written so far leave it
        self._waiting: tuple[Image.Image, tuple[int, int], int] | None = None  # (part, offset, duration)

    def add(self, image: Image.Image, duration: int) -> None:
        """Add a frame shown for ``duration`` milliseconds."""
        mapped = image.convert("RGB").quantize(palette=self.palette, dither=Image.Dither.NONE)
        indices = np.asarray(mapped)
        if self._shown is None:
            header, _ = GifImagePlugin.getheader(mapped, info={"loop": 0, "optimize": False})
            self.file.write(b"".join(header))
            self._shown = indices
            self._waiting = (mapped, (0, 0), duration)
            return
        if indices.shape != self._shown.shape:
            raise ValueError(f"every frame of a GIF has the size of the first, {self._shown.shape[::-1]}, "
                             f"not {indices.shape[::-1]}")
        rows = np.flatnonzero((indices != self._shown).any(axis=1))
        assert self._waiting is not None
        if not len(rows):  # nothing new: the waiting frame stays longer
            self.add_time(duration)
            return
        columns = np.flatnonzero((indices[rows[0]:rows[-1] + 1] != self._shown[rows[0]:rows[-1] + 1]).any(axis=0))
        box = (int(columns[0]), int(rows[0]), int(columns[-1]) + 1, int(rows[-1]) + 1)
        self._write_waiting()
        self._shown = indices
        self._waiting = (mapped.crop(box), box[:2], duration)

    def add_time(self, duration: int) -> None:
        """Show the last frame added ``duration`` milliseconds longer."""
        if self._waiting is None:
            raise ValueError("no frame to show longer: add one first")
        part, offset, waited = self._waiting
        self._waiting = (part, offset, waited + duration)

    def close(self) -> None:
        """Write the last frame and the GIF's trailer."""
        if self._shown is None:
            raise ValueError("a GIF needs at least one frame")
        self._write_waiting()
        self.file.write(b";")

    def _write_waiting(self) -> None:
        if self._waiting is None:
            return
        part, offset, duration = self._waiting
        self.file.write(b"".join(GifImagePlugin.getdata(part, offset, duration=duration)))
        self.frames += 1
        self._waiting = None

    def __enter__(self) -> GifStream:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 traceback: TracebackType | None) -> None:
        if kind is None:
            self.close()
