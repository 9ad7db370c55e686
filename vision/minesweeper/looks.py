"""A board's own looks, with no skin to start from: the lattice, and cells grouped by likeness.

A program never seen before still draws its cells as a lattice of alike patches
(:mod:`vision.core.lattice`). Every cell of it is cut at one size and the cuts are grouped by
likeness (leader clustering on the reader's distance features, with a small radius: a glyph
split over two looks costs one more naming; two glyphs in one look would be a misread). The
looks make a first skin whose every look is unnamed (:attr:`vision.minesweeper.skin.Skin.unnamed`);
the grid is then re-fitted on them and cut to the board's real edges. Naming the looks is not done
here: that is the game's logic (``calibration.minesweeper.names``). Cells a skin refuses later get
looks of their own the same way (:func:`add_looks`).
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from vision.core.errors import BoardNotFoundError
from vision.core.frame import Frame
from vision.core.geometry import Region
from vision.core.lattice import Lattice, board_lattices
from vision.minesweeper.cell_grid import CellGrid
from vision.minesweeper.cells import (
    COARSE_DIMS,
    cut_cell,
    distance_features,
    image_blocks,
    look_noise,
    unnamed_index,
)
from vision.minesweeper.fit import Picture, grow, refine, trim, verdict_of
from vision.minesweeper.skin import NAMEABLE, Skin

#: Cuts closer than this (the reader's distance, 0-255) fall in the same look.
GROUP_RADIUS = 7.0
#: Cell pitches a board may have (screen pixels): 10-60 px cells as programs draw them, and
#: up to twice that in a window made large (gnome-mines grows its tiles with the window).
MIN_PITCH, MAX_PITCH = 8.0, 128.0
#: Looks of a fresh board differ at most this much (covered cells shaded across the board).
FRESH_SPREAD = 16.0
#: A row or column the board grows by must hold this share of cells this close to looks
#: already on it.
GROW_WITHIN, GROW_SHARE = 2 * GROUP_RADIUS, 0.5
#: Colour levels a plain cell's middle varies by at most (gradients, dithering, JPEG).
PLAIN_SPREAD = 24
#: The support (flat cells found) that ends the search.
GOOD_SUPPORT = 60
#: A refused cell this close to a look (and explained by it) is a variant of that look: drawn
#: over a background that shows through (kmines) or cut a pixel apart. Kept below the closest
#: two glyphs of any built-in skin (gnome-mines' flag with and without its question mark, 6.5).
FAMILY_RADIUS = 4.5


def cluster(cuts: list[np.ndarray], radius: float = GROUP_RADIUS) -> list[list[int]]:
    """Leader clustering: each cut joins the nearest group within ``radius``, else starts one."""
    if not cuts:
        return []
    feats = distance_features(np.stack([image_blocks(c) for c in cuts]))
    feats = feats * np.sqrt(feats.shape[1] / COARSE_DIMS)  # mean of squares = reader's RMS²
    centres: list[np.ndarray] = []
    members: list[list[int]] = []
    for i, f in enumerate(feats):
        if centres:
            d = np.sqrt(((np.stack(centres) - f) ** 2).mean(axis=1))
            j = int(d.argmin())
            if d[j] <= radius:
                members[j].append(i)
                centres[j] = centres[j] + (f - centres[j]) / len(members[j])
                continue
        centres.append(f.astype(np.float64))
        members.append([i])
    return members


def median_look(cuts: list[np.ndarray]) -> np.ndarray:
    return np.median(np.stack(cuts), axis=0).round().astype(np.uint8)


def cell_size(grid: CellGrid) -> tuple[int, int]:
    return (max(4, int(round(grid.pitch_x))), max(4, int(round(grid.pitch_y))))


def cuts_of(frame: Frame, grid: CellGrid, size: tuple[int, int],
            cells: list[tuple[int, int]] | None = None) -> list[np.ndarray]:
    geometry = grid.geometry()
    where = cells if cells is not None else [(r, c) for r in range(grid.rows)
                                             for c in range(grid.cols)]
    return [cut_cell(frame.pixels, geometry, r, c, size) for r, c in where]


def surround(frame: Frame, grid: CellGrid) -> tuple[int, int, int]:
    """Median colour of a thin band just above and below the grid (the window around it)."""
    left, top, right, bottom = (int(round(v)) for v in grid.bounds())
    p = frame.pixels
    band = max(2, int(grid.pitch_x // 6))
    strips = [p[max(0, top - band) : top, max(0, left) : right],
              p[bottom : bottom + band, max(0, left) : right]]
    pixels = np.concatenate([s.reshape(-1, 3) for s in strips if s.size] or [np.zeros((0, 3))])
    if not pixels.size:
        return (0, 0, 0)
    b, g, r = (int(v) for v in np.median(pixels, axis=0))
    return (b, g, r)


def uneven(grid: CellGrid) -> bool:
    """Steps between columns or rows that differ by a pixel or more (gnome-mines: 40, 39)."""
    for centres in (grid.col_centres, grid.row_centres):
        steps = np.diff(centres)
        if steps.size and steps.max() - steps.min() >= 0.9:
            return True
    return False


def looks_skin(name: str, size: tuple[int, int], looks: list[np.ndarray],
               background: tuple[int, int, int], is_uneven: bool = False,
               noise: float = 0.0) -> Skin:
    """A skin of unnamed looks only (what a board never seen before gives)."""
    layout: dict[str, object] = {"style": "flat", "background": list(background), "margin": 12}
    if is_uneven:
        layout["pitch"] = "uneven"
    return Skin(name, size, {}, layout=layout, unnamed=tuple((look,) for look in looks),
                unnamed_candidates=(NAMEABLE,) * len(looks), noise=noise,
                description="learned by gamebot from the game's own frames",
                source="learned: lattice, looks grouped by likeness, named by the game's logic")


def _candidates(frame: Frame, region: Region | None) -> list[Lattice]:
    """Lattices of alike cells of a board's pitch, best supported first (see
    :func:`vision.core.lattice.board_lattices`), in frame pixels."""
    pixels = frame.pixels
    if region is not None:
        pixels = pixels[region.top : region.bottom, region.left : region.right]

    def board_pitch(lattice: Lattice) -> bool:
        px, py = lattice.geometry.pitch
        return MIN_PITCH <= px <= MAX_PITCH and MIN_PITCH <= py <= MAX_PITCH

    found = board_lattices(pixels, GOOD_SUPPORT, keep=board_pitch)
    if region is None:
        return found
    return [Lattice(lat.geometry.offset(region.left, region.top), lat.support) for lat in found]


def board_grid(frame: Frame, region: Region | None = None) -> tuple[CellGrid, Skin]:
    """The board's grid, fitted on its own looks, and the skin of those looks (all unnamed).

    ``region`` (frame pixels) limits the search to a rectangle the user gave; the grid found
    there is grown to the board's edge but never past the rectangle.
    """
    lattices = _candidates(frame, region)
    if not lattices:
        where = (f"in the rectangle {region.to_dict()}" if region is not None
                 else f"in the {frame.width}x{frame.height} picture")
        raise BoardNotFoundError(
            f"no lattice of alike cells (8-128 px) {where}: is the board fully on the screen?"
            " Give its rectangle with --board X,Y,W,H if it is there")
    grid = CellGrid.from_geometry(lattices[0].geometry)
    picture = Picture(frame.pixels)
    size = cell_size(grid)
    skin = _skin_of(frame, grid, size)
    grid = refine(picture, grid, skin, grid.pitch_x / size[0])
    skin = _skin_of(frame, grid, size)
    grid = trim(grid, verdict_of(picture, grid, skin))
    limit = picture if region is None else Picture(_masked(frame.pixels, region))
    grid = grow(limit, grid, skin, GROW_WITHIN, GROW_SHARE,
                lambda extra: plain_cells(frame.pixels, extra))
    skin = _skin_of(frame, grid, size)
    return grid, skin


def plain_cells(pixels: np.ndarray, grid: CellGrid) -> np.ndarray:
    """Which cells of ``grid`` are of one colour inside (their middle, away from lines and
    bevels): rows x cols. A row of plain cells the lattice finder did not take (their flat
    faces would have been found, parted by grid lines) is the window around the board."""
    geometry = grid.geometry()
    out = np.zeros((grid.rows, grid.cols), bool)
    for r in range(grid.rows):
        for c in range(grid.cols):
            rect = geometry.cell_rect(r, c)
            dx, dy = max(1, rect.width // 5), max(1, rect.height // 5)
            inner = pixels[rect.top + dy : rect.bottom - dy, rect.left + dx : rect.right - dx]
            out[r, c] = not inner.size or int(
                np.ptp(inner.reshape(-1, 3), axis=0).max()) <= PLAIN_SPREAD
    return out


def _masked(pixels: np.ndarray, region: Region) -> np.ndarray:
    """The picture with everything outside ``region`` blanked (growing stops at its edge)."""
    out = np.zeros_like(pixels)
    out[region.top : region.bottom, region.left : region.right] = pixels[
        region.top : region.bottom, region.left : region.right]
    return out


def _skin_of(frame: Frame, grid: CellGrid, size: tuple[int, int]) -> Skin:
    cuts = cuts_of(frame, grid, size)
    groups = cluster(cuts)
    groups.sort(key=len, reverse=True)
    looks = [median_look([cuts[i] for i in g]) for g in groups]
    noise = look_noise(cuts, looks)
    return looks_skin("learning", size, looks, surround(frame, grid), uneven(grid), noise)


def fresh(skin: Skin, looks: np.ndarray) -> bool:
    """Does a board of these looks (rows x cols look indices) show alike cells only, as a game
    just started does? Every look present must lie within :data:`FRESH_SPREAD` of the most
    common one (and none may be a named non-covered look)."""
    present = np.unique(looks)
    if present.size == 0 or (present < 0).any():
        return False
    counts = {int(i): int((looks == i).sum()) for i in present}
    main = max(counts, key=counts.__getitem__)
    ref = image_blocks(_look(skin, main))
    for i in counts:
        if float(np.sqrt(((image_blocks(_look(skin, i)) - ref) ** 2).mean())) > FRESH_SPREAD:
            return False
    return True


def unlike_pairs(skin: Skin, looks: np.ndarray) -> list[tuple[int, int]]:
    """Pairs (i, j) of the looks present (indices of :func:`look_indices`) drawn farther apart
    than :data:`FRESH_SPREAD`: on a fresh board such two are never both covered cells (a
    program draws every covered cell alike, whatever it has opened beside them)."""
    present = [int(i) for i in np.unique(looks) if i >= 0]
    blocks = {i: image_blocks(_look(skin, i)) for i in present}
    return [(a, b) for k, a in enumerate(present) for b in present[k + 1:]
            if float(np.sqrt(((blocks[a] - blocks[b]) ** 2).mean())) > FRESH_SPREAD]


def _look(skin: Skin, index: int) -> np.ndarray:
    """Look ``index`` in the numbering of :func:`look_indices`."""
    chars = skin.chars
    if index < len(chars):
        return skin.cells[chars[index]]
    return skin.unnamed[index - len(chars)][0]


def look_indices(pixels: np.ndarray, grid: CellGrid, skin: Skin) -> np.ndarray:
    """Each cell's look (rows x cols): ``k`` for the skin's k-th named character (any of its
    variants), ``len(skin.chars) + i`` for unnamed look ``i``, -1 for a refused cell."""
    verdict = verdict_of(pixels, grid, skin)
    chars = skin.chars
    table = []
    for ch in verdict.chars:
        i = unnamed_index(ch)
        table.append(len(chars) + i if i is not None else (chars.find(ch)))
    out = np.asarray(table, np.int64)[verdict.best]
    out[~verdict.accepted] = -1
    return out


def add_looks(skin: Skin, frame: Frame, grid: CellGrid, cells: list[tuple[int, int]],
              radius: float | None = None) -> tuple[Skin, int]:
    """The skin with the refused ``cells`` taken in: a cell within :data:`FAMILY_RADIUS` of a
    look becomes a variant of it (named or not: cells that look alike share a name), the
    others are grouped into new unnamed looks (``radius`` 0: one look per distinct cell).
    Returns the skin and how many new looks it has."""
    cuts = cuts_of(frame, grid, skin.cell_size, cells)
    if not cuts:
        return skin, 0
    owners: list[tuple[str, int]] = []  # ("char", k) or ("look", i), one per picture
    pictures: list[np.ndarray] = []
    for ch in skin.chars:
        for img in (skin.cells[ch], *skin.variants.get(ch, ())):
            owners.append(("char", skin.chars.index(ch)))
            pictures.append(img)
    for i, imgs in enumerate(skin.unnamed):
        for img in imgs:
            owners.append(("look", i))
            pictures.append(img)
    variants = {k: list(v) for k, v in skin.variants.items()}
    unnamed = [list(imgs) for imgs in skin.unnamed]
    rest = list(range(len(cuts)))
    if pictures:
        near = distances(cuts, pictures)
        rest = []
        for k, row in enumerate(near):
            j = int(row.argmin())
            if row[j] > FAMILY_RADIUS:
                rest.append(k)
                continue
            kind, index = owners[j]
            if kind == "char":
                variants.setdefault(skin.chars[index], []).append(cuts[k])
            else:
                unnamed[index].append(cuts[k])
    groups = cluster([cuts[k] for k in rest], GROUP_RADIUS if radius is None else radius)
    looks: list[list[np.ndarray]] = []
    for g in groups:
        look = median_look([cuts[rest[i]] for i in g])
        near = distances([look], [imgs[0] for imgs in looks])[0] if looks else np.array([])
        if near.size and near.min() <= FAMILY_RADIUS:  # two groups of one look: one, two pictures
            looks[int(near.argmin())].append(look)
        else:
            looks.append([look])
    grown = replace(skin, variants={k: tuple(v) for k, v in variants.items()},
                    unnamed=(*(tuple(u) for u in unnamed), *(tuple(look) for look in looks)),
                    unnamed_candidates=(*skin.unnamed_candidates, *((NAMEABLE,) * len(looks))),
                    path=None)
    return grown, len(looks)


def distances(cuts: list[np.ndarray], pictures: list[np.ndarray]) -> np.ndarray:
    """The reader's RMS distance of every cut to every picture: (cuts, pictures)."""
    a = distance_features(np.stack([image_blocks(c) for c in cuts])).astype(np.float64)
    b = distance_features(np.stack([image_blocks(p) for p in pictures])).astype(np.float64)
    d2 = (a**2).sum(axis=1)[:, None] + (b**2).sum(axis=1)[None, :] - 2 * a @ b.T
    return np.sqrt(np.maximum(d2, 0.0) / COARSE_DIMS)
