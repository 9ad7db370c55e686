"""Find square lattices of letter cells (Balda grids, Erudit boards) in a web page picture.

Word-game pages draw their cells as equal squares of flat colour (often rounded, often with a
gap of page background between them, sometimes separated by grid lines), each maybe holding a
letter. Selection and hints recolour some cells, sometimes only a little (a faded cell can be a
dozen levels away from the page background), so colour steps are marked with a low threshold;
flat CSS colours have no steps inside. The flat patch inside each cell keeps the cell's bounding
box even with a letter cut out of it. Patches of one size that chain at one pitch along rows and
columns make a candidate lattice; the caller keeps the one whose row and column counts it wants.
The same idea as :mod:`vision.core.lattice` (Minesweeper), tuned for page cells of 18-170 px.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

#: A colour step (0-255, any channel) above this separates flat patches.
STEP = 7
MIN_SIDE = 16
MAX_SIDE = 170


@dataclass(frozen=True)
class CellLattice:
    """A candidate lattice: cell-centre coordinates, the pitch and the flat face size."""

    xs: tuple[float, ...]
    ys: tuple[float, ...]
    pitch: float
    tile: float
    support: int

    @property
    def rows(self) -> int:
        return len(self.ys)

    @property
    def cols(self) -> int:
        return len(self.xs)


def step_mask(pixels: np.ndarray, step: int = STEP) -> np.ndarray:
    """255 where the colour changes by more than ``step`` between pixels 1 or 2 apart."""
    h, w = pixels.shape[:2]
    mask = np.zeros((h, w), np.uint8)

    def steps(a: np.ndarray, b: np.ndarray) -> np.ndarray:
        chans = cv2.split(cv2.absdiff(a, b))
        biggest = cv2.max(cv2.max(chans[0], chans[1]), chans[2])
        return cv2.threshold(biggest, step, 255, cv2.THRESH_BINARY)[1]

    near = steps(pixels[:, 1:], pixels[:, :-1])
    cv2.bitwise_or(mask[:, 1:], near, dst=mask[:, 1:])
    cv2.bitwise_or(mask[:, :-1], near, dst=mask[:, :-1])
    near = steps(pixels[1:, :], pixels[:-1, :])
    cv2.bitwise_or(mask[1:, :], near, dst=mask[1:, :])
    cv2.bitwise_or(mask[:-1, :], near, dst=mask[:-1, :])
    wide = steps(pixels[:, 2:], pixels[:, :-2])
    cv2.bitwise_or(mask[:, 1:-1], wide, dst=mask[:, 1:-1])
    wide = steps(pixels[2:, :], pixels[:-2, :])
    cv2.bitwise_or(mask[1:-1, :], wide, dst=mask[1:-1, :])
    return mask


def square_patches(pixels: np.ndarray, step: int = STEP) -> np.ndarray:
    """Flat, square-ish patches as rows of (cx, cy, w, h), centres in pixel coordinates."""
    flat = cv2.bitwise_not(step_mask(pixels, step))
    _, _, stats, _ = cv2.connectedComponentsWithStats(flat, connectivity=4)
    x, y, w, h, area = (stats[:, i].astype(np.int64) for i in range(5))
    side = np.maximum(w, h)
    keep = (
        (np.minimum(w, h) >= MIN_SIDE)
        & (side <= MAX_SIDE)
        & (np.abs(w - h) <= np.maximum(2, side * 0.12))
        & (area >= 0.3 * w * h)
    )
    idx = np.nonzero(keep)[0]
    out = np.empty((len(idx), 4), np.float64)
    out[:, 0] = x[idx] + (w[idx] - 1) / 2.0
    out[:, 1] = y[idx] + (h[idx] - 1) / 2.0
    out[:, 2] = w[idx]
    out[:, 3] = h[idx]
    return out


def _runs(values: np.ndarray, gap: float) -> list[np.ndarray]:
    """Indices of ``values`` grouped into runs whose neighbours are closer than ``gap``."""
    order = np.argsort(values)
    groups: list[list[int]] = []
    last = None
    for i in order:
        v = values[i]
        if last is None or v - last > gap:
            groups.append([])
        groups[-1].append(int(i))
        last = v
    return [np.array(g) for g in groups]


def _axis(centres: list[float], pitch: float) -> tuple[float, ...] | None:
    """Evenly spaced positions through ``centres`` (row or column clusters), or None when the
    clusters do not sit on one pitch (two boards side by side, a stray square)."""
    c = np.array(sorted(centres))
    k = np.round((c - c[0]) / pitch)
    if len(set(k.tolist())) != len(k):
        return None
    if len(c) >= 2:
        slope, intercept = np.polyfit(k, c, 1)
    else:
        slope, intercept = pitch, c[0]
    if np.max(np.abs(intercept + slope * k - c)) > max(2.0, 0.08 * pitch):
        return None
    count = int(k[-1]) + 1
    return tuple(float(intercept + slope * i) for i in range(count))


def find_cell_lattices(pixels: np.ndarray, step: int = STEP) -> list[CellLattice]:
    """Candidate lattices, most supported first."""
    patches = square_patches(pixels, step)
    if len(patches) < 4:
        return []
    sides = np.maximum(patches[:, 2], patches[:, 3])
    out: list[CellLattice] = []
    used = np.zeros(len(patches), bool)
    # Group patches by size (a cell face and its neighbours agree to a few per cent).
    for side in sorted(set(sides.tolist()), key=lambda s: -int(np.sum(np.abs(sides - s) <= 2))):
        tol = max(2.0, 0.05 * side)
        member = (~used) & (np.abs(sides - side) <= tol)
        if member.sum() < 4:
            continue
        idx = np.nonzero(member)[0]
        used[idx] = True
        out.extend(_lattices_of(patches[idx]))
    out.sort(key=lambda lat: -lat.support)
    return out


def _lattices_of(patches: np.ndarray) -> list[CellLattice]:
    """Split one size class into chained groups and fit each to a lattice."""
    n = len(patches)
    side = float(np.median(np.maximum(patches[:, 2], patches[:, 3])))
    parent = list(range(n))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    dists: list[float] = []
    for axis in (0, 1):
        along, across = patches[:, axis], patches[:, 1 - axis]
        for line in _runs(across, max(2.0, 0.08 * side)):
            line = line[np.argsort(along[line])]
            for a, b in zip(line, line[1:], strict=False):
                d = along[b] - along[a]
                if 0.95 * side <= d <= 1.8 * side + 2:
                    ra, rb = find(int(a)), find(int(b))
                    if ra != rb:
                        parent[ra] = rb
                    dists.append(d)
    groups: dict[int, list[int]] = {}
    for i in range(n):
        groups.setdefault(find(i), []).append(i)
    out = []
    for members in groups.values():
        if len(members) < 4:
            continue
        group = patches[members]
        lattice = _fit(group, side)
        if lattice is not None:
            out.append(lattice)
    return out


def _fit(group: np.ndarray, side: float) -> CellLattice | None:
    cols = [float(np.median(group[g, 0])) for g in _runs(group[:, 0], 0.25 * side)]
    rows = [float(np.median(group[g, 1])) for g in _runs(group[:, 1], 0.25 * side)]
    if len(cols) < 2 or len(rows) < 2:
        return None
    steps = np.diff(sorted(cols)).tolist() + np.diff(sorted(rows)).tolist()
    single = [s for s in steps if s <= 1.8 * side + 2]
    if not single:
        return None
    pitch = float(np.median(single))
    xs, ys = _axis(cols, pitch), _axis(rows, pitch)
    if xs is None or ys is None:
        return None
    pitch_x = (xs[-1] - xs[0]) / (len(xs) - 1)
    pitch_y = (ys[-1] - ys[0]) / (len(ys) - 1)
    if abs(pitch_x - pitch_y) > max(1.5, 0.03 * pitch):
        return None  # cells must be square
    return CellLattice(xs, ys, (pitch_x + pitch_y) / 2, side, len(group))
