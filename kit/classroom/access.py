"""Who may open what on the class server: the join page, the seats, the teacher's key.

The class server (``python -m kit class serve``, :mod:`kit.classroom.server`) keeps the class in
a :class:`~kit.classes.db.ClassDB` whose path is in ``KIT_CLASS_DB``. A request is one of

- **the teacher**: the teacher key in the query (``?key=...``, the projector's address) or the
  signed cookie it left; may open every page;
- **a student**: a seat token in the query (``?seat=...``, where the join page sends them) or the
  signed cookie the join page left; may open the students' page only, never the projector's;
- **nobody**: everything else. Its page requests go to the join page, which without the class
  code says how to join, and no kernel is started for it (jupyter_server asks
  :meth:`ClassIdentityProvider.get_user` before any handler runs).

The join page is served by the server itself (no kernel): the class code in the address, a name
typed, :meth:`ClassDB.join`, a signed cookie that remembers the seat (that browser is sent back
to the same seat ever after), then the students' page. Without ``KIT_CLASS_DB`` (``voila
lessons/classroom.ipynb`` on one machine) it is jupyter_server's own provider: everyone is let
in, or whoever has the token where one is given (``--token``), as before.

Every page request leaves tornado's XSRF cookie, so the page's close request (a POST that the
XSRF check guards) shuts its kernel down (Voila's notebook pages never set that cookie).
"""
from __future__ import annotations

import html
import os
from typing import Any
from urllib.parse import urlencode

from jupyter_server.auth.decorator import allow_unauthenticated
from jupyter_server.auth.identity import PasswordIdentityProvider, User
from jupyter_server.base.handlers import JupyterHandler
from tornado import web

from kit.classes.db import CLASS_DB, ClassDB, Student
from kit.core.errors import ClassError

#: The notebooks (under the served ``lessons/``) of the projector and of the students.
PROJECTOR, STUDENTS = "classroom.ipynb", "student.ipynb"
#: The signed cookies that remember a seat and the teacher (days they last).
SEAT_COOKIE, TEACHER_COOKIE, COOKIE_DAYS = "kit-seat", "kit-teacher", 120
#: The user name of the teacher's requests; students' are ``student-<id>``.
TEACHER = "teacher"

HOW_TO_JOIN = ("This is the class's server. To join the class, open the address your teacher "
               "gives the class: it has the class code in it.")


def page_path(notebook: str, base_url: str = "/") -> str:
    """The address (path) of one of the served notebooks."""
    return f"{base_url.rstrip('/')}/voila/render/{notebook}"


def student_address(base: str, seat: str) -> str:
    """The address of a student's own page (``base`` is the server's root URL path)."""
    return f"{page_path(STUDENTS, base)}?{urlencode({'seat': seat})}"


class ClassIdentityProvider(PasswordIdentityProvider):
    """The class's identity provider: the teacher, a student, or nobody (see the module)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        path = os.environ.get(CLASS_DB, "")
        self.db: ClassDB | None = ClassDB(path) if path else None

    # -- who a request is --------------------------------------------------------------------

    async def get_user(self, handler: web.RequestHandler) -> User | None:
        user = await super().get_user(handler) if self.db is None else self.person(handler)  # type: ignore[misc]
        if user is not None and isinstance(handler, JupyterHandler):
            handler.current_user = user
            handler.xsrf_token  # sets the _xsrf cookie the page's close request needs
        return user

    def person(self, handler: web.RequestHandler) -> User | None:
        """The teacher's or a student's user for a request, or None (see the module)."""
        assert self.db is not None
        key, seat = _argument(handler, "key"), _argument(handler, "seat")
        if key and self.db.is_teacher(key):
            handler.set_secure_cookie(TEACHER_COOKIE, TEACHER, expires_days=COOKIE_DAYS,
                                      httponly=True, samesite="Lax")
            return User(TEACHER, name="teacher")
        student = self.db.student(seat) if seat else None
        if student is None and handler.get_secure_cookie(TEACHER_COOKIE, max_age_days=COOKIE_DAYS) == b"teacher":
            return User(TEACHER, name="teacher")
        if student is not None:
            remember_seat(handler, student)
        else:
            student = self.db.student(_cookie(handler, SEAT_COOKIE))
        if student is None:
            return None
        if handler.request.path.rstrip("/").endswith("/" + PROJECTOR):
            return None  # the projector's page is the teacher's: the student is sent to their own
        return User(f"student-{student.id}", name=student.name)

    def seat(self, handler: web.RequestHandler) -> Student | None:
        """The student whose seat a request carries (query or cookie)."""
        if self.db is None:
            return None
        return self.db.student(_argument(handler, "seat")) or self.db.student(_cookie(handler, SEAT_COOKIE))

    # -- the pages it adds -------------------------------------------------------------------

    def get_handlers(self) -> list[tuple[str, object]]:
        if self.db is None:
            return super().get_handlers()
        return [(r"/", JoinHandler), (r"/join", JoinHandler), (r"/login", JoinHandler)]

    @property
    def auth_enabled(self) -> bool:
        return self.db is not None or super().auth_enabled

    @property
    def login_available(self) -> bool:
        return self.db is not None or super().login_available

    @property
    def logout_available(self) -> bool:
        return self.db is None and super().logout_available


def remember_seat(handler: web.RequestHandler, student: Student) -> None:
    """Leave the signed cookie that brings this browser back to ``student``'s seat."""
    handler.set_secure_cookie(SEAT_COOKIE, student.token, expires_days=COOKIE_DAYS, httponly=True, samesite="Lax")


def _argument(handler: web.RequestHandler, name: str) -> str | None:
    try:
        value = handler.get_query_argument(name, None)
    except web.HTTPError:  # not decodable
        return None
    return value[:200] if value else None


def _cookie(handler: web.RequestHandler, name: str) -> str | None:
    value = handler.get_secure_cookie(name, max_age_days=COOKIE_DAYS)
    try:
        return value.decode() if value else None
    except UnicodeDecodeError:
        return None


_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>
body {{ font-family: system-ui, sans-serif; font-size: 20px; max-width: 34em; margin: 12vh auto; padding: 0 1em;
       color: #1a1a1a; }}
h1 {{ font-size: 1.6em; }} input, button {{ font-size: 1em; padding: .4em .6em; }}
.kit-refusal {{ color: #a40000; font-weight: bold; }}
</style></head>
<body class="kit-join">{body}</body></html>
"""


def write_error_page(handler: web.RequestHandler, status: int, **kwargs: Any) -> None:
    """Finish a refused request with a short page that says why (the error's reason)."""
    error = kwargs.get("exc_info", (None, None, None))[1]
    reason = getattr(error, "reason", None) or handler._reason
    if status == 403 and "xsrf" in str(getattr(error, "log_message", "") or "").lower():
        reason = "This form was open too long or came from elsewhere: open the class's address again."
    handler.set_header("Content-Type", "text/html; charset=UTF-8")
    handler.finish(_PAGE.format(title="The class", body=f"<h1>The class</h1><p>{html.escape(reason)}</p>"))


class JoinHandler(JupyterHandler):
    """The join page (the class code in its address): a name typed joins the class; a
    browser that joined before goes back to its seat; without the code, how to join."""

    @property
    def provider(self) -> ClassIdentityProvider:
        return self.identity_provider  # type: ignore[return-value]

    @allow_unauthenticated
    def get(self) -> None:
        db = self.provider.db
        assert db is not None
        student = self.provider.seat(self)
        if student is not None:  # never twice: the same browser, the same seat
            self.redirect(student_address(self.base_url, student.token))
            return
        if self.current_user is not None and self.current_user.username == TEACHER:
            self.redirect(f"{page_path(PROJECTOR, self.base_url)}")
            return
        if not db.is_code(_argument(self, "code")):
            self._how_to_join()
            return
        self._form("")

    @allow_unauthenticated
    def post(self) -> None:  # the XSRF check ran before (jupyter_server's prepare)
        db = self.provider.db
        assert db is not None
        code = self.get_body_argument("code", "")
        if not db.is_code(code):
            self._how_to_join()
            return
        student = self.provider.seat(self)
        if student is None:
            try:
                student = db.join(self.get_body_argument("name", ""))
            except ClassError as refused:
                self.set_status(400)
                self._form(str(refused), self.get_body_argument("name", ""))
                return
            self.log.info("Class: %s joined", student.name)
        remember_seat(self, student)
        self.redirect(student_address(self.base_url, student.token), status=303)

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        write_error_page(self, status_code, **kwargs)

    def _how_to_join(self) -> None:
        self.set_status(403)
        self.finish(_PAGE.format(title="Join the class", body=f"<h1>Join the class</h1><p>{html.escape(HOW_TO_JOIN)}</p>"))

    def _form(self, refusal: str, name: str = "") -> None:
        db = self.provider.db
        assert db is not None
        said = f'<p class="kit-refusal" role="alert">{html.escape(refusal)}</p>' if refusal else ""
        body = f"""<h1>Join the class</h1>
<form method="post" action="{html.escape(self.base_url.rstrip('/'))}/join">
<label for="name">Your name, as the class will see it:</label><br>
<input id="name" name="name" maxlength="40" autofocus required autocomplete="name" value="{html.escape(name)}">
<input type="hidden" name="code" value="{html.escape(db.class_code)}">
<input type="hidden" name="_xsrf" value="{html.escape(self.xsrf_token.decode())}">
<button type="submit">Join</button>
</form>{said}
<p>Your page opens next. Come back to this address from this browser to return to it.</p>"""
        self.set_header("Cache-Control", "no-store")
        self.finish(_PAGE.format(title="Join the class", body=body))

