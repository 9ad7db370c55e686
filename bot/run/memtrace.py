"""Opt-in memory figures for a long run: ``GAMEBOT_MEMTRACE=FILE gamebot play ...``.

Every ``GAMEBOT_MEMTRACE_EVERY`` games (default 50) one JSON line is appended to FILE: the
resident size, glibc's heap (in use, free inside it, mapped), Python's live blocks, its small-
object arenas (1 MiB each, ``sys._debugmallocstats``) and gc-tracked objects. Set side by side
they tell where a growing night's memory goes: Python objects (blocks and objects climb),
fragmented arenas (arenas climb, blocks do not), a fragmented heap (free climbs while in use
stays), or native buffers (in use climbs, blocks do not). Costs a gc pass per line, and stderr
is borrowed for a moment to read the arena figures; off by default.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import json
import os
import re
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

ENV_FILE = "GAMEBOT_MEMTRACE"
ENV_EVERY = "GAMEBOT_MEMTRACE_EVERY"


class _MallInfo2(ctypes.Structure):
    _fields_ = [(name, ctypes.c_size_t) for name in (
        "arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks",
        "fordblks", "keepcost")]


def _mallinfo() -> dict[str, float]:
    """glibc's heap in MB: used from the heap, free in it, and mapped blocks ({} elsewhere)."""
    name = ctypes.util.find_library("c") if sys.platform.startswith("linux") else None
    try:
        fn = ctypes.CDLL(name).mallinfo2 if name else None
    except (OSError, AttributeError):  # musl, or glibc before 2.33
        return {}
    if fn is None:
        return {}
    fn.restype = _MallInfo2
    info = fn()
    mb = 1 / 2**20
    return {"heap_mb": round(info.arena * mb, 2), "heap_used_mb": round(info.uordblks * mb, 2),
            "heap_free_mb": round(info.fordblks * mb, 2), "mapped_mb": round(info.hblkhd * mb, 2)}


def _rss_mb() -> float | None:
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
    except (OSError, IndexError, ValueError):
        return None
    return round(pages * os.sysconf("SC_PAGE_SIZE") / 2**20, 2)


def _arenas() -> dict[str, float]:
    """Python's small-object allocator: arenas held, and the bytes of blocks in use in them
    (CPython prints these only to the C stderr, so it is pointed at a file meanwhile)."""
    with tempfile.TemporaryFile() as tmp:
        sys.stderr.flush()
        saved = os.dup(2)
        os.dup2(tmp.fileno(), 2)
        try:
            sys._debugmallocstats()
        finally:
            os.dup2(saved, 2)
            os.close(saved)
        tmp.seek(0)
        text = tmp.read().decode("utf-8", "replace")
    out: dict[str, float] = {}
    for key, label in (("py_arenas", "arenas allocated current"),
                       ("py_blocks_mb", "bytes in allocated blocks")):
        m = re.search(r"# " + label + r"\s*=\s*([\d,]+)", text)
        if m:
            value = int(m[1].replace(",", ""))
            out[key] = value if key == "py_arenas" else round(value / 2**20, 2)
    return out


def figures(games: int) -> dict[str, object]:
    """One line of figures, after a full collection (what is left is what is kept)."""
    gc.collect()
    return {"games": games, "rss_mb": _rss_mb(), **_mallinfo(), **_arenas(),
            "py_blocks": sys.getallocatedblocks(), "gc_objects": len(gc.get_objects())}


def from_env() -> Callable[[int], None] | None:
    """A hook called with the games played so far, writing :func:`figures` every few games;
    None unless the variable is set."""
    path = os.environ.get(ENV_FILE)
    if not path:
        return None
    every = max(1, int(os.environ.get(ENV_EVERY) or 50))

    def hook(n: int) -> None:
        if n % every == 0:
            with open(path, "a", encoding="utf-8") as fh:
                fh.write(json.dumps(figures(n)) + "\n")

    return hook
