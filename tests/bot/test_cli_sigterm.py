"""``kill`` ends a session as Ctrl+C does: the figures are printed (a service manager or a
script's timeout stops the bot with SIGTERM, which used to leave the summary unwritten and the
browser, game and virtual display the bot had started running)."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_sigterm_stops_a_session_with_its_summary(tmp_path):
    log = tmp_path / "games.jsonl"
    cmd = [sys.executable, "-m", "bot.cli.main", "play", "minesweeper", "--target", "sim",
           "--level", "beginner", "--games", "1000000", "--log", str(log), "--out",
           str(tmp_path), "--json"]
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    deadline = time.monotonic() + 60
    while not (log.is_file() and log.read_text().count("\n") >= 3):
        assert proc.poll() is None, proc.stderr.read()
        assert time.monotonic() < deadline, "no game played within 60 s"
        time.sleep(0.2)
    proc.send_signal(signal.SIGTERM)
    out, err = proc.communicate(timeout=60)
    summary = json.loads(out.strip().splitlines()[-1])
    assert "interrupted" in summary["stopped"], (summary["stopped"], err)
    assert summary["games"] >= 3
    # every game is logged: those that ended and the one the signal cut short
    lines = [json.loads(line) for line in log.read_text().splitlines()]
    assert summary["unfinished"] in (0, 1)  # the signal may fall between two games
    assert summary["games"] + summary["unfinished"] == len(lines)
    assert [g["outcome"] == "unfinished" for g in lines].count(True) == summary["unfinished"]
