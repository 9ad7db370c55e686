"""Locating a board the way screenshots reach users: enlarged 250-300 %, through a GIF palette,
as a JPEG, with a tooltip over part of it. The board is found whole (never a part of it, never
more), and a cell is read exactly or refused: never read wrong."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest
from PIL import Image

from vision.core.errors import BoardNotFoundError, ReadError
from vision.core.frame import Frame
from vision.minesweeper.reader import locate_minesweeper, read_minesweeper

MINESWEEPER = Path(__file__).resolve().parent.parent.parent / "recordings" / "minesweeper"
#: (picture, skin) pairs: built-in looks and looks learned from nothing (unseen programs).
PICTURES = [
    ("labelled/winxp-expert-midgame.png", None),
    ("labelled/xdemineur-expert-lost.png", None),
    ("labelled/gnome-mines-expert-lost.png", None),
    ("unseen/kmines-midgame.png", "unseen/skins/kmines"),
    ("unseen/ace-minesweeper-midgame.png", "unseen/skins/ace-minesweeper"),
    ("unseen/minesweeper-classic-won.png", "unseen/skins/minesweeper-classic"),
]


def expected(picture: str) -> str:
    folder, name = picture.split("/")
    return (MINESWEEPER / folder / "expected" / (Path(name).stem + ".txt")).read_text().strip()


def gif(pixels: np.ndarray, colours: int, dither: bool) -> np.ndarray:
    image = Image.fromarray(np.ascontiguousarray(pixels[:, :, ::-1]))
    mode = Image.Dither.FLOYDSTEINBERG if dither else Image.Dither.NONE
    quantised = image.quantize(colors=colours, method=Image.Quantize.MEDIANCUT, dither=mode)
    return np.array(quantised.convert("RGB"))[:, :, ::-1].copy()


def jpeg(pixels: np.ndarray, quality: int) -> np.ndarray:
    ok, data = cv2.imencode(".jpg", pixels, [cv2.IMWRITE_JPEG_QUALITY, quality])
    assert ok
    return cv2.imdecode(data, cv2.IMREAD_COLOR)


def tooltip(pixels: np.ndarray, board_text: str, skin: str | None) -> np.ndarray:
    """A pale yellow box with dark 'text' over the middle of the board."""
    frame = Frame.from_pixels(pixels)
    g = locate_minesweeper(frame, skin).geometry
    out = pixels.copy()
    top = g.row_edges[g.rows // 2] - 3
    left = g.col_edges[g.cols // 3] + 2
    w, h = int(g.pitch[0] * 4.5), int(g.pitch[1] * 1.6)
    out[top : top + h, left : left + w] = (200, 255, 255)
    rng = np.random.default_rng(3)
    ink = rng.random((h - 8, w - 8)) < 0.25
    out[top + 4 : top + h - 4, left + 4 : left + w - 4][ink] = (30, 30, 30)
    return out


TRANSFORMS = {
    "250% smooth": lambda p: cv2.resize(p, None, fx=2.5, fy=2.5, interpolation=cv2.INTER_LINEAR),
    "300% sharp": lambda p: cv2.resize(p, None, fx=3, fy=3, interpolation=cv2.INTER_NEAREST),
    "GIF 256 colours": lambda p: gif(p, 256, False),
    "GIF 64 colours dithered": lambda p: gif(p, 64, True),
    "JPEG 85": lambda p: jpeg(p, 85),
}


#: What each transform must give beyond "never wrong": enlarged pictures read exactly; through
#: a 256-colour palette the board is found whole (a colour shifted past a glyph's tolerance
#: is refused); JPEG and a dithered small palette may lose the board or refuse cells.
MUST = {"250% smooth": {"exact"}, "300% sharp": {"exact"}, "GIF 256 colours": {"exact", "refused"}}


def read_or_refuse(pixels: np.ndarray, skin: str | None, text: str) -> str:
    """'exact', 'refused' (a board found whole, cells refused) or 'not whole' (no board, or
    a board of another size, which reading then refuses); fails on a misread."""
    rows = text.split()
    frame = Frame.from_pixels(np.ascontiguousarray(pixels))
    sk = str(MINESWEEPER / skin) if skin else None
    try:
        location = locate_minesweeper(frame, sk)
    except BoardNotFoundError:
        return "not whole"
    g = location.geometry
    if (g.rows, g.cols) != (len(rows), len(rows[0])):
        # A part of the board (or more) may be found only when reading it then refuses.
        with pytest.raises(ReadError):
            read_minesweeper(frame, sk, location)
        return "not whole"
    try:
        got = read_minesweeper(frame, sk, location).board.to_text().strip()
    except ReadError:
        return "refused"
    assert got == text, "misread"
    return "exact"


@pytest.mark.parametrize("transform", sorted(TRANSFORMS))
@pytest.mark.parametrize("picture,skin", PICTURES)
def test_a_board_is_read_exactly_or_refused_never_wrong(picture, skin, transform):
    pixels = Frame.from_file(MINESWEEPER / picture).pixels
    result = read_or_refuse(TRANSFORMS[transform](pixels), skin, expected(picture))
    if transform in MUST:
        assert result in MUST[transform]


@pytest.mark.parametrize("picture,skin", PICTURES)
def test_a_tooltip_over_the_board_leaves_it_whole_and_its_hidden_cells_refused(picture, skin):
    text = expected(picture)
    rows = text.split()
    pixels = Frame.from_file(MINESWEEPER / picture).pixels
    sk = str(MINESWEEPER / skin) if skin else None
    covered = tooltip(pixels, text, sk)
    frame = Frame.from_pixels(covered)
    location = locate_minesweeper(frame, sk)
    assert (location.geometry.rows, location.geometry.cols) == (len(rows), len(rows[0]))
    with pytest.raises(ReadError):
        read_minesweeper(frame, sk, location)


def test_the_pictures_are_labelled():
    labels = {**json.loads((MINESWEEPER / "labelled" / "labels.json").read_text())["fixtures"],
              **json.loads((MINESWEEPER / "unseen" / "labels.json").read_text())["fixtures"]}
    assert all(Path(p).name in labels for p, _ in PICTURES)
