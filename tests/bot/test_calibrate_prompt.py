"""`calibrate minesweeper` asks a person: Ctrl+D at a prompt is a clean "cancelled" (nothing
saved, no traceback), and a look calibration could not name is shown (PNG + terminal preview)
and named by the person; --yes keeps it unnamed."""

from __future__ import annotations

import io
import re
import sys
import tempfile

import cv2
import numpy as np
import pytest

from bot.cli.main import main
from bot.cli.minesweeper.glyph_prompt import preview
from tests.conftest import RECORDINGS
from vision.core.frame import Frame
from vision.minesweeper.reader import read_minesweeper

LABELLED = RECORDINGS / "minesweeper" / "labelled"
# Calibration names # . 1 2 3 F here; a 4 and a 5 the one screenshot cannot tell from covered.
SHOT = LABELLED / "winxp-expert-midgame.png"
EXPECTED = (LABELLED / "expected" / "winxp-expert-midgame.txt").read_text().strip()


class Terminal(io.StringIO):
    """Typed lines for input(); '' once they run out is Ctrl+D (end of input)."""

    def isatty(self) -> bool:
        return True


def typing(monkeypatch: pytest.MonkeyPatch, *lines: str) -> None:
    monkeypatch.setattr(sys, "stdin", Terminal("".join(line + "\n" for line in lines)))


@pytest.fixture(autouse=True)
def private_temp(tmp_path, monkeypatch):
    """The looks' pictures go to a temporary folder: this test's own."""
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))


def calibrate(out, *extra: str) -> int:
    return main(["calibrate", "minesweeper", "--from", str(SHOT), "--name", "beg", "--out",
                 str(out), *extra])


def test_ctrl_d_at_the_board_question_cancels_cleanly(tmp_path, monkeypatch, capsys):
    typing(monkeypatch)  # nothing typed: Ctrl+D
    assert calibrate(tmp_path / "skin") == 1
    err = capsys.readouterr().err
    assert "gamebot: cancelled at the prompt: nothing was saved" in err
    assert "Traceback" not in err and "EOFError" not in err
    assert not (tmp_path / "skin").exists()


def test_ctrl_d_while_naming_a_look_cancels_cleanly(tmp_path, monkeypatch, capsys):
    typing(monkeypatch, "y")  # the board is right; then Ctrl+D at the look's question
    assert calibrate(tmp_path / "skin") == 1
    assert "cancelled at the prompt" in capsys.readouterr().err
    assert not (tmp_path / "skin").exists()


def test_the_person_names_the_look_and_the_skin_reads_the_board(tmp_path, monkeypatch,
                                                                  capsys):
    typing(monkeypatch, "", "7x", "4", "5")  # Enter: board ok; a wrong answer; then 4, 5
    assert calibrate(tmp_path / "skin", "--json") == 0
    captured = capsys.readouterr()
    assert "'7x' is no cell" in captured.err
    match = re.search(r"picture: (\S+look-1\.png)", captured.err)
    assert match, captured.err
    crop = cv2.imread(match[1])
    assert crop is not None and crop.shape[0] >= 100  # enlarged to be looked at
    assert "▀" in captured.err  # the terminal preview
    assert "named '4' by you" in captured.out and "named '5' by you" in captured.out
    reading = read_minesweeper(Frame.from_file(SHOT), skin=str(tmp_path / "skin"))
    assert reading.board.to_text() == EXPECTED


def test_enter_or_yes_leave_it_unnamed(tmp_path, monkeypatch, capsys):
    typing(monkeypatch, "y", "", "")
    assert calibrate(tmp_path / "a") == 0
    assert "left unnamed" in capsys.readouterr().out
    assert calibrate(tmp_path / "b", "--yes") == 0  # asks nothing
    out = capsys.readouterr().out
    assert "named" not in out.replace("unnamed", "")
    for folder in ("a", "b"):
        with pytest.raises(ValueError):  # the 4s and the 5 are still unknown to the skin
            read_minesweeper(Frame.from_file(SHOT), skin=str(tmp_path / folder))


def test_the_preview_draws_two_pixels_a_character():
    look = np.zeros((8, 4, 3), np.uint8)
    look[:4] = (0, 0, 255)  # top half red (BGR)
    text = preview(look, width=4)  # 4 x 8 pixels: 4 characters by 4 lines
    assert text.plain == "▀▀▀▀\n" * 4
    first = text.spans[0].style
    assert first.color.triplet.hex == "#ff0000" and first.bgcolor.triplet.hex == "#ff0000"
    last = text.spans[-1].style
    assert last.color.triplet.hex == "#000000" and last.bgcolor.triplet.hex == "#000000"


def test_ask_turns_ctrl_d_and_ctrl_c_into_cancelled(monkeypatch):
    """The helper every calibrate prompt uses (minesweeper, balda, erudit)."""
    from bot.cli.prompt import Cancelled, ask

    typing(monkeypatch, "  yes  ")
    assert ask("? ") == "yes"
    with pytest.raises(Cancelled, match="cancelled at the prompt"):
        ask("? ")  # input ran out: Ctrl+D

    def interrupted(_question: str) -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr("builtins.input", interrupted)
    with pytest.raises(Cancelled):
        ask("? ")
