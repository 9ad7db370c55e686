"""Bad numbers are refused before anything starts (no Xvfb, no program), with the option and the
value named; the version is one flag away; a play summary says what was played."""

from __future__ import annotations

import json

import pytest

from bot.cli.main import main


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["demo", "--games", "0"], "--games: must be 1 or more, not 0"),
        (["demo", "--games", "-5"], "--games: must be 1 or more, not -5"),
        (["demo", "--pace", "-1"], "--pace: must be 0 or more, not -1"),
        (["demo", "--level", "10x10/200"], "'10x10/200': 200 mines do not fit a 10x10 board"),
        (["play", "minesweeper", "--mines", "-3"], "--mines: must be 0 or more, not -3"),
        (["play", "minesweeper", "--games", "0"], "--games: must be 1 or more"),
        (["play", "balda", "--think", "0"], "--think: must be above 0"),
        (["play", "balda", "--games", "0"], "--games: must be 1 or more"),
        (["demo", "balda", "--pace", "-2"], "--pace: must be 0 or more, not -2"),
        (["play", "balda", "--zoom", "1000"], "zoom 1000 % is outside 25..500 %"),
    ],
)
def test_bad_numbers_are_refused_at_parse_time(argv, message, capsys, monkeypatch):
    monkeypatch.delenv("DISPLAY", raising=False)
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    assert message in capsys.readouterr().err


def test_version(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    out = capsys.readouterr().out.split()
    assert out[0] == "gamebot" and out[1][0].isdigit()


def test_the_play_summary_names_level_rule_seed_and_mines(capsys, monkeypatch, tmp_path):
    monkeypatch.setenv("GAMEBOT_PURE_PYTHON", "1")
    argv = ["play", "minesweeper", "--target", "sim", "--games", "1", "--seed", "4",
            "--level", "9x9/12", "--rules", "opening", "--out", str(tmp_path), "--json"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    summary = json.loads(out.strip().splitlines()[-1])
    assert summary["level"] == "custom 9x9/12" and summary["mines"] == 12
    assert summary["rules"] == "opening" and summary["seed"] == 4
    assert "level custom 9x9/12, mines 12, first click opening" in out and "seed 4" in out
