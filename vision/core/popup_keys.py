"""The keys of a pop-up of buttons over a dimmed page, found by their shapes, in reading order.

JScrab asks a wildcard's letter in a pop-up of 32 small bold letter buttons (6 a row, the
page's letter order, no heading) over a grey veil. OCR reads none of the letters and the
tiles' glyphs are not the buttons'; but the buttons are plain to see: same-sized blobs that
are not the pop-up's white, each with white all round. Their letters are the profile's
(``blank-keys``, the letters in reading order): only the count must agree, never a guess.
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.core.geometry import Region
from vision.core.popup import BRIGHT, LEAST_AREA

#: A key is within this part of the median key's width and height (a stray blob is not).
SIZE_SPREAD = 0.4
#: Blobs smaller than this (pixels) are specks, not keys.
LEAST_KEY = 60


def popup_keys(pixels: np.ndarray, count: int) -> list[Region] | None:
    """The ``count`` buttons of the pop-up, row by row, left to right (frame pixels); None
    when no bright box on the frame holds exactly that many same-sized buttons."""
    bright = (pixels.min(axis=2) >= BRIGHT).astype(np.uint8)
    n, labels, stats, _ = cv2.connectedComponentsWithStats(bright, connectivity=4)
    boxes = sorted(
        (i for i in range(1, n) if stats[i, cv2.CC_STAT_AREA] >= LEAST_AREA),
        key=lambda i: -int(stats[i, cv2.CC_STAT_WIDTH] * stats[i, cv2.CC_STAT_HEIGHT]),
    )
    for i in boxes:
        x, y, w, h = (int(v) for v in stats[i, :4])
        keys = _keys_inside((labels[y : y + h, x : x + w] != i).astype(np.uint8))
        if len(keys) == count:
            return [k.offset(x, y) for k in _reading_order(keys)]
    return None


def _keys_inside(holes: np.ndarray) -> list[Region]:
    """Blobs of ``holes`` that touch no edge of the box and share the keys' size."""
    n, _, stats, _ = cv2.connectedComponentsWithStats(holes, connectivity=8)
    height, width = holes.shape
    found = []
    for x, y, w, h, area in stats[1:].tolist():
        if area >= LEAST_KEY and x > 0 and y > 0 and x + w < width and y + h < height:
            found.append(Region(x, y, w, h))
    if not found:
        return []
    mw = float(np.median([r.width for r in found]))
    mh = float(np.median([r.height for r in found]))
    return [r for r in found if abs(r.width - mw) <= SIZE_SPREAD * mw
            and abs(r.height - mh) <= SIZE_SPREAD * mh]


def _reading_order(keys: list[Region]) -> list[Region]:
    """Row by row (a key whose middle is within half a key's height of the row's first), each
    row left to right."""
    half = float(np.median([r.height for r in keys])) / 2
    rows: list[list[Region]] = []
    for key in sorted(keys, key=lambda r: r.center.y):
        if rows and key.center.y - rows[-1][0].center.y <= half:
            rows[-1].append(key)
        else:
            rows.append([key])
    return [key for row in rows for key in sorted(row, key=lambda r: r.center.x)]
