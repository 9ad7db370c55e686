"""The command line keeps big frame buffers out of glibc's heap (memory flat over a night)."""

from __future__ import annotations

import subprocess
import sys


def test_the_mmap_threshold_is_fixed_on_linux():
    from bot.run.memory import frames_out_of_the_heap

    assert frames_out_of_the_heap() is sys.platform.startswith("linux")


def test_freed_frames_do_not_stay_in_the_heap():
    """Frames allocated and freed between small objects: with the threshold fixed the resident
    size comes back down; glibc's moving threshold keeps them (this is what grew a night)."""
    probe = (
        "import numpy as np, sys\n"
        "from bot.run.memory import frames_out_of_the_heap\n"
        "if sys.argv[1] == 'fixed': frames_out_of_the_heap()\n"
        "def rss():\n"
        "    return int(open('/proc/self/statm').read().split()[1]) * 4096 / 2**20\n"
        "keep = []\n"
        "a = np.ones((500, 900, 3), np.uint8); del a\n"
        "start = rss()\n"
        "frames = []\n"
        "for i in range(60):\n"
        "    frames.append(np.ones((500, 900, 3), np.uint8))\n"
        "    keep.append(bytearray(4000))  # a small malloc'ed object after each frame\n"
        "frames.clear()\n"
        "print(rss() - start)\n"
    )
    grown = {}
    for mode in ("fixed", "default"):
        out = subprocess.run([sys.executable, "-c", probe, mode], capture_output=True,
                             text=True, check=True).stdout
        grown[mode] = float(out.split()[-1])
    assert grown["fixed"] < 5, grown
    assert grown["default"] > 20, grown  # (the probe shows the growth it guards against)
