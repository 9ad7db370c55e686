"""Learning a skin from screenshots alone, and learning one unseen glyph during play."""

from __future__ import annotations

import json

import numpy as np
import pytest

from bot.cli import main
from calibration.learn import learn_cell, learn_skin
from calibration.render import render_minesweeper
from solvers.minesweeper.state import Board, BoardError
from vision.errors import ReadError
from vision.fixtures import load_fixtures
from vision.frame import Frame
from vision.minesweeper import cell_verdicts, locate_minesweeper, read_minesweeper
from vision.skin import Skin, load_skin


def _fixture(stem: str):
    return next(f for f in load_fixtures() if f.path.stem == stem)


def test_learned_xdemineur_skin_reads_what_it_knows_and_refuses_the_rest():
    shots = [_fixture(s) for s in ("xdemineur-expert-opening", "xdemineur-expert-lost",
                                   "xdemineur-live-marks")]
    skin, report = learn_skin([Frame.from_file(f.path) for f in shots], "xd-learned")
    assert {"#", ".", "1", "2"} <= set(skin.chars)
    assert report.boards == [(16, 30)] * 3
    for fixture in shots:
        frame = Frame.from_file(fixture.path)
        verdict = cell_verdicts(frame, locate_minesweeper(frame, skin))
        chars = verdict.text().split("\n")
        for r, row in enumerate(fixture.state):
            for c, want in enumerate(row):
                if verdict.accepted[r, c]:
                    assert chars[r][c] == want, (fixture.path.name, r, c)
                else:
                    assert want not in skin.chars, (fixture.path.name, r, c, want)


def test_unseen_glyph_is_learned_when_the_board_allows_it():
    board = Board.from_text("\n".join(["#" * 12] * 3 + ["####.123####"] + ["#" * 12] * 4))
    image, geometry = render_minesweeper(board, "winxp")
    frame = Frame.from_pixels(image)
    full = load_skin("winxp")
    partial = Skin("partial", full.cell_size, {k: v for k, v in full.cells.items() if k != "3"})
    location = locate_minesweeper(frame, partial)
    with pytest.raises(ReadError) as err:
        read_minesweeper(frame, location=location)
    assert err.value.cell == (3, 7)
    seen = board.with_cells({(3, 7): board[0, 0]}).to_text()
    learned, name = learn_cell(partial, frame, location.geometry, (3, 7), seen, 10)
    assert name == "3"
    assert read_minesweeper(frame, learned, locate_minesweeper(frame, learned)).board == board


def test_unseen_glyph_that_breaks_the_board_is_refused():
    board = Board.from_text("\n".join(["............"] * 3 + ["....3......."] + ["." * 12] * 4))
    image, geometry = render_minesweeper(board, "winxp")
    frame = Frame.from_pixels(image)
    full = load_skin("winxp")
    partial = Skin("partial2", full.cell_size, {k: v for k, v in full.cells.items() if k != "3"})
    seen = board.with_cells({(3, 4): board[0, 0]}).to_text()
    with pytest.raises(BoardError):
        learn_cell(partial, frame, geometry, (3, 4), seen, 3)


def test_calibrate_command_writes_a_skin_and_compares(tmp_path, capsys):
    shots = [str(_fixture(s).path) for s in ("gnome-mines-expert-opening",
                                             "gnome-mines-expert-lost")]
    out = tmp_path / "gm"
    code = main(["calibrate", "minesweeper", "--from", *shots, "--name", "gm", "--out", str(out),
                 "--yes", "--compare", "gnome-mines", "--json"])
    assert code == 0
    data = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert set("#.1") <= set(data["learned"])
    assert (out / "skin.json").is_file()
    for read in data["compare"]["reads"]:
        assert read["agree"] == read["learned_accepted"]  # never a different character
    # The opening shows a 4 the two pictures never let it name: refused by cell, not guessed.
    assert "4" not in data["learned"]
    assert main(["read", "minesweeper", shots[0], "--skin", str(out)]) == 2
    assert "row 8, col 18" in capsys.readouterr().err
    assert np.isfinite(list(data["compare"]["template_gap"].values())).all()
