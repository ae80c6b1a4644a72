"""The classroom server's parts that Voila's settings name (``voila.json`` at the kit's top).

Each browser that opens ``voila lessons/classroom.ipynb`` gets a kernel of its own (about
150 MB). With :class:`ClassroomKernelManager`, a page asked for when ``max_kernels`` kernels
run already gets a short page saying the class is full instead of a kernel the machine has no
memory for. Culling the kernels of closed pages, and of plain requests that never open one, is
jupyter_server's own (``MappingKernelManager.cull_idle_timeout``, set in the same file).

:class:`ClassroomWebsocketConnection` lets only clients of the current kernel websocket
protocol in: Voila 0.5's websocket handler reads every binary message as one of that
protocol, and a message of the older one (a script's client) sends it into a loop without end
that stops the whole server, every page included.
"""
from __future__ import annotations

from typing import Any

from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado.web import HTTPError
from traitlets import Integer

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


class ClassroomWebsocketConnection(ZMQChannelsWebsocketConnection):
    """jupyter_server's kernel websocket connection, for clients that offer :data:`PROTOCOL`."""

    async def prepare(self) -> None:
        """Refuse (HTTP 400, before the websocket opens) a client that does not offer
        :data:`PROTOCOL`: Voila would read its binary messages wrongly and stall."""
        offered = self.websocket_handler.request.headers.get("Sec-WebSocket-Protocol", "")
        if PROTOCOL not in (name.strip() for name in offered.split(",")):
            raise HTTPError(400, reason=f"This server speaks the kernel websocket protocol {PROTOCOL} only.")
        await super().prepare()
