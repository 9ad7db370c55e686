"""Letter grids on screen (Balda, Erudit): find the square lattice of cells, and cut each cell
into its face colour and the ink of its glyph, ready for :mod:`vision.core.glyph_bank`.

Shared by every word game: nothing here knows the rules. Sizes are whatever the caller asks for
(5, 6, 7 for Balda; 15 for Erudit). Zoom is unknown, so everything is measured in cells: a glyph
is kept as its ink cut to its bounding box and resized to a fixed square (see ``GLYPH``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from vision.core.errors import ReadError
from vision.core.frame import Frame
from vision.core.geometry import GridGeometry, Region
from vision.core.letter_lattice import CellLattice, find_cell_lattices

#: Side of the normalised glyph picture.
GLYPH = 20
#: Part of the flat face (centred) searched for ink: clear of rounded corners and borders.
INNER = 0.84
#: Below this colour distance from the face nothing counts as ink (an empty cell).
MIN_INK = 34
#: Marks fainter than ink but above this, glyph-sized, make a cell neither empty nor a letter
#: for sure (a letter fading in or out); flat page colours put empty cells at 0.
FAINT = 8
#: Part of the window's rim that must show the face colour; less is a tile that is moving
#: (flipping, sliding in) or covered, whose glyph must not be read.
STEADY = 0.9


@dataclass(frozen=True)
class GridLocation:
    """Where a letter grid is in a frame: cell edges in frame pixels, and the face size."""

    geometry: GridGeometry
    rows: int
    cols: int
    tile: float = 0.0

    @property
    def pitch(self) -> float:
        return (self.geometry.pitch[0] + self.geometry.pitch[1]) / 2

    @property
    def face(self) -> float:
        """Side of a cell's flat face in pixels (the pitch when it was not measured)."""
        return self.tile or self.pitch

    def to_dict(self) -> dict[str, object]:
        return {
            "rows": self.rows,
            "cols": self.cols,
            "tile": round(self.tile, 2),
            "pitch": round(self.pitch, 3),
            "bounds": self.geometry.bounds.to_dict(),
            "geometry": self.geometry.to_dict(),
        }

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> GridLocation:
        geometry = data.get("geometry")
        if not isinstance(geometry, dict):
            raise ValueError("grid location needs a geometry")
        grid = GridGeometry.from_dict(geometry)
        tile = data.get("tile", 0.0)
        return cls(grid, grid.rows, grid.cols, float(tile) if isinstance(tile, int | float) else 0)

    def offset(self, dx: int, dy: int) -> GridLocation:
        return GridLocation(self.geometry.offset(dx, dy), self.rows, self.cols, self.tile)


def _size_words(sizes: Sequence[int]) -> str:
    lo, hi = min(sizes), max(sizes)
    return f"{lo}×{lo}" if lo == hi else f"{lo}×{lo}..{hi}×{hi}"


def _edges(centres: Sequence[float], pitch: float, limit: int) -> tuple[int, ...]:
    """Cell boundaries half-way between centres (boundary = first pixel of the next cell)."""
    first = centres[0] - pitch / 2
    edges = [first + k * pitch for k in range(len(centres) + 1)]
    return tuple(min(limit, max(0, int(np.floor(e + 1)))) for e in edges)


def location_of(lattice: CellLattice, width: int, height: int) -> GridLocation:
    geometry = GridGeometry(
        _edges(lattice.xs, lattice.pitch, width), _edges(lattice.ys, lattice.pitch, height)
    )
    return GridLocation(geometry, lattice.rows, lattice.cols, lattice.tile)


def locate_letter_grid(frame: Frame, sizes: Sequence[int] = (5, 6, 7)) -> GridLocation:
    """The square grid of ``n``×``n`` cells (``n`` in ``sizes``) in the frame.

    Raises :class:`ReadError` saying what was searched (and the nearest misses) when no such
    grid is there: a cut-off board, a menu over it, another page.
    """
    lattices = find_cell_lattices(frame.pixels)
    wanted = set(sizes)
    good = [lat for lat in lattices if lat.rows == lat.cols and lat.rows in wanted]
    if good:
        best = max(good, key=lambda lat: (lat.support, lat.tile))
        return location_of(best, frame.width, frame.height)
    seen = ", ".join(f"{lat.rows}×{lat.cols}" for lat in lattices[:4])
    also = f" (square cells seen in lattices of {seen} only)" if seen else ""
    raise ReadError(
        f"no {_size_words(sizes)} grid of square cells found in the"
        f" {frame.width}×{frame.height} frame{also}; try `gamebot calibrate balda`"
    )


@dataclass(frozen=True, eq=False)
class CellInk:
    """One cell cut up: its face colour and, if it holds a glyph, the glyph's ink.

    ``glyph`` is the normalised ink picture (``GLYPH``×``GLYPH`` uint8, 255 = full ink), ``box``
    the ink's bounding box in frame pixels, ``aspect`` its width over height and ``height`` its
    height over the cell pitch (upper and lower case differ there). ``dark`` says the ink is
    darker than the face; ``parts`` counts its separate strokes (И 1, Й 2, Ы 2). ``faint``
    marks a cell with no ink but a glyph-sized faint mark: it must not be taken for empty;
    ``steady`` is False when the rim around the glyph is not the face (a tile mid-animation).
    """

    face: tuple[int, int, int]
    glyph: np.ndarray | None = None
    box: Region | None = None
    aspect: float = 0.0
    height: float = 0.0
    dark: bool = True
    contrast: int = 0
    parts: int = 1
    faint: bool = False
    steady: bool = True

    @property
    def empty(self) -> bool:
        return self.glyph is None


def inner_region(location: GridLocation, r: int, c: int) -> Region:
    """The centred part of cell (r, c)'s face that is searched for ink."""
    rect = location.geometry.cell_rect(r, c)
    side = max(8, int(round(location.face * INNER)))
    side = min(side, rect.width, rect.height)
    left = rect.left + (rect.width - side) // 2
    top = rect.top + (rect.height - side) // 2
    return Region(left, top, side, side)


def _ring(window: np.ndarray) -> np.ndarray:
    return np.concatenate(
        [window[:2].reshape(-1, 3), window[-2:].reshape(-1, 3),
         window[2:-2, :2].reshape(-1, 3), window[2:-2, -2:].reshape(-1, 3)]
    )


def face_colour(window: np.ndarray) -> tuple[int, int, int]:
    """The median colour of the window's two-pixel border ring (the cell face around a glyph)."""
    ring = _ring(window)
    mid = len(ring) // 2
    b, g, r = (int(np.partition(ring[:, k], mid)[mid]) for k in range(3))
    return b, g, r


def rim_steadiness(window: np.ndarray, face: tuple[int, int, int]) -> float:
    """Part of the ring within 10 levels of the face colour (1.0 for a still, plain tile)."""
    ring = _ring(window).astype(np.int16)
    near = np.abs(ring - np.array(face, np.int16)).max(axis=1) <= 10
    return float(np.mean(near))


def normalise_glyph(dist: np.ndarray, low: float, high: float) -> np.ndarray:
    """Ink strength cut to the bounding box and fitted, aspect kept, into a GLYPH square."""
    scale = max(1e-6, high - low)
    ink = np.clip((dist.astype(np.float32) - low) / scale, 0.0, 1.0)
    h, w = ink.shape
    size = max(h, w)
    fit = GLYPH / size
    nw, nh = max(1, round(w * fit)), max(1, round(h * fit))
    mode = cv2.INTER_AREA if fit < 1 else cv2.INTER_LINEAR
    small = cv2.resize(ink, (nw, nh), interpolation=mode)
    canvas = np.zeros((GLYPH, GLYPH), np.float32)
    y0, x0 = (GLYPH - nh) // 2, (GLYPH - nw) // 2
    canvas[y0 : y0 + nh, x0 : x0 + nw] = small
    return np.clip(canvas * 255 + 0.5, 0, 255).astype(np.uint8)


def ink_of(window: np.ndarray, pitch: float, origin: tuple[int, int] = (0, 0)) -> CellInk:
    """Face colour and glyph ink of one cell window (BGR); ``origin`` places it in the frame."""
    face = face_colour(window)
    steady = rim_steadiness(window, face) >= STEADY
    diff = cv2.absdiff(window, (float(face[0]), float(face[1]), float(face[2]), 0.0))
    chans = cv2.split(diff)
    dist = cv2.max(cv2.max(chans[0], chans[1]), chans[2])
    top = int(dist.max())
    if top < MIN_INK:
        marks = int(np.count_nonzero(dist >= FAINT))
        faint = top >= FAINT and 0.003 * dist.size <= marks <= 0.25 * dist.size
        return CellInk(face, faint=faint, contrast=top, steady=steady)
    otsu, _ = cv2.threshold(dist, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    thresh = max(float(otsu), MIN_INK * 0.6)
    mask = (dist > thresh).astype(np.uint8)
    count, _, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
    least = max(3, int(0.002 * mask.size))
    keep = [i for i in range(1, count) if stats[i, cv2.CC_STAT_AREA] >= least]
    if not keep:
        return CellInk(face, steady=steady)
    x0 = min(int(stats[i, cv2.CC_STAT_LEFT]) for i in keep)
    y0 = min(int(stats[i, cv2.CC_STAT_TOP]) for i in keep)
    x1 = max(int(stats[i, cv2.CC_STAT_LEFT] + stats[i, cv2.CC_STAT_WIDTH]) for i in keep)
    y1 = max(int(stats[i, cv2.CC_STAT_TOP] + stats[i, cv2.CC_STAT_HEIGHT]) for i in keep)
    crop = dist[y0:y1, x0:x1]
    strong = crop[crop > thresh]
    if strong.size:
        k = int(0.9 * (strong.size - 1))
        high = float(np.partition(strong, k)[k])
    else:
        high = float(top)
    glyph = normalise_glyph(crop, thresh * 0.5, max(high, thresh + 1))
    box = Region(origin[0] + x0, origin[1] + y0, x1 - x0, y1 - y0)
    # Is the ink darker than the face? Compare brightness inside the mask with the face's.
    grey = cv2.cvtColor(window[y0:y1, x0:x1], cv2.COLOR_BGR2GRAY)
    inked = grey[mask[y0:y1, x0:x1] > 0]
    face_grey = 0.114 * face[0] + 0.587 * face[1] + 0.299 * face[2]
    dark = bool(inked.size and float(np.mean(inked)) < face_grey)
    return CellInk(
        face, glyph, box, (x1 - x0) / max(1, y1 - y0), (y1 - y0) / pitch, dark, top, len(keep),
        steady=steady,
    )


def cell_ink(frame: Frame, location: GridLocation, r: int, c: int) -> CellInk:
    inner = inner_region(location, r, c)
    window = frame.pixels[inner.top : inner.bottom, inner.left : inner.right]
    return ink_of(window, location.pitch, (inner.left, inner.top))


def grid_inks(frame: Frame, location: GridLocation) -> list[CellInk]:
    """Every cell's ink, row by row."""
    bounds = Region(0, 0, frame.width, frame.height)
    if not bounds.contains_region(location.geometry.bounds):
        raise ReadError(
            f"the {location.rows}×{location.cols} grid at {location.geometry.bounds.to_dict()}"
            f" is not inside the {frame.width}×{frame.height} frame (page scrolled or resized?)"
        )
    return [
        cell_ink(frame, location, r, c)
        for r in range(location.rows)
        for c in range(location.cols)
    ]
