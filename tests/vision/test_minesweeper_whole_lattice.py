"""A board found must be the whole lattice of alike cells around it: a won board at 250 %
whose outer numbers are drawn in colours the skin does not know was read as its 4x5 middle
(issue 24: "a board a fraction of its lattice is no board")."""

from __future__ import annotations

import numpy as np
import pytest

from calibration.minesweeper.render import render_minesweeper
from solvers.minesweeper.state import Board
from vision.core.errors import BoardNotFoundError
from vision.core.frame import Frame
from vision.minesweeper.cell_grid import CellGrid
from vision.minesweeper.reader import locate_minesweeper, read_minesweeper
from vision.minesweeper.whole_lattice import lattice_around

WON = "12321232\n23232323\n12321232\n23232323\n12321232\n23232323\n12321232\n23232323"


def _window(recolour: bool) -> tuple[np.ndarray, Board]:
    board = Board.from_text(WON)
    img, geo = render_minesweeper(board, "xdemineur", mines_left=0, face="won", scale=2.5)
    img = img.copy()
    if recolour:  # the numbers outside the middle 4x5 cells in colours no skin has
        sat = img.max(axis=2).astype(int) - img.min(axis=2)
        outside = np.ones(sat.shape, bool)
        outside[geo.row_edges[2] : geo.row_edges[6], geo.col_edges[2] : geo.col_edges[7]] = False
        mask = (sat > 60) & outside
        img[mask] = img[mask][:, [2, 0, 1]]
    page = np.full((img.shape[0] + 200, img.shape[1] + 300, 3), 255, np.uint8)
    page[100 : 100 + img.shape[0], 150 : 150 + img.shape[1]] = img
    return page, board


def test_the_whole_board_is_read_when_every_look_is_known():
    page, board = _window(recolour=False)
    frame = Frame.from_pixels(page)
    assert read_minesweeper(frame, location=locate_minesweeper(frame)).board == board


def test_a_part_of_the_lattice_is_no_board():
    page, _ = _window(recolour=True)
    with pytest.raises(BoardNotFoundError, match=r"fits 4x5 cells .* lattice of [6-8]x[6-8]"
                       r" alike cells .* a part is no board"):
        locate_minesweeper(Frame.from_pixels(page))


def test_the_lattice_stops_at_the_window_around_the_board():
    page, _ = _window(recolour=False)
    frame = Frame.from_pixels(page)
    grid = locate_minesweeper(frame).grid
    assert (grid.rows, grid.cols) == (8, 8)
    around = lattice_around(page, grid)
    assert (around.rows, around.cols) == (8, 8)
    middle = CellGrid(grid.col_centres[2:6], grid.row_centres[2:6], grid.pitch_x, grid.pitch_y)
    grown = lattice_around(page, middle)  # a part grows back to the board, and no further
    assert (grown.rows, grown.cols) == (8, 8)
    assert np.allclose(grown.col_centres, grid.col_centres)
    assert np.allclose(grown.row_centres, grid.row_centres)
