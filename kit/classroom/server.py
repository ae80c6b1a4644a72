"""The classroom server's kernel manager: Voila's own, with a cap on the kernels running at once.

Each browser that opens ``voila lessons/classroom.ipynb`` gets a kernel of its own (about
200 MB). ``voila.json`` at the top of the kit names :class:`ClassroomKernelManager`, so a
page asked for when ``max_kernels`` kernels run already gets a short page saying the class is
full instead of a kernel the machine has no memory for. Culling the kernels of closed pages,
and of plain requests that never open one, is jupyter_server's own
(``MappingKernelManager.cull_idle_timeout``, set in the same file).
"""
from __future__ import annotations

from typing import Any

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado.web import HTTPError
from traitlets import Integer

#: What the page says when the class is full (the HTTP reason: one line of plain text).
FULL = ("The classroom is full: {running} pages are open, as many as this machine serves. "
        "Close a page nobody uses, or try again in a minute.")


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
