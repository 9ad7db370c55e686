"""The renderer draws every state of every skin, and the reader reads its pictures back exactly."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from calibration.minesweeper.render import render_minesweeper
from solvers.minesweeper.state import Board
from vision.core.frame import Frame
from vision.minesweeper.reader import BoardLocation, locate_minesweeper, read_minesweeper
from vision.minesweeper.skin import builtin_skins, load_skin

SKINS = builtin_skins()
SCALES = (1.0, 1.25, 1.5, 2.0)


@st.composite
def boards(draw: st.DrawFn, skin: str, max_rows: int = 9, max_cols: int = 12) -> Board:
    chars = load_skin(skin).chars
    rows = draw(st.integers(2, max_rows))
    cols = draw(st.integers(2, max_cols))
    text = draw(st.lists(st.sampled_from(chars), min_size=rows * cols, max_size=rows * cols))
    lines = ["".join(text[r * cols : (r + 1) * cols]) for r in range(rows)]
    return Board.from_text("\n".join(lines))


@pytest.mark.parametrize("skin", SKINS)
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_rendered_board_reads_back_at_its_geometry(skin: str, data: st.DataObject):
    """The hot path: a location built from the renderer's geometry reads every cell exactly.

    Whole scales only: at 125 % the whole-pixel geometry is up to half a pixel off the drawn
    cells, which a located board (sub-pixel fit, tested below) does not suffer from.
    """
    board = data.draw(boards(skin))
    scale = data.draw(st.sampled_from((1.0, 2.0)))
    image, geometry = render_minesweeper(board, skin, scale=scale)
    location = BoardLocation(geometry, skin, scale)
    reading = read_minesweeper(Frame.from_pixels(image), location=location)
    assert reading.board == board


def _game_like(rng: np.random.Generator, rows: int, cols: int, chars: str) -> Board:
    """Mostly covered with an opened patch, like a real position (lattices need covered runs)."""
    cells = np.full((rows, cols), "#", dtype="<U1")
    r0, c0 = rng.integers(0, rows // 2), rng.integers(0, cols // 2)
    for r in range(r0, min(rows, r0 + rows // 2)):
        for c in range(c0, min(cols, c0 + cols // 2)):
            cells[r, c] = rng.choice(list(chars))
    return Board.from_text("\n".join("".join(row) for row in cells))


@pytest.mark.parametrize("skin", SKINS)
@pytest.mark.parametrize("scale", SCALES)
def test_rendered_window_is_located_and_read(skin: str, scale: float):
    """The slow path: find the board in a whole rendered window (counters and face too)."""
    rng = np.random.default_rng(int(scale * 100) + len(skin))
    board = _game_like(rng, 16, 30, load_skin(skin).chars)
    image, geometry = render_minesweeper(board, skin, mines_left=42, face="playing",
                                         scale=scale, timer=7)
    frame = Frame.from_pixels(image)
    location = locate_minesweeper(frame)
    assert location.skin == skin
    assert location.scale == pytest.approx(scale, rel=0.02)
    for mine, want in zip(location.geometry.col_edges, geometry.col_edges, strict=True):
        assert abs(mine - want) <= 1
    reading = read_minesweeper(frame, location=location)
    assert reading.board == board
    if _draws_counters(skin):
        assert (reading.counter, reading.timer, reading.face) == (42, 7, "playing")
    else:  # nothing drawn, nothing read (gnome-mines' text counters are not rendered)
        assert (reading.counter, reading.timer) == (None, None)


def _draws_counters(skin: str) -> bool:
    """The renderer draws seven-segment counters only."""
    counter = load_skin(skin).counter
    return counter is not None and counter.get("kind") == "seven_segment"


@pytest.mark.parametrize("skin", [s for s in SKINS if _draws_counters(s)])
@pytest.mark.parametrize("value", [-9, 0, 7, 10, 99, 123, 999])
def test_counters_and_faces_round_trip(skin: str, value: int):
    board = Board.from_text("\n".join(["#" * 9] * 9))
    faces = sorted(load_skin(skin).faces)
    face = faces[abs(value) % len(faces)]
    image, _ = render_minesweeper(board, skin, mines_left=value, face=face, timer=abs(value))
    reading = read_minesweeper(Frame.from_pixels(image))
    digits = int(load_skin(skin).counter["digits"])
    low, high = -(10 ** (digits - 1) - 1), 10**digits - 1
    assert reading.counter == max(low, min(high, value))
    assert reading.timer == min(high, abs(value))
    assert reading.face == face


def test_dark_counters_read_as_unknown():
    board = Board.from_text("\n".join(["#" * 9] * 9))
    image, _ = render_minesweeper(board, "winxp", mines_left=None, timer=None)
    reading = read_minesweeper(Frame.from_pixels(image))
    assert (reading.counter, reading.timer) == (None, None)


def test_board_anywhere_on_a_screen_with_negative_coordinates():
    """Geometry is in frame pixels; the frame itself may sit left of the primary monitor."""
    board = _game_like(np.random.default_rng(3), 16, 30, load_skin("winxp").chars)
    image, geometry = render_minesweeper(board, "winxp")
    screen = np.full((900, 1400, 3), (90, 60, 30), np.uint8)
    screen[217 : 217 + image.shape[0], 333 : 333 + image.shape[1]] = image
    frame = Frame.from_pixels(screen, left=-1920, top=-120)
    reading = read_minesweeper(frame)
    assert reading.board == board
    assert reading.geometry == geometry.offset(333, 217)
    assert frame.to_screen(reading.geometry.cell_center(0, 0)).x < 0
