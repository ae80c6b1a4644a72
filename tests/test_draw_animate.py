"""Animations: frames of a traced move, notebook animations, GIF and MP4 files written whole or not at all."""
from __future__ import annotations

import os

import pytest
from matplotlib import animation
from PIL import Image

from draw_support import no_open_figures  # noqa: F401 (autouse fixture)
from kit import walak
from kit.draw import animate as animate_module
from kit.draw.animate import Frame, animate, frames_for, save_gif, save_mp4
from kit.games.walak.drawing import WalakBoard
from kit.core.game import Trace
from kit.core.errors import IllegalMove

SHORT = ("N:0,3,1,2,3,0,0/2,4,2,2,2,0,3:14-18:11", "c")  # 7 events: a capture and a bead-chain link


@pytest.fixture(scope="module")
def short():
    position = walak.parse_position(SHORT[0])
    return position, position.trace(SHORT[1])


def test_one_frame_per_event_without_in_betweens(short):
    _, trace = short
    frames = frames_for(trace, inbetween=0, hold=0)
    assert frames == [Frame(step) for step in range(1, len(trace.events) + 1)]


def test_in_betweens_come_before_travelling_events_and_holds_after_captures(short):
    _, trace = short
    frames = frames_for(trace, inbetween=3, hold=2)
    travelling = sum(WalakBoard.travels(e) for e in trace.events)
    held = sum(WalakBoard.holds(e) for e in trace.events[:-1]) + 1  # the last frame is held too
    assert len(frames) == len(trace.events) + 3 * travelling + 2 * held
    steps = [f.step for f in frames]
    assert steps == sorted(steps)
    assert all(0 < f.progress < 1 for f in frames if f.progress != 1.0)
    assert {f.step for f in frames} == set(range(1, len(trace.events) + 1))
    with pytest.raises(ValueError):
        frames_for(trace, inbetween=-1)


def test_animate_returns_a_funcanimation_that_renders_to_jshtml(short):
    position, trace = short
    anim = animate(position, SHORT[1], inbetween=1, hold=0, dpi=20, size=6)
    assert isinstance(anim, animation.FuncAnimation)
    html = anim.to_jshtml()
    assert "<script" in html and html.count("data:image/png;base64") == len(frames_for(trace, 1, 0))


def test_the_game_modules_expose_animate(short):
    from kit.games.walak import drawing as draw_walak

    position, _ = short
    anim = draw_walak.animate(position, SHORT[1], inbetween=0, hold=0, dpi=20)
    assert isinstance(anim, animation.FuncAnimation)
    anim.to_jshtml()


def test_save_gif_writes_the_frames_it_reports(short, tmp_path):
    position, trace = short
    path = tmp_path / "move.gif"
    count = save_gif(position, SHORT[1], path, inbetween=1, hold=3, dpi=24)
    with Image.open(path) as gif:
        assert gif.n_frames == count
        assert gif.info.get("loop") == 0
    travelling = sum(WalakBoard.travels(e) for e in trace.events)
    assert count == len(trace.events) + travelling  # holds lengthen frames instead of repeating them
    assert os.listdir(tmp_path) == ["move.gif"]


def test_a_failed_gif_leaves_no_file(short, tmp_path, monkeypatch):
    position, _ = short
    path = tmp_path / "move.gif"
    calls = []

    def broken(self):
        calls.append(1)
        if len(calls) > 2:
            raise RuntimeError("disk trouble")
        return original(self)

    original = WalakBoard.image
    monkeypatch.setattr(WalakBoard, "image", broken)
    with pytest.raises(RuntimeError, match="disk trouble"):
        save_gif(position, SHORT[1], path, inbetween=0, dpi=20)
    assert os.listdir(tmp_path) == []


def test_unwritable_paths_and_illegal_moves_fail_before_any_file(short, tmp_path):
    position, _ = short
    with pytest.raises(OSError):
        save_gif(position, SHORT[1], tmp_path / "missing" / "move.gif", dpi=20)
    with pytest.raises(IsADirectoryError):
        save_gif(position, SHORT[1], tmp_path, dpi=20)
    with pytest.raises(IllegalMove):
        save_gif(position, "f", tmp_path / "move.gif", dpi=20)  # North's f is empty
    assert os.listdir(tmp_path) == []


def test_mp4_without_ffmpeg_says_so(short, tmp_path, monkeypatch):
    position, _ = short
    monkeypatch.setattr(animation.writers, "is_available", lambda name: False)
    with pytest.raises(RuntimeError, match="ffmpeg"):
        save_mp4(position, SHORT[1], tmp_path / "move.mp4")
    assert os.listdir(tmp_path) == []


@pytest.mark.skipif(not animation.writers.is_available("ffmpeg"), reason="ffmpeg is not installed")
def test_mp4_with_ffmpeg(short, tmp_path):
    position, _ = short
    frames = save_mp4(position, SHORT[1], tmp_path / "move.mp4", dpi=20)
    data = (tmp_path / "move.mp4").read_bytes()
    assert frames == len(frames_for(position.trace(SHORT[1]), inbetween=4)) and data[4:8] == b"ftyp"
    assert os.listdir(tmp_path) == ["move.mp4"]


def test_only_the_two_games_can_be_animated():
    with pytest.raises(TypeError, match="Walak-pussa or Myra"):
        animate_module.frames_for(Trace(object(), None, (), object()))
