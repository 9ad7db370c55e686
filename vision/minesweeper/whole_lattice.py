"""The lattice of alike cells around a board found: a board must be all of it.

A skin's templates may fit only a part of a board drawn in a look they do not know (a won
board at 250 % whose numbers are another colour: the empty cells fit, the rest do not), and
growing stops where they stop fitting. Cells of one board share their frame whatever they
show (grid lines, bevels, gaps): the outer band of each cell. So the lattice is carried on past
the part found, line by line, while a line's cells have a band like the part's own, and a part
that is a small share of that lattice is no board (:func:`part_of_lattice`).
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.minesweeper.cell_grid import CellGrid, grow_by_lines
from vision.minesweeper.looks import plain_cells

#: Each cell is looked at shrunk to this many pixels a side; its band is this many wide.
SIDE, BAND = 20, 2
#: A cell's band is like the board's when it is this near (RMS, 0-255) to one of theirs ...
NEAR = 18.0
#: ... or within this many times the spread of the board's own bands.
SPREAD = 2.5
#: A line joins the lattice when this share of its cells have such a band and are not plain
#: (a plain window margin or a dialog's face has a plain band too).
LINE_SHARE = 0.75
#: At most this many of the board's bands are compared with (speed).
MOST_BANDS = 96
#: A board is a part of its lattice when it holds less than this share of the lattice's cells.
WHOLE_SHARE = 0.5

_y, _x = np.mgrid[0:SIDE, 0:SIDE]
_RING = np.minimum(np.minimum(_y, _x), np.minimum(SIDE - 1 - _y, SIDE - 1 - _x)) < BAND


def bands(pixels: np.ndarray, grid: CellGrid) -> np.ndarray:
    """Each cell's outer band, shrunk: rows x cols x features (float32)."""
    geometry = grid.geometry()
    out = np.zeros((grid.rows, grid.cols, int(_RING.sum()) * 3), np.float32)
    for r in range(grid.rows):
        for c in range(grid.cols):
            rect = geometry.cell_rect(r, c)
            crop = pixels[max(rect.top, 0) : rect.bottom, max(rect.left, 0) : rect.right]
            if crop.shape[0] < 2 or crop.shape[1] < 2:
                continue
            small = cv2.resize(crop, (SIDE, SIDE), interpolation=cv2.INTER_AREA)
            out[r, c] = small[_RING].reshape(-1).astype(np.float32)
    return out


def _nearest(found: np.ndarray, probe: np.ndarray) -> np.ndarray:
    """RMS distance of each probe band to its nearest found band."""
    d = ((probe[:, None, :] - found[None, :, :]) ** 2).mean(axis=2)
    return np.sqrt(d.min(axis=1))


def _limit(found: np.ndarray) -> float:
    """How far a band of this board may be from the nearest of the others."""
    if len(found) < 2:
        return NEAR
    d = ((found[:, None, :] - found[None, :, :]) ** 2).mean(axis=2)
    np.fill_diagonal(d, np.inf)
    spread = float(np.percentile(np.sqrt(d.min(axis=1)), 90))
    return max(NEAR, SPREAD * spread)


def lattice_around(pixels: np.ndarray, grid: CellGrid, real: np.ndarray | None = None,
                   most: int = 64) -> CellGrid:
    """The grid carried on, a whole line at a time, while its cells are like the board's
    ``real`` cells (rows x cols; default all: the ones the skin named, not the ones a
    dialog hides)."""
    h, w = pixels.shape[:2]
    found = bands(pixels, grid).reshape(-1, _RING.sum() * 3)
    if real is not None:
        found = found[real.reshape(-1)]
    if len(found) > MOST_BANDS:  # evenly spread: alike cells repeat
        found = found[np.linspace(0, len(found) - 1, MOST_BANDS).astype(int)]
    limit = _limit(found)

    def fits(line: CellGrid) -> bool:
        alike = _nearest(found, bands(pixels, line).reshape(-1, found.shape[1])) <= limit
        alike = alike.reshape(line.rows, line.cols)
        return bool((alike & ~plain_cells(pixels, line)).mean() >= LINE_SHARE)

    return grow_by_lines(grid, w, h, fits, most)


def part_of_lattice(pixels: np.ndarray, grid: CellGrid, real: np.ndarray | None = None
                    ) -> CellGrid | None:
    """The lattice of alike cells a board found is a small part of, else None."""
    around = lattice_around(pixels, grid, real)
    if grid.rows * grid.cols < WHOLE_SHARE * around.rows * around.cols:
        return around
    return None
