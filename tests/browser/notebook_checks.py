"""A teacher's path through ``targets.LAB``'s notebook once all its cells have run, the same
in every front end that runs it (JupyterLab, Notebook 7): the page shows no error, the
move steppers step, the play board plays. Screenshots are named ``<prefix>-01-after-run``,
``<prefix>-02-stepper<i>-step<n>``, ``<prefix>-03-board<i>-<n>-<move>``.
"""
from __future__ import annotations

import re
from pathlib import Path

from kit import walak
from kit.games.walak.drawing import WalakBoard
from notebook_pages import OpenedNotebook
from targets import LAB
from widgets_ui import (at_rest, click_board, eventually, find_widgets, hole_buttons, play_holes, point_at_board, shoot,
                        state_of, steady_box, step_through, wait_for_text)

#: How many times "next" is pressed on each stepper.
NEXT_CLICKS = 3


def check_ran_without_errors(opened: OpenedNotebook, screenshots: Path, prefix: str) -> None:
    """The page after Run All Cells shows no error."""
    shoot(opened.page, screenshots, f"{prefix}-01-after-run")
    opened.assert_no_errors()


def check_steppers(opened: OpenedNotebook, screenshots: Path, prefix: str) -> None:
    """Each of ``LAB.steppers`` changes its board image and narration at every "next"."""
    steppers = find_widgets(opened.page, "stepper", at_least=max(LAB.steppers) + 1)
    for index in LAB.steppers:
        states = step_through(steppers[index], screenshots, f"{prefix}-02-stepper{index}", NEXT_CLICKS)
        assert len({s.src for s in states}) == len(states), "a board image came back unchanged"
        assert len({s.text for s in states}) == len(states), "a narration came back unchanged"
    opened.assert_no_errors()


def check_play_board(opened: OpenedNotebook, screenshots: Path, prefix: str) -> None:
    """``LAB.play_board`` plays a move for each side, each changing its image and texts."""
    assert LAB.play_board is not None, "targets.LAB names no play board"
    board = find_widgets(opened.page, "board", at_least=LAB.play_board + 1)[LAB.play_board]

    def the_move_and_its_counts(title: str):
        """Before a press: the move the button names, played by the kit on the position shown;
        after it, the board must show that move and the position it leads to."""
        side, letter = re.match(r"play (South|North)'s ([a-g])\b", title).groups()
        before = shown_position(board)
        assert side == SIDES[before.to_move], f"{title!r} pressed with {SIDES[before.to_move]} to move"
        return lambda: eventually(lambda: shows(board, f"Played {side} {letter}", before.play(letter)))

    play_holes(board, screenshots, f"{prefix}-03-board{LAB.play_board}", check=the_move_and_its_counts)
    opened.assert_no_errors()


SIDES = ("South", "North")


def shown_position(board) -> walak.Position:
    """The position a Walak-pussa play board shows: the seeds on its hole buttons ("c · 4"),
    the captured seeds and the player to move from its status line."""
    seeds: dict[int, int] = {}
    for button in board.locator("button").all():
        named = re.match(r"(?:play )?(South|North)'s ([a-g])\b", button.get_attribute("title") or "")
        count = re.match(r"^([a-g]) · (\d+)$", button.inner_text().strip())
        if named and count:
            seeds[7 * SIDES.index(named[1]) + "abcdefg".index(named[2])] = int(count[2])
    assert sorted(seeds) == list(range(14)), f"the board shows the seeds of holes {sorted(seeds)}"
    status = re.search(r"(South|North) to move\.\s*Seeds won: South (\d+), North (\d+)", state_of(board).text)
    assert status, f"no player to move and seeds won in {state_of(board).text!r}"
    return walak.Position(tuple(seeds[hole] for hole in range(14)), (int(status[2]), int(status[3])),
                          SIDES.index(status[1]))


def shows(board, said: str, expected: walak.Position) -> None:
    """The board names the move played and shows the position the kit computes after it."""
    assert said in state_of(board).text, f"the board does not say {said!r}: {state_of(board).text!r}"
    shown = shown_position(board)
    assert (shown.board, shown.captured, shown.to_move) == (expected.board, expected.captured, expected.to_move), \
        f"after {said} the board shows {shown.to_string()}, the kit computes {expected.to_string()}"


def check_click_on_board(opened: OpenedNotebook, screenshots: Path, prefix: str) -> None:
    """A real mouse click on the picture of a hole the side to move can play plays it."""
    assert LAB.play_board is not None, "targets.LAB names no play board"
    board = find_widgets(opened.page, "board", at_least=LAB.play_board + 1)[LAB.play_board]
    titles = [b.get_attribute("title") or "" for b in hole_buttons(board).all()]
    playable = [m.groups() for m in (re.match(r"play (South|North)'s ([a-g])\b", t) for t in titles) if m]
    assert playable, f"no hole to play (the buttons say {titles!r})"
    side, letter = playable[0]
    hole = "abcdefg".index(letter) + (7 if side == "North" else 0)
    at_rest(board)  # the last move played to its end: a click meanwhile would wait
    before = shown_position(board)
    drawing = WalakBoard(walak.start())
    image = board.locator("img.widget-image").first
    image.scroll_into_view_if_needed()
    opened.page.mouse.move(0, 0)  # the pointer off the picture: no preview
    resting = steady_box(image)
    point_at_board(image, drawing.pixel_of(hole), drawing.figure.bbox.width)
    preview = wait_for_text(board, f"{side} {letter}: ")  # the preview names the hole under the pointer
    after = steady_box(image)
    assert after == resting, f"the picture moved when the preview appeared ({preview!r})"
    click_board(image, drawing.pixel_of(hole), drawing.figure.bbox.width)
    wait_for_text(board, f"Played {side} {letter}")
    eventually(lambda: shows(board, f"Played {side} {letter}", before.play(letter)))  # that move, its counts
    shoot(board, screenshots, f"{prefix}-04-board{LAB.play_board}-clicked-{side}-{letter}")
    opened.assert_no_errors()
