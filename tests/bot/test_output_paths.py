"""Every place a command writes is checked before the work starts, each with a clear error
naming the option: a file where a folder must be, a folder where a file must be, a wrong
ending, a folder that cannot be written."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from bot.cli.main import main
from bot.cli.output_paths import check_file, check_folder
from bot.errors import GamebotError
from tests.conftest import RECORDINGS

SHOT = RECORDINGS / "minesweeper" / "labelled" / "winxp-beginner-midgame.png"


@pytest.fixture
def blocker(tmp_path):
    """A plain file standing where a folder would have to be."""
    path = tmp_path / "file"
    path.write_text("")
    return path


def test_files_and_folders(tmp_path, blocker):
    assert check_file(tmp_path / "new" / "deeper" / "log.jsonl", "--log").name == "log.jsonl"
    assert check_folder(tmp_path / "new" / "rec", "--record") == tmp_path / "new" / "rec"
    assert not (tmp_path / "new").exists()  # nothing is made by checking
    with pytest.raises(GamebotError, match=r"--log .*file is a file, not a folder"):
        check_file(blocker / "log.jsonl", "--log")
    with pytest.raises(GamebotError, match="is a folder; give a file name"):
        check_file(tmp_path, "--log")
    with pytest.raises(GamebotError, match="must end in .json"):
        check_file(tmp_path / "leaves.txt", "--out", (".json",))
    with pytest.raises(GamebotError, match="--record .*is a file, not a folder"):
        check_folder(blocker, "--record")


def test_a_folder_that_cannot_be_written(tmp_path, monkeypatch):
    """(Root may write anywhere, so the permission answer is stood in for.)"""
    import bot.cli.output_paths

    locked = tmp_path / "locked"
    locked.mkdir()
    real = os.access
    monkeypatch.setattr(bot.cli.output_paths.os, "access",
                        lambda path, mode: False if Path(path) == locked else real(path, mode))
    with pytest.raises(GamebotError, match="the folder .*locked is not writable"):
        check_folder(locked / "rec", "--record")
    with pytest.raises(GamebotError, match="--record .*locked: the folder is not writable"):
        check_folder(locked, "--record")


def _one_error(capsys, option: str) -> str:
    captured = capsys.readouterr()
    assert captured.err.count("\n") == 1 and option in captured.err, captured.err
    return captured.err


@pytest.mark.parametrize("option", ["--record", "--out", "--learn-into", "--log"])
def test_play_checks_where_it_writes_before_playing(option, blocker, capsys):
    target = blocker / ("games.jsonl" if option == "--log" else "folder")
    code = main(["play", "minesweeper", "--target", "sim", "--games", "1", option, str(target)])
    assert code == 2
    assert "is a file, not a folder" in _one_error(capsys, option)


def test_demo_checks_its_recording_folder_before_starting(blocker, capsys):
    assert main(["demo", "--games", "1", "--record", str(blocker / "demo")]) == 2
    captured = capsys.readouterr()
    assert "--record" in captured.err and "is a file, not a folder" in captured.err
    assert "gamebot: error" in captured.err and "Traceback" not in captured.err


def test_calibrate_checks_its_skin_folder_before_reading(blocker, capsys):
    code = main(["calibrate", "minesweeper", "--from", "missing.png", "--out",
                 str(blocker / "skin"), "--yes"])
    assert code == 2
    assert "missing.png" not in _one_error(capsys, "--out")


def test_read_checks_its_debug_picture_before_reading(blocker, capsys):
    code = main(["read", "minesweeper", "missing.png", "--debug", str(blocker / "d.png")])
    assert code == 2
    assert "missing.png" not in capsys.readouterr().err


def test_fit_leaves_checks_its_file_before_playing(blocker, capsys):
    code = main(["erudit", "fit-leaves", "--rules", "scrabble-en", "--games", "1",
                 "--out", str(blocker / "leaves.json")])
    assert code == 2
    _one_error(capsys, "--out")
    assert main(["erudit", "fit-leaves", "--out", "leaves.txt"]) == 2
    assert "must end in .json" in _one_error(capsys, "--out")
    code = main(["erudit", "fit-leaves", "--games", "1", "--groups", str(blocker / "g.jsonl")])
    assert code == 2
    _one_error(capsys, "--groups")


def test_first_click_bench_checks_its_folder(blocker, capsys):
    code = main(["bench", "minesweeper-first", "--level", "beginner", "--games", "20",
                 "--save", str(blocker)])
    assert code == 2
    _one_error(capsys, "--save")


def test_hangman_play_checks_its_log_before_starting(blocker, capsys):
    code = main(["play", "hangman", "--games", "1", "--log", str(blocker / "wins.jsonl")])
    assert code == 2
    _one_error(capsys, "--log")
