"""The pieces commands share: number types, input files named in errors, one-line failures."""

from __future__ import annotations

import argparse
import io

import pytest

from bot.cli.main import main
from bot.cli.options import (
    count,
    named_input,
    positive_float,
    positive_int,
    read_input,
)
from bot.errors import GamebotError


@pytest.mark.parametrize(
    ("kind", "good", "bad"),
    [
        (positive_int, {"1": 1, "12": 12}, ["0", "-3"]),
        (count, {"0": 0, "7": 7}, ["-1"]),
        (positive_float, {"0.25": 0.25, "3": 3.0}, ["0", "-0.5"]),
    ],
)
def test_number_types_take_their_range_and_refuse_the_rest(kind, good, bad):
    for text, value in good.items():
        assert kind(text) == value
    for text in bad:
        with pytest.raises(argparse.ArgumentTypeError, match=text):
            kind(text)
    with pytest.raises(ValueError):
        kind("many")


def test_read_input_reads_a_file_or_standard_input(tmp_path, monkeypatch):
    path = tmp_path / "board.txt"
    path.write_text("#1\n..\n", encoding="utf-8")
    assert read_input(str(path)) == "#1\n..\n"
    monkeypatch.setattr("sys.stdin", io.StringIO("from stdin"))
    assert read_input("-") == "from stdin"


def test_read_input_names_a_file_that_is_not_utf8(tmp_path):
    path = tmp_path / "latin1.txt"
    path.write_bytes(b"ok\n\xe9t\xe9\n")
    with pytest.raises(GamebotError, match=r"latin1.txt: not UTF-8 text \(byte 4\)"):
        read_input(str(path))


def test_named_input_prefixes_parse_errors_with_the_source():
    with pytest.raises(GamebotError, match=r"^pos.txt: line 3: bad$"):
        with named_input("pos.txt"):
            raise ValueError("line 3: bad")
    with pytest.raises(GamebotError, match=r"^standard input: bad$"):
        with named_input("-"):
            raise ValueError("bad")


def test_a_bad_board_file_is_one_line_naming_the_file(tmp_path, capsys):
    path = tmp_path / "bad-board.txt"
    path.write_text("#1\n#Z\n", encoding="utf-8")
    assert main(["solve", "minesweeper", str(path), "--mines", "1"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith(f"gamebot: error: {path}: ")


def test_a_count_below_one_is_refused_before_running(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["bench", "minesweeper", "--games", "0"])
    assert exc.value.code == 2
    assert "--games: must be 1 or more, not 0" in capsys.readouterr().err
