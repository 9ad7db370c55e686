"""Seeing through what a page draws over the letters: arrows along the last word, a coloured
highlight stroke. Balda letters are plain ink (dark on light, or light on dark); an overlay is a
saturated colour of another hue than the cell's face that comes into the cell across its
edge, from the grid line or the gap between cells (a letter drawn in colour stays inside its
cell's face, even where a wide letter reaches the rim of the part searched for ink). Those
pixels are painted in the cell's face colour before the cells are read (the letter loses the
strokes the overlay hid, never gains the overlay's), so a letter under an arrow reads as itself
and no overlay is taught to the glyph bank as a letter."""

from __future__ import annotations

import cv2
import numpy as np

from vision.core.frame import Frame
from vision.core.letters import GridLocation, face_colour, inner_region

#: HSV saturation and value (0..255) from which a pixel is coloured enough to be an overlay,
#: and how far (OpenCV hue units, 0..180) its hue must be from a coloured face's.
SATURATED, BRIGHT, HUE_APART = 110, 60, 12
#: A face below this saturation is grey: any saturated pixel on it is an overlay.
GREY_FACE = 50
#: Ink is this far (max channel) from the face; a stroke cut by an overlay up to about this
#: many pixels wide is joined again.
INK, BRIDGE = 60, 11
#: Pixels either side of where an arrow crosses a cell's edge that its band takes (its
#: blended rim; an arrowhead at the middle of a step lies outside the part read for ink).
EDGE_MARGIN = 2


def overlay_mask(frame: Frame, location: GridLocation) -> np.ndarray:
    """Overlay pixels (uint8 0/255, the frame's size) inside the grid's cells."""
    mask = np.zeros(frame.pixels.shape[:2], np.uint8)
    height, width = frame.pixels.shape[0], frame.pixels.shape[1]
    for r in range(location.rows):
        for c in range(location.cols):
            inner = inner_region(location, r, c)
            window = frame.pixels[inner.top : inner.bottom, inner.left : inner.right]
            if window.size == 0:
                continue
            rect = location.geometry.cell_rect(r, c)
            top, left = max(0, rect.top), max(0, rect.left)
            bottom, right = min(height, rect.bottom), min(width, rect.right)
            cell = frame.pixels[top:bottom, left:right]
            found = _cell_mask(cell, face_colour(window))
            rows = slice(inner.top - top, inner.bottom - top)
            cols = slice(inner.left - left, inner.right - left)
            mask[inner.top : inner.bottom, inner.left : inner.right] = found[rows, cols]
    return mask


def _cell_mask(cell: np.ndarray, face_bgr: tuple[int, int, int]) -> np.ndarray:
    """The overlay pixels of one whole cell (its face and its share of the lines or gaps
    around it), ``face_bgr`` the colour of its face."""
    hsv = cv2.cvtColor(cell, cv2.COLOR_BGR2HSV)
    hue, sat, val = (hsv[..., k].astype(np.int16) for k in range(3))
    coloured = (sat >= SATURATED) & (val >= BRIGHT)
    if not coloured.any():
        return np.zeros(cell.shape[:2], np.uint8)
    face = np.array([[face_bgr]], np.uint8)
    face_h, face_s, _ = (int(v) for v in cv2.cvtColor(face, cv2.COLOR_BGR2HSV)[0, 0])
    if face_s >= GREY_FACE:  # a coloured face: its own hue (and the ink's blend into it) stays
        apart = np.abs(hue - face_h)
        apart = np.minimum(apart, 180 - apart)
        coloured &= apart >= HUE_APART
    return _from_outside(coloured.astype(np.uint8), hue)


def _from_outside(coloured: np.ndarray, hue: np.ndarray) -> np.ndarray:
    """Only the coloured parts that come in across the cell's edge: an overlay crosses
    cells, while a letter drawn in colour (a letter being typed, in blue; the letters of one
    player in red) stays on its cell's face. An arrow that runs into a letter of another
    colour is parted from it by hue: only the pixels of the hue it brings across the edge
    (hot-seat canvas: a red arrow through a player's blue П took the whole П away)."""
    rim = np.zeros(coloured.shape, bool)
    rim[:2, :], rim[-2:, :], rim[:, :2], rim[:, -2:] = True, True, True, True
    out = np.zeros_like(coloured)
    for h in _rim_hues(coloured, hue, rim):
        apart = np.abs(hue - h)
        alike = (coloured > 0) & (np.minimum(apart, 180 - apart) < HUE_APART)
        count, labels = cv2.connectedComponents(alike.astype(np.uint8), connectivity=8)
        crossing = np.unique(labels[rim & (labels > 0)])
        for k in crossing[crossing > 0]:
            out[_in_bands(labels == k)] = 255
    return out


def _in_bands(part: np.ndarray) -> np.ndarray:
    """The part of an edge-crossing component in the band an arrow takes from that edge to
    the cell's centre (path arrows join the centres of the word's cells): as wide as it
    crosses the edge, over the half of the cell on that side.
    A letter of the arrow's own colour that it runs into (hot-seat canvas: a red arrow
    through player 2's red П) keeps its strokes outside the band."""
    h, w = part.shape
    band = np.zeros(part.shape, bool)
    for edge, across in (("top", part[:2].any(axis=0)), ("bottom", part[-2:].any(axis=0)),
                         ("left", part[:, :2].any(axis=1)), ("right", part[:, -2:].any(axis=1))):
        at = np.nonzero(across)[0]
        if not at.size:
            continue
        half = (int(at.max()) - int(at.min())) // 2 + EDGE_MARGIN
        mid = (int(at.min()) + int(at.max())) // 2
        lo, hi = max(0, mid - half), mid + half + 1
        m = 2 * EDGE_MARGIN  # past the centre: the shaft's rounded end
        if edge == "top":
            band[: h // 2 + m, lo:hi] = True
        elif edge == "bottom":
            band[h // 2 - m :, lo:hi] = True
        elif edge == "left":
            band[lo:hi, : w // 2 + m] = True
        else:
            band[lo:hi, w // 2 - m :] = True
    return part & band


def _rim_hues(coloured: np.ndarray, hue: np.ndarray, rim: np.ndarray) -> list[int]:
    """The hues coloured pixels bring across the cell's edge (each about HUE_APART wide)."""
    at_rim = hue[rim & (coloured > 0)]
    hues: list[int] = []
    for h in np.unique(at_rim):
        if all(min(abs(int(h) - k), 180 - abs(int(h) - k)) >= HUE_APART for k in hues):
            hues.append(int(h))
    return hues


def hidden_cells(frame: Frame, location: GridLocation) -> set[int]:
    """The cells (``r * cols + c``) an overlay covers part of."""
    mask = overlay_mask(frame, location)
    out = set()
    for r in range(location.rows):
        for c in range(location.cols):
            inner = inner_region(location, r, c)
            if mask[inner.top : inner.bottom, inner.left : inner.right].any():
                out.add(r * location.cols + c)
    return out


def see_through(frame: Frame, location: GridLocation) -> Frame:
    """The frame with overlay pixels in the grid's cells painted over (the same frame when
    there are none, which is the usual case)."""
    mask = overlay_mask(frame, location)
    if not mask.any():
        return frame
    mask = cv2.dilate(mask, np.ones((3, 3), np.uint8))  # the overlay's blended edge too
    painted = frame.pixels.copy()
    for r in range(location.rows):
        for c in range(location.cols):
            inner = inner_region(location, r, c)
            rows, cols = slice(inner.top, inner.bottom), slice(inner.left, inner.right)
            cell = mask[rows, cols] > 0
            if cell.any():
                _repaint(painted[rows, cols], cell)
    return Frame(painted, frame.region, frame.timestamp)


def _repaint(window: np.ndarray, hidden: np.ndarray) -> None:
    """Paint a cell's hidden pixels (in place): face colour, except where a letter's stroke
    runs on both sides of the overlay (closed across it), which gets the ink's colour."""
    face = face_colour(window)
    diff = cv2.absdiff(window, (float(face[0]), float(face[1]), float(face[2]), 0.0))
    ink = (diff.max(axis=2) > INK) & ~hidden
    window[hidden] = face
    if not ink.any():
        return
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (BRIDGE, BRIDGE))
    closed = cv2.morphologyEx(ink.astype(np.uint8), cv2.MORPH_CLOSE, kernel) > 0
    stroke = hidden & closed
    if stroke.any():
        window[stroke] = np.median(window[ink], axis=0).astype(np.uint8)
