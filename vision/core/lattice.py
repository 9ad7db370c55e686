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
from collections.abc import Callable
from dataclasses import dataclass

import cv2
import numpy as np

from vision.core.geometry import GridGeometry

#: A colour step (0-255, any channel) larger than this separates two flat patches.
EDGE_STEP = 20
#: A finer step, for boards whose cells are parted by faint lines only (tried last).
FINE_STEP = 4
MIN_SIDE = 6
MAX_SIDE = 240
#: Chained groups of patches this many pitches apart or nearer may be one lattice.
MERGE_GAP = 4.0
#: What :func:`board_lattices` tries in turn: (shrink, colour step). Soft bevels drawn large
#: (a window at 250-300 %, resized smoothly) leave no sharp colour step at full size, so the
#: picture is looked at shrunk by 2 and by 3 too; last, a fine step, for a board with no
#: covered cell left (a won board the program flagged whole) whose opened cells are parted
#: by grid lines a few levels lighter only (kmines: 6).
TRIES = ((1, EDGE_STEP), (2, EDGE_STEP), (3, EDGE_STEP), (1, FINE_STEP))


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


@dataclass
class _Group:
    """Patches chained as one lattice, with its pitches and its main patch size."""

    members: list[int]
    dx: list[float]
    dy: list[float]

    def pitch(self) -> tuple[float, float]:
        return float(np.median(self.dx)), float(np.median(self.dy))


def _main_size(patches: list[Patch], group: _Group) -> tuple[int, int]:
    sizes = [(patches[i].w, patches[i].h) for i in group.members]
    return max(set(sizes), key=sizes.count)


def _one_lattice(patches: list[Patch], a: _Group, b: _Group) -> bool:
    """Are two chained groups parts of one lattice, parted by cells that are not flat (the
    numbers and flags of a mostly open board, an overlay)? Same pitch, same patch size, on
    the same lines (centres a whole number of pitches apart) and near each other."""
    (ax, ay), (bx, by) = a.pitch(), b.pitch()
    if abs(ax - bx) > 0.03 * ax + 0.5 or abs(ay - by) > 0.03 * ay + 0.5:
        return False
    (aw, ah), (bw, bh) = _main_size(patches, a), _main_size(patches, b)
    if abs(aw - bw) > 1 or abs(ah - bh) > 1:
        return False
    pa, pb = patches[a.members[0]], patches[b.members[0]]
    for delta, pitch in ((pb.cx - pa.cx, ax), (pb.cy - pa.cy, ay)):
        steps = delta / pitch
        if abs(steps - round(steps)) > 0.15:
            return False

    def box(g: _Group) -> tuple[float, float, float, float]:
        xs = [patches[i].cx for i in g.members]
        ys = [patches[i].cy for i in g.members]
        return min(xs), min(ys), max(xs), max(ys)

    (l1, t1, r1, b1), (l2, t2, r2, b2) = box(a), box(b)
    gap_x = max(0.0, max(l1, l2) - min(r1, r2)) / ax
    gap_y = max(0.0, max(t1, t2) - min(b1, b2)) / ay
    return gap_x <= MERGE_GAP and gap_y <= MERGE_GAP


def _merged(patches: list[Patch], groups: list[_Group]) -> list[_Group]:
    """Groups of one lattice joined (see :func:`_one_lattice`), biggest first."""
    groups = sorted(groups, key=lambda g: -len(g.members))
    out: list[_Group] = []
    for g in groups:
        for kept in out:
            if _one_lattice(patches, kept, g):
                kept.members += g.members
                kept.dx += g.dx
                kept.dy += g.dy
                break
        else:
            out.append(_Group(list(g.members), list(g.dx), list(g.dy)))
    out.sort(key=lambda g: -len(g.members))
    return out


def find_lattices(pixels: np.ndarray, min_cells: int = 4, most: int = 6,
                  step: int = EDGE_STEP) -> list[Lattice]:
    """Candidate cell grids in the picture, best supported first (at most ``most``); ``step``
    is the colour step that separates cells (see :func:`edge_mask`)."""
    patches = flat_patches(pixels, step)
    if len(patches) < min_cells:
        return []
    parent = list(range(len(patches)))
    pairs = [(axis, p) for axis in (0, 1) for p in _neighbour_pairs(patches, axis)]
    for _axis, (i, j, _d) in pairs:
        ri, rj = _find(parent, i), _find(parent, j)
        if ri != rj:
            parent[ri] = rj
    chained: dict[int, _Group] = {}
    for axis, (i, _j, d) in pairs:
        group = chained.setdefault(_find(parent, i), _Group([], [], []))
        (group.dx if axis == 0 else group.dy).append(d)
    for i in range(len(patches)):
        root = _find(parent, i)
        if root in chained:
            chained[root].members.append(i)
    groups = [g for g in chained.values() if g.dx and g.dy and len(g.members) >= 2]
    out: list[Lattice] = []
    for group in _merged(patches, groups):
        if len(group.members) < min_cells or len(out) >= most:
            break
        px, py = group.pitch()
        if abs(px - py) > 0.12 * max(px, py) + 1:
            continue
        mw, mh = _main_size(patches, group)
        tol = max(1.0, 0.04 * max(mw, mh))  # uneven pitches (gnome-mines) vary tiles a little
        main = [
            patches[i]
            for i in group.members
            if abs(patches[i].w - mw) <= tol and abs(patches[i].h - mh) <= tol
        ]
        cols = _centres([patches[i].cx for i in group.members], [p.cx for p in main], px)
        rows = _centres([patches[i].cy for i in group.members], [p.cy for p in main], py)
        if len(cols) < 2 or len(rows) < 2:
            continue
        try:
            geometry = GridGeometry(_edges(cols, px), _edges(rows, py))
        except ValueError:
            continue
        out.append(Lattice(geometry, len(group.members)))
    out.sort(key=lambda lat: -lat.support)
    return out


def _union_edges(a: tuple[int, ...], b: tuple[int, ...], pitch: float) -> tuple[int, ...] | None:
    """Cell edges covering both runs of edges, ``a``'s kept and extended by whole pitches to
    cover ``b`` (None when ``b`` does not sit on ``a``'s lines)."""
    steps = (b[0] - a[0]) / pitch
    if abs(steps - round(steps)) > 0.2:
        return None
    edges = list(a)
    while edges[0] > b[0] + pitch / 2:
        edges.insert(0, int(round(edges[0] - pitch)))
    while edges[-1] < b[-1] - pitch / 2:
        edges.append(int(round(edges[-1] + pitch)))
    return tuple(edges)


def merge_lattices(lattices: list[Lattice]) -> list[Lattice]:
    """Lattices found apart that are one board (the covered cells found at one colour step,
    the opened ones at another; parts parted by numbers) joined into one, best supported
    first: same pitch, on the same lines, and at most :data:`MERGE_GAP` pitches apart."""
    out: list[Lattice] = []
    for lat in sorted(lattices, key=lambda lat: -lat.support):
        for k, kept in enumerate(out):
            g, h = kept.geometry, lat.geometry
            (gx, gy), (hx, hy) = g.pitch, h.pitch
            if abs(gx - hx) > 0.03 * gx + 0.5 or abs(gy - hy) > 0.03 * gy + 0.5:
                continue
            a, b = g.bounds, h.bounds
            gap_x = max(0, max(a.left, b.left) - min(a.right, b.right)) / gx
            gap_y = max(0, max(a.top, b.top) - min(a.bottom, b.bottom)) / gy
            if gap_x > MERGE_GAP or gap_y > MERGE_GAP:
                continue
            cols = _union_edges(g.col_edges, h.col_edges, gx)
            rows = _union_edges(g.row_edges, h.row_edges, gy)
            if cols is None or rows is None:
                continue
            out[k] = Lattice(GridGeometry(cols, rows), kept.support + lat.support)
            break
        else:
            out.append(lat)
    out.sort(key=lambda lat: -lat.support)
    return out


def board_lattices(pixels: np.ndarray, enough: int | None = None, most: int = 8,
                   keep: Callable[[Lattice], bool] | None = None) -> list[Lattice]:
    """Lattices found by every way in :data:`TRIES` (stopping once one has ``enough``
    support), scaled back to the picture, filtered by ``keep``, joined where they are one
    board (:func:`merge_lattices`), best supported first."""
    out: list[Lattice] = []
    for shrink, step in TRIES:
        if enough is not None and out and max(lat.support for lat in out) >= enough:
            break
        small = pixels if shrink == 1 else cv2.resize(
            pixels, None, fx=1 / shrink, fy=1 / shrink, interpolation=cv2.INTER_AREA)
        for lattice in find_lattices(small, most=most, step=step):
            g = lattice.geometry
            if shrink != 1:
                g = GridGeometry(tuple(int(round(e * shrink)) for e in g.col_edges),
                                 tuple(int(round(e * shrink)) for e in g.row_edges))
            found = Lattice(g, lattice.support)
            if keep is None or keep(found):
                out.append(found)
    return merge_lattices(out)
