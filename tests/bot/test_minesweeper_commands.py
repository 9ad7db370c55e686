"""The play, replay and dry-run commands on the simulated backend: figures, JSON, errors."""

from __future__ import annotations

import json

import pytest

from bot.cli.main import main

REQUIRED = {
    "games",
    "wins",
    "win_rate",
    "misreads",
    "refused_clicks",
    "seconds_per_game_median",
    "latency_ms_median",
}


def last_json(capsys) -> dict:
    out = capsys.readouterr().out
    return json.loads(out.strip().splitlines()[-1])


def test_play_on_the_simulator_prints_the_summary_as_the_last_json_line(tmp_path, capsys):
    record = tmp_path / "rec"
    code = main(
        [
            "play",
            "minesweeper",
            "--target",
            "sim",
            "--level",
            "beginner",
            "--games",
            "4",
            "--seed",
            "5",
            "--record",
            str(record),
            "--json",
            "--out",
            str(tmp_path),
        ]
    )
    summary = last_json(capsys)
    assert code == 0
    assert REQUIRED <= set(summary)
    assert summary["games"] == 4 and summary["misreads"] == 0 and summary["refused_clicks"] == 0
    assert 0 <= summary["wins"] <= 4
    low, high = summary["win_rate_ci95"]
    assert low <= summary["win_rate"] <= high
    assert summary["win_rate"] == summary["wins"] / 4 and summary["unfinished"] == 0
    # The simulator is seeded: seed 5 gives these figures every run. A deliberate change to the
    # solver or the loop may move them; check the new ones and update.
    assert (summary["wins"], summary["moves"]) == (3, 43)
    games = [json.loads(line) for line in (record / "games.jsonl").read_text().splitlines()]
    assert [g["game"] for g in games] == [1, 2, 3, 4]
    assert sum(g["outcome"] == "won" for g in games) == summary["wins"]

    code = main(["replay", str(record), "--json"])
    again = last_json(capsys)
    assert code == 0
    assert again["mismatches"] == 0 and again["frames"] > 4
    assert again["wins"] == summary["wins"] and again["games"] == 4


def test_dry_run_clicks_nothing_and_saves_the_intended_clicks(tmp_path, capsys):
    code = main(
        ["play", "minesweeper", "--target", "sim", "--dry-run", "--json", "--out", str(tmp_path)]
    )
    summary = last_json(capsys)
    assert code == 0 and summary["dry_run"] is True
    assert summary["moves"][0]["move"].startswith("open ")
    assert (tmp_path / summary["image"].split("/")[-1]).is_file()


def test_bad_limits_and_missing_recordings_are_one_clear_line(tmp_path, capsys):
    with pytest.raises(SystemExit) as stop:  # refused at parse time, before anything starts
        main(["play", "minesweeper", "--target", "sim", "--games", "0"])
    assert stop.value.code == 2
    assert "--games: must be 1 or more" in capsys.readouterr().err
    assert main(["play", "minesweeper", "--target", "sim", "--hours", "-1"]) == 2
    assert "--hours must be positive" in capsys.readouterr().err
    assert main(["replay", str(tmp_path / "none")]) == 2
    assert "no such recording" in capsys.readouterr().err
