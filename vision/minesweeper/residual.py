"""What a template cannot explain: the test that makes the reader refuse a glyph its skin lacks.

Distances alone cannot do it. A cell's acceptance radius has to leave room for resampling
(a board at 125 % moves every edge), so a glyph that differs from a known one only by colour or
by a small mark (xdemineur's pink 5 on an empty cell, gnome-mines' 2 and 3 tiles, its flag with
and without a question mark) can fall inside it once the template it really is has been taken
out of the skin. Resampling, though, only mixes a template's own pixels with their neighbours:
every block of a rescaled or shifted cell lies between the darkest and brightest template
pixels within one block of it, and every (slightly blurred) template block is matched within
one block in the cell. A glyph the skin lacks breaks one of the two somewhere: ink where the
template is plain, plain where it has ink, or another colour. The leftover, averaged over 2 x 2
blocks, is the cell's *unexplained* residual; the reader accepts a cell only while it stays
below the skin's tolerance. The outer two blocks are left out: there the neighbours and the
grid lines of the capture sit, not the glyph.
"""

from __future__ import annotations

import cv2
import numpy as np

#: Blocks left out at each edge of a cell (grid lines, bevels, neighbours' pixels).
RING = 2
#: Tolerance of a skin cut from lossless captures (0-255 colour units). Cells of the labelled
#: pictures at 100-200 % stay under 5; a glyph the skin lacks leaves 17 or more.
MIN_TOLERANCE = 12.0
#: A skin records how far its own labelled cells stray from their templates (``Skin.noise``,
#: JPEG noise and shading on win7); the reader allows this much more than that.
NOISE_FACTOR = 1.5


def tolerance(noise: float) -> float:
    """The unexplained residual a cell may have for a skin whose own cells stray ``noise``."""
    return max(MIN_TOLERANCE, NOISE_FACTOR * noise)


def envelope(img: np.ndarray, blocks: int) -> tuple[np.ndarray, np.ndarray]:
    """Brightest and darkest pixel (per channel) within one block of every block of a template
    picture at its native size: two (blocks, blocks, 3) float32 arrays."""
    pixels = img.astype(np.float32)

    def along(a: np.ndarray, axis: int, pick: str) -> np.ndarray:
        n = a.shape[axis]
        out = []
        for j in range(blocks):
            lo = max(0, int(np.floor((j - 1) * n / blocks)))
            hi = min(n, int(np.ceil((j + 2) * n / blocks)))
            part = a[lo:hi] if axis == 0 else a[:, lo:hi]
            out.append(part.max(axis=axis) if pick == "max" else part.min(axis=axis))
        return np.stack(out, axis=axis)

    bright = along(along(pixels, 1, "max"), 0, "max")
    dark = along(along(pixels, 1, "min"), 0, "min")
    return bright, dark


def soften(features: np.ndarray) -> np.ndarray:
    """Template blocks blurred as much as resampling may blur a cell: (n, B, B, 3) float32."""
    return np.stack([cv2.GaussianBlur(f, (3, 3), 0.8, borderType=cv2.BORDER_REPLICATE)
                     for f in np.asarray(features, np.float32)])


def inner(blocks: np.ndarray) -> np.ndarray:
    """The blocks of (n, B, B, 3) templates that the residual looks at, as one contiguous
    array (a glyph bank keeps these, so a read gathers 12 x 12 blocks per cell, not 16 x 16)."""
    b = blocks.shape[1]
    return np.ascontiguousarray(blocks[:, RING : b - RING, RING : b - RING], dtype=np.float32)


def unexplained(cells: np.ndarray, bright: np.ndarray, dark: np.ndarray, soft: np.ndarray
                ) -> np.ndarray:
    """Unexplained residual of each cell against its template: (n,) in 0-255 units.

    ``cells`` are block features (n, B, B, 3); ``bright``/``dark`` the template envelopes and
    ``soft`` the softened template blocks, one row per cell, either whole (n, B, B, 3) or
    already cut to their inner blocks by :func:`inner`.
    """
    n, b = cells.shape[0], cells.shape[1]
    cut = slice(RING, b - RING)
    if bright.shape[1] == b:
        bright, dark, soft = inner(bright), inner(dark), inner(soft)
    f = np.ascontiguousarray(cells, dtype=np.float32)
    cf = f[:, cut, cut]
    # Ink the template cannot produce: the cell outside the template's one-block envelope.
    # (bright >= dark, so at most one side is positive: their larger one is their sum.)
    extra = cf - bright
    np.maximum(extra, dark - cf, out=extra)
    # Template ink the cell lacks: the softened template outside the cell's one-block envelope.
    kernel = np.ones((3, 3), np.uint8)
    stacked = f.reshape(n * b, b, 3)  # cells one under another; inner blocks stay in their cell
    c_hi = cv2.dilate(stacked, kernel).reshape(n, b, b, 3)[:, cut, cut]
    c_lo = cv2.erode(stacked, kernel).reshape(n, b, b, 3)[:, cut, cut]
    missing = soft - c_hi
    np.maximum(missing, c_lo - soft, out=missing)
    np.maximum(extra, missing, out=extra)
    # Channel max by slices: numpy's reduce over a 3-long last axis is 30 times slower.
    worst = np.maximum(np.maximum(extra[..., 0], extra[..., 1]), extra[..., 2])
    np.maximum(worst, 0, out=worst)
    pooled = worst[:, 1:, 1:] + worst[:, :-1, 1:]
    pooled += worst[:, 1:, :-1]
    pooled += worst[:, :-1, :-1]
    return pooled.reshape(n, -1).max(axis=1) / 4
