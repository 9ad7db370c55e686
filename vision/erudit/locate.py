"""Find the 15×15 Erudit / Scrabble board in a page picture, at any zoom, or say why not.

The board's squares are flat patches of one size on one pitch (:func:`vision.core.letter_lattice.
square_patches` finds them). Pages put other squares of that size nearby — rack tiles under the
board, a row of swap cells beside it — which chain into the board at a wrong step, so here the
pitch and phase come from the patches first, strays off the lattice are dropped, and the 15×15
window holding the most patches is the board. Fewer than 15 rows or columns of squares with the
lattice running into the frame's edge is a board cut off; anything else is no board.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from vision.core.errors import BoardNotFoundError
from vision.core.frame import Frame
from vision.core.letter_lattice import CellLattice, square_patches
from vision.core.letters import GridLocation, location_of

SIZE = 15
#: A patch more than this part of the pitch away from a lattice point is not a square of it.
OFF_LATTICE = 0.14
#: Squares of the board seen, at least, before it counts as one (a quarter of an empty board
#: can hide behind premium labels; tiles are squares too).
MIN_SUPPORT = 60


class BoardCutOffError(BoardNotFoundError):
    """A board lattice runs into the frame's edge with fewer than 15 rows or columns inside."""


@dataclass(frozen=True)
class _Fit:
    lattice: CellLattice
    cols: range
    rows: range
    support: int
    frame_limited: str  # "" or the frame edges the lattice's squares run into


def _step(values: np.ndarray, across: np.ndarray, side: float) -> float | None:
    """The most common distance between neighbours along lines (one square apart)."""
    order = np.lexsort((values, np.round(across / max(2.0, 0.1 * side))))
    v, a = values[order], across[order]
    d = np.diff(v)
    same = np.abs(np.diff(a)) <= max(2.0, 0.08 * side)
    near = d[same & (d >= 0.95 * side) & (d <= 1.6 * side + 2)]
    if len(near) < 4:
        return None
    return float(np.median(near))


def _phase(values: np.ndarray, pitch: float) -> float:
    """The offset (0..pitch) most centres share: the circular mean of the dominant cluster."""
    angles = 2 * np.pi * (values / pitch)
    best, best_n = 0.0, -1
    for a in angles[:: max(1, len(angles) // 64)]:
        close = np.abs(np.angle(np.exp(1j * (angles - a)))) <= 2 * np.pi * OFF_LATTICE
        if close.sum() > best_n:
            best_n = int(close.sum())
            best = float(np.angle(np.mean(np.exp(1j * angles[close]))))
    return (best / (2 * np.pi)) * pitch % pitch


def _fit_class(
    patches: np.ndarray, others: np.ndarray, width: int, height: int
) -> _Fit | None:
    """Pitch and phase from one size class; squares counted from every patch that fits."""
    side = float(np.median(np.maximum(patches[:, 2], patches[:, 3])))
    xs, ys = patches[:, 0], patches[:, 1]
    px = _step(xs, ys, side)
    py = _step(ys, xs, side)
    if px is None or py is None or abs(px - py) > max(1.5, 0.04 * px):
        return None
    pitch = (px + py) / 2
    ox, oy = _phase(xs, pitch), _phase(ys, pitch)
    sides = np.maximum(others[:, 2], others[:, 3])
    fitting = others[(sides >= 0.55 * pitch) & (sides <= 1.02 * pitch)]
    xs, ys = fitting[:, 0], fitting[:, 1]
    fx, fy = (xs - ox) / pitch, (ys - oy) / pitch
    ix, iy = np.round(fx), np.round(fy)
    on = (np.abs(fx - ix) <= OFF_LATTICE) & (np.abs(fy - iy) <= OFF_LATTICE)
    if on.sum() < 8:
        return None
    ix, iy = ix[on].astype(int), iy[on].astype(int)
    xs, ys = xs[on], ys[on]
    # Occupancy of lattice points; the 15×15 window with the most squares is the board.
    x0, y0 = ix.min(), iy.min()
    grid = np.zeros((iy.max() - y0 + 1, ix.max() - x0 + 1), np.int32)
    np.add.at(grid, (iy - y0, ix - x0), 1)
    grid = np.minimum(grid, 1)
    h, w = grid.shape
    wh, ww = min(SIZE, h), min(SIZE, w)
    cum = np.pad(grid.cumsum(0).cumsum(1), ((1, 0), (1, 0)))
    sums = cum[wh:, ww:] - cum[:-wh, ww:] - cum[wh:, :-ww] + cum[:-wh, :-ww]
    r0, c0 = np.unravel_index(int(np.argmax(sums)), sums.shape)
    support = int(sums[r0, c0])
    cols = range(int(c0 + x0), int(c0 + x0 + ww))
    rows = range(int(r0 + y0), int(r0 + y0 + wh))
    inside = (ix >= cols.start) & (ix < cols.stop) & (iy >= rows.start) & (iy < rows.stop)
    # Refine pitch and origin on the squares inside the window (least squares on both axes).
    k = np.concatenate([ix[inside], iy[inside]])
    v = np.concatenate([xs[inside], ys[inside]])
    is_y = np.concatenate([np.zeros(inside.sum()), np.ones(inside.sum())])
    design = np.stack([k, 1 - is_y, is_y], axis=1)
    (pitch, ox, oy), *_ = np.linalg.lstsq(design, v, rcond=None)
    limited = _edges_hit(cols, rows, float(pitch), float(ox), float(oy), width, height)
    n_cols, n_rows = len(cols), len(rows)
    lattice = CellLattice(
        tuple(float(ox + pitch * i) for i in cols),
        tuple(float(oy + pitch * j) for j in rows),
        float(pitch),
        side,
        support,
    )
    if n_cols < SIZE or n_rows < SIZE:
        # Squares the frame cannot show: would the missing rows or columns fall off the frame?
        limited = _missing_edges(lattice, n_rows, n_cols, width, height)
    return _Fit(lattice, cols, rows, support, limited)


def _edges_hit(
    cols: range, rows: range, pitch: float, ox: float, oy: float, width: int, height: int
) -> str:
    out = []
    if ox + pitch * cols.start - pitch / 2 < -1:
        out.append("left")
    if ox + pitch * (cols.stop - 1) + pitch / 2 > width + 1:
        out.append("right")
    if oy + pitch * rows.start - pitch / 2 < -1:
        out.append("top")
    if oy + pitch * (rows.stop - 1) + pitch / 2 > height + 1:
        out.append("bottom")
    return " and ".join(out)


def _missing_edges(lat: CellLattice, n_rows: int, n_cols: int, width: int, height: int) -> str:
    """The frame edges the missing rows or columns must be behind: the sides with no room for
    even one more square ("" when there is room on both: then the board is not cut by the
    frame but covered, or not a board)."""
    p = lat.pitch
    out = []
    for n, first, last, limit, sides in (
        (n_cols, lat.xs[0], lat.xs[-1], width, ("left", "right")),
        (n_rows, lat.ys[0], lat.ys[-1], height, ("top", "bottom")),
    ):
        if n >= SIZE:
            continue
        room = (first - p / 2, limit - (last + p / 2))
        tight = [side for side, r in zip(sides, room, strict=True) if r < p]
        if tight:
            out.append(" or ".join(tight))
    return " and ".join(out)


def board_fits(pixels: np.ndarray) -> list[_Fit]:
    """Lattice fits of each size class of square patches, most squares first."""
    patches = square_patches(pixels)
    if len(patches) < 8:
        return []
    h, w = pixels.shape[:2]
    sides = np.maximum(patches[:, 2], patches[:, 3])
    used = np.zeros(len(patches), bool)
    fits: list[_Fit] = []
    order = sorted(set(sides.tolist()), key=lambda s: -int(np.sum(np.abs(sides - s) <= 2)))
    for side in order:
        member = (~used) & (np.abs(sides - side) <= max(2.0, 0.06 * side))
        if member.sum() < 8:
            continue
        used |= member
        fit = _fit_class(patches[member], patches, w, h)
        if fit is not None:
            fits.append(fit)
    fits.sort(key=lambda f: -f.support)
    return fits


def locate_board(frame: Frame) -> GridLocation:
    """The 15×15 board's cells (frame pixels).

    Raises :class:`BoardCutOffError` when a board runs off the frame and
    :class:`BoardNotFoundError` when no board is there, each saying what was seen.
    """
    fits = board_fits(frame.pixels)
    for fit in fits:
        lat = fit.lattice
        full = lat.rows == SIZE and lat.cols == SIZE
        if full and not fit.frame_limited and fit.support >= MIN_SUPPORT:
            return location_of(lat, frame.width, frame.height)
    for fit in fits:
        lat = fit.lattice
        big = min(lat.rows, lat.cols) >= 5 and fit.support >= min(MIN_SUPPORT,
                                                                   lat.rows * lat.cols // 3)
        if not big:
            continue
        where = (f"squares of pitch {lat.pitch:.1f} px from x={lat.xs[0] - lat.pitch / 2:.0f}"
                 f" y={lat.ys[0] - lat.pitch / 2:.0f} in the {frame.width}×{frame.height} frame")
        shown = f"{lat.rows} of {SIZE} rows and {lat.cols} of {SIZE} columns show"
        if fit.frame_limited and lat.rows == SIZE and lat.cols == SIZE:
            raise BoardCutOffError(
                f"the board runs off the frame's {fit.frame_limited} edge ({where}); scroll or"
                f" resize so the whole 15×15 board shows"
            )
        if fit.frame_limited:
            raise BoardCutOffError(
                f"the board is cut off at the frame's {fit.frame_limited} edge: {shown} ({where});"
                f" scroll or resize so the whole 15×15 board shows"
            )
        if lat.rows < SIZE or lat.cols < SIZE:
            raise BoardCutOffError(
                f"only part of a board shows: {shown} ({where}); is it cut off by the window"
                f" or covered by something?"
            )
    seen = ", ".join(
        f"{f.lattice.rows}×{f.lattice.cols} ({f.support} squares, pitch {f.lattice.pitch:.0f})"
        for f in fits[:3]
    )
    also = f"; square lattices seen: {seen}" if seen else ""
    raise BoardNotFoundError(
        f"no 15×15 board of square cells in the {frame.width}×{frame.height} frame{also}"
    )
