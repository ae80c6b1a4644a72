"""What a play board's message line says for which move.

A move played is named once the picture has played it to its end ("Played South c
(captures 6 seeds).", "North (computer, strong) played d."); while the picture plays it, the
line names it without what it does ("South plays c…"), so nothing runs ahead of the picture.
A computer thinking is named after that, for as long as it thinks; a computer player waiting
for the **computer move** button is named last. A "wait" refusal said while a move is played
gives the line back once the move has been played.

>>> from kit.widgets.feedback import Feedback
>>> import kit
>>> start = kit.game(kit.games()[0]).start()
>>> trace = start.trace(start.legal_moves()[0])
>>> line = MoveLine(Feedback())
>>> line.tell(trace, "Played it.")
>>> line.show(playing=trace, thinking="The computer")
>>> line.feedback.text.endswith("… The computer is thinking…")
True
>>> line.reach([trace])
True
>>> line.show(playing=None)
>>> line.feedback.text
'Played it.'
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Collection

from kit.core.game import Trace
from kit.widgets.feedback import Feedback
from kit.widgets.games import mover_name


@dataclass(frozen=True)
class News:
    """A message naming a move, said once the picture has played the move."""

    trace: Trace[Any]
    text: str
    kind: str = "ok"


class MoveLine:
    """The message line of a play board as far as it names moves (see the module's docstring).

    :attr:`said` is the line's head now (the last news said, or a sentence such as "New game.");
    :attr:`pending` the news of moves the picture has not played yet, in order.
    """

    def __init__(self, feedback: Feedback) -> None:
        self.feedback = feedback
        self.pending: list[News] = []
        self.said = ""
        self.kind = "info"
        self._shown: tuple[str, str] | None = None  # the line this object said last (text, kind)
        self._held: tuple[str, str] | None = None  # what a "wait" refusal replaced (text, HTML)

    def start(self, text: str, kind: str = "info") -> None:
        """A new head (a new game, a move taken back): the news still pending is dropped."""
        self.pending.clear()
        self._held = None
        self.head(text, kind)

    def head(self, text: str, kind: str = "info") -> None:
        """Say ``text`` at the head of the line from the next :meth:`show` on (the news pending stays)."""
        self.said, self.kind = text, kind
        self._shown = None

    def tell(self, trace: Trace[Any], text: str, kind: str = "ok") -> None:
        """Say ``text`` once the picture has played ``trace``."""
        self.pending.append(News(trace, text, kind))

    def waiting_for(self, trace: Trace[Any]) -> bool:
        """Whether the news of ``trace`` is still to be said (the picture has not played it)."""
        return any(news.trace is trace for news in self.pending)

    def reach(self, played: Collection[Trace[Any]] | None = None) -> bool:
        """The picture has played these moves to their end (None: every move): their news, in
        order, becomes the head. Whether any news was reached."""
        done = None if played is None else {id(trace) for trace in played}
        reached = False
        while self.pending and (done is None or id(self.pending[0].trace) in done):
            news = self.pending.pop(0)
            self.said, self.kind, reached = news.text, news.kind, True
        return reached

    def show(self, playing: Trace[Any] | None, thinking: str = "", waiting: str = "") -> None:
        """Say the line for what the picture shows now (``playing``: the move being played, if
        its news is pending), who is ``thinking`` and who is ``waiting`` for the computer move
        button. The line is said only when it changed: a message said meanwhile (a hint, an
        error) stays until the next change."""
        head, kind = self.said, self.kind
        if playing is not None and self.waiting_for(playing):
            head, kind = f"{mover_name(playing)} plays {playing.before.notation(playing.move)}…", "info"
        parts = [head]
        if thinking:
            parts.append(f"{thinking} is thinking…")
        if waiting:
            parts.append(waiting)
        line = (" ".join(part for part in parts if part), kind)
        if line != self._shown:
            self._shown = line
            self.feedback.say(*line)

    def hold(self, refusal: str) -> None:
        """Say a "wait" refusal in place of the line, keeping the line to give back (:meth:`give_back`)."""
        if self._held is None:
            self._held = (self.feedback.text, self.feedback.message.value)
        self.feedback.say(refusal, "error")

    def give_back(self, *refusals: str) -> None:
        """The wait is over: the line a refusal replaced comes back (if one of them still stands)."""
        if self._held is None:
            return
        (text, value), self._held = self._held, None
        if self.feedback.text in refusals:
            self.feedback.text, self.feedback.message.value = text, value

