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

from kit.classroom.access import ClassIdentityProvider
from kit.classroom.server import (CLASS_IDLE, CULLING, HEADERS, KERNEL_MB, PER_ADDRESS, SPARE, SYSTEM_MB, ClassroomKernelManager, Pages,
                                  class_settings, fit)

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


def test_the_xsrf_check_is_on_and_the_page_gets_its_cookie() -> None:
    assert SETTINGS["Voila"]["tornado_settings"]["disable_check_xsrf"] is False
    provider = import_item(SETTINGS["Voila"]["identity_provider_class"])
    assert provider is ClassIdentityProvider


def test_both_servers_cull_and_guard_the_page_alike() -> None:
    assert SETTINGS["MappingKernelManager"] == CULLING
    assert SETTINGS["Voila"]["tornado_settings"]["headers"] == HEADERS
    settings = class_settings(fit(30, 8_000), "0.0.0.0")
    assert settings.MappingKernelManager == {**CULLING, "cull_idle_timeout": CLASS_IDLE}
    assert settings.Voila.tornado_settings["headers"] == HEADERS
    assert settings.Voila.tornado_settings["disable_check_xsrf"] is False


def test_the_class_server_pools_the_pages_and_talks_to_kernels_over_ipc() -> None:
    settings = class_settings(fit(30, 24_000), "0.0.0.0")
    assert settings.KernelManager.transport == "ipc"  # no TCP port race between kernels starting at once
    assert settings.VoilaConfiguration.preheat_kernel is True
    pools = settings.VoilaKernelManager.kernel_pools_config
    assert pools["default"]["pool_size"] == 0  # the lessons get no pool
    assert pools["student.ipynb"]["pool_size"] == 30 and pools["classroom.ipynb"]["pool_size"] == 1
    assert pools["student.ipynb"]["kernel_env_variables"]["VOILA_APP_IP"] == "127.0.0.1"


@pytest.mark.parametrize("students, free", [(30, 24_000), (30, 4_000), (30, 2_000), (5, 2_500), (200, 64_000)])
def test_the_cap_and_the_pool_fit_the_memory_free(students: int, free: int) -> None:
    sized = fit(students, free)
    assert sized.max_kernels <= max(3, (free - SYSTEM_MB) // KERNEL_MB)
    assert 1 <= sized.pool <= students and sized.pool + 2 <= max(sized.max_kernels, 3)
    assert sized.max_kernels <= students + SPARE + 2 + PER_ADDRESS
    if sized.seats < students:
        assert f"holds the pages of {sized.seats} students at once, not {students}" in str(sized)


def test_a_page_kernel_is_its_owners_and_the_teachers() -> None:
    manager = ClassroomKernelManager()
    pages = Pages(manager, per_address=2, students=30)
    manager._kernels["k1"] = object()
    pages.owners["k1"] = ("10.0.0.5", "student-1")
    pages.owners["gone"] = ("10.0.0.5", "student-1")  # a kernel that ended counts no more
    assert pages.may_use("k1", "student-1") and pages.may_use("k1", "teacher")
    assert not pages.may_use("k1", "student-2")
    assert pages.open_from("10.0.0.5") == 1 and pages.open_from("10.0.0.6") == 0
    pages.opening["10.0.0.5"] = 1  # a page being opened counts too
    assert pages.open_from("10.0.0.5") == 2
