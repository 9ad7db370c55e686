"""Pictures of what the bot did: a recorded game as a GIF, the win rate over a session; output
paths are checked before any work starts."""

from __future__ import annotations

import json

import pytest
from PIL import Image

from bot.cli.main import main
from bot.errors import GamebotError
from bot.run.pictures import check_output, win_rate_plot


def test_replay_draws_a_recorded_game_as_a_gif(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("GAMEBOT_PURE_PYTHON", "1")
    rec = tmp_path / "rec"
    argv = ["play", "minesweeper", "--target", "sim", "--games", "3", "--seed", "5",
            "--record", str(rec), "--plot", str(tmp_path / "rate.png"), "--json"]
    assert main(argv) == 0
    played = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert (tmp_path / "rate.png").read_bytes()[:4] == b"\x89PNG"
    assert played["plot"] == str(tmp_path / "rate.png") and played["games"] == 3
    gif = tmp_path / "game.gif"
    assert main(["replay", str(rec), "--gif", str(gif), "--game", "1", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    steps = [
        json.loads(line) for line in (rec / "session.jsonl").read_text().splitlines()
    ]
    distinct = {e["frame"] for e in steps if e.get("game") == 1 and "frame" in e}
    with Image.open(gif) as im:
        assert im.n_frames == summary["frames"] == len(distinct)


def test_a_game_with_no_frames_is_named(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("GAMEBOT_PURE_PYTHON", "1")
    rec = tmp_path / "rec"
    main(["play", "minesweeper", "--target", "sim", "--games", "1", "--seed", "2",
          "--record", str(rec)])
    capsys.readouterr()
    assert main(["replay", str(rec), "--gif", str(tmp_path / "g.gif"), "--game", "9"]) == 2
    assert "no frames of game 9" in capsys.readouterr().err


def test_output_paths_are_checked_first(tmp_path):
    with pytest.raises(GamebotError, match="must end in .gif"):
        check_output(tmp_path / "x.png", (".gif",))
    (tmp_path / "file").write_text("")
    with pytest.raises(GamebotError, match="is not a folder"):
        check_output(tmp_path / "file" / "x.gif", (".gif",))


def test_the_plot_counts_wins_over_finished_games(tmp_path):
    out = win_rate_plot(["won", "lost", "unfinished", "won"], tmp_path / "p.png", "t")
    assert out == {"plot": str(tmp_path / "p.png"), "games": 3, "wins": 2}
    with pytest.raises(GamebotError, match="no finished game"):
        win_rate_plot(["unfinished"], tmp_path / "q.png", "t")
