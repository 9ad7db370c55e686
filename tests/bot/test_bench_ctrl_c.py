"""Ctrl+C on a bench run with ``--jobs 2`` stops it with the figures so far and no traceback
(the pool ends its workers with SIGTERM; the workers had inherited the parent's handler, which
raised in each one and printed a traceback per worker under the summary)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

BENCHES = {
    "erudit": ["bench", "erudit", "--rules", "scrabble-en", "--games", "100000",
               "--timing-positions", "0"],
    "minesweeper": ["bench", "minesweeper", "--level", "expert", "--games", "10000000"],
}


@pytest.mark.parametrize("name", sorted(BENCHES))
def test_ctrl_c_on_two_workers_prints_the_figures_and_no_traceback(name, tmp_path):
    cmd = [sys.executable, "-m", "bot.cli.main", *BENCHES[name], "--jobs", "2", "--json"]
    # a session of its own, as a terminal's process group: Ctrl+C reaches parent and workers
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, start_new_session=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    time.sleep(8)  # imports, the word list, the pool started and working
    assert proc.poll() is None, proc.communicate()
    os.killpg(proc.pid, signal.SIGINT)
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 130, err
    assert "Traceback" not in err, err
    summary = json.loads(out.strip().splitlines()[-1])
    assert "interrupted" in json.dumps(summary), summary


@pytest.mark.parametrize("module", ["bot.bench.erudit_match", "solvers.erudit.leave_rollouts"])
def test_a_worker_leaves_ctrl_c_to_the_parent_and_dies_quietly_on_sigterm(module):
    import importlib

    start = importlib.import_module(module)._start_worker
    kept = signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM)
    signal.signal(signal.SIGTERM, lambda *_: None)  # as the CLI's own handler, inherited
    try:
        start(object())  # the spec is only stored or used to build players
    except AttributeError:
        pass  # players not built: the signals were set first
    try:
        assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
        assert signal.getsignal(signal.SIGTERM) is signal.SIG_DFL
    finally:
        signal.signal(signal.SIGINT, kept[0])
        signal.signal(signal.SIGTERM, kept[1])
