"""Cell pictures to board characters: scale-free block features and template matching.

Each cell is area-averaged onto a fixed grid of ``BLOCKS`` x ``BLOCKS`` colour blocks, cut at its
own edges, so a cell drawn at 100, 125, 150 or 200 % (or on gnome-mines' uneven pitch) gives the
same features as the skin's native template. A cell is accepted only when its nearest template
is close overall, no part of it differs strongly (an extra glyph stroke), the runner-up is
clearly further away, and the template explains every part of it
(:mod:`vision.minesweeper.residual`: a
glyph the skin lacks is refused even when it differs from a known one only by colour or a small
mark); anything else is reported, never guessed.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from weakref import WeakKeyDictionary

import cv2
import numpy as np

from vision.core.geometry import GridGeometry
from vision.minesweeper.cell_grid import CellGrid
from vision.minesweeper.residual import envelope, inner, soften, tolerance, unexplained
from vision.minesweeper.skin import CELL_CHARS, Skin

BLOCKS = 16
#: Acceptance limits, in 0-255 colour units (see :func:`classify`).
MAX_RMS = 30.0
RADIUS_SHARE = 0.7
MAX_PATCH = 80.0
MIN_MARGIN = 1.15
#: Accepted beyond its character's radius when this clear, with no local difference: resizing
#: spreads a small error over the cell, a glyph the skin lacks differs locally (xdemineur's 5).
CLEAR_RMS, CLEAR_PATCH, CLEAR_MARGIN = MAX_RMS / 2, MAX_PATCH / 2, 1.5
#: Pseudo-character of the background template (never a board cell).
NOT_A_CELL = "~"
#: Unnamed look ``i`` of a skin reads as this pseudo-character (a private-use code point).
UNNAMED_BASE = 0xE000


def unnamed_char(i: int) -> str:
    return chr(UNNAMED_BASE + i)


def unnamed_index(ch: str) -> int | None:
    """The unnamed look a pseudo-character stands for, or None for a board character."""
    i = ord(ch) - UNNAMED_BASE
    return i if 0 <= i < 0x1000 else None


def _sample_points(centres: tuple[float, ...], pitch: float, blocks: int) -> np.ndarray:
    """Block boundaries of every cell window: (n, blocks + 1) fractional positions."""
    c = np.asarray(centres, np.float64)
    return c[:, None] - pitch / 2 + pitch * np.arange(blocks + 1)[None, :] / blocks


def grid_blocks(pixels: np.ndarray, grid: CellGrid, blocks: int = BLOCKS,
                integral: np.ndarray | None = None) -> np.ndarray:
    """Features of every cell: float32 array (rows, cols, blocks, blocks, 3).

    Each block is the mean colour over its (fractional) area. Whole-pixel grids take one
    ``cv2.resize``; others read an integral image at the block corners, where bilinear
    interpolation of the integral is exactly the area sum with partial pixels. ``integral``
    (``cv2.integral`` of the whole frame, float64) saves recomputing it for repeated calls.
    """
    rows, cols = grid.rows, grid.cols
    if grid.is_whole():
        left, top, _, _ = grid.bounds()
        x0, y0 = int(left), int(top)
        pw, ph = int(grid.pitch_x), int(grid.pitch_y)
        region = pixels[y0 : y0 + rows * ph, x0 : x0 + cols * pw]
        out_w, out_h = cols * blocks, rows * blocks
        if (pw, ph) == (blocks, blocks):
            both = region.astype(np.float32)
        else:
            both = cv2.resize(region, (out_w, out_h), interpolation=cv2.INTER_AREA)
            both = both.astype(np.float32)
        return both.reshape(rows, blocks, cols, blocks, 3).transpose(0, 2, 1, 3, 4)
    h, w = pixels.shape[:2]
    if integral is None:
        left, top, right, bottom = grid.bounds()
        x0, y0 = max(0, int(np.floor(left)) - 1), max(0, int(np.floor(top)) - 1)
        x1, y1 = min(w, int(np.ceil(right)) + 1), min(h, int(np.ceil(bottom)) + 1)
        integral = cv2.integral(pixels[y0:y1, x0:x1], sdepth=cv2.CV_64F)
    else:
        x0, y0, x1, y1 = 0, 0, w, h
    maps, inv_area = _area_maps(grid, blocks, x0, y0, x1, y1)
    corner = cv2.remap(integral, *maps, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    corner = corner.reshape(rows, blocks + 1, cols, blocks + 1, 3)
    across = corner[:, :, :, 1:] - corner[:, :, :, :-1]  # sums along each block's row span
    sums = (across[:, 1:] - across[:, :-1]).astype(np.float32)
    sums *= inv_area
    return sums.transpose(0, 2, 1, 3, 4)


@lru_cache(maxsize=8)
def _area_maps(grid: CellGrid, blocks: int, x0: int, y0: int, x1: int, y1: int
               ) -> tuple[tuple[np.ndarray, np.ndarray], np.ndarray]:
    """Where to sample the integral image for every block corner, and 1 / block area: the same
    for every frame of a located board, so kept (the play loop reads one grid many times)."""
    px = np.clip(_sample_points(grid.col_centres, grid.pitch_x, blocks) - x0, 0, x1 - x0)
    py = np.clip(_sample_points(grid.row_centres, grid.pitch_y, blocks) - y0, 0, y1 - y0)
    map_x = np.ascontiguousarray(np.broadcast_to(px.reshape(-1)[None, :], (py.size, px.size)),
                                 dtype=np.float32)
    map_y = np.ascontiguousarray(np.broadcast_to(py.reshape(-1)[:, None], (py.size, px.size)),
                                 dtype=np.float32)
    area = (np.diff(py, axis=1)[:, :, None, None] * np.diff(px, axis=1)[None, None, :, :])
    inv = (1.0 / np.maximum(area, 1e-6)).astype(np.float32)
    return (map_x, map_y), inv.reshape(grid.rows, blocks, grid.cols, blocks, 1)


def board_blocks(pixels: np.ndarray, geometry: GridGeometry, blocks: int = BLOCKS) -> np.ndarray:
    """Features of every cell of a whole-pixel grid (see :func:`grid_blocks`)."""
    return grid_blocks(pixels, CellGrid.from_geometry(geometry), blocks)


def cut_cell(pixels: np.ndarray, geometry: GridGeometry, r: int, c: int,
             size: tuple[int, int]) -> np.ndarray:
    """One cell as a ``size`` picture: the mean-pitch window centred on the cell, resampled."""
    pw, ph = geometry.pitch
    rect = geometry.cell_rect(r, c)
    cx = (rect.left + rect.right) / 2 - 0.5
    cy = (rect.top + rect.bottom) / 2 - 0.5
    win = (max(1, round(pw)), max(1, round(ph)))
    patch = cv2.getRectSubPix(pixels, win, (cx, cy))
    return resize_cell(np.ascontiguousarray(patch), size)


def image_blocks(img: np.ndarray, blocks: int = BLOCKS) -> np.ndarray:
    """Features of one picture taken as a single cell: (blocks, blocks, 3)."""
    h, w = img.shape[:2]
    geometry = GridGeometry((0, w), (0, h))
    return board_blocks(img, geometry, blocks)[0, 0]


def look_noise(cuts: list[np.ndarray], looks: list[np.ndarray]) -> float:
    """How far cell cuts stray from the nearest of their character's looks: the largest
    unexplained residual (:mod:`vision.minesweeper.residual`), recorded in a skin as ``noise``."""
    if not cuts or not looks:
        return 0.0
    feats = np.stack([image_blocks(c) for c in cuts])
    ref = np.stack([image_blocks(look) for look in looks])
    nearest = ((feats[:, None] - ref[None]) ** 2).reshape(len(cuts), len(looks), -1).sum(axis=2)
    pick = nearest.argmin(axis=1)
    edges = [envelope(look, BLOCKS) for look in looks]
    bright = np.stack([edges[i][0] for i in pick])
    dark = np.stack([edges[i][1] for i in pick])
    return float(unexplained(feats, bright, dark, soften(ref[pick])).max())


def _smooth(pooled: np.ndarray, n: int, half: int) -> np.ndarray:
    """[1 2 1] smoothing of each cell's ``half`` x ``half`` blocks (replicated cell borders),
    flattened to (n, d). Cells are laid side by side so that one OpenCV pass never mixes two
    cells: one under another for the pass along x, one beside another for the pass along y."""
    f = np.asarray(pooled, np.float32).reshape(n * half, half, 3)
    one = np.ones(1, np.float32)
    f = cv2.sepFilter2D(f, -1, _KERNEL, one, borderType=cv2.BORDER_REPLICATE)
    wide = np.ascontiguousarray(f.reshape(n, half, half, 3).transpose(1, 0, 2, 3))
    wide = cv2.sepFilter2D(wide.reshape(half, n * half, 3), -1, one, _KERNEL,
                           borderType=cv2.BORDER_REPLICATE)
    return np.ascontiguousarray(wide.reshape(half, n, half, 3).transpose(1, 0, 2, 3)).reshape(n, -1)


_KERNEL = np.array([0.25, 0.5, 0.25], np.float32)


def nearest_distance(pixels: np.ndarray, grid: CellGrid, bank: GlyphBank,
                     integral: np.ndarray | None = None) -> np.ndarray:
    """Distance of every cell to its nearest template (rows, cols): the quick fit measure used
    while aligning a grid (area means over BLOCKS / 2 blocks equal the pooled block features)."""
    half = BLOCKS // 2
    feats = grid_blocks(pixels, grid, half, integral)
    n = grid.rows * grid.cols
    near = _smooth(np.ascontiguousarray(feats, dtype=np.float32).reshape(n * half, half, 3), n,
                   half)
    cross = cv2.gemm(near, bank.fit, 1.0, None, 0.0, flags=cv2.GEMM_2_T)
    d2 = (near.astype(np.float64) ** 2).sum(axis=1)[:, None] + bank.fit_norms[None, :] - 2 * cross
    return np.sqrt(np.maximum(d2.min(axis=1), 0.0) / near.shape[1]).reshape(grid.rows, grid.cols)


def coarse(features: np.ndarray) -> np.ndarray:
    """Blocks pooled 2 x 2, then smoothed with a [1 2 1] kernel: (n, (B / 2) ** 2 * 3).

    Coarse and smooth, so JPEG ringing and sub-pixel shifts of a glyph count for little; used
    alone while fitting a grid, and as half of the reading distance. ``features`` is
    (n, B, B, 3); each cell is filtered on its own (replicated borders).
    """
    n, b = features.shape[0], features.shape[1]
    half = b // 2
    stack = np.ascontiguousarray(features, dtype=np.float32).reshape(n * b, b, 3)
    pooled = cv2.resize(stack, (half, n * half), interpolation=cv2.INTER_AREA)
    return _smooth(pooled, n, half)


def distance_features(features: np.ndarray) -> np.ndarray:
    """The reading distance features: the coarse features and the lightly smoothed full blocks,
    weighted so that a squared distance is the mean of the two mean squared distances.

    The coarse half shrugs off noise; the fine half keeps small icons apart (gnome-mines'
    flag with and without its question mark). Divide squared distances by :data:`COARSE_DIMS`.
    """
    n, b = features.shape[0], features.shape[1]
    low = coarse(features)
    high = _smooth(np.ascontiguousarray(features, dtype=np.float32).reshape(n * b, b, 3), n, b)
    weight = np.float32(np.sqrt(low.shape[1] / (2.0 * high.shape[1])))
    return np.concatenate([low * np.float32(np.sqrt(0.5)), high * weight], axis=1)


COARSE_DIMS = (BLOCKS // 2) ** 2 * 3


@dataclass(frozen=True, eq=False)
class GlyphBank:
    """A skin's templates as feature vectors, ready for fast nearest-template search.

    Row ``i`` of ``features`` is a template of character ``chars[owner[i]]`` (a character may
    have several looks). ``radius`` is how far a cell may be from its character's nearest
    template: a share of the distance to the nearest template of another character, so a
    low-contrast skin (gnome-mines) gets a tight limit and a bold one a looser one. ``bright``,
    ``dark`` and ``soft`` are what :func:`vision.minesweeper.residual.unexplained` compares a cell
    with, and ``tolerance`` how much of it a cell may leave unexplained.
    """

    skin: str
    chars: str
    features: np.ndarray  # (R, D) float32: blocks, for the local patch check
    distance: np.ndarray  # (R, d) float32: distance features (coarse + fine)
    norms: np.ndarray  # (R,) squared norms of ``distance`` rows
    fit: np.ndarray  # (R, d') float32: coarse features only, for fitting grids
    fit_norms: np.ndarray  # (R,) squared norms of ``fit`` rows
    owner: np.ndarray  # (R,) index into chars
    radius: np.ndarray  # (len(chars),) acceptance radius per character
    # Inner blocks only (see vision.minesweeper.residual.inner), (R, B - 4, B - 4, 3) float32:
    bright: np.ndarray  # brightest template pixel within a block
    dark: np.ndarray  # darkest template pixel within a block
    soft: np.ndarray  # template blocks softened as resampling does
    tolerance: float  # largest unexplained residual a cell may have
    loose: np.ndarray | None = None  # (len(chars),) bool: looks not named yet

    @classmethod
    def from_skin(cls, skin: Skin, blocks: int = BLOCKS) -> GlyphBank:
        chars = skin.chars
        feats, owner, bright, dark = [], [], [], []
        looks = [(skin.cells[ch], *skin.variants.get(ch, ())) for ch in chars]
        looks += [tuple(imgs) for imgs in skin.unnamed]
        chars += "".join(unnamed_char(i) for i in range(len(skin.unnamed)))
        for i, imgs in enumerate(looks):
            for img in imgs:
                feats.append(image_blocks(img, blocks))
                owner.append(i)
                hi, lo = envelope(img, blocks)
                bright.append(hi)
                dark.append(lo)
        real_chars = len(chars)
        if "background" in skin.layout:
            # The window around the board, as a cell that is never accepted: keeps a plain
            # margin from passing for an opened cell on low-contrast skins.
            plain = np.empty((blocks, blocks, 3), np.float32)
            plain[:] = skin.colour("background", (0, 0, 0))
            feats.append(plain)
            owner.append(len(chars))
            bright.append(plain)
            dark.append(plain)
            chars += NOT_A_CELL
        fine = np.stack(feats).astype(np.float32)
        dist = distance_features(fine)
        fit = coarse(fine)
        own = np.asarray(owner)
        d64 = dist.astype(np.float64)
        d = np.sqrt(((d64[:, None, :] - d64[None, :, :]) ** 2).sum(axis=2) / COARSE_DIMS)
        d[own[:, None] == own[None, :]] = np.inf
        loose = np.array([unnamed_index(ch) is not None for ch in chars])
        # Two looks not named yet do not narrow each other: they may be one glyph drawn over a
        # background that shows through; a name, once given, is kept apart from everything.
        d[loose[own][:, None] & loose[own][None, :]] = np.inf
        sep = np.array([d[own == i].min() if len(chars) > 1 else 2 * MAX_RMS
                        for i in range(len(chars))])
        sep[~np.isfinite(sep)] = 2 * MAX_RMS
        radius = np.minimum(MAX_RMS, RADIUS_SHARE * sep)
        real = own < real_chars  # fitting never aims at the background
        fit = np.ascontiguousarray(fit[real])
        f64 = fit.astype(np.float64)
        return cls(skin.name, chars, fine.reshape(len(fine), -1), dist, (d64**2).sum(axis=1),
                   fit, (f64**2).sum(axis=1), own, radius, inner(np.stack(bright)),
                   inner(np.stack(dark)), inner(soften(fine)), tolerance(skin.noise), loose)


#: Banks of the skins in use, dropped with their skin: a skin learned during play (same name,
#: one more template) must never be read with the bank of an older skin at a reused ``id``.
_BANKS: WeakKeyDictionary[Skin, GlyphBank] = WeakKeyDictionary()


def glyph_bank(skin: Skin) -> GlyphBank:
    """The (cached) bank for a loaded skin."""
    bank = _BANKS.get(skin)
    if bank is None:
        bank = GlyphBank.from_skin(skin)
        _BANKS[skin] = bank
    return bank


@dataclass(frozen=True)
class CellVerdict:
    """Per-cell results: best char index, its RMS distance, worst local patch, margin ratio,
    and the residual its template cannot explain."""

    best: np.ndarray  # (rows, cols) int, index into bank.chars
    rms: np.ndarray  # (rows, cols) float
    patch: np.ndarray  # (rows, cols) float
    margin: np.ndarray  # (rows, cols) float: second-best char's rms / best rms
    limit: np.ndarray  # (rows, cols) float: the acceptance radius of the best char
    chars: str
    unexplained: np.ndarray  # (rows, cols) float: see vision.minesweeper.residual
    tolerance: float
    second: np.ndarray | None = None  # (rows, cols) int: the char the margin was taken to

    @property
    def accepted(self) -> np.ndarray:
        ok = (self.rms <= self.limit) & (self.patch <= MAX_PATCH) & (self.margin >= MIN_MARGIN)
        ok |= (self.rms <= CLEAR_RMS) & (self.patch <= CLEAR_PATCH) & (self.margin >= CLEAR_MARGIN)
        ok &= self.unexplained <= self.tolerance
        if self.chars.endswith(NOT_A_CELL):
            ok &= self.best != len(self.chars) - 1
        return ok

    @property
    def close_call(self) -> np.ndarray:
        """Cells refused only because two characters fit them about equally well (each within
        its limits, nothing unexplained): which of the two it is stays open."""
        near = (self.rms <= self.limit) & (self.patch <= MAX_PATCH) & (
            self.unexplained <= self.tolerance)
        return near & ~self.accepted & (self.margin < MIN_MARGIN)

    def text(self) -> str:
        rows = ["".join(self.chars[i] for i in row) for row in self.best.tolist()]
        return "\n".join(rows)

    def score(self) -> float:
        """Mean RMS distance: lower means the grid sits better on the templates."""
        return float(self.rms.mean())


def classify(features: np.ndarray, bank: GlyphBank) -> CellVerdict:
    """Nearest template for every cell, with the figures :attr:`CellVerdict.accepted` checks."""
    rows, cols, blocks = features.shape[:3]
    n = rows * cols
    flat = np.ascontiguousarray(features.reshape(n, -1), dtype=np.float32)
    near = distance_features(flat.reshape(n, blocks, blocks, 3))
    # cv2.gemm, not ``@``: OpenBLAS threads stall on a busy 2-core machine for this small product.
    cross = cv2.gemm(near, bank.distance, 1.0, None, 0.0, flags=cv2.GEMM_2_T)
    d2 = (near.astype(np.float64) ** 2).sum(axis=1)[:, None] + bank.norms[None, :] - 2.0 * cross
    d2 = np.maximum(d2, 0.0) / COARSE_DIMS
    if len(bank.owner) == len(bank.chars):
        per_char = d2
    else:
        per_char = np.stack(
            [d2[:, bank.owner == i].min(axis=1) for i in range(len(bank.chars))], axis=1
        )
    order = np.argsort(per_char, axis=1)
    best = order[:, 0]
    idx = np.arange(n)
    rms = np.sqrt(per_char[idx, best])
    if bank.loose is not None and bank.loose.any() and per_char.shape[1] > 1:
        # A cell nearest an unnamed look is told apart from the named ones only.
        masked = per_char.copy()
        masked[idx, best] = np.inf
        masked[bank.loose[best][:, None] & bank.loose[None, :]] = np.inf
        runner_up = masked.argmin(axis=1)
        second = np.sqrt(masked[idx, runner_up])
    else:
        runner_up = order[:, 1] if per_char.shape[1] > 1 else best
        second = (np.sqrt(per_char[idx, order[:, 1]]) if per_char.shape[1] > 1
                  else np.full(n, np.inf))
    margin = second / np.maximum(rms, 1.0)
    rows_of_best = np.where(bank.owner[None, :] == best[:, None], d2, np.inf).argmin(axis=1)
    # Worst local difference: per block the largest channel difference, averaged over 4 x 4
    # patches of blocks (cv2 does the channel max and the pooling without numpy temporaries).
    diff = cv2.absdiff(flat, bank.features[rows_of_best]).reshape(n * blocks, blocks, 3)
    b_, g_, r_ = cv2.split(diff)
    worst = cv2.max(cv2.max(b_, g_), r_)
    q = max(1, blocks // 4)
    pooled = cv2.resize(worst, (blocks // q, n * blocks // q), interpolation=cv2.INTER_AREA)
    patch = pooled.reshape(n, -1).max(axis=1)
    left = unexplained(features.reshape(n, blocks, blocks, 3), bank.bright[rows_of_best],
                       bank.dark[rows_of_best], bank.soft[rows_of_best])
    shape = (rows, cols)
    return CellVerdict(
        best.reshape(shape),
        rms.reshape(shape),
        patch.reshape(shape),
        margin.reshape(shape),
        bank.radius[best].reshape(shape),
        bank.chars,
        left.reshape(shape),
        bank.tolerance,
        runner_up.reshape(shape),
    )


def board_chars() -> str:
    return "".join(CELL_CHARS)


def resize_cell(img: np.ndarray, size: tuple[int, int]) -> np.ndarray:
    """A cell picture at another size, area-averaged when shrinking (for templates)."""
    w, h = size
    if img.shape[1] == w and img.shape[0] == h:
        return img
    shrink = img.shape[1] > w
    return cv2.resize(img, (w, h), interpolation=cv2.INTER_AREA if shrink else cv2.INTER_LINEAR)
