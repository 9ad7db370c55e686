"""Has the board moved since it was located? A cheap look at where its square edges are now.

A page may reflow under the bot (Xanado's board moves 15 px sideways when its log panel gains or
loses a scroll bar). A board read a quarter square off still reads: every square keeps its
colour, but each tile is cut through its value number, and a stray stroke of the neighbour reads
as a "0" (a wildcard). Locating the board again costs 100-250 ms a frame; this check costs a few:
the square edges (sharp colour steps, summed along the board's rows and columns) must lie where
the located edges say. When they lie elsewhere by a clear margin the board has moved, and the
caller locates it again.
"""

from __future__ import annotations

import numpy as np

from vision.core.geometry import GridGeometry

#: Edges this many pixels off are the board where it was (a located edge may be a pixel out).
SLACK = 2
#: The edges' strength at the best shift, against the located place, that says the board moved.
MOVED = 1.6


#: Every how many lines across the board the steps are summed (edges run the board's length).
EVERY = 3


def _steps(band: np.ndarray, axis: int) -> np.ndarray:
    """Brightness steps between neighbouring pixels along ``axis``, summed across the band
    (every EVERY-th line)."""
    lines = band[::EVERY] if axis == 1 else band[:, ::EVERY]
    grey = lines.sum(axis=2, dtype=np.int32)
    diff = np.abs(np.diff(grey, axis=axis))
    return np.asarray(diff.sum(axis=1 - axis), dtype=np.float64)


def _edges_strength(profile: np.ndarray, edges: list[int]) -> float:
    total = 0.0
    for x in edges:
        if SLACK <= x < len(profile) - SLACK:
            total += float(profile[x - SLACK : x + SLACK + 1].max())
    return total


def _shift(profile: np.ndarray, edges: list[int], reach: int) -> int:
    """How far the profile's edges lie from ``edges`` (0: where they are, or no clear answer)."""
    here = _edges_strength(profile, edges)
    best, strength = 0, here
    for s in range(-reach, reach + 1):
        if abs(s) <= SLACK:
            continue
        got = _edges_strength(profile, [x + s for x in edges])
        if got > strength:
            best, strength = s, got
    return best if strength > MOVED * max(here, 1.0) else 0


def board_offset(pixels: np.ndarray, geometry: GridGeometry) -> tuple[int, int]:
    """(dx, dy) in pixels from the located board to where its square edges show in ``pixels``;
    (0, 0) when they show where located, or the picture cannot tell (a board of one flat colour
    with no lines between its squares)."""
    bounds = geometry.bounds
    pitch_x, pitch_y = geometry.pitch
    reach_x, reach_y = int(pitch_x // 2), int(pitch_y // 2)
    h, w = pixels.shape[:2]
    left, right = max(0, bounds.left - reach_x - SLACK), min(w, bounds.right + reach_x + SLACK)
    top, bottom = max(0, bounds.top - reach_y - SLACK), min(h, bounds.bottom + reach_y + SLACK)
    if right - left < 4 or bottom - top < 4:
        return 0, 0
    across = _steps(pixels[max(0, bounds.top) : min(h, bounds.bottom), left:right], 1)
    down = _steps(pixels[top:bottom, max(0, bounds.left) : min(w, bounds.right)], 0)
    dx = _shift(across, [x - left for x in geometry.col_edges], reach_x)
    dy = _shift(down, [y - top for y in geometry.row_edges], reach_y)
    return dx, dy
