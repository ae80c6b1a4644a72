"""Students playing each other through the class server: how long a move takes to reach the opponent's screen.

Run from the repository root: ``python -m benchmarks.class_games_ws_bench`` (``--pairs``,
``--games``, ``--think``). It starts the class server as the teacher's command does
(``python -m kit class serve --students N``, N the students plus one, its class in a throwaway
folder, on a free port of loopback), waits until its pool of pages is prepared, and lets
2 x ``--pairs`` simulated browsers join the class at its address (the join page, a name), ask
for their page and connect to its kernel's websocket (the pages' own protocol,
``v1.kernel.websocket.jupyter.org``), fetching the widgets' state as a browser does
(``benchmarks.classroom_server_bench.Client``; no drawing: that happens on each student's
machine). Once every page has prepared the classroom's other games (its ``kit-prepared`` class;
with ``--at-once``, without waiting: the first clicks then wait behind it), the teacher pairs
them through the class database (``ClassGames.new_game`` with
the teacher's key, as a tournament's round does): each page's play panel shows its game by
itself. Each pair plays ``--games`` games of the first registered game (Walak-pussa), one after
another, all pairs at once. A student whose screen says "Your move" "thinks" ``--think`` seconds
on average, chooses a move with the computer's beginner level and clicks its hole on the board
picture: the message a browser's click sends (ipyevents' click on the board's ``Image``, at the
hole's pixel by the drawing's own geometry). Printed are

- the time from the click sent until the **opponent's screen** starts playing the move: the
  opponent's websocket receiving the update of its turn line that says "<mover> plays <move>…"
  (its pictures follow step by step; for a game's last move, the result), p50/p95/max over
  every move;
- the time until the opponent's screen has played the move to its end and says it is their move
  (or the result): the move is animated on the picture, meant to last at most
  ``kit.classes.shared_board.MOVE_MS``;
- the time the mover's kernel takes to answer the click (the move checked, written, shown);
- the load average, and the class database's size per 100 games: the file of this run (students,
  pages, games) after a checkpoint, and of 100 games written without pauses
  (``benchmarks.class_games_bench``'s figure, for comparison).

Every process started (the server, its kernels) is stopped at the end, also on an error or Ctrl-C.
Figures measured are in docs/classroom.md ("Playing each other and tournaments").
"""
from __future__ import annotations

import argparse
import asyncio
import html
import os
import random
import re
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import kit
from kit.agents.factory import make_agent
from kit.classes.db import ClassDB
from kit.classes.games import ClassGames, Seat
from tornado.httpclient import AsyncHTTPClient

from benchmarks.class_games_bench import percentile, quick_games, size_per_100
from benchmarks.classroom_server_bench import REPO, Client, JupyterServer

#: What a turn line says once a game has ended on a screen.
OVER = r"You won!|A draw\.|You lost\."
#: Generous limits (the machine is shared): a page's screen showing a state waited for.
SHOWS_WITHIN = 120.0


def _text(value: str) -> str:
    """The words of an HTML widget's value."""
    return html.unescape(re.sub(r"<[^>]+>", "", value))


class Player(Client):
    """A student's browser on the play panel: its turn line watched, its board clicked."""

    def __init__(self, base: str, join: str, name: str) -> None:
        super().__init__(base, join, name)
        self.turn_id = ""
        self.click_id = ""
        #: Every text the turn line showed, with when its update arrived (``time.monotonic``).
        self.turns: list[tuple[float, str]] = []
        #: When the kernel was idle again after each message sent (by the message's id).
        self.idle_at: dict[str, float] = {}
        self._waiting: list[asyncio.Future[None]] = []  # those waiting for the turn line's next text
        #: When the page said it had prepared the rest of its games (``kit-prepared``), if it has.
        self.prepared_at: float | None = None

    def heard(self, message: dict[str, Any]) -> None:
        content, kind = message["content"], message["header"]["msg_type"]
        if kind == "status" and content.get("execution_state") == "idle":
            self.idle_at[message["parent_header"].get("msg_id", "")] = time.monotonic()
        if kind != "comm_msg":
            return
        if "kit-prepared" in content["data"].get("state", {}).get("_dom_classes", []) and self.prepared_at is None:
            self.prepared_at = time.monotonic()
        if content.get("comm_id") != self.turn_id:
            return
        state = content["data"].get("state", {})
        if content["data"].get("method") in ("update", "echo_update") and "value" in state:
            self.turns.append((time.monotonic(), _text(state["value"])))
            for news in self._waiting:
                if not news.done():
                    news.set_result(None)
            self._waiting.clear()

    def _child(self, parent: str, css: str) -> str:
        """The id of the child of widget ``parent`` that has the class ``css``."""
        for child in self.states[parent]["state"].get("children", []):
            model = child.removeprefix("IPY_MODEL_")
            if css in self.states[model]["state"].get("_dom_classes", []):
                return model
        raise LookupError(f"{self.name}'s page: no {css} in the play panel")

    def find_panel(self) -> None:
        """Find the play panel's turn line (and, once a game is shown, its board's click events)."""
        (panel,) = [m for m, s in self.states.items() if "kit-class-play" in s["state"].get("_dom_classes", [])]
        self.turn_id = self._child(panel, "kit-class-turn")
        if not self.turns:
            self.turns.append((time.monotonic(), _text(self.states[self.turn_id]["state"]["value"])))
        board = self.states[self._child(panel, "kit-class-board")]["state"]["children"]
        if board:
            view = board[0]  # the BoardView, an Image watched by ipyevents
            (self.click_id,) = [m for m, s in self.states.items() if s["model_name"] == "EventModel"
                                and s["state"].get("source") == view and "click" in s["state"]["watched_events"]]

    async def shows(self, pattern: str, start: int | None = None) -> tuple[float, str]:
        """Wait until the turn line says ``pattern``: its latest text, or (``start`` given) any
        text it showed from the ``start``-th on; when it arrived and the text."""
        deadline = time.monotonic() + SHOWS_WITHIN
        while True:
            found = self.turns[-1:] if start is None else self.turns[start:]
            for at, text in found:
                if re.search(pattern, text):
                    return at, text
            if start is not None:
                start = len(self.turns)
            news = asyncio.get_running_loop().create_future()
            self._waiting.append(news)
            try:
                await asyncio.wait_for(news, max(0.0, deadline - time.monotonic()))
            except asyncio.TimeoutError:
                raise TimeoutError(f"{self.name}'s turn line never said {pattern!r}: it says "
                                   f"{self.turns[-1][1]!r}") from None

    async def click_at(self, pixel: tuple[float, float]) -> tuple[float, str]:
        """Click the board picture at a PNG pixel, as a browser's click does; when it was sent, and its message id."""
        sent = time.monotonic()
        msg_id = await self._send("comm_msg", {"comm_id": self.click_id, "data": {"method": "custom", "content": {
            "type": "click", "event": "click", "dataX": pixel[0], "dataY": pixel[1]}}})
        return sent, msg_id


class Figures:
    """What the pairs measured."""

    def __init__(self) -> None:
        self.seen: list[float] = []  # click sent until the opponent's screen starts playing the move
        self.settled: list[float] = []  # ... until it has played it and says whose move it is
        self.clicks: list[tuple[Player, str, float]] = []  # each click: who, its message id, when sent

    def answered(self) -> list[float]:
        """Each click sent until the mover's kernel was idle again (the move checked, written, shown)."""
        return [p.idle_at[msg_id] - sent for p, msg_id, sent in self.clicks if msg_id in p.idle_at]


async def play(me: Player, rival: Player, store: ClassGames, game: int, seed: int, think: float,
               figures: Figures) -> None:
    """``me``'s side of ``game``: wait for "Your move", think, click the hole; the rival's screen timed."""
    view = store.view(game)
    description = kit.game(view.game)
    drawing = description.drawing()(view.position)  # the geometry the page maps clicks with
    agent = make_agent("beginner", view.game, seed=seed)
    rng = random.Random(seed)
    played = 0
    while True:
        _, text = await me.shows(rf"Move (\d+)\. Your move|{OVER}")
        number = re.search(r"Move (\d+)\.", text)
        if number is None:
            return
        if int(number.group(1)) <= played:  # the line before our own move was shown: wait for news
            await me.shows(rf"Move (\d+)\. Your move|{OVER}", start=len(me.turns))
            continue
        view = store.view(game)
        assert view.number == int(number.group(1)), f"{me.name}'s screen says {text!r}, the game is at {view.number}"
        move = agent.choose(view.position)
        notation = view.position.notation(move)
        (target,) = description.marks(view.position, move)
        await asyncio.sleep(rng.uniform(0, 2 * think))  # the person thinking
        mark = len(rival.turns)
        sent, msg_id = await me.click_at(drawing.pixel_of(target))
        played = view.number
        at, _ = await rival.shows(rf"{re.escape(me.name)} plays {re.escape(notation)}|{OVER}", start=mark)
        figures.seen.append(at - sent)
        at, _ = await rival.shows(rf"Move {view.number + 1}\. Your move|{OVER}", start=mark)
        figures.settled.append(at - sent)
        figures.clicks.append((me, msg_id, sent))


async def bench(server: JupyterServer, db: ClassDB, pairs: int, games: int, think: float,
                wait_prepared: bool) -> tuple[int, float]:
    """Open the pages, pair them, play; print the figures; the games played and the seconds."""
    AsyncHTTPClient.configure(None, max_clients=2 * pairs + 8)
    base = server.base + "/"
    players = [Player(base, server.students, f"Student {number:02d}") for number in range(1, 2 * pairs + 1)]
    await asyncio.gather(*(p.sit_down() for p in players))
    await asyncio.gather(*(p.open() for p in players))
    times = [p.interactive for p in players]
    print(f"{len(players)} pages opened at once: interactive after p50 {statistics.median(times):.1f} s, "
          f"p95 {percentile(times, 0.95):.1f} s")
    for p in players:
        p.find_panel()
        if any("kit-prepared" in s["state"].get("_dom_classes", []) for s in p.states.values()):
            p.prepared_at = p.prepared_at or time.monotonic()
    opened = time.monotonic()
    if wait_prepared:
        while any(p.prepared_at is None for p in players):  # the page's class says so (as the browser tests wait)
            assert time.monotonic() - opened < 20 * SHOWS_WITHIN, "the pages never said they had prepared their games"
            await asyncio.sleep(0.2)
        print(f"  every page had prepared its other games (the classroom's) {time.monotonic() - opened:.1f} s later: "
              f"the games start then")
    store = ClassGames(db)
    ids = {s.name: s.id for s in db.students()}
    name = kit.games()[0]
    figures = Figures()
    started = time.monotonic()
    for round_ in range(games):
        tables = []
        for pair in range(pairs):
            first, second = players[2 * pair], players[2 * pair + 1]
            if round_ % 2:
                first, second = second, first
            tables.append((first, second, store.new_game(name, [Seat(ids[first.name]), Seat(ids[second.name])],
                                                          key=db.teacher_key)))
        for first, second, _ in tables:  # the game shown by itself on both screens
            for p in (first, second):
                await p.shows(r"Move 1\.|Your move")
        await asyncio.gather(*(p.refresh() for p in players))  # the boards made for the games
        for p in players:
            p.find_panel()
        await asyncio.gather(*(play(me, rival, store, game, seed=1000 * round_ + index, think=think, figures=figures)
                               for index, (first, second, game) in enumerate(tables)
                               for me, rival in ((first, second), (second, first))))
    seconds = time.monotonic() - started
    played = [g for g in store.games() if g.status == "over"]
    moves = sum(len(g.moves) for g in played)
    print(f"{pairs} pairs, {len(played)} games of {kit.game(name).title}, {moves} moves in {seconds:.1f} s, "
          f"every move clicked over a websocket; {os.cpu_count()} cores, load average at the end "
          f"{' '.join(f'{x:.1f}' for x in os.getloadavg())} (1, 5, 15 min)")
    for what, values in (("a click until the opponent's screen starts playing the move", figures.seen),
                         ("... until it has played it and says whose move", figures.settled),
                         ("a click until the mover's kernel has answered it", figures.answered())):
        print(f"{what}: p50 {statistics.median(values) * 1000:.0f} ms, p95 {percentile(values, 0.95) * 1000:.0f} ms, "
              f"max {max(values) * 1000:.0f} ms ({len(values)} moves)")
    await asyncio.gather(*(p.close() for p in players))
    return len(played), seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=15, help="pairs playing at once (default 15)")
    parser.add_argument("--games", type=int, default=1, help="games each pair plays, one after another (default 1)")
    parser.add_argument("--think", type=float, default=0.5, help="a person's mean seconds a move (default 0.5)")
    parser.add_argument("--at-once", action="store_true",
                        help="pair the students as soon as their pages are open, while their kernels still "
                             "prepare the classroom's other games (default: once every page has prepared them)")
    args = parser.parse_args()
    students = 2 * args.pairs
    print(f"load average at the start: {' '.join(f'{x:.1f}' for x in os.getloadavg())} (1, 5, 15 min)")
    with tempfile.TemporaryDirectory(prefix="class-games-ws-bench-") as home:
        server = JupyterServer("class", REPO, Path(home), options=(
            f"--students={students + 1}", f"--per-address={students + 2}"))
        try:
            print(server.wait_for_log("The class is ready"))
            db = ClassDB(Path(home) / "class" / "class.sqlite")
            played, _ = asyncio.run(bench(server, db, args.pairs, args.games, args.think, not args.at_once))
            db.close()
        finally:
            server.stop()
        path = Path(home) / "class" / "class.sqlite"
        print(f"database: {size_per_100(path, played):.0f} KB per 100 games in this run's file "
              f"({students} students, {played} games)")
        quick = Path(home) / "quick.sqlite"
        quick_moves = quick_games(quick, 100)
        print(f"database: {size_per_100(quick, 100):.0f} KB per 100 games written without pauses "
              f"({quick_moves / 100:.0f} moves a game)")


if __name__ == "__main__":
    main()
