"""Students play each other through the real class server (``python -m kit class serve``): four
students join in browser contexts of their own, the teacher opens the projector.

Ana challenges Ben from her screen, Ben accepts on his, and they play a whole Walak-pussa game
from the standard start to its end, every move clicked on the mover's own screen (the moves a
seeded greedy player chooses: a game of a few moves), the other screen following; Ben's page is
reloaded mid-game and comes back to the same move; Ana's second tab and her first click the same
hole at once, and one of the two clicks is refused with a word. Then the teacher starts a round
robin for the four on the projector; its games are played through the class database by the
students' seats (as the computer-driven clients of the tournament test), the projector pairs each
round by its button, shows a game live, and its standings table ends as the results say.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from class_pages import class_context, class_server, join_in_browser
from classroom_ui import button, click_on_board
from jupyter_servers import JupyterServer
from voila_ui import wait_for_voila
from widgets_ui import shoot

import kit
from kit.agents.factory import make_agent
from kit.classes.db import ClassDB
from kit.classes.games import ClassGames
from kit.classes.games_panel import ClassGamesPanel, _point
from kit.classes.tournament import Tournaments
from tests.waiting import until

pytestmark = pytest.mark.browser

NAMES = ("Ana", "Ben", "Chi", "Dev")
#: Generous limits for states waited on (the machine is shared): a page opening, a move reaching a screen.
OPENS_MS, SHOWS_MS = 300_000, 120_000
#: The greedy player's seed for the game clicked: from the standard start it ends in a few moves.
SEED = 6
#: What a click that cannot be played is told (the database refused it, or the page knew better).
REFUSED = r"out of date|Wait for the move|not yours"


@pytest.fixture(scope="module")
def klass(chromium: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[JupyterServer]:
    home = tmp_path_factory.mktemp("class-games")
    server = class_server(home, 6, "--per-address=10")
    server.home = home  # type: ignore[attr-defined]
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="module")
def db(klass: JupyterServer) -> ClassDB:
    return ClassDB(klass.home / "class" / "class.sqlite")  # type: ignore[attr-defined]


def _context(browser: Browser) -> BrowserContext:
    context = class_context(browser, 1280, 900)
    context.set_default_timeout(SHOWS_MS)
    return context


def _opened(page: Page) -> Page:
    wait_for_voila(page, OPENS_MS / 1000)
    page.locator(".kit-class-play .kit-class-turn").wait_for(timeout=OPENS_MS)
    return page


@pytest.fixture(scope="module")
def pages(browser: Browser, klass: JupyterServer) -> Iterator[dict[str, Page]]:
    """The four students, each joined in a browser context of their own."""
    contexts = [_context(browser) for _ in NAMES]
    try:
        opened = {}
        for name, context in zip(NAMES, contexts):
            opened[name] = join_in_browser(context, klass, name)
        for page in opened.values():
            _opened(page)
        yield opened
    finally:
        for context in contexts:
            context.close()


def says(page: Page, css: str, pattern: str) -> str:
    """Wait until the panel's element ``css`` says ``pattern`` (a regular expression); its text."""
    found = page.locator(css).filter(has_text=re.compile(pattern)).first
    try:
        found.wait_for(timeout=SHOWS_MS)
    except PlaywrightTimeout:
        raise AssertionError(f"{css} does not say {pattern!r}: it says {page.locator(css).all_inner_texts()}") from None
    return found.inner_text()


def turn(page: Page, pattern: str) -> str:
    return says(page, ".kit-class-play .kit-class-turn", pattern)


def click_move(page: Page, position: Any, move: Any) -> None:
    """Click the student's board on the hole that plays ``move``."""
    (target,) = kit.game("walak").marks(position, move)
    pixel = kit.game("walak").drawing()(position).pixel_of(target)
    click_on_board(page.locator(".kit-class-play .kit-class-board"), pixel)


def test_two_students_play_a_whole_game_by_clicking_through_a_reload_and_a_race(
        browser: Browser, klass: JupyterServer, db: ClassDB, pages: dict[str, Page], screenshots: Path) -> None:
    ana, ben = pages["Ana"], pages["Ben"]
    turn(ana, "No game yet")
    ana.locator(".kit-class-play select").nth(1).select_option(label="Ben")
    button(ana, "challenge").click()
    says(ana, ".kit-class-play-message", "Challenge sent to Ben")
    says(ben, ".kit-class-invitation", "Ana challenges you to Walak-pussa")
    button(ben, "accept").click()
    turn(ana, r"^Move 1\. Your move: you play South\.")
    turn(ben, r"^Move 1\. Ana's move \(South\)")
    games = ClassGames(db)
    (number,) = [g.id for g in games.games() if g.status == "playing"]
    seats = {s.id: s.name for s in db.students()}
    second = _context(browser)  # Ana's second tab, for the race
    try:
        ana_again = second.new_page()
        ana_again.goto(ana.url)
        _opened(ana_again)
        agent = make_agent("greedy", "walak", seed=SEED)
        raced = reloaded = False
        while (view := games.view(number)).status == "playing":
            mover = seats[view.seats[view.to_move].student]
            page = pages[mover]
            turn(page, rf"^Move {view.number}\. Your move")  # the opponent's move reached this screen
            move = agent.choose(view.position)
            if mover == "Ben" and view.number >= 2 and not reloaded:  # Ben's page reloaded mid-game
                page.reload(wait_until="commit")
                _opened(page)
                turn(page, rf"^Move {view.number}\. Your move")  # the same game, at the same move
                reloaded = True
            if mover == "Ana" and view.number >= 3 and not raced:  # the same hole clicked on both tabs at once
                turn(ana_again, rf"^Move {view.number}\. Your move")
                click_move(ana, view.position, move)
                click_move(ana_again, view.position, move)
                until(lambda: any(re.search(REFUSED, p.locator(".kit-class-play-message").inner_text())
                                       for p in (ana, ana_again)), "one of the racing clicks to be refused")
                played = [p for p in (ana, ana_again) if "You played" in p.locator(".kit-class-play-message")
                          .inner_text()]
                assert len(played) == 1, "both racing clicks were played"
                raced = True
            else:
                click_move(page, view.position, move)
            until(lambda: len(games.view(number).moves) > len(view.moves), "the move in the class database")
            assert games.view(number).moves == (*view.moves, view.position.notation(move))  # one move, never two
            assert view.number < 60, "the seeded game should have ended"
        assert raced and reloaded
    finally:
        second.close()
    view = games.view(number)
    won = {view.seats[view.winner].name} if view.winner is not None else set()
    for name in ("Ana", "Ben"):
        outcome = "You won!" if name in won else "A draw." if not won else "You lost."
        turn(pages[name], re.escape(outcome))
    shoot(ana, screenshots, "class-games-01-student-game-over")


def _play_round(db: ClassDB, tournament: int, seed: int) -> None:
    """Every game of the tournament's round played to its end by its players' seats (computer-driven)."""
    games, tournaments = ClassGames(db), Tournaments(ClassGames(db))
    tokens = {s.id: s.token for s in db.students()}
    agent = make_agent("greedy", "walak", seed=seed)
    for game, _ in tournaments.pairings(tournament):
        if game is None:
            continue
        view = games.view(game.id)
        while view.status == "playing":
            view = games.play(tokens[view.seats[view.to_move].student], view.id,
                              view.position.notation(agent.choose(view.position)), view.number)


def test_a_round_robin_of_four_on_the_projector(browser: Browser, klass: JupyterServer, db: ClassDB,
                                               pages: dict[str, Page], screenshots: Path) -> None:
    context = _context(browser)
    try:
        projector = context.new_page()
        projector.goto(klass.projector)
        wait_for_voila(projector, OPENS_MS / 1000)
        button(projector, "class games").click()
        says(projector, ".kit-class-tournament", "No tournament yet. 4 students joined")
        button(projector, "start tournament").click()
        says(projector, ".kit-class-tournament", r"round robin: round 1 of 3 · tie-break: Sonneborn-Berger")
        tournaments = Tournaments(ClassGames(db))
        (tournament,) = [t.id for t in tournaments.tournaments()]
        for page in pages.values():  # each student's game of round 1 is on their screen
            turn(page, r"^Tournament round 1 · Move 1\.")
            says(page, ".kit-class-undo", "no taking back")
        first = tournaments.pairings(tournament)[0][0]
        projector.locator(".kit-class-watch select").select_option(label=ClassGamesPanel._label(first))
        says(projector, ".kit-class-watched", r"\(move 1\)")
        for round in (1, 2, 3):
            _play_round(db, tournament, seed=round)
            pairings = projector.locator(".kit-class-pairings")
            until(lambda: f"Round {round}" in pairings.inner_text() and "moves" not in pairings.inner_text(),
                       f"every result of round {round} on the projector")
            if round == 1:
                says(projector, ".kit-class-watched", "won|draw")  # the game watched, live to its end
            if round < 3:
                button(projector, "pair next round").click()
                says(projector, ".kit-class-tournament", rf"round {round + 1} of 3")
        says(projector, ".kit-class-tournament", "finished")
        names = {s.id: s.name for s in db.students()}
        expected = [[str(line.rank), names[line.player], _point(line.points), str(line.games), str(line.won),
                     str(line.drawn), str(line.lost), str(line.byes), _point(line.tiebreak)]
                    for line in tournaments.standings(tournament)]
        assert sum(int(row[3]) for row in expected) == 12  # six games, two players each

        def shown() -> list[list[str]]:
            return projector.evaluate("""() => [...document.querySelectorAll('.kit-class-standings tr')]
                .slice(1).map(tr => [...tr.querySelectorAll('td')].map(td => td.innerText.trim()))""")

        until(lambda: shown() == expected, "the projector's standings to match the results")
        assert projector.locator(".kit-class-standings th").last.inner_text() == "Sonneborn-Berger"
        shoot(projector, screenshots, "class-games-02-projector-standings")
    finally:
        context.close()
