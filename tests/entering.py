"""What a browser sends a text box when a student types in it and presses Enter."""
from __future__ import annotations

import ipywidgets as widgets


def type_and_press_enter(box: widgets.Text, text: str) -> None:
    """``text`` typed into ``box``, then Enter: the front end sends the Enter, then the text
    committed with it (``continuous_update=False``; kit.widgets.enter_box)."""
    assert box.value != text, "the same text again sends no value: Enter then acts after a pause"
    box._handle_custom_msg({"event": "submit"}, [])
    box.value = text
