"""Colour science for the drawing tests: colour-blindness simulation and CIEDE2000 colour difference.

Simulation: Machado, Oliveira & Fernandes (2009), "A Physiologically-based Model for
Simulation of Color Vision Deficiency", matrices at severity 1.0, applied to linear sRGB.
Difference: CIEDE2000 (Sharma, Wu & Dalal 2005) between CIELAB colours (D65 white).
"""
from __future__ import annotations

import math

import numpy as np

from kit.draw.palette import rgb

MACHADO = {
    "protanopia": np.array([[0.152286, 1.052583, -0.204868],
                            [0.114503, 0.786281, 0.099216],
                            [-0.003882, -0.048116, 1.051998]]),
    "deuteranopia": np.array([[0.367322, 0.860646, -0.227968],
                              [0.280085, 0.672501, 0.047413],
                              [-0.011820, 0.042940, 0.968881]]),
}
SRGB_TO_XYZ = np.array([[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722], [0.0193, 0.1192, 0.9505]])
D65 = np.array([0.95047, 1.0, 1.08883])


def linear(colour: str) -> np.ndarray:
    """A ``#RRGGBB`` colour in linear sRGB, 0..1."""
    c = np.array(rgb(colour)) / 255
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


def seen(colour: str, vision: str | None = None) -> np.ndarray:
    """The colour in linear sRGB as seen with ``vision`` ("protanopia", "deuteranopia", None: typical)."""
    values = linear(colour)
    return values if vision is None else np.clip(MACHADO[vision] @ values, 0.0, 1.0)


def lab(values: np.ndarray) -> tuple[float, float, float]:
    """CIELAB of a linear sRGB colour."""
    xyz = SRGB_TO_XYZ @ values / D65
    f = np.where(xyz > (6 / 29) ** 3, np.cbrt(xyz), xyz / (3 * (6 / 29) ** 2) + 4 / 29)
    return float(116 * f[1] - 16), float(500 * (f[0] - f[1])), float(200 * (f[1] - f[2]))


def ciede2000(first: tuple[float, float, float], second: tuple[float, float, float]) -> float:
    """The CIEDE2000 difference of two CIELAB colours (about 2.3: just noticeable)."""
    (l1, a1, b1), (l2, a2, b2) = first, second
    c_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_mean ** 7 / (c_mean ** 7 + 25 ** 7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p, h2p = math.degrees(math.atan2(b1, a1p)) % 360, math.degrees(math.atan2(b2, a2p)) % 360
    dh = 0.0 if c1p * c2p == 0 else (h2p - h1p + 180) % 360 - 180
    dl, dc = l2 - l1, c2p - c1p
    dhh = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    l_mean, cp_mean = (l1 + l2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        h_mean = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        h_mean = (h1p + h2p) / 2
    else:
        h_mean = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(h_mean - 30)) + 0.24 * math.cos(math.radians(2 * h_mean))
         + 0.32 * math.cos(math.radians(3 * h_mean + 6)) - 0.20 * math.cos(math.radians(4 * h_mean - 63)))
    rotation = 30 * math.exp(-((h_mean - 275) / 25) ** 2)
    rc = 2 * math.sqrt(cp_mean ** 7 / (cp_mean ** 7 + 25 ** 7))
    sl = 1 + 0.015 * (l_mean - 50) ** 2 / math.sqrt(20 + (l_mean - 50) ** 2)
    sc, sh = 1 + 0.045 * cp_mean, 1 + 0.015 * cp_mean * t
    rt = -math.sin(math.radians(2 * rotation)) * rc
    return math.sqrt((dl / sl) ** 2 + (dc / sc) ** 2 + (dhh / sh) ** 2 + rt * (dc / sc) * (dhh / sh))


def difference(first: str, second: str, vision: str | None = None) -> float:
    """CIEDE2000 between two ``#RRGGBB`` colours as seen with ``vision``."""
    return ciede2000(lab(seen(first, vision)), lab(seen(second, vision)))
