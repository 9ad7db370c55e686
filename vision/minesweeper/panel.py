"""The strip above the grid: where the mine counter, the timer and the face are, and the face read.

Found once by colour (counters are boxes of the skin's off/lit colours, the face is a blob of
the face colour) and sized against the skin's native layout times the board's scale; then read
on every frame at the same places.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from vision.core.geometry import GridGeometry, Region
from vision.minesweeper.cells import image_blocks
from vision.minesweeper.skin import Skin
from vision.minesweeper.text_counter import find_text_counters

#: Largest RMS distance (0-255) at which a face still counts as recognised.
FACE_MAX_RMS = 40.0


@dataclass(frozen=True)
class Panel:
    counter: Region | None = None
    timer: Region | None = None
    face: Region | None = None


def _segment_distance(pixels: np.ndarray, a: tuple[int, ...], b: tuple[int, ...]) -> np.ndarray:
    """Distance of every pixel to the colour segment from ``a`` to ``b`` (blends of the two)."""
    p = pixels.astype(np.float32)
    a_ = np.asarray(a, np.float32)
    axis = np.asarray(b, np.float32) - a_
    t = np.clip(((p - a_) @ axis) / float(axis @ axis), 0.0, 1.0)
    nearest = a_ + t[..., None] * axis
    return np.sqrt(((p - nearest) ** 2).sum(axis=2))


def _boxes(mask: np.ndarray) -> list[tuple[int, int, int, int]]:
    n, _, stats, _ = cv2.connectedComponentsWithStats(mask.astype(np.uint8), connectivity=8)
    boxes = stats[1:n, :4].tolist()
    return [(int(x), int(y), int(w), int(h)) for x, y, w, h in boxes]


def _face_bbox(img: np.ndarray, colour: tuple[int, ...]) -> tuple[int, int, int, int] | None:
    mask = np.abs(img.astype(np.int16) - np.asarray(colour, np.int16)).max(axis=2) < 60
    ys, xs = np.nonzero(mask)
    if xs.size == 0:
        return None
    return int(xs.min()), int(ys.min()), int(xs.max() - xs.min() + 1), int(ys.max() - ys.min() + 1)


def find_panel(pixels: np.ndarray, geometry: GridGeometry, skin: Skin, scale: float) -> Panel:
    """Counter, timer and face regions (frame pixels) above the grid, where the skin has them
    (text counters, gnome-mines', are beside it: :mod:`vision.minesweeper.text_counter`)."""
    if skin.counter is None and not skin.faces:
        return Panel()
    if skin.counter is not None and skin.counter.get("kind") == "text":
        counter, timer = find_text_counters(pixels, geometry)
        return Panel(counter, timer)
    pitch = geometry.pitch[1]
    top = geometry.row_edges[0]
    y0 = max(0, int(top - 5 * pitch))
    x0 = max(0, int(geometry.col_edges[0] - 2 * pitch))
    x1 = min(pixels.shape[1], int(geometry.col_edges[-1] + 2 * pitch))
    band = pixels[y0:top, x0:x1]
    if band.size == 0:
        return Panel()
    counter = timer = face = None
    spec = skin.counter
    if spec is not None:
        mask = _segment_distance(band, tuple(spec["off"]), tuple(spec["lit"])) < 60
        want_w = (spec["box"][0] - 2) * scale
        want_h = (spec["box"][1] - 2) * scale
        found = [
            Region(x0 + x, y0 + y, w, h)
            for x, y, w, h in _boxes(mask)
            if abs(w - want_w) <= 0.2 * want_w + 2 and abs(h - want_h) <= 0.2 * want_h + 2
        ]
        found.sort(key=lambda r: r.left)
        middle = (geometry.col_edges[0] + geometry.col_edges[-1]) / 2
        if found and found[0].center.x < middle:
            counter = found[0]
        if found and found[-1].center.x > middle:
            timer = found[-1]
    colour = skin.layout.get("face_colour")
    if skin.faces and colour is not None:
        mask = np.abs(band.astype(np.int16) - np.asarray(colour, np.int16)).max(axis=2) < 60
        ref = _face_bbox(next(iter(skin.faces.values())), tuple(colour))
        if ref is not None:
            want = ref[2] * scale
            # Sunglasses or a frown can cut the face in two: join the parts first.
            k = max(3, int(round(0.3 * want)) | 1)
            joined = cv2.dilate(mask.astype(np.uint8), np.ones((k, k), np.uint8))
            blobs = []
            for x, y, w, h in _boxes(joined):
                ys, xs = np.nonzero(mask[y : y + h, x : x + w])
                if xs.size:
                    bx, by = x + int(xs.min()), y + int(ys.min())
                    bw, bh = int(xs.max() - xs.min() + 1), int(ys.max() - ys.min() + 1)
                    if abs(bw - want) <= 0.25 * want + 2 and abs(bh - want) <= 0.25 * want + 2:
                        blobs.append((bx, by, bw, bh))
            if blobs:
                x, y, w, h = max(blobs, key=lambda b: b[2] * b[3])
                face = Region(x0 + x, y0 + y, w, h)
    return Panel(counter, timer, face)


_FACE_FEATURES: dict[int, dict[str, np.ndarray]] = {}


def _face_features(skin: Skin) -> dict[str, np.ndarray]:
    """Block features of each face picture, cropped to its face colour (cached per skin)."""
    cached = _FACE_FEATURES.get(id(skin))
    if cached is None:
        colour = tuple(skin.layout.get("face_colour", (0, 255, 255)))
        cached = {}
        for name, picture in skin.faces.items():
            box = _face_bbox(picture, colour)
            if box is not None:
                x, y, w, h = box
                cached[name] = image_blocks(picture[y : y + h, x : x + w]).reshape(-1)
        _FACE_FEATURES[id(skin)] = cached
    return cached


def read_face(pixels: np.ndarray, region: Region, skin: Skin) -> str | None:
    """Which of the skin's faces is shown (``playing``/``won``/``lost``), or None if none fits."""
    crop = pixels[region.top : region.bottom, region.left : region.right]
    if crop.size == 0:
        return None
    seen = image_blocks(crop).reshape(-1)
    best, best_rms = None, FACE_MAX_RMS
    for name, ref in _face_features(skin).items():
        rms = float(np.sqrt(((seen - ref) ** 2).mean()))
        if rms < best_rms:
            best, best_rms = name, rms
    return best
