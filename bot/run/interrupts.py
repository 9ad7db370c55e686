"""Ctrl+C and SIGTERM held over a few lines that must run whole.

A game's end is counted in the figures and written to the game log together; an interrupt
between the two left a game counted that ``games.jsonl`` never had (or the other way round).
Inside :func:`held_interrupts` the signal is noted and raised as ``KeyboardInterrupt`` on the
way out, so both happen or neither does.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

HELD = (signal.SIGINT, signal.SIGTERM)


@contextmanager
def held_interrupts() -> Iterator[None]:
    """Run the block whole; an interrupt that came meanwhile is raised after it."""
    if threading.current_thread() is not threading.main_thread():
        yield  # signals reach the main thread only
        return
    caught: list[int] = []

    def hold(signum: int, frame: FrameType | None) -> None:
        caught.append(signum)

    before = {sig: signal.signal(sig, hold) for sig in HELD}
    try:
        yield
    finally:
        for sig, handler in before.items():
            signal.signal(sig, handler)
    if caught:
        raise KeyboardInterrupt
