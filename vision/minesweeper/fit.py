"""Fitting a cell grid to a picture: exact sub-pixel cell centres for a skin.

The lattice finder gives rough centres; here they are moved until the cells sit on the skin's
templates: the whole grid in x and y together, then each row and column on its own (blur or a
mix of cell kinds throws single lines off), then, for skins drawn on one pitch, one straight
pitch polished by shift and stretch. Scores are mean distances to the nearest template over a
spread-out sample of cells, so each trial costs a fraction of a full read.
"""

from __future__ import annotations

from collections.abc import Callable

import cv2
import numpy as np

from vision.minesweeper.cell_grid import grow_by_lines
from vision.minesweeper.cells import (
    MAX_RMS,
    CellGrid,
    CellVerdict,
    classify,
    glyph_bank,
    grid_blocks,
    nearest_distance,
)
from vision.minesweeper.skin import Skin


class Picture:
    """A frame's pixels with a lazily computed integral image, shared by the fitting steps."""

    def __init__(self, pixels: np.ndarray) -> None:
        self.pixels = pixels
        self._integral: np.ndarray | None = None

    @property
    def integral(self) -> np.ndarray:
        if self._integral is None:
            self._integral = cv2.integral(self.pixels, sdepth=cv2.CV_64F)
        return self._integral


def verdict_of(pixels: np.ndarray | Picture, grid: CellGrid, skin: Skin) -> CellVerdict:
    if isinstance(pixels, Picture):
        integral = None if grid.is_whole() else pixels.integral
        return classify(grid_blocks(pixels.pixels, grid, integral=integral), glyph_bank(skin))
    return classify(grid_blocks(pixels, grid), glyph_bank(skin))


def nearest_of(pixels: Picture, grid: CellGrid, skin: Skin) -> np.ndarray:
    integral = None if grid.is_whole() else pixels.integral
    return nearest_distance(pixels.pixels, grid, glyph_bank(skin), integral)


def rank(verdict: CellVerdict) -> tuple[int, float]:
    return (int(verdict.accepted.sum()), -verdict.score())


def sample_cells(grid: CellGrid, rows: int = 6, cols: int = 10) -> CellGrid:
    """A spread-out subset of the cells (corners included), for quick fit scores."""
    ri = np.unique(np.linspace(0, grid.rows - 1, min(rows, grid.rows)).round().astype(int))
    ci = np.unique(np.linspace(0, grid.cols - 1, min(cols, grid.cols)).round().astype(int))
    return CellGrid(tuple(grid.col_centres[i] for i in ci), tuple(grid.row_centres[i] for i in ri),
                    grid.pitch_x, grid.pitch_y)


def fit_score(pixels: Picture, grid: CellGrid, skin: Skin, small: bool = False) -> float:
    """How badly the grid sits on the templates (mean capped distance over a sample of cells;
    lower is better)."""
    h, w = pixels.pixels.shape[:2]
    if not grid.inside(w, h):
        return float("inf")
    rms = nearest_of(pixels, sample_cells(grid, 4, 6) if small else sample_cells(grid), skin)
    return float(np.minimum(rms, 2 * MAX_RMS).mean())


def straight(grid: CellGrid) -> CellGrid:
    """The same cells on one exact pitch (least-squares line through the centres)."""

    def fit(centres: tuple[float, ...], pitch: float) -> tuple[float, float]:
        if len(centres) < 2:
            return centres[0] - pitch / 2, pitch
        k = np.arange(len(centres))
        slope, intercept = np.polyfit(k, np.asarray(centres), 1)
        return float(intercept - slope / 2), float(slope)

    x0, px = fit(grid.col_centres, grid.pitch_x)
    y0, py = fit(grid.row_centres, grid.pitch_y)
    return CellGrid.uniform(x0, y0, px, py, grid.rows, grid.cols)


def snap(grid: CellGrid) -> CellGrid:
    """Whole pixels when the fit is within a few hundredths of them (enables the fast path)."""
    left, top, _, _ = grid.bounds()
    vals = (left, top, grid.pitch_x, grid.pitch_y)
    if all(abs(v - round(v)) < 0.08 for v in vals):
        return CellGrid.uniform(round(left), round(top), round(grid.pitch_x), round(grid.pitch_y),
                                grid.rows, grid.cols)
    return grid


def line_errors(pixels: Picture, grid: CellGrid, skin: Skin, axis: int, offsets: np.ndarray
                 ) -> np.ndarray:
    """Mean distance of each column (axis 0) or row (axis 1) moved by each offset: (k, n)."""
    if axis == 0:
        sample = sample_cells(grid, rows=6, cols=grid.cols)
    else:
        sample = sample_cells(grid, rows=grid.rows, cols=8)
    out = []
    for off in offsets:
        moved = sample.moved(dx=off) if axis == 0 else sample.moved(dy=off)
        if not moved.inside(pixels.pixels.shape[1], pixels.pixels.shape[0]):
            n = grid.cols if axis == 0 else grid.rows
            out.append(np.full(n, np.inf))
            continue
        rms = np.minimum(nearest_of(pixels, moved, skin), 2 * MAX_RMS)
        out.append(rms.mean(axis=0) if axis == 0 else rms.mean(axis=1))
    return np.stack(out)


def place_lines(pixels: Picture, grid: CellGrid, skin: Skin) -> CellGrid:
    """Move every column and row on its own to where its cells fit best (coarse, then fine).

    The lattice puts each row and column from the flat patches it saw, which blur or a mix
    of covered and opened cells can throw off by a few pixels; this corrects each line.
    """
    for share, step in ((0.15, 1.0), (0.0, 0.25)):
        for axis in (0, 1):
            pitch = grid.pitch_x if axis == 0 else grid.pitch_y
            k = int(np.ceil(max(2.0, share * pitch) / step)) if share else 3
            offsets = step * np.arange(-k, k + 1)
            errors = line_errors(pixels, grid, skin, axis, offsets)
            shift = offsets[np.argmin(errors, axis=0)]
            cols, rows = np.asarray(grid.col_centres), np.asarray(grid.row_centres)
            if axis == 0:
                cols = cols + shift
            else:
                rows = rows + shift
            grid = CellGrid(tuple(cols.tolist()), tuple(rows.tolist()), grid.pitch_x,
                            grid.pitch_y)
    return grid


def shift_whole(pixels: Picture, grid: CellGrid, skin: Skin, scale: float) -> CellGrid:
    """The best shift of the whole grid, searched in x and y together (coarse, then finer).

    One axis at a time can stall: with the rows a pixel off, no column shift looks better.
    """
    step = max(1.0, scale)
    for reach in (1, 1, 1):
        best, best_score = grid, fit_score(pixels, grid, skin, small=True)
        for dy in np.arange(-reach, reach + 1) * step:
            for dx in np.arange(-reach, reach + 1) * step:
                if dx == 0 and dy == 0:
                    continue
                trial = grid.moved(dx=float(dx), dy=float(dy))
                score = fit_score(pixels, trial, skin, small=True)
                if score < best_score:
                    best, best_score = trial, score
        grid = best
        step /= 2
    return grid


def refine(pixels: Picture, grid: CellGrid, skin: Skin, scale: float) -> CellGrid:
    """Shift the whole grid, place every line, then (on one-pitch skins) fit one pitch and
    polish shift and stretch."""
    uneven = skin.layout.get("pitch") == "uneven"
    grid = shift_whole(pixels, grid, skin, scale)
    grid = place_lines(pixels, grid, skin)
    if uneven:
        return grid
    grid = straight(grid)
    best = fit_score(pixels, grid, skin)
    span_x = max(1.0, (grid.cols - 1) * grid.pitch_x / 2)
    span_y = max(1.0, (grid.rows - 1) * grid.pitch_y / 2)
    step = 0.25
    while step >= 0.12:
        moves = [{"dx": step}, {"dx": -step}, {"dy": step}, {"dy": -step},
                 {"kx": 1 + step / span_x}, {"kx": 1 - step / span_x},
                 {"ky": 1 + step / span_y}, {"ky": 1 - step / span_y}]
        for _ in range(2):
            improved = False
            for move in moves:
                trial = grid.moved(**move)
                score = fit_score(pixels, trial, skin)
                if score < best - 1e-6:
                    grid, best, improved = trial, score, True
            if not improved:
                break
        step /= 2
    return snap(grid)


def grow(pixels: Picture, grid: CellGrid, skin: Skin, within: float | None = None,
         share: float = 1.0, plain: Callable[[CellGrid], np.ndarray] | None = None) -> CellGrid:
    """Add whole rows/columns at the edges while every new cell matches the skin.

    With ``within`` (a skin of looks found on this picture alone, whose limits are loose), a
    new row or column needs ``share`` of its cells that close to a look, one of them not
    ``plain`` (a mask of the cells that are): a plain window margin must not pass for a row of
    empty cells, while a column holding a number the part found so far lacks still belongs to
    the board.
    """
    h, w = pixels.pixels.shape[:2]

    def fits(extra: CellGrid) -> bool:
        verdict = verdict_of(pixels, extra, skin)
        ok = verdict.accepted if within is None else verdict.accepted & (verdict.rms <= within)
        return bool(ok.mean() >= share and (plain is None or (ok & ~plain(extra)).any()))

    return grow_by_lines(grid, w, h, fits)


def trim(grid: CellGrid, verdict: CellVerdict) -> CellGrid:
    """Drop outer rows/columns in which no cell matches: the lattice ran past the board there.

    A row with even one matching cell stays, so a board partly hidden by another window is
    reported as unreadable cells rather than quietly read smaller.
    """
    ok = verdict.accepted
    r0, r1, c0, c1 = 0, ok.shape[0], 0, ok.shape[1]
    while r1 - r0 > 1 and not ok[r0, c0:c1].any():
        r0 += 1
    while r1 - r0 > 1 and not ok[r1 - 1, c0:c1].any():
        r1 -= 1
    while c1 - c0 > 1 and not ok[r0:r1, c0].any():
        c0 += 1
    while c1 - c0 > 1 and not ok[r0:r1, c1 - 1].any():
        c1 -= 1
    return CellGrid(grid.col_centres[c0:c1], grid.row_centres[r0:r1], grid.pitch_x, grid.pitch_y)
