"""Outputs go to ``$GAMEBOT_OUT`` when no ``--out`` is given, else ``out/``."""

from __future__ import annotations

from pathlib import Path

from bot.cli.main import build_parser
from bot.games.minesweeper.session import PlayConfig


def test_gamebot_out_is_the_default_folder_and_out_flag_wins(monkeypatch, tmp_path):
    monkeypatch.setenv("GAMEBOT_OUT", str(tmp_path))
    assert PlayConfig().out == tmp_path
    monkeypatch.delenv("GAMEBOT_OUT")
    assert PlayConfig().out == Path("out")
    from bot.cli.minesweeper.play import _config

    args = build_parser().parse_args(["play", "minesweeper", "--target", "sim"])
    monkeypatch.setenv("GAMEBOT_OUT", str(tmp_path / "x"))
    assert _config(args).out == tmp_path / "x"
    args = build_parser().parse_args(["play", "minesweeper", "--out", "mine"])
    assert _config(args).out == Path("mine")


def test_problem_frames_of_a_loop_built_without_options_go_under_gamebot_out(monkeypatch, tmp_path):
    from bot.run.loop import LoopOptions

    monkeypatch.setenv("GAMEBOT_OUT", str(tmp_path))
    assert LoopOptions().problems_dir == tmp_path / "problems"
