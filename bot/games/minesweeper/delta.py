"""Read only the cells whose pixels changed since the last frame that was read.

Reading is a pure function of a cell's pixels, so a cell whose pixels are identical to the last
read frame has the same value; only the rectangle around the changed cells is passed to the
reader (as a location holding just that part of the grid). On a board where a move changes a
few cells this cuts the per-frame read to a fraction, which is most of the frame-to-click
latency. A large change (a new game, the window moved) falls back to a full read.
"""

from __future__ import annotations

import dataclasses
from typing import TypeVar

import numpy as np

from bot.games.minesweeper.reading import BoardRead, Located, Read
from solvers.minesweeper.state import Board
from vision.core.frame import Frame
from vision.core.geometry import GridGeometry

#: Above this share of changed cells a full read is cheaper than cutting a sub-grid.
FULL_READ_SHARE = 0.5


@dataclasses.dataclass(frozen=True)
class DeltaReading:
    """A reading put together from the last one and a read of the changed cells only."""

    board: Board
    geometry: GridGeometry
    counter: int | None = None
    face: str | None = None


def changed_cells(a: np.ndarray, b: np.ndarray, geometry: GridGeometry) -> np.ndarray:
    """rows x cols booleans: does any pixel of the cell differ between pictures a and b?"""
    x0, x1 = geometry.col_edges[0], geometry.col_edges[-1]
    y0, y1 = geometry.row_edges[0], geometry.row_edges[-1]
    diff = np.any(a[y0:y1, x0:x1] != b[y0:y1, x0:x1], axis=2)
    cols = np.asarray(geometry.col_edges[:-1]) - x0
    rows = np.asarray(geometry.row_edges[:-1]) - y0
    return np.logical_or.reduceat(np.logical_or.reduceat(diff, cols, axis=1), rows, axis=0)


LocatedT = TypeVar("LocatedT", bound=Located)


def sub_location(location: LocatedT, rows: slice, cols: slice) -> LocatedT:
    """The same location holding only some rows and columns of the grid (and no panel).

    Besides the whole-pixel ``geometry``, a location may carry fitted fractional cell centres
    (``cells`` with ``row_centres``/``col_centres``); they are cut to the same rows and columns
    so the part is sampled exactly where the full read samples it.
    """
    geometry: GridGeometry = location.geometry
    edge_cols = slice(cols.start, cols.stop + 1)
    edge_rows = slice(rows.start, rows.stop + 1)
    changes: dict[str, object] = {
        "geometry": GridGeometry(geometry.col_edges[edge_cols], geometry.row_edges[edge_rows])
    }
    panel = getattr(location, "panel", None)
    if panel is not None:
        changes["panel"] = type(panel)()
    centres = getattr(location, "cells", None)
    if centres is not None:
        changes["cells"] = dataclasses.replace(
            centres, col_centres=centres.col_centres[cols], row_centres=centres.row_centres[rows]
        )
    return dataclasses.replace(location, **changes)


class DeltaReader:
    """Wraps a full reader ``read(frame, location)``; same results, less work per frame."""

    def __init__(self, read: Read) -> None:
        self._read = read
        self._pixels: np.ndarray | None = None
        self._board: Board | None = None
        self._geometry: GridGeometry | None = None
        self._location: Located | None = None
        self.full_reads = 0
        self.partial_reads = 0

    def reset(self) -> None:
        self._pixels = self._board = self._geometry = None

    def read(self, frame: Frame, location: Located) -> BoardRead:
        geometry = getattr(location, "geometry", None)
        usable = (
            self._pixels is not None
            and self._board is not None
            and location is self._location
            and isinstance(geometry, GridGeometry)
            and geometry == self._geometry
            and self._pixels.shape == frame.pixels.shape
        )
        if not usable:
            return self._full(frame, location)
        assert self._pixels is not None and self._board is not None and geometry is not None
        changed = changed_cells(self._pixels, frame.pixels, geometry)
        if not changed.any():
            self._pixels = frame.pixels
            return DeltaReading(self._board, geometry)
        if changed.mean() > FULL_READ_SHARE:
            return self._full(frame, location)
        rows, cols = np.nonzero(changed)
        # One cell more on every side: a reader may sample a little past a cell's own edges.
        r0, c0 = max(0, int(rows.min()) - 1), max(0, int(cols.min()) - 1)
        r1 = min(geometry.rows - 1, int(rows.max()) + 1)
        c1 = min(geometry.cols - 1, int(cols.max()) + 1)
        part = sub_location(location, slice(r0, r1 + 1), slice(c0, c1 + 1))
        reading = self._read(frame, part)
        if (reading.board.rows, reading.board.cols) != (r1 - r0 + 1, c1 - c0 + 1):
            return self._full(frame, location)  # a reader that ignored the part: read it all
        self.partial_reads += 1
        board = self._board
        values = list(board.cells)
        sub = reading.board
        for r in range(sub.rows):
            start = (r0 + r) * board.cols + c0
            values[start : start + sub.cols] = sub.cells[r * sub.cols : (r + 1) * sub.cols]
        self._board = Board(board.rows, board.cols, tuple(values))
        self._pixels = frame.pixels
        return DeltaReading(self._board, geometry)

    def _full(self, frame: Frame, location: Located) -> BoardRead:
        reading = self._read(frame, location)
        self.full_reads += 1
        self._pixels = frame.pixels
        self._board = reading.board
        self._geometry = reading.geometry
        self._location = location
        return reading
