"""Learning a skin from screenshots alone: what the game's logic names, what is assumed and said,
what is left unnamed, and the board rectangle a person gives."""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np

from bot.cli.main import main
from calibration.minesweeper.learn import learn_skin
from calibration.minesweeper.render import render_minesweeper
from solvers.minesweeper.state import Board
from vision.core.frame import Frame
from vision.core.geometry import Region
from vision.minesweeper.fixtures import load_fixtures
from vision.minesweeper.reader import cell_verdicts, locate_minesweeper, readable


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
        read = readable(verdict, skin)  # a look not named yet is not read as anything
        for r, row in enumerate(fixture.state):
            for c, want in enumerate(row):
                if read[r, c]:
                    assert chars[r][c] == want, (fixture.path.name, r, c)
                else:
                    assert want not in skin.chars, (fixture.path.name, r, c, want)


def test_a_fresh_screenshot_names_the_covered_look_by_logic_and_numbers_follow():
    fresh = Frame.from_pixels(render_minesweeper(Board.unknown(16, 30), "winxp")[0])
    board = Board.from_text("\n".join(["#" * 30] * 5 + ["#" * 10 + "1112" + "#" * 16,
                                                       "#" * 10 + "1..1" + "#" * 16,
                                                       "#" * 10 + "1112" + "#" * 16]
                                      + ["#" * 30] * 8))
    midgame = Frame.from_pixels(render_minesweeper(board, "winxp")[0])
    skin, report = learn_skin([fresh, midgame], "xp-learned")
    assert skin.chars.startswith("#")
    covered = next(g for g in report.groups if g.name == "#")
    assert "fresh board" in covered.how  # the game's logic, not an assumption
    assert all(g.name in (None, "#", ".", "1", "2") for g in report.groups)


def test_the_board_rectangle_given_is_the_one_searched():
    board = Board.unknown(9, 9)
    image, geometry = render_minesweeper(board, "winxp")
    wide = np.full((image.shape[0], image.shape[1] * 2 + 40, 3), 120, np.uint8)
    wide[:, : image.shape[1]] = image
    wide[:, image.shape[1] + 40 :] = image  # two boards: only the right one is asked for
    frame = Frame.from_pixels(wide)
    b = geometry.bounds
    region = Region(b.left + image.shape[1] + 40, b.top, b.width, b.height)
    _skin, report = learn_skin([frame], "right", region)
    found = report.grids[0].geometry().bounds
    assert (found.left, found.top, found.width, found.height) == (region.left, region.top,
                                                                  region.width, region.height)


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
    err = capsys.readouterr().err
    found = re.search(r"row (\d+), col (\d+).*not named yet", err)
    assert found, err
    label = _fixture("gnome-mines-expert-opening").state[int(found[1])][int(found[2])]
    assert label not in data["learned"]  # the cell it stops at is one it could not name
    assert np.isfinite(list(data["compare"]["template_gap"].values())).all()


UNSEEN = Path(__file__).resolve().parent.parent.parent / "recordings" / "minesweeper" / "unseen"


def _reads(skin, name: str) -> list[tuple[str, str]]:
    """(read, labelled) for every cell the skin reads in the picture (refused cells left out)."""
    from vision.minesweeper.fit import verdict_of
    from vision.minesweeper.looks import board_grid
    from vision.minesweeper.reader import _board, readable

    frame = Frame.from_file(UNSEEN / name)
    grid, _ = board_grid(frame)
    verdict = verdict_of(frame.pixels, grid, skin)
    ok = readable(verdict, skin).reshape(-1)
    board = _board(verdict, skin).to_text().split()
    want = (UNSEEN / "expected" / (Path(name).stem + ".txt")).read_text().split()
    return [(a, b) for k, (a, b) in enumerate(zip("".join(board), "".join(want), strict=True))
            if ok[k]]


def test_kmines_screenshots_with_a_won_board_flagged_whole_calibrate_truthfully():
    """kmines' won board has no covered cell left (it flags every mine): it is found, and
    every cell the learned skin reads back on each screenshot is right ('_' an opened cell
    of unknown number); more screenshots name more, never less and never wrongly."""

    shots = ["kmines-midgame.png", "kmines-lost.png", "kmines-won.png"]
    frames = [Frame.from_file(UNSEEN / n) for n in shots]
    fewer, _ = learn_skin(frames[:2], "km2")
    skin, report = learn_skin(frames, "km3")
    assert report.boards == [(16, 30)] * 3
    assert set(fewer.chars) <= set(skin.chars)
    for name in shots:
        pairs = _reads(skin, name)
        assert len(pairs) >= 100, name  # a good part of the board reads
        wrong = [(a, b) for a, b in pairs if a != b and not (a == "_" and b in ".12345678")]
        assert wrong == [], name


def test_a_crop_of_a_board_with_letters_beside_it_names_no_number_empty():
    """A 3x4 crop of a real board (its mines outside it) with column letters and row numbers
    drawn beside it: the only naming that makes it a possible board calls every look empty
    ('.'). A look with ink is never named empty, and whatever stays unnamed is refused."""
    import cv2

    fixture = _fixture("winxp-beginner-midgame")
    frame = Frame.from_file(fixture.path)
    g = locate_minesweeper(frame).geometry
    x0, x1, y0, y1 = g.col_edges[2], g.col_edges[6], g.row_edges[1], g.row_edges[4]
    crop = frame.pixels[y0:y1, x0:x1]
    pad = 40
    canvas = np.full((crop.shape[0] + 2 * pad, crop.shape[1] + 2 * pad, 3), 255, np.uint8)
    canvas[pad:-pad, pad:-pad] = crop
    for i, letter in enumerate("ABCD"):
        cv2.putText(canvas, letter, (pad + i * 16 + 3, pad - 8), cv2.FONT_HERSHEY_SIMPLEX, 0.5,
                    (0, 0, 0), 1)
    for j in range(3):
        cv2.putText(canvas, str(j + 1), (pad - 18, pad + j * 16 + 12),
                    cv2.FONT_HERSHEY_SIMPLEX, 0.5, (0, 0, 0), 1)
    shot = Frame.from_pixels(canvas)
    skin, report = learn_skin([shot], "crop")
    assert report.boards == [(3, 4)]
    truth = [row[2:6] for row in fixture.state[1:4]]
    verdict = cell_verdicts(shot, locate_minesweeper(shot, skin))
    chars = verdict.text().split("\n")
    read = readable(verdict, skin)
    wrong = [(r, c, chars[r][c], want) for r, row in enumerate(truth)
             for c, want in enumerate(row) if read[r, c] and chars[r][c] != want]
    assert wrong == []  # every cell read is right; the rest is refused
    assert "1" in "".join(truth) and not all(read.ravel())
