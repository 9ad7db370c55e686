"""End to end on a private Xvfb: the bot plays the real Debian programs xdemineur and
gnome-mines, the built-in window and the simulated backend, through the same loop.

Each run must finish its games with zero misread frames and zero refused (illegal) clicks; the
win rate is printed (``pytest -s`` shows it), not asserted: it is luck over a few games.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from bot.games.minesweeper.session import PlayConfig, play
from bot.run.replay import replay
from solvers.minesweeper.rules import Level

pytestmark = [pytest.mark.display, pytest.mark.slow, pytest.mark.xdist_group("minesweeper-e2e")]

INTERMEDIATE = Level.parse("intermediate")


def check_session(cfg: PlayConfig, games: int) -> dict:
    result = play(cfg)
    s = result.summary
    print(f"\n{cfg.target}: " + "; ".join(result.lines))
    assert s["stopped"] == "", s["stopped"]
    assert s["games"] == games
    assert s["misreads"] == 0
    assert s["refused_clicks"] == 0
    assert s["unfinished"] == 0
    assert 0 <= s["wins"] <= games
    assert s["win_rate"] == pytest.approx(s["wins"] / games)
    low, high = s["win_rate_ci95"]
    assert 0 <= low <= s["win_rate"] <= high <= 1
    assert s["moves"] >= games  # every game needs at least its first click
    return s


@pytest.mark.parametrize("program", ["xdemineur", "gnome-mines"])
def test_real_program_ten_intermediate_games(virtual_display, tmp_path, program):
    record = tmp_path / "rec"
    cfg = PlayConfig(
        target=program,
        launch=True,
        level=INTERMEDIATE,
        games=10,
        record=record,
        seed=1,
        out=tmp_path,
    )
    summary = check_session(cfg, 10)
    report = replay(record)
    assert report.mismatches == []
    assert report.wins == summary["wins"]
    assert report.wins + report.losses == 10


def test_builtin_window_through_the_desktop(virtual_display, tmp_path):
    cfg = PlayConfig(
        target="builtin",
        launch=True,
        level=INTERMEDIATE,
        games=5,
        seed=2,
        record=tmp_path / "rec",
        out=tmp_path,
    )
    check_session(cfg, 5)


def test_simulated_backend_with_real_vision(tmp_path):
    cfg = PlayConfig(target="sim", level=INTERMEDIATE, games=10, seed=3, out=tmp_path)
    s = check_session(cfg, 10)
    # The simulator is seeded, so this run is the same every time: 8 wins in 799 moves (seen
    # twice in a row; 784 before issue 25 took every certain cell from the exact count at
    # once). A deliberate change to the solver or the loop may move these figures;
    # then check the new ones are as good and update them here.
    assert (s["wins"], s["moves"]) == (8, 799)


def test_demo_from_the_command_line_without_a_display(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "DISPLAY"}
    record = tmp_path / "demo"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "bot.cli.main",
            "demo",
            "--games",
            "2",
            "--record",
            str(record),
            "--json",
        ],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout.strip().splitlines()[-1])
    assert summary["games"] == 2 and summary["misreads"] == 0
    assert summary["recording"] == str(record)
    assert (record / "session.jsonl").is_file()
    assert f"gamebot replay {record}" in done.stdout
