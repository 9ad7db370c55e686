"""`replay` of a `record minesweeper` folder (frames, no games) prints dashes, never "nan",
and shows a progress bar with the number of frames."""

from __future__ import annotations

import json
import sys

from bot.cli.main import main
from bot.games.minesweeper.session import PlayConfig, watch
from bot.run.replay_text import figure
from solvers.minesweeper.rules import Level


def test_a_recording_without_games_prints_no_nan(tmp_path, capsys, monkeypatch):
    folder = tmp_path / "rec"
    kept = watch(PlayConfig(target="sim", level=Level.parse("beginner"), record=folder,
                            out=tmp_path / "out"), 0.3)
    assert kept["frames"] >= 1
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True, raising=False)
    assert main(["replay", str(folder), "--json"]) == 0
    captured = capsys.readouterr()
    out = captured.out.strip().splitlines()
    text = "\n".join(out[:-1])
    assert "nan" not in text.lower()
    assert "seconds a game (median) -, latency median - ms" in text
    summary = json.loads(out[-1])
    assert summary["seconds_per_game_median"] is None  # JSON null, not NaN
    assert summary["frames"] == kept["frames"] == summary["agreed"]
    assert f"{kept['frames']}/{kept['frames']}" in captured.err  # the bar knew the total


def test_figures():
    assert figure(float("nan")) == "-" and figure(None) == "-"
    assert figure(2.345, 2) == "2.35" and figure(7) == "7.0"
