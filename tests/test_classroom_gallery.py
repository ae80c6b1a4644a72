"""The classroom galleries: every demonstration is legal, titled, and shows what it says."""
from __future__ import annotations

import pytest

from kit.classroom.gallery import GAMES, SUMMARIES, gallery
from kit.games.myra import events as ev
from kit.games.myra.demos import DEMOS, demo
from kit.games.myra.hexgrid import neighbours
from kit.games.myra.pieces import FORTRESS


@pytest.mark.parametrize("game", GAMES)
def test_every_demo_has_a_title_a_note_and_a_legal_move(game: str) -> None:
    demos = gallery(game)
    assert demos and len({d.title for d in demos}) == len(demos)
    for d in demos:
        assert d.title.strip() and d.note.strip() and len(d.note) < 140, d.name
        position = d.start()
        trace = d.trace()
        assert trace.move in position.legal_moves(), d.name
        assert trace.events, d.name


def test_the_myra_gallery_covers_the_six_moves_captures_and_the_special_cases() -> None:
    shows = {d.shows for d in DEMOS}
    assert {"move", "build", "split", "chain", "unchain", "produce"} <= shows
    assert {"capture-1", "capture-2", "capture-3", "capture-4", "fortress", "queen", "pass", "sides"} <= shows
    assert any(d.name == "produce-queen" for d in DEMOS)


@pytest.mark.parametrize("d", DEMOS, ids=lambda d: d.name)
def test_each_myra_demo_shows_what_it_says(d) -> None:  # noqa: ANN001 - a Demo
    trace = d.trace()
    kinds = [type(e) for e in trace.events]
    captures = [e for e in trace.events if isinstance(e, ev.Capture)]
    if d.shows in ("move", "build", "split", "chain", "unchain", "produce", "pass"):
        assert trace.move.action == d.shows
        assert not captures
    if d.shows.startswith("capture-"):
        assert [c.count for c in captures] == [int(d.shows.split("-")[1])]
    if d.shows == "fortress":
        fortresses = [c for c, p in trace.before.hollows.items() if p.owner != trace.before.to_move
                      and p.count == FORTRESS and not p.queen]
        assert fortresses and captures
        assert all(m.hollows[-1] not in fortresses for m in trace.before.legal_moves() if m.hollows)
        assert all(trace.after.hollows[c].count == FORTRESS for c in fortresses)
    if d.shows == "queen":
        assert ev.QueenCaptured in kinds and trace.after.is_over
    if d.shows == "sides":
        assert d.players == 3 and ev.ChangeSides in kinds and not trace.after.is_over
    if d.shows == "produce" and d.name == "produce-queen":
        queen = next(c for c, p in trace.before.hollows.items() if p.queen and p.owner == 0)
        empty = [m for m in trace.before.legal_moves() if m.action == "produce"]
        assert len(empty) == 1 and empty[0].hollows[0] in neighbours(queen)


def test_unknown_demo_names_the_known_ones() -> None:
    with pytest.raises(KeyError, match="capture-1"):
        demo("nope")
    with pytest.raises(ValueError, match="walak"):
        gallery("chess")


def test_the_walak_summary_says_how_the_game_is_won() -> None:
    text = " ".join(SUMMARIES["walak"])
    assert "Most <i>captured</i> seeds wins; 28-28 is a draw" in text


def test_each_game_is_offered_the_modes_it_has():
    from kit.classroom.room import MODES, modes

    for name in ("walak", "myra"):  # a gallery, a set-up panel and puzzles each
        assert modes(name) == MODES
