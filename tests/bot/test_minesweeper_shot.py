"""`gamebot read minesweeper SHOT.png | gamebot solve minesweeper -` works (the board text alone
on stdout), and `solve minesweeper --shot SHOT.png --picture OUT.png` draws the mine
probabilities over the screenshot with the chosen move marked."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest

from bot.cli.main import main
from bot.games.minesweeper.heatmap import CHOSEN, colour
from tests.conftest import RECORDINGS

LABELLED = RECORDINGS / "minesweeper" / "labelled"
BEGINNER = LABELLED / "winxp-beginner-midgame.png"
EXPERT = LABELLED / "winxp-expert-midgame.png"
GAMEBOT = str(Path(sys.executable).parent / "gamebot")


def test_read_prints_the_board_text_alone_on_stdout(capsys):
    assert main(["read", "minesweeper", str(BEGINNER)]) == 0
    captured = capsys.readouterr()
    expected = (LABELLED / "expected" / "winxp-beginner-midgame.txt").read_text().strip()
    assert captured.out.strip() == expected
    assert "9x9 board, skin winxp" in captured.err and "counter 10" in captured.err


def test_read_piped_into_solve():
    read = subprocess.run([GAMEBOT, "read", "minesweeper", str(BEGINNER)], capture_output=True,
                          text=True, check=True)
    solve = subprocess.run([GAMEBOT, "solve", "minesweeper", "-", "--json"], input=read.stdout,
                           capture_output=True, text=True)
    assert solve.returncode == 0, solve.stderr
    summary = json.loads(solve.stdout.strip().splitlines()[-1])
    assert (summary["rows"], summary["cols"], summary["mines"]) == (9, 9, 10)
    assert summary["decision"]["stage"] == "certain"


def test_the_heat_map_marks_the_chosen_move_and_colours_by_probability(tmp_path, capsys):
    out = tmp_path / "pics" / "heat.png"
    assert main(["solve", "minesweeper", "--shot", str(BEGINNER), "--picture", str(out),
                 "--json"]) == 0
    summary = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert summary["picture"] == str(out) and out.is_file()
    picture = cv2.imread(str(out))
    assert picture.shape[:2] == (summary["height"], summary["width"])
    # Find the cells in the picture again: the board is enlarged by a whole factor k.
    from vision.core.frame import Frame
    from vision.minesweeper.reader import read_minesweeper

    reading = read_minesweeper(Frame.from_file(BEGINNER))
    g = reading.geometry
    k = 2  # winxp cells are 16 px; the picture makes them at least 32
    pad = max(4, int(min(g.pitch) // 2))
    top, left = g.bounds.top - pad, g.bounds.left - pad

    def cell_box(r, c):
        rect = g.cell_rect(r, c)
        return ((rect.left - left) * k, (rect.top - top) * k,
                (rect.right - left) * k, (rect.bottom - top) * k)

    chosen = summary["decision"]["move"].split()
    r, c = int(chosen[1]), int(chosen[2])
    x0, y0, x1, y1 = cell_box(r, c)
    frame_pixels = picture[y0 - 3 : y0 - 1, x0 + 4 : x1 - 4].reshape(-1, 3)
    assert (np.abs(frame_pixels.astype(int) - CHOSEN) < 40).all(axis=1).mean() > 0.8
    probabilities = np.array(summary["probabilities"], dtype=float)
    shot = cv2.imread(str(BEGINNER))
    planned = {tuple(int(x) for x in d["move"].split()[1:]) for d in summary["plan"]}
    planned |= {(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)}  # the blue frame
    tinted = 0
    for (rr, cc), p in np.ndenumerate(probabilities):
        if np.isnan(p) or (rr, cc) in planned:
            continue
        x0, y0, x1, y1 = cell_box(rr, cc)
        for y in range(y0 + 3, y0 + 7):  # a corner the percentage does not reach
            for x in range(x0 + 3, x0 + 7):
                under = shot[top + y // k, left + x // k].astype(float)
                want = 0.55 * np.array(colour(p)) + 0.45 * under
                assert np.abs(picture[y, x] - want).max() <= 2, (rr, cc, p)
        tinted += 1
    assert tinted >= np.count_nonzero(~np.isnan(probabilities)) - len(planned) > 20


def test_the_shot_counter_gives_the_mine_total(capsys):
    assert main(["solve", "minesweeper", "--shot", str(EXPERT), "--json"]) == 0
    summary = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert summary["mines"] == 99  # counter 91 + 8 flags
    assert summary["board"].count("F") == 8
    assert main(["solve", "minesweeper", "--shot", str(EXPERT), "--mines", "98", "--json"]) == 0
    captured = capsys.readouterr()
    summary = json.loads(captured.out.strip().splitlines()[-1])
    assert summary["mines"] == 98  # the user's word, over the screen's 99
    assert "the screen shows 99 mines" in captured.err and "--mines says 98" in captured.err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--picture", "x.png", "board.txt"], "--picture draws over a screenshot"),
        (["board.txt", "--shot", str(BEGINNER)], "one"),
        ([], "give a board text file"),
    ],
)
def test_bad_combinations_are_one_clear_line(argv, message, capsys):
    assert main(["solve", "minesweeper", *argv]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_an_unwritable_picture_path_stops_before_reading(tmp_path, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("")
    code = main(["solve", "minesweeper", "--shot", str(tmp_path / "missing.png"), "--picture",
                 str(blocker / "heat.png")])
    assert code == 2
    err = capsys.readouterr().err
    assert "is not a folder" in err and "missing.png" not in err
