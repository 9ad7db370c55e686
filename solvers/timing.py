"""Seconds spent in named parts of a computation, so a command can say where its time went.

Parts are disjoint (never nested): what a command times itself and what a solver times inside
add up, and the rest of the run is reported as "other" by the caller.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager


class Parts:
    """Named wall-clock parts, in the order first seen; the same name adds up."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = {}

    @contextmanager
    def part(self, name: str) -> Iterator[None]:
        start = time.perf_counter()
        try:
            yield
        finally:
            self.add(name, time.perf_counter() - start)

    def add(self, name: str, seconds: float) -> None:
        self.seconds[name] = self.seconds.get(name, 0.0) + seconds


@contextmanager
def part(parts: Parts | None, name: str) -> Iterator[None]:
    """``with part(parts, "move generation"):`` that does nothing when ``parts`` is None."""
    if parts is None:
        yield
    else:
        with parts.part(name):
            yield
