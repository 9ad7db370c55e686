"""The games a page server keeps: the newest ones, by id, for every page.

A page starts a game with ``new`` and names it by its id in every later call; a server running
for days keeps only the newest :data:`MAX_SESSIONS` games (a tab left open long enough finds
its game gone and starts another).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Generic, Protocol, TypeVar

from bot.pages.kit.server import PageRequestError

MAX_SESSIONS = 64


class HasId(Protocol):
    @property
    def id(self) -> str: ...


T = TypeVar("T", bound=HasId)


def game_number(payload: dict[str, object]) -> int:
    """The page's game counter (``game``: 0 for the first game of a page, then 1, 2, ...)."""
    number = payload.get("game", 0)
    if isinstance(number, bool) or not isinstance(number, int) or number < 0:
        raise PageRequestError(f"game must be a whole number of 0 or more, not {number!r}")
    return number


class Sessions(Generic[T]):
    """The newest games by id, safe to use from the server's threads."""

    def __init__(self, limit: int = MAX_SESSIONS) -> None:
        self._sessions: OrderedDict[str, T] = OrderedDict()
        self._lock = threading.Lock()
        self.limit = limit

    def add(self, session: T) -> T:
        with self._lock:
            self._sessions[session.id] = session
            while len(self._sessions) > self.limit:
                self._sessions.popitem(last=False)
        return session

    def get(self, sid: object) -> T:
        """The game named ``sid``; PageRequestError when it is no id or no game's."""
        if not isinstance(sid, str):
            raise PageRequestError(f"id must be the game's id string, not {sid!r}")
        with self._lock:
            session = self._sessions.get(sid)
        if session is None:
            raise PageRequestError(f"no game with id {sid!r} (expired or never started)")
        return session

    def newest(self) -> T | None:
        """The game started last (tests drive a real page and check it against this)."""
        with self._lock:
            return next(reversed(self._sessions.values()), None)
