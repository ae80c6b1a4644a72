"""PNG bytes for the successive frames of one board, re-encoding only the rows that changed.

A frame differs from the one before it only where pieces moved, so a :class:`FramePng`
keeps each band of rows of the last frame mapped to the board's palette and compressed on
its own (an independent deflate run, ended on a byte boundary), and for the next frame
maps and compresses again only the bands whose pixels changed; the PNG's image data is the
bands' runs one after another. The pictures are exactly those of Pillow's PNG writer (the
same palette indices, 8 bits a pixel, no filter); only the compressed bytes differ.
"""
from __future__ import annotations

import struct
import zlib

import numpy as np
from PIL import Image

BAND = 16  # rows re-encoded together
SIGNATURE = b"\x89PNG\r\n\x1a\n"
ZLIB_HEADER = b"\x78\x01"  # deflate, 32 KiB window, fastest
LAST_BLOCK = b"\x03\x00"   # an empty final deflate block


def chunk(kind: bytes, data: bytes) -> bytes:
    """One PNG chunk: length, type, data, CRC."""
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(data, zlib.crc32(kind)))


def adler32_combine(first: int, second: int, length: int) -> int:
    """The Adler-32 of two pieces of data from each piece's Adler-32 and the second's length (zlib's own)."""
    base = 65521
    rem = length % base
    sum1 = ((first & 0xFFFF) + (second & 0xFFFF) + base - 1) % base
    sum2 = (rem * (first & 0xFFFF) + (first >> 16) + (second >> 16) + base - rem) % base
    return sum1 | (sum2 << 16)


class FramePng:
    """Encodes RGBA frames of one board as palette PNGs, the colours mapped onto ``palette``
    (a "P" image) without dithering."""

    def __init__(self, palette: Image.Image) -> None:
        self.palette = palette
        self._pixels = np.zeros((0, 0), np.uint32)  # the last frame, one word a pixel
        self._rows = np.zeros((0, 0), np.uint8)     # its palette indices, each row led by its filter byte (0)
        self._runs: list[bytes] = []                # each band compressed
        self._sums: list[int] = []                  # each band's Adler-32
        self._plte = b""

    def encode(self, pixels: np.ndarray) -> bytes:
        """The PNG bytes of a (rows, columns, 4) uint8 RGBA frame."""
        height, width = pixels.shape[:2]
        words = np.ascontiguousarray(pixels).view(np.uint32).reshape(height, width)
        bands = range(0, height, BAND)
        if words.shape != self._pixels.shape:
            self._pixels, self._rows = words.copy(), np.zeros((height, width + 1), np.uint8)
            self._runs, self._sums = [b""] * len(bands), [1] * len(bands)
            dirty = list(range(len(bands)))
        else:
            changed = (words != self._pixels).any(axis=1)
            dirty = np.flatnonzero(np.logical_or.reduceat(changed, list(bands))).tolist()
        for band in dirty:
            top, bottom = band * BAND, min(band * BAND + BAND, height)
            self._pixels[top:bottom] = words[top:bottom]
            rgb = Image.frombytes("RGB", (width, bottom - top), words[top:bottom].data.cast("B"), "raw", "RGBX")
            mapped = rgb.quantize(palette=self.palette, dither=Image.Dither.NONE)
            if not self._plte:
                self._plte = bytes((mapped.getpalette() or [0, 0, 0])[:3 * 256])
            self._rows[top:bottom, 1:] = np.asarray(mapped)
            packer = zlib.compressobj(1, zlib.DEFLATED, -15, 9, zlib.Z_RLE)
            self._runs[band] = packer.compress(self._rows[top:bottom].data) + packer.flush(zlib.Z_SYNC_FLUSH)
            self._sums[band] = zlib.adler32(self._rows[top:bottom].data)
        total = 1
        for band, value in enumerate(self._sums):
            total = adler32_combine(total, value, (min(band * BAND + BAND, height) - band * BAND) * (width + 1))
        data = ZLIB_HEADER + b"".join(self._runs) + LAST_BLOCK + struct.pack(">I", total)
        header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)
        return SIGNATURE + chunk(b"IHDR", header) + chunk(b"PLTE", self._plte) + chunk(b"IDAT", data) + chunk(b"IEND", b"")
