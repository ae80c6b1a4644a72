"""The classroom server's settings: ``voila.json`` names the kit's parts and holds the
culling, the cap and the page's rules; the kernel manager's cap refuses the page beyond it.

A real server with these settings is tested in ``tests/browser/test_classroom_server.py``.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from jupyter_server.services.kernels.connection.base import BaseKernelWebsocketConnection
from jupyter_server.services.kernels.kernelmanager import MappingKernelManager
from tornado.web import HTTPError
from traitlets.utils.importstring import import_item

from kit.classroom.server import ClassroomKernelManager

SETTINGS = json.loads((Path(__file__).resolve().parents[1] / "voila.json").read_text())


def test_the_settings_name_the_kits_parts() -> None:
    manager = import_item(SETTINGS["VoilaConfiguration"]["multi_kernel_manager_class"])
    connection = import_item(SETTINGS["Voila"]["kernel_websocket_connection_class"])
    assert issubclass(manager, MappingKernelManager) and issubclass(connection, BaseKernelWebsocketConnection)


def test_kernels_nobody_is_connected_to_end_within_a_minute() -> None:
    culling = SETTINGS["MappingKernelManager"]
    assert culling["cull_idle_timeout"] + culling["cull_interval"] <= 60
    assert culling["cull_connected"] is False  # an open page is never culled


def test_the_page_loads_nothing_from_off_the_machine() -> None:
    policy = SETTINGS["Voila"]["tornado_settings"]["headers"]["Content-Security-Policy"]
    sources = policy.split(";")[0].split()
    assert sources[0] == "default-src" and not any("." in source or "*" in source for source in sources), policy


def test_the_cap_refuses_the_page_beyond_it() -> None:
    manager = ClassroomKernelManager(max_kernels=2)
    manager._kernels["a"] = object()
    manager._pending_kernels["b"] = object()  # a kernel starting counts too
    with pytest.raises(HTTPError) as refused:
        manager.pre_start_kernel("python3", {})
    assert refused.value.status_code == 503
    assert refused.value.reason.startswith("The classroom is full: 2 pages are open")
    del manager._pending_kernels["b"]
    manager.pre_start_kernel("python3", {})  # below the cap: its kernel is set up (not started here)
    manager.max_kernels = 0  # no cap
    manager._pending_kernels["b"] = object()
    manager.pre_start_kernel("python3", {})
