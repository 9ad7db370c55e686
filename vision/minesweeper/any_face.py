"""A new-game face on a program with no skin: the yellow smiley above the board, by its look.

Programs in the Windows tradition (xdemineur, Windows' own, their web copies) start a new game
when the face above the board is clicked, and xdemineur has no other way. A look learned from
nothing has no face pictures, so the face is found as what a smiley is drawn as: one round
blob of saturated yellow, about one to four cells across, with dark features inside it (eyes,
a mouth, sunglasses, crosses), in the strip between the window's top and the board. A yellow
LED digit (thin segments), a yellow button or a label is no face; nothing found is None, and
the bot then never clicks there (a point guessed above a board was once a program's Quit).
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.core.geometry import Region

#: Saturated yellow (OpenCV hue 0-180: yellow is 30).
HUE, MIN_SATURATION, MIN_VALUE = (20, 36), 140, 140
#: A face is this many cell pitches across (xdemineur 1.2, Windows XP 1.1, the web page 1.6).
SIZE_PITCHES = (0.6, 4.0)
#: Width over height of a round face.
MAX_ASPECT = 1.3
#: Share of its bounding box a round face covers, its features filled in (a disc: 0.785).
ROUNDNESS = (0.62, 0.92)
#: Share of the filled face its features (holes in the yellow) take: a plain disc is no face.
FEATURES = (0.03, 0.55)


def yellow_mask(pixels: np.ndarray) -> np.ndarray:
    """Pixels of saturated yellow (BGR pictures)."""
    hsv = cv2.cvtColor(np.ascontiguousarray(pixels[..., :3]), cv2.COLOR_BGR2HSV)
    h, s, v = hsv[..., 0], hsv[..., 1], hsv[..., 2]
    return (h >= HUE[0]) & (h <= HUE[1]) & (s >= MIN_SATURATION) & (v >= MIN_VALUE)


def find_face(pixels: np.ndarray, board: Region, pitch: float) -> Region | None:
    """The face's region in ``pixels`` (the window picture), looked for above ``board`` (in
    the same pixels) and across its width; None when no blob there is drawn as a face. Of
    several, the one nearest the middle of the board's width."""
    top = max(0, board.top)
    left = max(0, int(board.left - pitch))
    right = min(pixels.shape[1], int(board.right + pitch))
    if top < 4 or right - left < 4:
        return None
    mask = yellow_mask(pixels[:top, left:right])
    count, labels, stats, _ = cv2.connectedComponentsWithStats(mask.astype(np.uint8),
                                                               connectivity=8)
    found = [Region(left + x, y, w, h) for x, y, w, h in _blobs(stats[1:count])
             if _face_like(mask[y : y + h, x : x + w], pitch)]
    if not found:
        return None
    middle = (board.left + board.right) / 2.0
    return min(found, key=lambda r: abs(r.center.x - middle))


def _blobs(stats: np.ndarray) -> list[tuple[int, int, int, int]]:
    """Boxes (x, y, w, h) of the yellow parts, parts whose boxes touch joined (sunglasses or
    a frown cut a face's yellow in two)."""
    boxes = [[int(x), int(y), int(x + w), int(y + h)] for x, y, w, h, _a in stats]
    merged = True
    while merged:
        merged = False
        for i in range(len(boxes)):
            for j in range(i + 1, len(boxes)):
                a, b = boxes[i], boxes[j]
                if a[0] <= b[2] + 1 and b[0] <= a[2] + 1 and a[1] <= b[3] + 1 and b[1] <= a[3] + 1:
                    boxes[i] = [min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]),
                                max(a[3], b[3])]
                    del boxes[j]
                    merged = True
                    break
            if merged:
                break
    return [(x0, y0, x1 - x0, y1 - y0) for x0, y0, x1, y1 in boxes]


def _face_like(yellow: np.ndarray, pitch: float) -> bool:
    """Is this box of yellow (True pixels) drawn as a face: round, of a cell's size or a few,
    with dark features inside its outline?"""
    h, w = yellow.shape
    lo, hi = SIZE_PITCHES[0] * pitch, SIZE_PITCHES[1] * pitch
    if not (lo <= min(w, h) and max(w, h) <= hi and max(w, h) <= MAX_ASPECT * min(w, h)):
        return False
    points = cv2.findNonZero(yellow.astype(np.uint8))
    if points is None:
        return False
    outline = np.zeros(yellow.shape, np.uint8)
    cv2.fillConvexPoly(outline, cv2.convexHull(points), 1)
    whole = int(outline.sum())
    if not ROUNDNESS[0] <= whole / float(w * h) <= ROUNDNESS[1]:
        return False
    features = (whole - int((yellow & outline.astype(bool)).sum())) / float(max(whole, 1))
    return FEATURES[0] <= features <= FEATURES[1]
