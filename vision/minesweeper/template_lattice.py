"""A board's lattice from a skin's own looks, for when flat cell faces are too few to find it.

A board that is mostly open can show hardly any flat patch (kmines draws its opened cells see-
through, over a shaded background), so :mod:`vision.core.lattice` finds no grid. A skin that is
known (built-in or learned) still says what the cells look like: each of its looks is matched
over the picture at the skin's cell size (and a few scales), the places where a look fits are
cell centres, and those centres, put on one pitch, give the rows and columns. Which part of the
lattice is the board, and its exact alignment, is decided afterwards as for any lattice.
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.core.geometry import GridGeometry
from vision.core.lattice import Lattice
from vision.minesweeper.skin import Skin

#: A look fits where the normalised squared difference is below this.
FIT = 0.04
#: At most this many looks of the skin are matched (the most distinct first).
MOST_LOOKS = 6
SCALES = (1.0, 1.25, 1.5, 2.0)
#: A lattice of this many fitting cells ends the search over scales.
ENOUGH = 20


def _looks(skin: Skin) -> list[np.ndarray]:
    out = [skin.cells[ch] for ch in skin.chars]
    out += [imgs[0] for imgs in skin.unnamed]
    return out[:MOST_LOOKS] if len(out) <= MOST_LOOKS else _spread(out)


def _spread(looks: list[np.ndarray]) -> list[np.ndarray]:
    """A few looks far apart from each other (the first, then the farthest from those kept)."""
    flat = [look.astype(np.float32).reshape(-1) for look in looks]
    kept = [0]
    while len(kept) < MOST_LOOKS:
        far = max(range(len(looks)), key=lambda i: min(np.abs(flat[i] - flat[k]).mean()
                                                       for k in kept))
        if far in kept:
            break
        kept.append(far)
    return [looks[i] for i in kept]


def template_lattices(pixels: np.ndarray, skin: Skin) -> list[Lattice]:
    """Candidate lattices where the skin's looks fit, best supported first."""
    out: list[Lattice] = []
    w, h = skin.cell_size
    gray = cv2.cvtColor(pixels, cv2.COLOR_BGR2GRAY) if pixels.ndim == 3 else pixels
    if float(gray.std()) < 2.0:  # a blank frame (a window not drawn yet): no cell anywhere
        return out
    looks = _looks(skin)
    for scale in SCALES:
        pw, ph = max(4, round(w * scale)), max(4, round(h * scale))
        if pw * 3 > pixels.shape[1] or ph * 3 > pixels.shape[0]:
            continue
        xs: list[float] = []
        ys: list[float] = []
        for look in looks:
            tmpl = cv2.resize(look, (pw, ph), interpolation=cv2.INTER_AREA if scale < 1
                              else cv2.INTER_LINEAR)
            fit = cv2.matchTemplate(pixels, tmpl, cv2.TM_SQDIFF_NORMED)
            # Local minima below FIT, at most one in each cell-sized neighbourhood.
            low = cv2.erode(fit, np.ones((max(3, ph // 2), max(3, pw // 2)), np.uint8))
            at = np.argwhere((fit <= FIT) & (fit <= low + 1e-6))
            xs += (at[:, 1] + pw / 2).tolist()
            ys += (at[:, 0] + ph / 2).tolist()
        lattice = _lattice(np.asarray(xs), np.asarray(ys), pw, ph)
        if lattice is not None:
            out.append(lattice)
            if lattice.support >= ENOUGH:
                break  # scales tried in order of likelihood: a well supported one is the board
    out.sort(key=lambda lat: -lat.support)
    return out


def _lattice(xs: np.ndarray, ys: np.ndarray, pw: int, ph: int) -> Lattice | None:
    """Centres put on one pitch: the biggest group sharing one phase in x and in y."""
    if xs.size < 4:
        return None
    phase_x = np.round(np.mod(xs, pw)).astype(int) % pw
    phase_y = np.round(np.mod(ys, ph)).astype(int) % ph
    best = np.bincount(phase_x * ph + phase_y).argmax()
    bx, by = divmod(int(best), ph)
    keep = (np.abs(((phase_x - bx + pw // 2) % pw) - pw // 2) <= 1) & (
        np.abs(((phase_y - by + ph // 2) % ph) - ph // 2) <= 1)
    if keep.sum() < 4:
        return None
    cols = np.round((xs[keep] - bx) / pw).astype(int)
    rows = np.round((ys[keep] - by) / ph).astype(int)
    c0, c1, r0, r1 = cols.min(), cols.max(), rows.min(), rows.max()
    x0 = bx + c0 * pw - pw / 2
    y0 = by + r0 * ph - ph / 2
    col_edges = tuple(int(round(x0 + k * pw)) for k in range(c1 - c0 + 2))
    row_edges = tuple(int(round(y0 + k * ph)) for k in range(r1 - r0 + 2))
    if len(col_edges) < 3 or len(row_edges) < 3:
        return None
    return Lattice(GridGeometry(col_edges, row_edges), int(keep.sum()))
