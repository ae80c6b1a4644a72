"""Helpers shared by the drawing tests: the no-open-figures check and pixel sampling."""
from __future__ import annotations

import io

import numpy as np
import pytest
from PIL import Image

from kit.draw.palette import rgb


@pytest.fixture(autouse=True)
def no_open_figures():
    """After every test no pyplot figure is open (the kit never uses pyplot state)."""
    import matplotlib.pyplot as plt

    yield
    assert plt.get_fignums() == []


def pixels(png: bytes) -> np.ndarray:
    """A PNG as a (rows, columns, 3) array."""
    return np.asarray(Image.open(io.BytesIO(png)).convert("RGB"))


def colour_at(png: bytes, pixel: tuple[int, int]) -> tuple[int, int, int]:
    """The colour of a (column, row) pixel of a PNG."""
    column, row = pixel
    return tuple(int(v) for v in pixels(png)[row, column])


def colour_around(png: bytes, pixel: tuple[int, int], radius: int = 3) -> tuple[int, int, int]:
    """The most common colour in the small square around a (column, row) pixel (thin lines don't count)."""
    column, row = pixel
    patch = pixels(png)[row - radius:row + radius + 1, column - radius:column + radius + 1].reshape(-1, 3)
    colours, counts = np.unique(patch, axis=0, return_counts=True)
    return tuple(int(v) for v in colours[counts.argmax()])


def near(colour: tuple[int, int, int], expected: str, tolerance: int = 12) -> bool:
    """Whether a sampled colour is the expected ``#RRGGBB`` colour, give or take antialiasing."""
    return max(abs(a - b) for a, b in zip(colour, rgb(expected))) <= tolerance
