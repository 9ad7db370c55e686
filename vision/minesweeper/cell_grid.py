"""Where a board's cells are, in fractional pixels: the grid the cell reader samples."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from vision.core.geometry import GridGeometry


@dataclass(frozen=True)
class CellGrid:
    """Cell centres and pitch in fractional pixels (continuous coordinates: pixel i covers
    [i, i + 1)). Features are sampled on a window of one pitch around each centre, so a board
    at 125 % or on gnome-mines' uneven steps is cut where it really is, not where rounding put it.
    """

    col_centres: tuple[float, ...]
    row_centres: tuple[float, ...]
    pitch_x: float
    pitch_y: float

    @classmethod
    def from_geometry(cls, geometry: GridGeometry) -> CellGrid:
        """Cells of whole-pixel edges. Edges that are a fractional pitch rounded (a window
        drawn at 125 %) are put back on that pitch, so no cell is sampled half a pixel off."""

        def centres(edges: tuple[int, ...]) -> tuple[tuple[float, ...], float]:
            e = np.asarray(edges, np.float64)
            k = np.arange(len(e))
            slope, intercept = np.polyfit(k, e, 1) if len(e) > 2 else (e[1] - e[0], e[0])
            if np.abs(e - (intercept + slope * k)).max() <= 0.55:
                mids = intercept + slope * (k[:-1] + 0.5)
                return tuple(mids.tolist()), float(slope)
            return tuple(((e[:-1] + e[1:]) / 2).tolist()), float((e[-1] - e[0]) / (len(e) - 1))

        cols, pw = centres(geometry.col_edges)
        rows, ph = centres(geometry.row_edges)
        return cls(cols, rows, pw, ph)

    @classmethod
    def uniform(cls, x0: float, y0: float, px: float, py: float, rows: int, cols: int
                ) -> CellGrid:
        """Cells on one pitch; (x0, y0) is the top-left corner of the first cell."""
        return cls(tuple(x0 + (c + 0.5) * px for c in range(cols)),
                   tuple(y0 + (r + 0.5) * py for r in range(rows)), px, py)

    @property
    def rows(self) -> int:
        return len(self.row_centres)

    @property
    def cols(self) -> int:
        return len(self.col_centres)

    def moved(self, dx: float = 0.0, dy: float = 0.0, kx: float = 1.0, ky: float = 1.0
              ) -> CellGrid:
        """Shifted by (dx, dy) and stretched about its middle by (kx, ky)."""
        mx = (self.col_centres[0] + self.col_centres[-1]) / 2
        my = (self.row_centres[0] + self.row_centres[-1]) / 2
        return CellGrid(tuple(mx + (c - mx) * kx + dx for c in self.col_centres),
                        tuple(my + (r - my) * ky + dy for r in self.row_centres),
                        self.pitch_x * kx, self.pitch_y * ky)

    def bounds(self) -> tuple[float, float, float, float]:
        """(left, top, right, bottom) of the sampled windows."""
        return (self.col_centres[0] - self.pitch_x / 2, self.row_centres[0] - self.pitch_y / 2,
                self.col_centres[-1] + self.pitch_x / 2, self.row_centres[-1] + self.pitch_y / 2)

    def inside(self, width: int, height: int) -> bool:
        left, top, right, bottom = self.bounds()
        return left >= -0.01 and top >= -0.01 and right <= width + 0.01 and bottom <= height + 0.01

    def geometry(self) -> GridGeometry:
        """Whole-pixel cell edges (for clicks and drawing): half-way between centres."""

        def edges(centres: tuple[float, ...], pitch: float) -> tuple[int, ...]:
            c = np.asarray(centres)
            mids = (c[:-1] + c[1:]) / 2
            allv = np.concatenate([[c[0] - pitch / 2], mids, [c[-1] + pitch / 2]])
            return tuple(int(v) for v in np.floor(allv + 0.5))

        return GridGeometry(edges(self.col_centres, self.pitch_x),
                            edges(self.row_centres, self.pitch_y))

    def is_whole(self) -> bool:
        """True when every window is a whole-pixel, equal-size cell (the fast path applies)."""
        if not (float(self.pitch_x).is_integer() and float(self.pitch_y).is_integer()):
            return False
        left, top, _, _ = self.bounds()
        if not (float(left).is_integer() and float(top).is_integer()):
            return False
        steps_x = np.diff(self.col_centres) if self.cols > 1 else np.array([self.pitch_x])
        steps_y = np.diff(self.row_centres) if self.rows > 1 else np.array([self.pitch_y])
        return bool(np.all(steps_x == self.pitch_x) and np.all(steps_y == self.pitch_y))


def grow_by_lines(grid: CellGrid, width: int, height: int,
                  fits: Callable[[CellGrid], bool], most: int = 64) -> CellGrid:
    """``grid`` grown a whole row or column at a time, on the first side (left, right, top,
    bottom) whose new line lies inside the picture and ``fits``, until none does or ``most``
    lines were added."""
    for _ in range(most):
        cols, rows = list(grid.col_centres), list(grid.row_centres)
        px, py = grid.pitch_x, grid.pitch_y
        for new_cols, new_rows in (
            ([cols[0] - px], rows), ([cols[-1] + px], rows),
            (cols, [rows[0] - py]), (cols, [rows[-1] + py]),
        ):
            line = CellGrid(tuple(new_cols), tuple(new_rows), px, py)
            if line.inside(width, height) and fits(line):
                grid = CellGrid(tuple(sorted(set(cols) | set(new_cols))),
                                tuple(sorted(set(rows) | set(new_rows))), px, py)
                break
        else:
            return grid
    return grid
