"""Enter in a text box acts on the text shown when it was pressed (kit.widgets.enter_box): the
value committed right behind the Enter, or, when none comes, the text the box holds."""
from __future__ import annotations

import time

import ipywidgets as widgets

from entering import type_and_press_enter
from kit.widgets import enter_box
from kit.widgets.enter_box import SETTLE_S, act_on_enter
from waiting import until


def test_enter_acts_on_the_text_sent_behind_it_not_the_text_before():
    box, done = widgets.Text(value="S"), []  # "S": the first letter, all the kernel had when Enter came
    act_on_enter(box, done.append)
    assert box.continuous_update is False  # the text goes with Enter (or on leaving the box), never letter by letter
    type_and_press_enter(box, "South's g")
    assert done == ["South's g"]


def test_enter_on_text_already_sent_acts_after_a_pause():
    box, done = widgets.Text(), []
    act_on_enter(box, done.append)
    box.value = "North's a"  # sent on leaving the box: nothing happens
    assert done == []
    box._handle_custom_msg({"event": "submit"}, [])  # back in the box, Enter: no new text comes
    assert done == []
    until(lambda: done, f"Enter to act after {SETTLE_S} s")
    assert done == ["North's a"]
    box.value = "North's b"  # later changes are no Enter
    assert done == ["North's a"]


def test_enter_on_the_text_last_acted_on_waits_longer_for_a_text_held_back(monkeypatch):
    """A board just clicked keeps the kernel busy: the front end holds the new text back past the
    short wait; Enter on the text already judged waits for it, and acts on the new one."""
    monkeypatch.setattr(enter_box, "PATIENCE_S", 60.0)  # the late text surely comes within it
    box, done = widgets.Text(), []
    act_on_enter(box, done.append)
    type_and_press_enter(box, "D9")
    assert done == ["D9"]
    box._handle_custom_msg({"event": "submit"}, [])  # Enter: the kernel still holds "D9"
    time.sleep(SETTLE_S * 2)  # past the short wait (if the machine let it run): still waiting
    assert done == ["D9"]
    box.value = "D9, F10"  # it comes late
    assert done == ["D9", "D9, F10"]
    monkeypatch.setattr(enter_box, "PATIENCE_S", 1.0)
    box._handle_custom_msg({"event": "submit"}, [])  # Enter again on the same text: checked again, later
    until(lambda: len(done) == 3, "Enter on the same text to act after the longer wait")
    assert done[-1] == "D9, F10"
