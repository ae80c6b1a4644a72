"""A class on one machine: the classroom served to many clients at once on loopback.

Run from the repository root: ``python -m benchmarks.classroom_server_bench`` (``--clients``,
``--busy``, ``--clicks``). It starts the class server as the teacher's command does
(``python -m kit class serve --students N``, N the clients, its class in a throwaway folder),
waits until its pool of students' pages is prepared, opens one page alone, then opens the page
for ``--clients`` clients at the same moment. Each client does what a student's browser does
over the network, without a browser's drawing (that happens on each student's machine): it
joins the class at the printed address (the join page, a name), asks for its page, connects
to its kernel's websocket and asks for the widgets' state. Every client comes from this
machine's one address, so the cap of pages per address is raised for the run. Printed are

- how long the pool took to fill after the start (the server's "The class is ready" line);
- the time until one page alone is interactive, and each page of the clients opening at once
  (the page asked for until the widgets' state has arrived), p50 and p95;
- the kernel memory per client (resident and proportional set size, from ``/proc``);
- the time a click takes to be answered (a click on the demonstration's next/back sent
  until the kernel is idle again, the new board picture sent) while the other clients are
  idle, and while ``--busy`` of them run a computer move after another (computer move, undo,
  ...) in Myra's live game;

and with each, and while the pages open, how long the server takes to answer a small request
(a static file): whether its one event loop, which every page's messages pass, ever stalls.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from jupyter_server.services.kernels.connection.base import deserialize_msg_from_ws_v1, serialize_msg_to_ws_v1
from tornado.httpclient import AsyncHTTPClient, HTTPRequest
from tornado.websocket import WebSocketClientConnection, websocket_connect

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "browser"))
from jupyter_servers import JupyterServer  # noqa: E402 - the browser tests' server runner

_CONFIG = re.compile(r'<script id="jupyter-config-data" type="application/json">\s*(\{.*?\})\s*</script>', re.S)


#: The kernel websocket protocol of the browsers' pages (the server refuses the older one).
PROTOCOL = "v1.kernel.websocket.jupyter.org"


def _unpack(frame: str | bytes) -> dict[str, Any]:
    """A kernel message's header, parent header and content from a websocket frame."""
    assert isinstance(frame, bytes), "the v1 protocol sends binary frames"
    _, parts = deserialize_msg_from_ws_v1(frame)
    header, parent, _, content = (json.loads(part) for part in parts[:4])
    return {"header": header, "parent_header": parent, "content": content}


class Client:
    """One student's page, seen from the network: its kernel and its widgets."""

    def __init__(self, base: str, join: str, name: str) -> None:
        self.base = base
        self.join = join
        self.name = name
        self.cookies: dict[str, str] = {}
        self.page = ""
        self.session = uuid.uuid4().hex
        self.socket: WebSocketClientConnection | None = None
        self.states: dict[str, dict[str, Any]] = {}
        self.kernel_id = ""
        self.interactive = 0.0
        self._idle: dict[str, asyncio.Future[None]] = {}
        self._states: asyncio.Future[None] | None = None
        self._control = uuid.uuid4().hex

    async def _fetch(self, url: str, body: str | None = None) -> Any:
        """A request with this client's cookies (kept from the answers); redirects not followed."""
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        if body is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        answer = await AsyncHTTPClient().fetch(HTTPRequest(url, method="POST" if body is not None else "GET",
                                                           body=body, headers=headers, follow_redirects=False,
                                                           request_timeout=900), raise_error=False)
        for cookie in answer.headers.get_list("Set-Cookie"):
            name, value = cookie.split(";", 1)[0].split("=", 1)
            self.cookies[name] = value
        if answer.code >= 400:
            raise RuntimeError(f"{url} answered {answer.code}: {answer.body[:300]!r}")
        return answer

    async def sit_down(self) -> None:
        """Join the class as a browser does (the join page, then the name typed); :attr:`page`
        is the address of this student's own page."""
        await self._fetch(self.join)
        code = self.join.split("code=", 1)[1]
        joined = await self._fetch(self.base + "join", urlencode({"code": code, "name": self.name,
                                                                   "_xsrf": self.cookies["_xsrf"]}))
        self.page = joined.headers["Location"]
        if self.page.startswith("/"):
            self.page = self.base + self.page[1:]

    async def open(self) -> None:
        """Ask for the page, connect to its kernel and fetch the widgets' state; sets
        :attr:`interactive` to the seconds it took."""
        start = time.monotonic()
        page = await self._fetch(self.page)
        found = _CONFIG.search(page.body.decode())
        if found is None:
            raise RuntimeError(f"no kernel in the page: {page.body[:300]!r}")
        self.kernel_id = json.loads(found.group(1))["kernelId"]
        url = self.base.replace("http", "ws", 1) + f"api/kernels/{self.kernel_id}/channels?session_id={self.session}"
        cookies = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        self.socket = await websocket_connect(HTTPRequest(url, headers={"Cookie": cookies}),
                                              max_message_size=1 << 30, subprotocols=[PROTOCOL])
        asyncio.ensure_future(self._listen())
        await self._send("comm_open", {"comm_id": self._control, "target_name": "jupyter.widget.control", "data": {}},
                         {"version": "1.0.0"})  # ipywidgets' control protocol
        await self.refresh()
        self.interactive = time.monotonic() - start

    async def refresh(self) -> None:
        """Fetch every widget's state (widgets made later, e.g. a mode's panel, included)."""
        self._states = asyncio.get_running_loop().create_future()
        await self._send("comm_msg", {"comm_id": self._control, "data": {"method": "request_states"}})
        await asyncio.wait_for(self._states, 600)

    async def _send(self, kind: str, content: dict[str, Any], metadata: dict[str, Any] | None = None) -> str:
        assert self.socket is not None
        msg_id = uuid.uuid4().hex
        header = {"msg_id": msg_id, "username": "bench", "session": self.session, "msg_type": kind,
                  "version": "5.3", "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}
        self._idle[msg_id] = asyncio.get_running_loop().create_future()
        parts = [json.dumps(part).encode() for part in (header, {}, metadata or {}, content)]
        await self.socket.write_message(serialize_msg_to_ws_v1(parts, "shell"), binary=True)
        return msg_id

    async def _listen(self) -> None:
        assert self.socket is not None
        while (frame := await self.socket.read_message()) is not None:
            message = _unpack(frame)
            self.heard(message)
            kind, content = message["header"]["msg_type"], message["content"]
            if kind == "comm_msg" and content["data"].get("method") == "update_states" and self._states:
                self.states = content["data"]["states"]
                if not self._states.done():
                    self._states.set_result(None)
            elif kind == "status" and content.get("execution_state") == "idle":
                done = self._idle.pop(message["parent_header"].get("msg_id", ""), None)
                if done is not None and not done.done():
                    done.set_result(None)

    def heard(self, message: dict[str, Any]) -> None:
        """Every message from the kernel, as it arrives (a subclass watches widgets with it)."""

    def widget(self, model: str, **state: Any) -> str:
        """The id of the first widget of ``model`` ("ButtonModel") whose state holds ``state``."""
        for model_id, found in self.states.items():
            if found["model_name"] == model and all(found["state"].get(k) == v for k, v in state.items()):
                return model_id
        raise LookupError(f"no {model} with {state} on the page")

    async def click(self, button: str) -> float:
        """Click the button described ``button``; the seconds until the kernel has answered."""
        start = time.monotonic()
        msg_id = await self._send("comm_msg", {"comm_id": self.widget("ButtonModel", description=button),
                                               "data": {"method": "custom", "content": {"event": "click"}}})
        await asyncio.wait_for(self._idle[msg_id], 600)
        return time.monotonic() - start

    async def choose(self, label: str) -> None:
        """Choose ``label`` on the toggle buttons that offer it (the mode bar)."""
        for model_id, found in self.states.items():
            labels = found["state"].get("_options_labels") or []
            if found["model_name"] == "ToggleButtonsModel" and label in labels:
                msg_id = await self._send("comm_msg", {"comm_id": model_id, "data": {
                    "method": "update", "state": {"index": labels.index(label)}, "buffer_paths": []}})
                await asyncio.wait_for(self._idle[msg_id], 600)
                await self.refresh()
                return
        raise LookupError(f"no toggle offering {label!r}")

    async def close(self) -> None:
        if self.socket is not None:
            self.socket.close()


def _memory(pid: int) -> tuple[float, float]:
    """A process's resident and proportional set size in MB (Linux ``/proc``)."""
    fields = {}
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()[1:]:
        name, value = line.split(":", 1)
        fields[name] = int(value.split()[0]) / 1024
    return fields["Rss"], fields["Pss"]


async def _small_request(base: str) -> float:
    """Seconds the server takes to answer a small static file."""
    start = time.monotonic()
    await AsyncHTTPClient().fetch(base + "voila/static/voila.js", request_timeout=120)
    return time.monotonic() - start


async def _clicks(client: Client, base: str, count: int) -> tuple[list[float], list[float]]:
    """``count`` clicks on next and back, one after the other, and a small request beside each."""
    answers, requests = [], []
    for turn in range(count):
        request = asyncio.ensure_future(_small_request(base))
        answers.append(await client.click("next" if turn % 2 == 0 else "back"))
        requests.append(await request)
        await asyncio.sleep(0.3)
    return answers, requests


async def _computer_moves(client: Client, stop: asyncio.Event) -> int:
    """Computer moves (each taken back, so the game never ends) until ``stop``; how many."""
    moves = 0
    while not stop.is_set():
        await client.click("computer move")
        moves += 1
        await client.click("↶ undo")
    return moves


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def _line(what: str, values: list[float]) -> str:
    return (f"{what}: median {statistics.median(values):.2f} s, p95 {_percentile(values, 0.95):.2f} s, "
            f"max {max(values):.2f} s ({len(values)})")


async def bench(server: JupyterServer, clients: int, busy: int, clicks: int) -> None:
    AsyncHTTPClient.configure(None, max_clients=clients + 8)
    base = server.base + "/"
    print(f"load: {os.getloadavg()[0]:.1f} {os.getloadavg()[1]:.1f} {os.getloadavg()[2]:.1f} (uptime's 1, 5, 15 min)")
    print(server.wait_for_log("Memory:"))
    print(server.wait_for_log("The class is ready"))
    alone = Client(base, server.students, "Alone")
    await alone.sit_down()
    await alone.open()
    print(f"one page alone: interactive after {alone.interactive:.2f} s")
    idle = [_memory(pid) for pid in server.kernels()]
    print(f"  an idle pooled kernel: resident {statistics.mean(m[0] for m in idle):.0f} MB, proportional "
          f"{statistics.mean(m[1] for m in idle):.0f} MB ({len(idle)} kernels, the page's and the pool's)")
    room = [Client(base, server.students, f"Student {number}") for number in range(1, clients + 1)]
    await asyncio.gather(*(client.sit_down() for client in room))
    started = time.monotonic()
    opening = asyncio.ensure_future(asyncio.gather(*(client.open() for client in room)))
    requests = []
    while not opening.done():
        requests.append(await _small_request(base))
        await asyncio.sleep(0.5)
    await opening
    times = [client.interactive for client in room]
    print(f"{clients} clients opened at once: all interactive after {time.monotonic() - started:.1f} s")
    print(f"  time until interactive: p50 {_percentile(times, 0.5):.1f} s, p95 {_percentile(times, 0.95):.1f} s, "
          f"max {max(times):.1f} s")
    print("  " + _line("small request answered meanwhile", requests))
    memory = [_memory(pid) for pid in server.kernels()]
    rss, pss = [m[0] for m in memory], [m[1] for m in memory]
    server_rss, _ = _memory(server.process.pid)
    print(f"  kernel memory per client: resident {statistics.mean(rss):.0f} MB (max {max(rss):.0f}), "
          f"proportional {statistics.mean(pss):.0f} MB (max {max(pss):.0f}); "
          f"{len(memory)} kernels, {sum(pss) / 1024:.1f} GB in all; the server itself {server_rss:.0f} MB")
    clicker = room[0]
    answers, requests = await _clicks(clicker, base, clicks)
    print(f"the other {clients - 1} idle:")
    print("  " + _line("click answered", answers))
    print("  " + _line("small request answered", requests))
    for client in room[1:busy + 1]:  # Myra's computer, the slower one
        await client.choose("Myra")
        await client.choose("live game")
    stop = asyncio.Event()
    working = [asyncio.ensure_future(_computer_moves(client, stop)) for client in room[1:busy + 1]]
    await asyncio.sleep(1)
    answers, requests = await _clicks(clicker, base, clicks)
    stop.set()
    moves = await asyncio.gather(*working)
    print(f"{busy} of the others playing computer moves one after another ({sum(moves)} moves):")
    print("  " + _line("click answered", answers))
    print("  " + _line("small request answered", requests))
    await asyncio.gather(*(client.close() for client in [*room, alone]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=20, help="clients opening the classroom at once")
    parser.add_argument("--busy", type=int, default=5, help="of them, how many play computer moves")
    parser.add_argument("--clicks", type=int, default=12, help="clicks timed in each case")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="classroom-bench-") as home:
        server = JupyterServer("class", REPO, Path(home), options=(
            f"--students={options.clients + 1}", f"--per-address={options.clients + 2}"))
        try:
            asyncio.run(bench(server, options.clients, options.busy, options.clicks))
        finally:
            server.stop()


if __name__ == "__main__":
    main()
