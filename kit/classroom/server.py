"""The classroom server: Voila's settings and the kit's parts they name.

Two ways to serve the classroom:

- ``voila lessons/classroom.ipynb`` (one machine, the projector): ``voila.json`` at the kit's top
  names :class:`ClassroomKernelManager` (a cap on kernels), :class:`ClassroomWebsocketConnection`
  and :class:`~kit.classroom.access.ClassIdentityProvider` (which, with no class, lets everyone
  in and sets the XSRF cookie the page's close request needs).
- ``python -m kit class serve`` (a class at its own screens): :func:`serve` starts
  :class:`ClassVoila` on ``lessons/`` with a preheated pool of students' pages sized to the
  class and to the memory free, the join page and the teacher's key (:mod:`kit.classroom.access`),
  a cap of pages per address, kernels over IPC, and a page that says "reload the page" when its
  kernel stops.

Each page gets a kernel of its own (about 150 MB). With :class:`ClassroomKernelManager`, a page
asked for when ``max_kernels`` kernels run already gets a short page saying the class is full
instead of a kernel the machine has no memory for. Culling the kernels of closed pages is
jupyter_server's own (``MappingKernelManager.cull_idle_timeout``).

:class:`ClassroomWebsocketConnection` lets only clients of the current kernel websocket
protocol in: Voila 0.5's websocket handler reads every binary message as one of that
protocol, and a message of the older one (a script's client) sends it into a loop without end
that stops the whole server, every page included.
"""
from __future__ import annotations

import asyncio
import contextvars
import ipaddress
import os
import socket
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from jupyter_core.utils import ensure_async
from jupyter_server._tz import utcnow
from jupyter_server.base.handlers import JupyterHandler
from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from jupyter_server.utils import url_path_join
from tornado import web
from tornado.web import HTTPError
from tornado.websocket import WebSocketClosedError
from traitlets import Integer
from traitlets.config import Config
from voila.app import Voila
from voila.request_info_handler import RequestInfoSocketHandler
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler
from voila.tornado.handler import TornadoVoilaHandler

from kit.classroom.access import (CLASS_DB, PROJECTOR, STUDENTS, TEACHER, ClassIdentityProvider, page_path,
                                  student_address, write_error_page)

#: What the page says when the class is full (the HTTP reason: one line of plain text).
FULL = ("The classroom is full: {running} pages are open, as many as this machine serves. "
        "Close a page nobody uses, or try again in a minute.")

#: The kernel websocket protocol the browsers' pages speak (jupyter_server's "v1").
PROTOCOL = "v1.kernel.websocket.jupyter.org"


class ClassroomKernelManager(AsyncMappingKernelManager):
    """Voila's kernel manager with a cap: no more than ``max_kernels`` kernels at once."""

    max_kernels = Integer(30, config=True, help="The most kernels (open pages) running at once; 0: no cap.")

    def running(self) -> int:
        """The kernels running or starting now."""
        return len(self._kernels.keys() | self._pending_kernels.keys())

    def pre_start_kernel(self, kernel_name: str | None, kwargs: Any) -> Any:
        """Refuse a new kernel when ``max_kernels`` run already (an HTTP 503 with :data:`FULL`).

        Checked here, not in ``start_kernel``, because jupyter_client registers the kernel as
        pending right after this call with no wait in between: pages asked for at the same
        moment cannot slip past the cap together.
        """
        running = self.running()
        if self.max_kernels and running >= self.max_kernels:
            self.log.warning("Classroom full: %d kernels running, a new page refused", running)
            raise HTTPError(503, reason=FULL.format(running=running))
        return super().pre_start_kernel(kernel_name, kwargs)

    async def start_kernel(self, **kwargs: Any) -> str:  # type: ignore[override]
        """Start a kernel; one started for a page (not for a pool) is recorded as that page's."""
        kernel_id: str = await super().start_kernel(**kwargs)
        pages = getattr(self, "pages", None)
        if pages is not None and kwargs.get("env", {}).get("VOILA_PREHEAT") == "False":
            _record(pages, kernel_id)
        return kernel_id


class ClassroomWebsocketConnection(ZMQChannelsWebsocketConnection):
    """jupyter_server's kernel websocket connection, for clients that offer :data:`PROTOCOL`."""

    async def prepare(self) -> None:
        """Refuse (HTTP 400, before the websocket opens) a client that does not offer
        :data:`PROTOCOL`: Voila would read its binary messages wrongly and stall."""
        offered = self.websocket_handler.request.headers.get("Sec-WebSocket-Protocol", "")
        handler = self.websocket_handler
        if PROTOCOL not in (name.strip() for name in offered.split(",")):
            self._refuse(400, f"This server speaks the kernel websocket protocol {PROTOCOL} only.")
        pages = handler.settings.get("kit_pages")
        if pages is not None and not pages.may_use(self.kernel_id, handler.current_user.username):
            self._refuse(403, "This is another page's kernel.")
        await super().prepare()

    def _refuse(self, status: int, reason: str) -> None:
        """End the request with ``status`` and one line (jupyter_server's error page needs
        templates Voila does not have: its traceback filled the log)."""
        handler = self.websocket_handler
        handler.set_status(status, reason=reason)
        self.log.warning("%d %s: %s", status, handler.request.path, reason)
        raise web.Finish(reason)


# -- the class server (python -m kit class serve) ------------------------------------------

#: Resident memory of one pooled students' page kernel, in MB (measured by
#: ``benchmarks/classroom_server_bench.py``), and what the system and the server keep.
KERNEL_MB, SYSTEM_MB = 150, 1024
#: Students' pages kept ready beyond the seats still empty (for reloads and late comers).
SPARE = 2
#: Pages one address may hold open at once (the teacher's are not counted).
PER_ADDRESS = 4
#: Seconds a class page's kernel lives with no page connected: a page's browser may take a
#: while to connect on a busy machine (only the class starts kernels, so no stranger's waits).
CLASS_IDLE = 180

#: What a page gets when three kernels in a row stopped while it was given one (the HTTP reason).
NOT_STARTED = "This page's Python kernel stopped while it started: reload the page in a moment."

#: Kernels a page is given at most, one after the other, when they stop while they start.
PAGE_TRIES = 3

#: Seconds a page waits for a pooled kernel whose page is built and waits for its request
#: (then it takes the first in the pool, as Voila does).
READY_WAIT = 60.0

#: Written into a page whose kernel stopped while the page was being sent: the browser asks for
#: the page again (another kernel), at most three times in two minutes, then says to reload.
ASK_AGAIN_SCRIPT = """<script>
(function () {
  var key = "kit-page-asked-again", now = Date.now();
  var times = JSON.parse(sessionStorage.getItem(key) || "[]").filter(function (t) { return now - t < 120000; });
  if (times.length < 3) {
    times.push(now);
    sessionStorage.setItem(key, JSON.stringify(times));
    location.reload();
    return;
  }
  var text = "This page's Python kernel stopped while it started, three times: reload the page in a minute.";
  if (window.kitLostNote && document.body) { window.kitLostNote(text); } else { document.write(text); }
})();
</script>"""

#: What a page beyond the cap of its address gets (the HTTP reason: one line).
TOO_MANY = ("This machine has {open} class pages open already, as many as one machine may: "
            "close one (or wait a minute), then reload this page.")

#: The settings both servers share (``voila.json`` holds them too; a test checks they agree).
CULLING = {"cull_idle_timeout": 45, "cull_interval": 10, "cull_connected": False, "cull_busy": False}
HEADERS = {"Content-Security-Policy": "default-src 'self' 'unsafe-inline' 'unsafe-eval' data: blob:; "
                                      "frame-ancestors 'self'"}

#: Put into every class page: asks the server every few seconds whether the page's kernel
#: still runs, and if it stopped says so over the page (instead of a spinner or dead buttons).
LOST_KERNEL_SCRIPT = """<script>
(function () {
  var every = 4000;
  window.kitLostNote = function (text) {  // the banner over the page (ASK_AGAIN_SCRIPT's too)
    var note = document.createElement("div");
    note.className = "kit-lost";
    note.setAttribute("role", "alert");
    note.style.cssText = "position:fixed;top:0;left:0;right:0;z-index:100000;padding:1em 1.5em;" +
      "background:#fff3cd;color:#1a1a1a;border-bottom:3px solid #a40000;font:bold 22px system-ui,sans-serif";
    note.textContent = text;
    document.body.appendChild(note);
    var spinner = document.getElementById("loading");
    if (spinner) { spinner.style.display = "none"; }
  };
  function lost() {
    window.kitLostNote("This page has lost its Python kernel (it stopped). Reload the page to carry on: " +
      "what you answered is kept.");
  }
  var opened = Date.now();
  function stalled() {  // the page came, its kernel runs, but its widgets never showed: ask once more
    if (document.querySelector(".widget-button") || Date.now() - opened < 90000) { return false; }
    var key = "kit-page-asked-for-widgets", last = Number(sessionStorage.getItem(key) || 0);
    if (Date.now() - last < 600000) { return false; }
    sessionStorage.setItem(key, String(Date.now()));
    location.reload();
    return true;
  }
  function check() {
    var config = document.getElementById("jupyter-config-data");
    if (!config || !document.body) { setTimeout(check, every); return; }
    if (stalled()) { return; }
    var data = JSON.parse(config.textContent);
    fetch(data.baseUrl + "kit/alive/" + data.kernelId, {credentials: "same-origin", cache: "no-store"})
      .then(function (answer) { return answer.ok ? answer.json() : {alive: answer.status !== 404 && answer.status !== 410}; })
      .then(function (state) { if (state.alive) { setTimeout(check, every); } else { lost(); } },
            function () { setTimeout(check, every); });
  }
  setTimeout(check, every);
})();
</script>"""


@dataclass(frozen=True)
class Fit:
    """How many kernels the machine holds, and what the class gets of them."""

    students: int  #: the class size the teacher gave
    available_mb: int  #: memory free at start
    room: int  #: the kernels that memory holds
    max_kernels: int  #: the cap on kernels (pages and pool together)
    pool: int  #: students' pages ready at start

    @property
    def seats(self) -> int:
        """Students who can have a page open at once."""
        return max(0, min(self.students, self.max_kernels - SPARE - 2))

    def __str__(self) -> str:
        text = (f"{self.available_mb / 1024:.1f} GB free, room for {self.room} kernels of about {KERNEL_MB} MB; "
                f"at most {self.max_kernels} kernels run (the students' pages, {SPARE} spare, the projector's, "
                f"one machine's beyond the class); "
                f"{self.pool} students' pages are prepared before anyone asks")
        if self.seats < self.students:
            text += (f". This machine holds the pages of {self.seats} students at once, not {self.students}: "
                     "close other programs or use a machine with more memory")
        return text


def available_mb() -> int:
    """The memory the system can give without swapping, in MB (Linux ``/proc/meminfo``)."""
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemAvailable:"):
                return int(line.split()[1]) // 1024
    except OSError:
        pass
    return 4096  # elsewhere: assume a small school machine


def fit(students: int, available: int | None = None, per_address: int = PER_ADDRESS) -> Fit:
    """The cap and the pool for a class of ``students`` on a machine with ``available`` MB free;
    the cap leaves room for one machine's ``per_address`` pages beyond the class (a flood).

    >>> fit(30, 24_000).max_kernels, fit(30, 24_000).pool
    (38, 30)
    >>> fit(30, 3_000)
    Fit(students=30, available_mb=3000, room=13, max_kernels=13, pool=11)
    """
    available = available_mb() if available is None else available
    room = max(3, (available - SYSTEM_MB) // KERNEL_MB)
    cap = min(room, students + SPARE + 2 + per_address)  # the students, the spare pages, the projector's page
    return Fit(students, available, room, cap, max(1, min(students, cap - 2)))  # and pool, one machine's pages


class Pages:
    """The pages the class server handed out: who holds which kernel, from which address."""

    def __init__(self, manager: Any, per_address: int, students: int) -> None:
        self.manager = manager
        self.per_address = per_address
        self.students = students
        self.owners: dict[str, tuple[str, str]] = {}  # kernel id: (address, user name)
        self.opening: dict[str, int] = {}  # address: pages being opened now

    def open_from(self, address: str) -> int:
        """Pages open or opening from ``address`` (teacher's pages not counted)."""
        alive = sum(1 for kid, (where, who) in list(self.owners.items())
                    if where == address and who != TEACHER and kid in self.manager)
        return alive + self.opening.get(address, 0)

    def closed(self, address: str) -> None:
        """One page being opened from ``address`` has its kernel, or failed."""
        self.opening[address] -= 1
        if not self.opening[address]:
            del self.opening[address]

    def students_open(self) -> int:
        return sum(1 for kid, (_, who) in list(self.owners.items()) if who != TEACHER and kid in self.manager)

    def may_use(self, kernel_id: str, user: str) -> bool:
        """Whether ``user`` may reach the kernel ``kernel_id`` (its page's owner, or the teacher)."""
        owner = self.owners.get(kernel_id)
        return owner is None or user in (owner[1], TEACHER)


@dataclass
class _Claim:
    """A page being opened: counted in :attr:`Pages.opening` until its kernel is known."""

    address: str
    user: str
    kernel_id: str = ""


#: The page being opened in this request's task (read where its kernel id becomes known).
_OPENING: contextvars.ContextVar[_Claim | None] = contextvars.ContextVar("kit_opening", default=None)


def _record(pages: Pages, kernel_id: str) -> None:
    """The page being opened has its kernel: it counts as that kernel from now on."""
    claim = _OPENING.get()
    if claim is not None and not claim.kernel_id:
        claim.kernel_id = kernel_id
        pages.owners[kernel_id] = (claim.address, claim.user)
        pages.closed(claim.address)


class ClassPageHandler(TornadoVoilaHandler):
    """Voila's page, for the two class notebooks only, with a cap of pages per address."""

    @web.authenticated
    async def get(self, path: str | None = None) -> None:
        pages: Pages = self.settings["kit_pages"]
        user = self.current_user.username
        if path not in (PROJECTOR, STUDENTS):
            raise web.HTTPError(404, reason="Only the class's pages are served here.")
        if user == TEACHER and path == PROJECTOR and not self.get_query_argument("key", None):
            # the projector's kernel learns it is the teacher's from its address alone
            # (cookies never reach kernels): a teacher who came back by the cookie gets the key in it
            key = self.identity_provider.db.teacher_key
            self.redirect(f"{page_path(PROJECTOR, self.base_url)}?{urlencode({'key': key})}")
            return
        if user != TEACHER and not self.get_query_argument("seat", None):
            student = self.identity_provider.seat(self)
            if student is not None:
                self.redirect(student_address(self.base_url, student.token))
                return
        address = self.request.remote_ip or ""
        if user != TEACHER:
            already = pages.open_from(address)
            if already >= pages.per_address:
                self.log.warning("Class: %s has %d pages open, one more refused", address, already)
                raise web.HTTPError(429, reason=TOO_MANY.format(open=already))
        pages.opening[address] = pages.opening.get(address, 0) + 1
        claim = _Claim(address, user)
        token = _OPENING.set(claim)
        try:
            await self._send(path, pages, claim)
        finally:
            _OPENING.reset(token)
            if not claim.kernel_id:
                pages.closed(address)

    async def _send(self, path: str, pages: Pages, claim: _Claim) -> None:
        """Send the page; if its kernel stops while it starts, take another (the page not begun)
        or have the browser ask again (the page begun: it cannot be taken back)."""
        for attempt in range(1, PAGE_TRIES + 1):
            begun = headed = False
            try:
                async for snippet in self.get_generator(path=path):
                    if not headed and "</head>" in snippet:
                        snippet = snippet.replace("</head>", LOST_KERNEL_SCRIPT + "</head>", 1)
                        headed = True
                    self.write(snippet)
                    self.flush()
                    begun = True
                if claim.kernel_id and not await _alive(self.kernel_manager, claim.kernel_id):
                    raise KernelGone(claim.kernel_id)  # Voila wrote "An exception occurred" into the page
                return
            except HTTPError:  # the class is full, or no kernel would start
                raise
            except Exception as error:  # the page's kernel stopped while it started
                if claim.kernel_id:  # the page is being opened again
                    pages.owners.pop(claim.kernel_id, None)
                    claim.kernel_id = ""
                    pages.opening[claim.address] = pages.opening.get(claim.address, 0) + 1
                if begun:
                    self.log.warning("Class: a page's kernel stopped while its page was sent (%s); "
                                     "the browser asks again", error)
                    self.write(ASK_AGAIN_SCRIPT)
                    return
                if attempt == PAGE_TRIES:
                    raise
                self.log.warning("Class: a page's kernel stopped before its page was sent (%s); "
                                 "another is taken", error)

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        write_error_page(self, status_code, **kwargs)


class AliveHandler(JupyterHandler):
    """``GET /kit/alive/<kernel id>``: whether a page's kernel still runs (the page asks)."""

    @web.authenticated
    async def get(self, kernel_id: str) -> None:
        pages: Pages = self.settings["kit_pages"]
        if not pages.may_use(kernel_id, self.current_user.username):
            raise web.HTTPError(403)
        alive = kernel_id in pages.manager and await ensure_async(pages.manager.get_kernel(kernel_id).is_alive())
        self.set_header("Cache-Control", "no-store")
        self.finish({"alive": bool(alive)})


class OwnShutdownHandler(VoilaShutdownKernelHandler):
    """Voila's close request, for the page's own kernel only."""

    @web.authenticated
    async def post(self, kernel_id: str) -> None:
        if not self.settings["kit_pages"].may_use(kernel_id, self.current_user.username):
            raise web.HTTPError(403)
        await super().post(kernel_id)


class LoopbackRequestInfoHandler(RequestInfoSocketHandler):
    """Voila's request-info socket (a pooled kernel learns its page's query there), for the
    kernels on this machine only: it needs no login and keeps its last message."""

    def open(self, kernel_id: str) -> None:
        address = self.request.remote_ip or "0.0.0.0"
        if not (ipaddress.ip_address(address).is_loopback or address in self.settings.get("kit_kernel_ips", ())):
            self.close(code=1008, reason="Only the server's own kernels ask here.")
            return
        super().open(kernel_id)

    def on_close(self) -> None:
        if self in RequestInfoSocketHandler._waiters.values():
            super().on_close()

    @staticmethod
    def send_kept(message: dict[str, Any]) -> None:
        """Voila's ``send_updates``, except that the request is kept for its kernel even when a
        socket waits (a write to a socket that broke half-way was lost, and its page hung): a
        kernel that asks again gets it (it is forgotten when the kernel shuts down)."""
        kernel_id, payload = message["kernel_id"], message["payload"]
        RequestInfoSocketHandler._cache[kernel_id] = payload
        waiter = RequestInfoSocketHandler._waiters.get(kernel_id)
        if waiter is not None:
            try:
                waiter.write_message(payload)
            except WebSocketClosedError:  # the kernel asks again
                pass


class ClassVoila(Voila):
    """Voila serving ``lessons/`` to a class: see :func:`serve`."""

    def __init__(self, settings: Config, fit: Fit, per_address: int, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.class_settings = settings
        self.fit = fit
        self.per_address = per_address
        self.started = time.monotonic()

    def load_config_file(self, *args: Any, **kwargs: Any) -> None:
        super().load_config_file(*args, **kwargs)
        merged = Config(self.config)
        merged.merge(self.class_settings)
        merged.merge(self.cli_config)  # the command line still wins
        self.update_config(merged)

    def init_settings(self) -> dict[str, Any]:
        settings = super().init_settings()
        self.pages = Pages(self.kernel_manager, self.per_address, self.fit.students)
        self.kernel_manager.pages = self.pages
        settings["kit_pages"] = self.pages
        settings["kit_kernel_ips"] = (self.ip,)
        _pool_with_checks(self.kernel_manager, self.pages, self.log)
        asyncio.get_event_loop().create_task(self._say_when_ready())
        return settings

    def init_handlers(self) -> list[Any]:
        swap = {TornadoVoilaHandler: ClassPageHandler, VoilaShutdownKernelHandler: OwnShutdownHandler,
                RequestInfoSocketHandler: LoopbackRequestInfoHandler}
        RequestInfoSocketHandler.send_updates = LoopbackRequestInfoHandler.send_kept  # Voila's handler calls it
        handlers = [(rule[0], swap.get(rule[1], rule[1]), *rule[2:]) for rule in super().init_handlers()]
        kernel_id = r"(?P<kernel_id>\w+-\w+-\w+-\w+-\w+)"
        return [(url_path_join(self.server_url, rf"/kit/alive/{kernel_id}"), AliveHandler), *handlers]

    def stop(self) -> None:
        """Shut every kernel down (Voila's own stop leaves them running), then stop."""
        try:
            asyncio.get_event_loop().run_until_complete(self.kernel_manager.shutdown_all(now=True))
        except Exception as error:  # stopping anyway
            self.log.warning("Class: kernels not all shut down: %s", error)
        super().stop()

    async def _say_when_ready(self) -> None:
        """Print, once every students' page of the first pool has run up to waiting for its
        student, how long the pool took to fill."""
        wanted = self.fit.pool
        while True:
            await asyncio.sleep(0.5)
            pool = self.kernel_manager._pools.get(STUDENTS, [])
            waiting = sum(1 for item in pool if _waiting(item))
            if waiting >= wanted or self.pages.owners:
                break
        print(f"The class is ready: {waiting} students' pages prepared in "
              f"{time.monotonic() - self.started:.0f} s.", flush=True)


def _pool_with_checks(manager: Any, pages: Pages, log: Any) -> None:
    """Make the pool hand out live kernels only (a kernel that died waiting is replaced), keep
    it no larger than the seats still empty need, and record whose page each kernel is."""
    take, close = manager.get_rendered_notebook, manager.shutdown_kernel
    configured = {name: entry.get("pool_size", 0) for name, entry in manager.kernel_pools_config.items()}

    def drop(kernel_id: str) -> None:
        log.warning("Class: pooled kernel %s had stopped (or had not waited for its page); it is replaced", kernel_id)
        asyncio.ensure_future(_quietly(manager.shutdown_kernel(kernel_id, now=True)))

    def prune(pool: list[Any]) -> None:
        """Take out of ``pool`` the kernels that failed to start (a refill the cap refused): Voila
        reads every pooled kernel when a page closes, and one failed would fail every close."""
        for item in list(pool):
            if _failed(item):
                pool.remove(item)

    async def waiting_first(pool: list[Any]) -> None:
        """Put first in ``pool`` a kernel whose page waits for its request, waiting up to
        :data:`READY_WAIT` seconds for one: a kernel handed out while it still built its page's
        widgets raced the browser, which then showed no widget at all (a blank page)."""
        deadline = time.monotonic() + READY_WAIT
        while pool:
            for item in pool:
                if _waiting(item):
                    pool.remove(item)
                    pool.insert(0, item)
                    return
            if time.monotonic() > deadline:
                return
            await asyncio.sleep(0.2)

    async def get_rendered_notebook(notebook_name: str, **kwargs: Any) -> Any:
        pool = manager._pools.get(notebook_name, [])
        if notebook_name == STUDENTS:
            empty = max(0, pages.students - pages.students_open() - 1)
            manager.kernel_pools_config[STUDENTS] = {
                **manager.kernel_pools_config.get(STUDENTS, {}),
                "pool_size": max(SPARE, min(configured.get(STUDENTS, 0), empty + SPARE))}
        for _ in range(PAGE_TRIES):  # a kernel that stops while handed out is rare: three tries
            prune(pool)
            for item in list(pool):
                if item.done() and not await _alive(manager, item.result()["kernel_id"]):
                    pool.remove(item)
                    drop(item.result()["kernel_id"])
            if not pool:
                manager.fill_if_needed(delay=0, notebook_name=notebook_name)
            await waiting_first(pool)
            try:  # Voila takes the pool's first kernel, then waits for it to start
                task, cache, kernel_id = await take(notebook_name=notebook_name, **kwargs)
            except HTTPError:  # the class is full
                raise
            except Exception as error:  # it did not start: the next one
                log.warning("Class: a pooled kernel for %s did not start (%s); another is taken", notebook_name, error)
                continue
            if await _alive(manager, kernel_id) and not task.done():  # a pooled page waits for its request
                break
            task.cancel()
            drop(kernel_id)
        else:
            raise HTTPError(503, reason=NOT_STARTED)
        manager.get_kernel(kernel_id).last_activity = utcnow()  # it waited idle: not to be culled now
        _record(pages, kernel_id)
        return task, cache, kernel_id

    async def shutdown_kernel(kernel_id: str, *args: Any, **kwargs: Any) -> Any:
        refused = [name for name, pool in manager._pools.items()
                   if any(_failed(item) for item in pool)]
        for name in refused:
            prune(manager._pools[name])
        done = await close(kernel_id, *args, **kwargs)
        RequestInfoSocketHandler._cache.pop(kernel_id, None)
        for name in refused:  # a kernel is free now: the pool takes it up again
            manager.fill_if_needed(delay=0, notebook_name=name)
        return done

    manager.get_rendered_notebook = get_rendered_notebook
    manager.shutdown_kernel = shutdown_kernel


def _failed(item: Any) -> bool:
    """Whether a pool's kernel (a future) ended without a kernel: cancelled, or its start failed."""
    return bool(item.done() and (item.cancelled() or item.exception() is not None))


def _waiting(item: Any) -> bool:
    """Whether a pool's kernel has started and its page waits for its request."""
    return bool(item.done() and not _failed(item) and item.result()["kernel_id"] in RequestInfoSocketHandler._waiters)


async def _alive(manager: Any, kernel_id: str) -> bool:
    """Whether the kernel ``kernel_id`` is one of ``manager``'s and its process runs."""
    return kernel_id in manager and bool(await ensure_async(manager.get_kernel(kernel_id).is_alive()))


class KernelGone(Exception):
    """A page's kernel stopped while its page was sent (Voila then ends the page with its error)."""


async def _quietly(work: Any) -> None:
    try:
        await work
    except Exception:  # a kernel gone already
        pass


def class_settings(fit: Fit, ip: str) -> Config:
    """Voila's settings for a class (they add to ``voila.json``'s and win over them)."""
    env = {"VOILA_APP_IP": "127.0.0.1" if ip in ("0.0.0.0", "", "::") else ip}  # where a pooled page asks who it is
    return Config({
        "Voila": {
            "identity_provider_class": ClassIdentityProvider,
            "kernel_websocket_connection_class": ClassroomWebsocketConnection,
            "tornado_settings": {"disable_check_xsrf": False, "headers": HEADERS},
            "connection_dir_root": tempfile.gettempdir(),  # short: IPC socket paths stop near 107 characters
            "port_retries": 0,
        },
        "VoilaConfiguration": {
            "preheat_kernel": True,
            "multi_kernel_manager_class": "kit.classroom.server.ClassroomKernelManager",
            "show_tracebacks": False,
        },
        "VoilaKernelManager": {
            "kernel_pools_config": {"default": {"pool_size": 0, "kernel_env_variables": env},
                                    STUDENTS: {"pool_size": fit.pool, "kernel_env_variables": env},
                                    PROJECTOR: {"pool_size": 1, "kernel_env_variables": env}},
        },
        "ClassroomKernelManager": {"max_kernels": fit.max_kernels},
        "MappingKernelManager": {**CULLING, "cull_idle_timeout": CLASS_IDLE},
        "KernelManager": {"transport": "ipc", "autorestart": False},
    })


def lan_address() -> str:
    """This machine's address on its network, for the addresses printed (nothing is sent:
    connecting a UDP socket only picks the route)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.255.255.255", 1))
            return str(probe.getsockname()[0])
        except OSError:
            return socket.gethostname()


def serve(lessons: Path, database: Path, students: int = 30, port: int = 8866, ip: str = "0.0.0.0",
          per_address: int = PER_ADDRESS, available: int | None = None) -> None:
    """Serve ``lessons/`` to a class kept in ``database`` until interrupted (see the module);
    prints the students' address, the projector's and what the machine's memory holds."""
    from kit.classes.db import ClassDB

    db = ClassDB(database)
    code, key, secret = db.class_code, db.teacher_key, db.meta("secret")
    db.close()
    os.environ[CLASS_DB] = str(database)
    sized = fit(students, available, per_address)
    host = lan_address() if ip in ("0.0.0.0", "", "::") else ip
    base = f"http://{host}:{port}"
    print(f"Students open:  {base}/?code={code}", flush=True)
    print(f"Projector:      {base}/voila/render/{PROJECTOR}?key={key}  (the teacher's key: never show it)")
    print(f"Class database: {database}")
    print(f"Memory: {sized}.", flush=True)
    settings = class_settings(sized, ip)
    settings.Voila.cookie_secret = secret.encode()
    app = ClassVoila(settings, sized, per_address)
    app.initialize([str(lessons), f"--port={port}", f"--Voila.ip={ip}", "--no-browser"])
    app.start()
