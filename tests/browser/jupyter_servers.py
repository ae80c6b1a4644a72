"""Jupyter servers (JupyterLab, Voila) run for one test session in throwaway directories.

A :class:`JupyterServer` owns one server process on a free localhost port: its own token,
its own config/data/runtime dirs (the user's Jupyter setup is neither read for settings nor
written), a ``python3`` kernel that is the Python running the tests, and a log file. It is
stopped with its whole process tree, kernels included.

The "classroom" kind is the one-machine command, ``voila lessons/classroom.ipynb`` run from the
repository top without a token, so it reads the kit's ``voila.json`` as a teacher's does. The
"class" kind is the teacher's class server, ``python -m kit class serve`` with its class kept
under ``home``: :attr:`JupyterServer.students` and :attr:`JupyterServer.projector` are the
addresses it printed, :meth:`JupyterServer.wait_for_log` waits for a line (e.g. its pool ready).
"""
from __future__ import annotations

import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

#: JupyterLab user settings written into the throwaway config dir: never save (the notebooks
#: under test are the repository's files), no news or update notifications (no network, no
#: toasts over the page), and every cell rendered in the DOM.
LAB_SETTINGS = {
    "@jupyterlab/docmanager-extension/plugin.jupyterlab-settings": {"autosave": False},
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {
        "fetchNews": "false",
        "checkForUpdates": False,
    },
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
}


def free_port() -> int:
    """A localhost TCP port that nobody listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def jupyter_env(home: Path, repo: Path) -> dict[str, str]:
    """The environment for a server: Jupyter/IPython dirs under ``home``, ``kit`` importable.

    The data dir holds a ``python3`` kernel spec running ``sys.executable``, so notebooks
    run in this Python whatever other kernels are installed.
    """
    dirs = {name: home / name for name in ("config", "data", "runtime", "ipython")}
    for path in dirs.values():
        path.mkdir(parents=True, exist_ok=True)
    spec_dir = dirs["data"] / "kernels" / "python3"
    spec_dir.mkdir(parents=True, exist_ok=True)
    spec = {
        "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
        "display_name": "Python 3 (ipykernel)",
        "language": "python",
    }
    (spec_dir / "kernel.json").write_text(json.dumps(spec, indent=1))
    for name, settings in LAB_SETTINGS.items():
        path = dirs["config"] / "lab" / "user-settings" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(settings))
    env = dict(os.environ)
    env.update(
        JUPYTER_CONFIG_DIR=str(dirs["config"]),
        JUPYTER_DATA_DIR=str(dirs["data"]),
        JUPYTER_RUNTIME_DIR=str(dirs["runtime"]),
        JUPYTER_PREFER_ENV_PATH="0",  # in a virtual env Jupyter would prefer the env's own kernel spec
        IPYTHONDIR=str(dirs["ipython"]),
        PYTHONPATH=os.pathsep.join(filter(None, [str(repo), os.environ.get("PYTHONPATH")])),
        PYTHONUNBUFFERED="1",
    )
    return env


class JupyterServer:
    """One running server: ``url(path)`` gives an address with the token, ``stop()`` ends it."""

    def __init__(self, kind: str, repo: Path, home: Path, start_timeout: float = 90.0,
                 options: tuple[str, ...] = ()) -> None:
        if kind not in ("lab", "voila", "classroom", "class"):
            raise ValueError(f"unknown server kind {kind!r}: expected 'lab', 'voila', 'classroom' or 'class'")
        self.kind = kind
        self.options = options  # more command-line options, e.g. "--ClassroomKernelManager.max_kernels=1"
        self.token = "" if kind in ("classroom", "class") else secrets.token_hex(16)
        home.mkdir(parents=True, exist_ok=True)
        self.log_path = home / f"{kind}.log"
        for attempt in range(3):  # a port found free may be taken before the server binds it (tests run in parallel)
            self.port = free_port()
            self.base = f"http://127.0.0.1:{self.port}"
            self._log = self.log_path.open("wb")
            self.process = subprocess.Popen(
                _dying_with_parent(self._command(repo, home)),
                cwd=repo,
                env=jupyter_env(home, repo),
                stdin=subprocess.DEVNULL,
                stdout=self._log,
                stderr=subprocess.STDOUT,
                start_new_session=True,  # its own process group, killed as one in stop()
            )
            try:
                self._wait_until_answering(start_timeout)
                if kind == "class":
                    self.students = self.wait_for_log("Students open:").split()[-1]
                    self.projector = self.wait_for_log("Projector:").split()[1]
                return
            except RuntimeError:
                self.stop()
                if attempt == 2 or "already in use" not in self.log_path.read_text(errors="replace"):
                    raise
            except BaseException:
                self.stop()
                raise

    def _command(self, repo: Path, home: Path) -> list[str]:
        if self.kind == "class":
            return [sys.executable, "-m", "kit", "class", "serve", f"--port={self.port}", "--ip=127.0.0.1",
                    f"--folder={home / 'class'}", *self.options]
        common = [f"--port={self.port}", "--no-browser"]
        if self.kind == "lab":
            root = ["--allow-root"] if hasattr(os, "geteuid") and os.geteuid() == 0 else []
            return [
                sys.executable, "-m", "jupyterlab", *common, *root,
                "--ServerApp.ip=127.0.0.1",
                "--ServerApp.port_retries=0",
                f"--IdentityProvider.token={self.token}",
                f"--ServerApp.root_dir={repo}",
                "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
            ]
        voila = [sys.executable, "-m", "voila", *common, "--Voila.ip=127.0.0.1",
                 f"--Voila.connection_dir_root={home / 'runtime'}", *self.options]
        if self.kind == "classroom":
            return [*voila, "lessons/classroom.ipynb"]
        return [*voila, str(repo), f"--token={self.token}", "--show_tracebacks=True"]

    def url(self, path: str, query: str = "") -> str:
        """The address of ``path`` (e.g. ``lab/tree/x.ipynb``) on this server, token included;
        ``query`` adds parameters (e.g. ``"reset"``)."""
        query = "&".join(filter(None, [f"token={self.token}" if self.token else "", query]))
        return f"{self.base}/{path.lstrip('/')}" + (f"?{query}" if query else "")

    def end_sessions(self) -> None:
        """Shut down every notebook session on the server with its kernel, so that a notebook
        opened next runs in a fresh kernel, not in one an earlier page left running."""
        with urllib.request.urlopen(self.url("api/sessions"), timeout=10) as response:
            sessions = json.load(response)
        for session in sessions:
            request = urllib.request.Request(self.url(f"api/sessions/{session['id']}"), method="DELETE")
            urllib.request.urlopen(request, timeout=30).close()

    def kernels(self) -> list[int]:
        """The process ids of the server's kernels running now (Linux ``/proc``)."""
        found = []
        for pid, _ in _descendants(self.process.pid):
            try:
                if b"ipykernel" in Path(f"/proc/{pid}/cmdline").read_bytes():
                    found.append(pid)
            except OSError:
                continue
        return found

    def wait_for_log(self, text: str, timeout: float = 600.0) -> str:
        """The first line of the log holding ``text``, once it is there."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            self._log.flush()
            for line in self.log_path.read_text(errors="replace").splitlines():
                if text in line:
                    return line
            if self.process.poll() is not None:
                raise RuntimeError(f"the server ended before saying {text!r}:\n{self.log_tail()}")
            time.sleep(0.2)
        raise TimeoutError(f"the server did not say {text!r} within {timeout:.0f} s:\n{self.log_tail()}")

    def log_tail(self, lines: int = 40) -> str:
        """The last lines of the server's log, for failure messages."""
        self._log.flush()
        text = self.log_path.read_text(errors="replace").splitlines()
        return "\n".join(text[-lines:])

    def _wait_until_answering(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        # the classroom's page would start a kernel: its server is asked for a static file
        probe = self.url({"lab": "api/status", "voila": "", "classroom": "voila/static/voila.js",
                          "class": "voila/static/voila.js"}[self.kind])
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(
                    f"{self.kind} server exited with code {self.process.returncode} before answering;"
                    f" log {self.log_path}:\n{self.log_tail()}"
                )
            try:
                with urllib.request.urlopen(probe, timeout=5) as response:
                    if response.status == 200:
                        return
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                pass
            time.sleep(0.25)
        raise TimeoutError(
            f"{self.kind} server did not answer {probe} within {timeout:.0f} s;"
            f" log {self.log_path}:\n{self.log_tail()}"
        )

    def stop(self, grace: float = 15.0) -> None:
        """End the server, its kernels and anything else it started; safe to call twice."""
        if self.process.poll() is None:
            stragglers = _descendants(self.process.pid)  # kernels run in sessions of their own
            _signal_group(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(grace)
            except subprocess.TimeoutExpired:
                _signal_group(self.process.pid, signal.SIGKILL)
                self.process.wait(grace)
            for pid, started in stragglers:
                if _started(pid) == started:  # still the same process, not a recycled pid
                    _signal_group(pid, signal.SIGKILL)
        self._log.close()


#: Runs a command (argv[1:]) that gets SIGTERM should the test process die without cleaning
#: up (killed by a CI timeout, say): Linux's parent-death signal survives the exec.
_PARENT_DEATH_EXEC = (
    "import ctypes, os, signal, sys; "
    "ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM); "  # 1 = PR_SET_PDEATHSIG
    "os.execv(sys.argv[1], sys.argv[1:])"
)


def _dying_with_parent(command: list[str]) -> list[str]:
    """``command`` set to end with the test process (on Linux; unchanged elsewhere)."""
    if not sys.platform.startswith("linux"):
        return command
    return [sys.executable, "-c", _PARENT_DEATH_EXEC, *command]


def _signal_group(pid: int, sig: int) -> None:
    try:
        os.killpg(pid, sig)
    except (ProcessLookupError, PermissionError):
        try:
            os.kill(pid, sig)
        except (ProcessLookupError, PermissionError):
            pass


def _started(pid: int) -> str | None:
    """When a process started (Linux ``/proc``), None if it is gone."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[19]
    except (OSError, IndexError):
        return None


def _descendants(pid: int) -> list[tuple[int, str]]:
    """Every process below ``pid`` with its start time (Linux ``/proc``; empty elsewhere)."""
    children: dict[int, list[tuple[int, str]]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        children.setdefault(int(fields[1]), []).append((int(stat.parent.name), fields[19]))
    found, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child[0])
    return found
