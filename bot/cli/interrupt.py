"""Ctrl+C ends a long run early without losing what it measured.

A bench or a verify wraps its work in :func:`until_interrupted`; on Ctrl+C the work stops
where it is, the command sums up what it finished (the human lines and the JSON line), says
it was interrupted, and exits 130 as an interrupted program does — as ``play`` keeps its
figures when stopped.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

INTERRUPTED = "interrupted (Ctrl+C): the figures are those finished so far"


class Stop:
    """Why the work stopped early ("" when it ran to the end)."""

    def __init__(self) -> None:
        self.reason = ""

    def __bool__(self) -> bool:
        return bool(self.reason)

    def exit_code(self, finished: int = 0) -> int:
        """130 after Ctrl+C, else the code the finished work earned."""
        return 130 if self.reason else finished

    def line(self) -> list[str]:
        """The ``stopped: ...`` line for people, or nothing."""
        return [f"stopped: {self.reason}"] if self.reason else []


@contextmanager
def until_interrupted() -> Iterator[Stop]:
    """``with until_interrupted() as stop: work()`` — Ctrl+C inside ends only the work."""
    stop = Stop()
    try:
        yield stop
    except KeyboardInterrupt:
        stop.reason = INTERRUPTED
