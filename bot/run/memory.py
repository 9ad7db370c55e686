"""Keep a long session's memory flat: big frame buffers go straight back to the system.

glibc serves a large allocation (a 1.3 MB frame) with mmap at first, but after the first one
is freed it raises its mmap threshold, and later frames come from the heap, where freed
buffers fragment it: a night of games grew by about 20 MB a thousand games with no Python
object left behind. Fixing the threshold keeps every frame buffer out of the heap.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import sys

M_MMAP_THRESHOLD = -3  # glibc's mallopt parameter (malloc.h)
THRESHOLD = 256 * 1024  # bytes: frames and crops above this are mapped, never heap


def frames_out_of_the_heap() -> bool:
    """Set glibc's mmap threshold once (True when it was set; elsewhere nothing to do)."""
    if not sys.platform.startswith("linux"):
        return False
    name = ctypes.util.find_library("c")
    if name is None:
        return False
    try:
        libc = ctypes.CDLL(name)
        return bool(libc.mallopt(M_MMAP_THRESHOLD, THRESHOLD))
    except (OSError, AttributeError):  # musl has no mallopt
        return False
