"""The simulated screen's last clicks, as plain numbers.

A deque of ``(Point, Button)`` kept 10,000 clicks as some 40,000 small Python objects, each
freed about 65 expert games after it was made: spread over the allocator's arenas, they kept
arenas from being given back while a night of games went on. Three arrays hold the same clicks
with no object per click; reading gives ``(Point, Button)`` as before.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator

from bot.io.screens.base import Button
from vision.core.geometry import Point

_BUTTONS = tuple(Button)


class ClickLog:
    """The last ``limit`` clicks, oldest first: ``len``, indexing and iteration."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._x: array[int] = array("q")
        self._y: array[int] = array("q")
        self._button = bytearray()
        self._start = 0  # where the oldest click is once the log is full

    def append(self, click: tuple[Point, Button]) -> None:
        point, button = click
        x, y, code = int(point.x), int(point.y), _BUTTONS.index(button)
        if len(self._x) < self.limit:
            self._x.append(x)
            self._y.append(y)
            self._button.append(code)
            return
        i = self._start
        self._x[i], self._y[i], self._button[i] = x, y, code
        self._start = (i + 1) % self.limit

    def __len__(self) -> int:
        return len(self._x)

    def __getitem__(self, index: int) -> tuple[Point, Button]:
        n = len(self._x)
        if not -n <= index < n:
            raise IndexError("click log index out of range")
        i = (self._start + index % n) % n
        return Point(self._x[i], self._y[i]), _BUTTONS[self._button[i]]

    def __iter__(self) -> Iterator[tuple[Point, Button]]:
        return (self[i] for i in range(len(self._x)))
