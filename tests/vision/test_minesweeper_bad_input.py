"""Bad input gives a clear error naming the file or the cell; never a silent guess."""

from __future__ import annotations

import json

import numpy as np
import pytest

from bot.cli.main import main
from calibration.minesweeper.render import render_minesweeper
from solvers.minesweeper.state import Board
from vision.core.errors import BoardNotFoundError, ReadError
from vision.core.frame import Frame, ImageFileError
from vision.minesweeper.reader import locate_minesweeper, read_minesweeper

ROWS = ["#" * 30] * 6 + ["#" * 10 + "..12F3" + "#" * 14] + ["#" * 30] * 9
BOARD = Board.from_text("\n".join(ROWS))


def _window() -> tuple[np.ndarray, object]:
    image, geometry = render_minesweeper(BOARD, "winxp", mines_left=10, timer=1)
    return image, geometry


def test_no_board_in_a_plain_picture():
    frame = Frame.from_pixels(np.full((600, 800, 3), 200, np.uint8))
    with pytest.raises(BoardNotFoundError, match="no Minesweeper board found"):
        locate_minesweeper(frame)


def test_glyph_painted_over_a_cell_is_refused_by_name():
    image, geometry = _window()
    rect = geometry.cell_rect(3, 7)
    image[rect.top + 3 : rect.bottom - 3, rect.left + 4 : rect.right - 4] = (255, 0, 255)
    with pytest.raises(ReadError, match=r"row 3, col 7") as err:
        read_minesweeper(Frame.from_pixels(image))
    assert err.value.cell == (3, 7)
    assert err.value.cells == ((3, 7),)
    assert err.value.crop.shape[:2] == (rect.height, rect.width)


def test_board_partly_covered_by_another_window():
    image, geometry = _window()
    b = geometry.bounds
    image[b.top + 40 : b.bottom - 20, b.left + 100 : b.left + 300] = (240, 240, 240)
    with pytest.raises(ReadError, match="partly covered") as err:
        read_minesweeper(Frame.from_pixels(image))
    assert len(err.value.cells) > 20


def test_location_outside_a_smaller_frame_asks_to_locate_again():
    image, _ = _window()
    location = locate_minesweeper(Frame.from_pixels(image))
    with pytest.raises(ReadError, match="locate it again"):
        read_minesweeper(Frame.from_pixels(image[:150, :200].copy()), location=location)


def test_moved_board_is_not_misread():
    """A frame where the board moved under a stale location: refused, not read shifted."""
    image, _ = _window()
    location = locate_minesweeper(Frame.from_pixels(image))
    moved = np.full_like(image, 192)
    moved[:, 7:] = image[:, :-7]
    with pytest.raises(ReadError):
        read_minesweeper(Frame.from_pixels(moved), location=location)


def test_truncated_and_non_image_files(tmp_path):
    image, _ = _window()
    good = tmp_path / "board.png"
    Frame.from_pixels(image).save(good)
    truncated = tmp_path / "truncated.png"
    truncated.write_bytes(good.read_bytes()[:200])
    text = tmp_path / "notes.png"
    text.write_text("not a picture")
    for path in (truncated, text, tmp_path / "missing.png"):
        with pytest.raises(ImageFileError, match=str(path.name)):
            Frame.from_file(path)


def test_cli_reads_and_reports_json(tmp_path, capsys):
    image, _ = _window()
    path = tmp_path / "board.png"
    Frame.from_pixels(image).save(path)
    assert main(["read", "minesweeper", str(path), "--json"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    data = json.loads(out[-1])
    assert data["state"] == BOARD.to_text()
    assert (data["rows"], data["cols"], data["skin"]) == (16, 30, "winxp")
    assert (data["counter"], data["face"]) == (10, "playing")
    assert out[0] == BOARD.to_text().splitlines()[0]


def test_cli_error_names_file_and_cell_and_saves_debug(tmp_path, capsys):
    image, geometry = _window()
    rect = geometry.cell_rect(5, 9)
    image[rect.top + 4 : rect.bottom - 4, rect.left + 4 : rect.right - 4] = (0, 200, 0)
    path = tmp_path / "odd.png"
    Frame.from_pixels(image).save(path)
    debug = tmp_path / "dbg" / "out.png"
    assert main(["read", "minesweeper", str(path), "--debug", str(debug)]) == 2
    err = capsys.readouterr().err
    assert str(path) in err and "row 5, col 9" in err
    assert debug.is_file() and (tmp_path / "dbg" / "out-crop.png").is_file()


def test_cli_bad_file_exits_2(tmp_path, capsys):
    path = tmp_path / "empty.png"
    path.write_bytes(b"")
    assert main(["read", "minesweeper", str(path)]) == 2
    assert "empty.png" in capsys.readouterr().err
