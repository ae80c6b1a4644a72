"""Board pictures as PNG bytes: their size, and a PNG fallback in a widget's display data."""
from __future__ import annotations

import base64
from typing import Any


def png_size(png: bytes) -> tuple[int, int]:
    """The width and height of a PNG image, from its header."""
    if png[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not PNG data")
    return int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")


class PngFallback:
    """Adds ``image/png`` of :meth:`png` to the widget's display data, so saved notebooks and
    static viewers show the board where the live widget is missing."""

    def png(self) -> bytes:
        raise NotImplementedError

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        bundle: dict[str, Any] = super()._repr_mimebundle_(**kwargs)  # type: ignore[misc]
        bundle["image/png"] = base64.b64encode(self.png()).decode("ascii")
        return bundle
