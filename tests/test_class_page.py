"""The students' page: who it is for (the seat or the teacher's key in its address, read from
the class database), and what it shows (the name line, the class's panels, the app)."""
from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import ipywidgets as widgets
import pytest

from kit.classes.db import ClassDB
from kit.classes.page import StudentPage, Teacher, student_page, who


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> ClassDB:
    database = ClassDB(tmp_path / "class.sqlite")
    monkeypatch.setenv("KIT_CLASS_DB", str(database.path))
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)  # a page started for its request
    return database


def test_the_seat_in_the_address_is_the_student(db: ClassDB, monkeypatch: pytest.MonkeyPatch) -> None:
    ana = db.join("Ana")
    monkeypatch.setenv("QUERY_STRING", f"seat={ana.token}")
    assert who() == ana
    monkeypatch.setenv("QUERY_STRING", f"key={db.teacher_key}")
    assert who() == Teacher()
    for forged in ("seat=forged", "key=forged", "", f"seat={ana.token[:-1]}", "name=Ana"):
        monkeypatch.setenv("QUERY_STRING", forged)
        assert who() is None, forged


def test_only_the_query_string_is_trusted(db: ClassDB, monkeypatch: pytest.MonkeyPatch) -> None:
    ana = db.join("Ana")
    monkeypatch.setenv("VOILA_REQUEST_URL", f"http://x/voila/render/student.ipynb?seat={ana.token}")
    monkeypatch.setenv("QUERY_STRING", "")  # another page's address left behind says nothing
    assert who() is None


def test_the_page_names_its_student_above_the_answer_panel_and_the_app(db: ClassDB,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    from kit.classes.play import PlayPanel
    from kit.classes.student import AnswerPanel

    ana = db.join("Ana <b>")
    monkeypatch.setenv("QUERY_STRING", f"seat={ana.token}")
    app = widgets.Label("the app")
    page = student_page(app)
    name, panels, shown = page.children
    assert "Ana &lt;b&gt;" in name.value and shown is app
    panel, play = panels.children  # the answer panel, then the play panel
    assert isinstance(panel, AnswerPanel) and panel.student == ana
    assert isinstance(play, PlayPanel) and play.student == ana


def test_a_page_for_nobody_shows_no_app(db: ClassDB, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("QUERY_STRING", "")
    page = student_page(widgets.Label("the app"))
    (name,) = page.children
    assert "open the address your teacher gave the class" in name.value


def test_a_panel_goes_under_the_name() -> None:
    page = StudentPage(widgets.Label("the app"))
    panel = widgets.Label("a question")
    page.add(panel)
    assert page.widget.children[1].children == (panel,)


def test_the_projector_connects_the_class_only_for_the_teacher_s_key(db: ClassDB,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    import kit.classroom

    monkeypatch.setenv("QUERY_STRING", f"seat={db.join('Ana').token}")
    assert kit.classroom.app().class_tally is None  # a student's seat steers nothing
    monkeypatch.setenv("QUERY_STRING", f"key={db.teacher_key}")
    projector = kit.classroom.app()
    assert projector.class_tally is not None and projector.children[2].children[0] is projector.class_tally


def test_the_student_s_own_classroom_hides_while_a_question_waits_for_its_reveal(db: ClassDB,
                                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    from kit.classes.student import AnswerPanel

    monkeypatch.setenv("QUERY_STRING", f"seat={db.join('Ana').token}")
    app = widgets.Label("the app")
    panel, _ = student_page(app).children[1].children
    assert isinstance(panel, AnswerPanel)
    for state, shown in (("open", False), ("closed", False), ("revealed", True)):
        panel._tell(SimpleNamespace(state=state))
        assert (app.layout.display != "none") is shown, state
    panel._tell(None)
    assert app.layout.display != "none"


def test_a_pooled_page_asks_again_until_its_server_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    """A pooled kernel that finds its server not (yet) answering asks again, and learns its
    page's request once it does (it gave up at once before: a page for nobody, handed to a student);
    one that waits on a connection without an answer asks again too (a request lost on the way)."""
    import asyncio
    import json
    import socket
    import threading

    import tornado.web
    import tornado.websocket

    from kit.classes import page as page_module

    opened: list[str] = []

    class Query(tornado.websocket.WebSocketHandler):
        def open(self, kernel_id: str) -> None:  # the first connection's request is lost on the way
            opened.append(kernel_id)
            if len(opened) > 1:
                self.write_message(json.dumps({"QUERY_STRING": f"seat=for-{kernel_id}"}))

    with socket.socket() as probe:  # a free port nobody listens on yet
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    for name, value in {"VOILA_PREHEAT": "True", "VOILA_APP_IP": "127.0.0.1", "VOILA_APP_PORT": str(port),
                        "VOILA_SERVER_URL": "/", "VOILA_KERNEL_ID": "k1"}.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setattr(page_module, "_RECEIVED", [])
    monkeypatch.setattr(page_module, "ASK_AGAIN_EVERY", 0.3)
    asked = threading.Event()
    listening = threading.Event()
    stop = threading.Event()

    def serve() -> None:
        async def run() -> None:
            asked.wait(30)
            server = tornado.web.Application([(r"/voila/query/(.*)", Query)]).listen(port, "127.0.0.1")
            listening.set()
            while not stop.is_set():
                await asyncio.sleep(0.05)
            server.stop()
        asyncio.run(run())

    server = threading.Thread(target=serve)
    server.start()
    real_connect = tornado.websocket.websocket_connect

    async def connect(*args: object, **kwargs: object) -> object:  # the kernel's first try finds nobody
        try:
            return await real_connect(*args, **kwargs)
        finally:
            asked.set()  # the server listens only once a try has ended

    monkeypatch.setattr(tornado.websocket, "websocket_connect", connect)
    try:
        assert page_module.query_string() == "seat=for-k1"
        assert listening.is_set() and opened == ["k1", "k1"]
        assert page_module.query_string() == "seat=for-k1"  # sent once, kept
    finally:
        stop.set()
        asked.set()
        server.join(10)


def test_the_server_keeps_a_pooled_page_s_request_for_a_kernel_that_asks_again() -> None:
    """Voila sent the request to the socket waiting and kept nothing: a socket broken half-way lost
    it, and the page hung. The class server keeps it until the kernel shuts down."""
    import tornado.websocket
    from voila.request_info_handler import RequestInfoSocketHandler

    from kit.classroom.server import LoopbackRequestInfoHandler

    class Broken:  # a socket that broke half-way: what is written to it is lost
        def write_message(self, payload: str) -> None:
            raise tornado.websocket.WebSocketClosedError()

    RequestInfoSocketHandler._waiters["k-lost"] = Broken()
    try:
        LoopbackRequestInfoHandler.send_kept({"kernel_id": "k-lost", "payload": '{"QUERY_STRING": "seat=s1"}'})
        assert RequestInfoSocketHandler._cache["k-lost"] == '{"QUERY_STRING": "seat=s1"}'
    finally:
        RequestInfoSocketHandler._waiters.pop("k-lost", None)
        RequestInfoSocketHandler._cache.pop("k-lost", None)
