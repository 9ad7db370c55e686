"""Find cell lattices in a picture without knowing the skin or the scale.

Every Minesweeper skin draws its cells as equal, roughly square patches of flat colour (a
covered cell's face inside its bevel, an opened cell inside its grid lines, a gnome-mines tile
between its gaps) repeated on a grid. So: mark colour steps, take the flat connected patches,
keep the square ones, chain patches that sit one pitch apart in the same row or column, and turn
each chained group into per-edge cell boundaries. Which group is the board (and its exact
alignment) is decided later by matching a skin's templates.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass

import cv2
import numpy as np

from vision.geometry import GridGeometry

#: A colour step (0-255, any channel) larger than this separates two flat patches.
EDGE_STEP = 20
MIN_SIDE = 6
MAX_SIDE = 240


@dataclass(frozen=True)
class Patch:
    """A flat, square-ish patch: centre (pixel-index coordinates) and bounding-box size."""

    cx: float
    cy: float
    w: int
    h: int


@dataclass(frozen=True)
class Lattice:
    """A candidate cell grid and how many flat patches support it."""

    geometry: GridGeometry
    support: int


def _steps(a: np.ndarray, b: np.ndarray, step: int) -> np.ndarray:
    """255 where two equally shaped BGR views differ by more than ``step`` in any channel."""
    chans = cv2.split(cv2.absdiff(a, b))
    biggest = cv2.max(cv2.max(chans[0], chans[1]), chans[2])
    return cv2.threshold(biggest, step, 255, cv2.THRESH_BINARY)[1]


def edge_mask(pixels: np.ndarray, step: int = EDGE_STEP) -> np.ndarray:
    """255 where the colour changes by more than ``step`` (any channel).

    A change between neighbours marks both pixels, so a patch shrinks evenly on all sides and
    its centre stays the centre of the cell face; a change across two pixels marks the middle
    one, so edges softened by scaling (bilinear 125-200 %) still close the patches.
    """
    h, w = pixels.shape[:2]
    mask = np.zeros((h, w), np.uint8)
    near = _steps(pixels[:, 1:], pixels[:, :-1], step)
    cv2.bitwise_or(mask[:, 1:], near, dst=mask[:, 1:])
    cv2.bitwise_or(mask[:, :-1], near, dst=mask[:, :-1])
    near = _steps(pixels[1:, :], pixels[:-1, :], step)
    cv2.bitwise_or(mask[1:, :], near, dst=mask[1:, :])
    cv2.bitwise_or(mask[:-1, :], near, dst=mask[:-1, :])
    if w > 2:
        wide = _steps(pixels[:, 2:], pixels[:, :-2], step)
        cv2.bitwise_or(mask[:, 1:-1], wide, dst=mask[:, 1:-1])
    if h > 2:
        wide = _steps(pixels[2:, :], pixels[:-2, :], step)
        cv2.bitwise_or(mask[1:-1, :], wide, dst=mask[1:-1, :])
    return mask


def flat_patches(pixels: np.ndarray, step: int = EDGE_STEP) -> list[Patch]:
    """Connected flat regions whose bounding box is square-ish and mostly filled."""
    flat = cv2.bitwise_not(edge_mask(pixels, step))
    _, _, stats, _ = cv2.connectedComponentsWithStats(flat, connectivity=4)
    x, y, w, h, area = (stats[:, i] for i in range(5))
    side = np.maximum(w, h)
    keep = (
        (np.minimum(w, h) >= MIN_SIDE)
        & (side <= MAX_SIDE)
        & (np.abs(w - h) <= np.maximum(2, side * 0.2))
        & (area >= 0.45 * w * h)
    )
    # Cells come in numbers: a patch whose size (to 2 px) fewer than four others share is junk
    # (text, icons); dropping it early keeps busy desktops cheap.
    bins = np.where(keep, (np.minimum(w, 4095) // 2) * 2048 + np.minimum(h, 4095) // 2, 0)
    counts = np.bincount(bins)
    keep &= counts[bins] >= 4
    idx = np.nonzero(keep)[0]
    cx = x[idx] + (w[idx] - 1) / 2.0
    cy = y[idx] + (h[idx] - 1) / 2.0
    return [
        Patch(float(a), float(b), int(c), int(d))
        for a, b, c, d in zip(cx.tolist(), cy.tolist(), w[idx].tolist(), h[idx].tolist(),
                              strict=True)
    ]


def _neighbour_pairs(patches: list[Patch], axis: int) -> list[tuple[int, int, float]]:
    """Pairs (i, j, distance) of similar patches next to each other along ``axis`` (0 = x)."""

    def along(p: Patch) -> float:
        return p.cx if axis == 0 else p.cy

    def across(p: Patch) -> float:
        return p.cy if axis == 0 else p.cx

    order = sorted(range(len(patches)), key=lambda i: across(patches[i]))
    lines: list[list[int]] = []
    last = -1e9
    for i in order:
        a = across(patches[i])
        if a - last > 3.0 or not lines:
            lines.append([])
        lines[-1].append(i)
        last = a
    pairs: list[tuple[int, int, float]] = []
    for line in lines:
        line.sort(key=lambda i: along(patches[i]))
        for k, i in enumerate(line):
            pi = patches[i]
            for j in line[k + 1 : k + 5]:
                pj = patches[j]
                size = max(pi.w, pi.h, pj.w, pj.h)
                if abs(pi.w - pj.w) > 0.35 * size or abs(pi.h - pj.h) > 0.35 * size:
                    continue
                dist = along(pj) - along(pi)
                if dist < 0.9 * size:
                    continue
                if dist <= 2.5 * size and abs(across(pj) - across(pi)) <= 3.0:
                    pairs.append((i, j, dist))
                break
    return pairs


def _find(parent: list[int], i: int) -> int:
    while parent[i] != i:
        parent[i] = parent[parent[i]]
        i = parent[i]
    return i


def _clusters(values: list[float], pitch: float) -> list[float]:
    """Median of each run of values closer than a third of the pitch, in order."""
    values = sorted(values)
    groups: list[list[float]] = [[values[0]]]
    for v in values[1:]:
        if v - groups[-1][-1] > pitch / 3:
            groups.append([])
        groups[-1].append(v)
    return [float(statistics.median(g)) for g in groups]


def _centres(every: list[float], precise: list[float], pitch: float) -> list[float]:
    """Row or column centres: the span from all patches, positions from one kind of patch.

    Covered and opened cells put their flat faces a pixel apart, so the positions come from the
    most common kind only; rows or columns without that kind (or with no patch at all) are
    placed on a straight-line fit.
    """
    spread = _clusters(every, pitch)
    first = spread[0]
    count = round((spread[-1] - first) / pitch) + 1
    exact: dict[int, float] = {}
    for c in _clusters(precise, pitch) if precise else []:
        exact.setdefault(round((c - first) / pitch), c)
    if len(exact) >= 2:
        ks = np.array(sorted(exact), float)
        slope, intercept = np.polyfit(ks, np.array([exact[int(k)] for k in ks]), 1)
    elif exact:
        (k0, c0), = exact.items()
        slope, intercept = pitch, c0 - k0 * pitch
    else:
        slope, intercept = pitch, first
    lo = min(0, *exact) if exact else 0
    hi = max(count - 1, *exact) if exact else count - 1
    return [exact.get(k, intercept + slope * k) for k in range(lo, hi + 1)]


def _edges(centres: list[float], pitch: float) -> tuple[int, ...]:
    """Cell boundaries half-way between centres (boundary = first pixel of the next cell)."""
    if len(centres) == 1:
        half = pitch / 2
        return (int(np.floor(centres[0] - half + 1)), int(np.floor(centres[0] + half + 1)))
    mids = [(a + b) / 2 for a, b in zip(centres, centres[1:], strict=False)]
    first = centres[0] - (centres[1] - centres[0]) / 2
    last = centres[-1] + (centres[-1] - centres[-2]) / 2
    return tuple(int(np.floor(m + 1)) for m in [first, *mids, last])


def find_lattices(pixels: np.ndarray, min_cells: int = 4, most: int = 6) -> list[Lattice]:
    """Candidate cell grids in the picture, best supported first (at most ``most``)."""
    patches = flat_patches(pixels)
    if len(patches) < min_cells:
        return []
    parent = list(range(len(patches)))
    dists: dict[int, tuple[list[float], list[float]]] = {}
    pairs = [(axis, p) for axis in (0, 1) for p in _neighbour_pairs(patches, axis)]
    for _axis, (i, j, _d) in pairs:
        ri, rj = _find(parent, i), _find(parent, j)
        if ri != rj:
            parent[ri] = rj
    for axis, (i, _j, d) in pairs:
        dists.setdefault(_find(parent, i), ([], []))[axis].append(d)
    members: dict[int, list[int]] = {}
    for i in range(len(patches)):
        members.setdefault(_find(parent, i), []).append(i)
    out: list[Lattice] = []
    roots = sorted(dists, key=lambda root: -len(members[root]))
    for root in roots:
        dx, dy = dists[root]
        group = members[root]
        if len(group) < min_cells or len(out) >= most:
            break
        if not dx or not dy:
            continue
        px, py = float(np.median(dx)), float(np.median(dy))
        if abs(px - py) > 0.12 * max(px, py) + 1:
            continue
        sizes = [(patches[i].w, patches[i].h) for i in group]
        mw, mh = max(set(sizes), key=sizes.count)
        tol = max(1.0, 0.04 * max(mw, mh))  # uneven pitches (gnome-mines) vary tiles a little
        main = [
            patches[i]
            for i in group
            if abs(patches[i].w - mw) <= tol and abs(patches[i].h - mh) <= tol
        ]
        cols = _centres([patches[i].cx for i in group], [p.cx for p in main], px)
        rows = _centres([patches[i].cy for i in group], [p.cy for p in main], py)
        if len(cols) < 2 or len(rows) < 2:
            continue
        try:
            geometry = GridGeometry(_edges(cols, px), _edges(rows, py))
        except ValueError:
            continue
        out.append(Lattice(geometry, len(group)))
    out.sort(key=lambda lat: -lat.support)
    return out
