"""The students' page (``lessons/student.ipynb``): who the page is for, and what it shows them.

The class server (``python -m kit class serve``) runs this page in a pooled kernel before any
student asks for it: :func:`student_page` builds the widgets first, then :func:`who` waits for the
page's request (:func:`query_string`) and reads the seat in it from the class database at ``KIT_CLASS_DB``. The name
line is filled in, and the page only connects; the app prepares the rest of its games once the
page has loaded its widgets, as on a page opened fresh (:meth:`Classroom.prepare`; prepared
before, a waiting kernel would hold 30 MB more). Only the query string the server sends
for the page is trusted (a pooled kernel may have inherited another page's other variables).
"""
from __future__ import annotations

import faulthandler
import html
import json
import os
import signal
import threading
import time
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qs

from kit.classes.db import CLASS_DB, ClassDB, Student



@dataclass(frozen=True)
class Teacher:
    """The teacher (the teacher's key was in the page's address)."""

    name: str = "Teacher"


def who(database: ClassDB | None = None) -> Student | Teacher | None:
    """Who this page is for: the Student whose seat is in its address, the Teacher, or None.

    In a pooled kernel this waits until the page is asked for."""
    query = query_string()
    path = os.environ.get(CLASS_DB)
    if database is None and not path:
        return None
    db = database or ClassDB(path)  # type: ignore[arg-type]
    params = parse_qs(query)
    key = params.get("key", [None])[0]
    if db.is_teacher(key):
        return Teacher()
    return db.student(params.get("seat", [None])[0])


def query_string() -> str:
    """The query string of this page's request; in a pooled kernel, once the page is asked for.

    What ``voila.utils.get_query_string()`` does (the same socket, ``/voila/query/<kernel id>``,
    where the server sends the request it hands this kernel to), without importing Voila into the
    kernel (44 MB a page). Only the query string of that message is read: a pooled kernel may
    have inherited another page's other variables."""
    if os.environ.get("VOILA_PREHEAT") != "True":
        return os.environ.get("QUERY_STRING", "")
    if _RECEIVED:  # the server sends it once
        return _RECEIVED[0]
    url = (f"ws://{os.environ.get('VOILA_APP_IP', '127.0.0.1')}:{os.environ.get('VOILA_APP_PORT', '8866')}"
           f"{os.environ.get('VOILA_SERVER_URL', '/')}voila/query/{os.environ.get('VOILA_KERNEL_ID', '')}")
    found: list[str] = []

    def listen() -> None:  # on a thread of its own: the kernel's loop is running this cell
        import asyncio

        from tornado.httpclient import HTTPClientError
        from tornado.websocket import websocket_connect

        async def receive() -> None:
            failing_since = None
            while not found:
                try:
                    socket = await websocket_connect(url, connect_timeout=10)
                except (OSError, HTTPClientError, asyncio.TimeoutError):  # a busy or starting server
                    failing_since = failing_since or time.monotonic()
                    if time.monotonic() - failing_since > REQUEST_WAIT:
                        return
                    await asyncio.sleep(1)
                    continue
                failing_since = None
                try:  # the server keeps the request for its kernel: asked again, it sends it again
                    message = await asyncio.wait_for(socket.read_message(), ASK_AGAIN_EVERY)
                except asyncio.TimeoutError:  # none yet (or one lost on the way): ask again
                    message = None
                socket.close()
                if isinstance(message, str):  # None: the server closed the socket
                    found.append(str(json.loads(message).get("QUERY_STRING", "")))

        asyncio.run(receive())

    thread = threading.Thread(target=listen, name="kit-page-request")
    thread.start()
    thread.join()
    _RECEIVED.extend(found)
    return found[0] if found else ""


#: Seconds a pooled kernel keeps trying to reach its server for its page's request before it
#: gives up (a page for nobody, which the server then never hands out).
REQUEST_WAIT = 600.0

#: Seconds a pooled kernel waits on one connection for its page's request before it asks again
#: (a message lost on a connection that broke half-way is never lost: the server keeps it).
ASK_AGAIN_EVERY = 60.0

#: The query string this pooled kernel's page was asked for with, once received.
_RECEIVED: list[str] = []


def name_line(person: Student | Teacher | None) -> str:
    """The line at the top of the page, as HTML."""
    if isinstance(person, Student):
        return f'<div class="kit-student-name">{html.escape(person.name)}</div>'
    if isinstance(person, Teacher):
        return '<div class="kit-student-name">The students\' page (the teacher\'s view)</div>'
    return ('<div class="kit-student-name kit-refusal">This page is for a student of the class: '
            'open the address your teacher gave the class, and join with your name.</div>')


_CSS = """<style>
.kit-student-name { font: bold 20px system-ui, sans-serif; padding: 4px 12px; }
.kit-student-name.kit-refusal { color: #a40000; }
</style>"""


class StudentPage:
    """One student's page: the name line, room for the class's panels under it, and the
    classroom app for the student's own screen."""

    def __init__(self, app: Any) -> None:
        import ipywidgets as widgets

        self.app = app
        self.name = widgets.HTML(_CSS + '<div class="kit-student-name">…</div>')
        self.panels = widgets.VBox()  # what the class adds under the name (questions, ...)
        self.widget = widgets.VBox([self.name, self.panels, app])
        self.widget.add_class("kit-student-page")
        self.person: Student | Teacher | None = None

    def show(self, person: Student | Teacher | None) -> None:
        """Say whose page it is; a page for nobody shows no app."""
        self.person = person
        self.name.value = _CSS + name_line(person)
        if person is None:
            self.widget.children = (self.name,)

    def add(self, panel: Any) -> None:
        """Put a panel under the name line."""
        self.panels.children = (*self.panels.children, panel)

    def follow_question(self, asked: Any) -> None:
        """Hide the student's own classroom while the teacher's question is open or closed and
        not yet revealed (its notes and its step buttons would give the answer away)."""
        asking = asked is not None and asked.state != "revealed"
        self.app.layout.display = "none" if asking else None


def student_page(app: Any = None) -> Any:
    """The students' page widget: built (and its games prepared) before the page is asked for,
    then told whose it is."""
    if app is None:
        from kit.classroom.room import app as classroom  # not kit.classroom.app: that waits for the request

        app = classroom()
    page = StudentPage(app)
    if os.environ.get("VOILA_PREHEAT") == "True":
        _release_memory()  # a pooled page waits, maybe long: it waits small
        if hasattr(signal, "SIGUSR1"):  # `kill -USR1 <kernel>` writes where its threads are to the server's log
            faulthandler.register(signal.SIGUSR1, all_threads=True)
    path = os.environ.get(CLASS_DB)
    database = ClassDB(path) if path else None
    person = who(database)
    page.show(person)
    if isinstance(person, Student) and database is not None:
        from kit.classes.play import play_panel
        from kit.classes.student import answer_panel

        panel = answer_panel(database, person)
        panel.follow(page.follow_question)
        page.add(panel)
        page.add(play_panel(database, person))
    return page.widget


def _release_memory() -> None:
    """Hand the memory freed while the page was built back to the system (glibc's heap keeps
    it otherwise: about 10 MB a page)."""
    import ctypes
    import gc

    gc.collect()
    try:
        ctypes.CDLL("libc.so.6").malloc_trim(0)
    except (OSError, AttributeError):  # not glibc
        pass
