"""A command's whole wall time and its parts, adding up to what ``time`` shows.

Run as the ``gamebot`` program, the clock starts when the process did (Linux
``/proc/self/stat``), so Python's start-up and the imports before the command ran are a part
of their own instead of a hidden gap; the parts the command and its solver time
(:class:`solvers.timing.Parts`) follow, and what no part covered is "other". Called from
Python (tests), or elsewhere than Linux, the start-up part is left out and the total starts
when the command did.
"""

from __future__ import annotations

import os
import re
import time

from solvers.timing import Parts

STARTUP = "start-up (Python, imports)"

#: Set by ``bot.cli.main.main`` when it runs as the ``gamebot`` program (not called from a test or
#: a script): only then is the process's own start-up part of the command's time.
COMMAND_LINE = False


def process_age() -> float | None:
    """Seconds since this process started, or None where that cannot be known."""
    try:
        with open("/proc/self/stat", encoding="ascii") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        ticks = int(fields[19])  # field 22, "starttime", in clock ticks after boot
        age = time.clock_gettime(time.CLOCK_BOOTTIME) - ticks / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError, AttributeError):
        return None
    return age if 0 <= age < 3600 else None


class WallClock(Parts):
    """Start it first thing in a command's ``run``; ``breakdown()`` at the end."""

    def __init__(self) -> None:
        super().__init__()
        self._start = time.perf_counter()
        startup = process_age() if COMMAND_LINE else None
        if startup is not None:
            self.seconds[STARTUP] = startup
        self._cpu_start = 0.0 if startup is not None else time.process_time()

    def cpu(self) -> float:
        """CPU seconds of the same span as :meth:`total`."""
        return time.process_time() - self._cpu_start

    def total(self) -> float:
        return self.seconds.get(STARTUP, 0.0) + time.perf_counter() - self._start

    def breakdown(self) -> dict[str, float]:
        """Every part and "other" (what no part covered), with the total: they add up."""
        total = self.total()
        parts = dict(self.seconds)
        parts["other"] = max(0.0, total - sum(parts.values()))
        return {"total": total, **parts}

    def line(self, label: str = "wall time") -> str:
        """``wall time 0.55 s = start-up 0.31 s + dictionary 0.08 s + ... (CPU 0.26 s)``."""
        figures = self.breakdown()
        total = figures.pop("total")
        shown = " + ".join(f"{name} {_seconds(s)}" for name, s in figures.items())
        return f"{label} {_seconds(total)} = {shown} (CPU {_seconds(self.cpu())})"

    def to_dict(self) -> dict[str, float]:
        """Seconds, rounded to the millisecond, for a JSON line; ``cpu`` is the process's
        CPU time (less than the total when it waited for a core or for the disk)."""
        figures = {key(name): round(s, 3) for name, s in self.breakdown().items()}
        return {**figures, "cpu": round(self.cpu(), 3)}


def key(name: str) -> str:
    """A part's JSON key: ``start-up (Python, imports)`` -> ``start_up``."""
    plain = re.sub(r"\(.*?\)", "", name).strip().lower()
    return re.sub(r"[^0-9a-z]+", "_", plain).strip("_")


def _seconds(s: float) -> str:
    return f"{s:.2f} s" if s >= 0.995 else f"{s * 1000:.0f} ms"
