"""Private Xvfb displays started at the same moment by several processes (the test workers,
two bots) each get a server of their own: picking a free number by looking for lock files let
two processes take the same number, and the loser used the winner's server."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = [pytest.mark.display]

ROOT = Path(__file__).resolve().parents[2]
CHILD = """
import os, sys, time
from bot.io.virtual_display import VirtualDisplay
with VirtualDisplay(320, 240) as vd:
    print(vd.name, vd._proc.pid, flush=True)
    time.sleep(3)
    print("alive" if vd._proc.poll() is None else "dead", flush=True)
"""


def test_displays_started_together_are_each_their_own():
    procs = [subprocess.Popen([sys.executable, "-c", CHILD], cwd=ROOT, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True) for _ in range(4)]
    outs = [p.communicate(timeout=60) for p in procs]
    assert all(p.returncode == 0 for p in procs), [err for _, err in outs]
    lines = [out.split() for out, _ in outs]
    names = [words[0] for words in lines]
    assert len(set(names)) == 4, names  # four servers, four numbers
    assert all(words[2] == "alive" for words in lines), lines  # each its own Xvfb, still up
