"""Letter tiles (board squares and rack) cut into their face colour, letter ink and value ink.

A Scrabble-like tile is a flat face with a big letter and a small value digit in its lower
right corner; around it may be a shadow band, a border, a rounded corner showing the square
below, or the grid line. So the tile's face is found first (the largest patch of the face
colour), and only ink inside it counts. Ink parts wholly in the face's lower right corner and
shorter than the letter are the value; the rest is the letter (or the site's wildcard mark).
Each is handed on as a :class:`vision.core.letters.CellInk`, cut as
:func:`vision.core.letters.ink_of`
cuts a Balda cell, so glyph banks compare them the same way at any zoom.
"""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field

import cv2
import numpy as np

from vision.core.geometry import Region
from vision.core.letters import CellInk, normalise_glyph

Colour = tuple[int, int, int]
#: Pixels this close (any channel) to the face colour are face.
FACE_CLOSE = 14
#: A row or column of the window is the face's when at least this part of it is face colour
#: (a letter's bar, as Ш's, may cover three quarters of a row; a shadow band or grid line
#: leaves nothing).
FACE_ROW = 0.1
#: A tile's rim: this part of its face's shorter side, at each edge (see ``_in_corner``).
RIM = 0.1
#: Below this distance from the face nothing is ink.
INK = 40
#: The value sits right of this part of the face's width and below this part of its height.
VALUE_LEFT, VALUE_TOP = 0.48, 0.5
#: ...and is at most this part of the face's height tall.
VALUE_HEIGHT = 0.42


@dataclass(frozen=True)
class TileInk:
    """One tile cut up: the face (frame pixels), its colour, the letter's and the value's ink."""

    face: Region
    colour: Colour
    letter: CellInk | None
    value: CellInk | None
    pixels: np.ndarray | None = field(default=None, repr=False, compare=False)
    letter_mask: np.ndarray | None = field(default=None, repr=False, compare=False)
    value_mask: np.ndarray | None = field(default=None, repr=False, compare=False)
    dist: np.ndarray | None = field(default=None, repr=False, compare=False)

    def upright(self, shear: float) -> CellInk | None:
        """The letter's ink leaned back by ``shear`` (pixels across per pixel down): a site
        that draws wildcards slanted shows them upright again, to compare with plain tiles."""
        if self.pixels is None or self.dist is None or self.letter_mask is None \
                or self.letter is None:
            return None
        h, w = self.dist.shape
        pad = int(np.ceil(abs(shear) * h / 2)) + 1
        grown = cv2.dilate(self.letter_mask.astype(np.uint8), np.ones((3, 3), np.uint8))
        ink = np.where(grown > 0, self.dist, 0).astype(np.uint8)
        m = np.array([[1, shear, pad - shear * h / 2], [0, 1, 0]], dtype=np.float32)
        size = (w + 2 * pad, h)
        dist = cv2.warpAffine(ink, m, size, flags=cv2.INTER_LINEAR)
        keep = cv2.warpAffine(self.letter_mask.astype(np.uint8) * 255, m, size,
                              flags=cv2.INTER_LINEAR) >= 128
        canvas = np.empty((h, w + 2 * pad, 3), np.uint8)
        canvas[:] = np.array(self.colour, np.uint8)
        box = _box(keep)
        face = float(max(self.face.width, self.face.height))
        return _ink(canvas, dist, keep, box, self.letter.parts, self.colour, face,
                    (self.face.left - pad, self.face.top))

    def whole(self) -> CellInk | None:
        """Letter and value together, as one glyph (for a letter whose stroke touches its value
        number: the two cannot be cut apart cleanly, but together they look alike every time)."""
        if self.pixels is None or self.dist is None or self.letter_mask is None \
                or self.value_mask is None or self.letter is None or self.value is None:
            return None
        keep = self.letter_mask | self.value_mask
        ox, oy = self.face.left, self.face.top
        a, b = self.letter.box, self.value.box
        assert a is not None and b is not None
        box = (min(a.left, b.left) - ox, min(a.top, b.top) - oy,
               max(a.right, b.right) - ox, max(a.bottom, b.bottom) - oy)
        size = float(max(self.face.width, self.face.height))
        return _ink(self.pixels, self.dist, keep, box, self.letter.parts + self.value.parts,
                    self.colour, size, (ox, oy))

    @property
    def value_window(self) -> np.ndarray | None:
        """The face's pixels with only the value number's ink left on it (for Tesseract)."""
        if self.value is None or self.pixels is None or self.value_mask is None:
            return None
        clean = _paint(self.pixels, self.value_mask, self.colour)
        return cv2.copyMakeBorder(clean, 2, 2, 2, 2, cv2.BORDER_CONSTANT,
                                  value=tuple(int(c) for c in self.colour))

    @property
    def letter_window(self) -> np.ndarray | None:
        """The face's pixels with only the letter's ink left on it (for Tesseract)."""
        if self.letter is None or self.pixels is None or self.letter_mask is None:
            return None
        clean = _paint(self.pixels, self.letter_mask, self.colour)
        return cv2.copyMakeBorder(clean, 2, 2, 2, 2, cv2.BORDER_CONSTANT,
                                  value=tuple(int(c) for c in self.colour))


class TileCache:
    """Tiles already cut, by their place and pixels: a bot reads the same board frame after
    frame, and a tile that did not change is not cut again."""

    def __init__(self, size: int = 2000) -> None:
        self.size = size
        self._items: OrderedDict[tuple[object, ...], TileInk] = OrderedDict()
        self.hits = self.misses = 0
        self._names: OrderedDict[tuple[object, ...], str] = OrderedDict()

    def named_twice(self, key: tuple[object, ...], char: str) -> bool:
        """Was the tile with these pixels named ``char`` before too? (A new look is learned
        only from a tile named alike on two frames: not one caught mid-animation.)"""
        if self._names.get(key) == char:
            return True
        self._names[key] = char
        while len(self._names) > self.size:
            self._names.popitem(last=False)
        return False

    @staticmethod
    def key(window: np.ndarray, cell: Region, colour: Colour, zone: object) -> tuple[object, ...]:
        digest = hashlib.blake2b(window.tobytes(), digest_size=16).digest()
        return (cell.left, cell.top, cell.width, cell.height, digest, colour, zone)

    def get(self, key: tuple[object, ...]) -> TileInk | None:
        tile = self._items.get(key)
        if tile is None:
            self.misses += 1
            return None
        self.hits += 1
        self._items.move_to_end(key)
        return tile

    def put(self, key: tuple[object, ...], tile: TileInk) -> None:
        self._items[key] = tile
        while len(self._items) > self.size:
            self._items.popitem(last=False)


def mode_colour(window: np.ndarray, step: int = 2) -> Colour:
    """The most common exact colour of a window (every ``step``-th pixel): a CSS face colour."""
    sample = window[::step, ::step].reshape(-1, 3).astype(np.int32)
    packed = (sample[:, 0] << 16) | (sample[:, 1] << 8) | sample[:, 2]
    values, counts = np.unique(packed, return_counts=True)
    top = int(values[int(np.argmax(counts))])
    return (top >> 16) & 255, (top >> 8) & 255, top & 255


def mode_colours(pixels: np.ndarray, windows: Sequence[Region], samples: int = 10) -> list[Colour]:
    """:func:`mode_colour` of many windows, each sampled on a ``samples``² lattice (fast)."""
    if not windows:
        return []
    grid = np.arange(samples)
    ys = np.array([w.top + (grid * w.height) // samples for w in windows])
    xs = np.array([w.left + (grid * w.width) // samples for w in windows])
    picked = pixels[ys[:, :, None], xs[:, None, :]].reshape(len(windows), -1, 3).astype(np.int32)
    packed = np.sort((picked[..., 0] << 16) | (picked[..., 1] << 8) | picked[..., 2], axis=1)
    middle = packed[:, packed.shape[1] // 2]
    # The median is the mode when one colour fills most of the window; check, else count.
    share = (packed == middle[:, None]).mean(axis=1)
    out: list[Colour] = []
    for k, (value, part) in enumerate(zip(middle.tolist(), share.tolist(), strict=True)):
        if part < 0.35:
            values, counts = np.unique(packed[k], return_counts=True)
            value = int(values[int(np.argmax(counts))])
        out.append(((value >> 16) & 255, (value >> 8) & 255, value & 255))
    return out


def distance_map(window: np.ndarray, colour: Sequence[int]) -> np.ndarray:
    """Per pixel, the largest channel difference from ``colour`` (uint8)."""
    diff = cv2.absdiff(window, (float(colour[0]), float(colour[1]), float(colour[2]), 0.0))
    b, g, r = cv2.split(diff)
    return cv2.max(cv2.max(b, g), r)


def face_box(window: np.ndarray, colour: Colour, dist: np.ndarray | None = None) -> Region | None:
    """The bounding box of the face: the longest runs of rows and of columns that are at least
    ``FACE_ROW`` ``colour`` (window pixels; ``dist`` its :func:`distance_map` if known), or
    None."""
    flat = (distance_map(window, colour) if dist is None else dist) <= FACE_CLOSE
    rows = _longest_run(flat.mean(axis=1) >= FACE_ROW)
    cols = _longest_run(flat.mean(axis=0) >= FACE_ROW)
    if rows is None or cols is None:
        return None
    return Region(cols[0], rows[0], cols[1] - cols[0], rows[1] - rows[0])


def _longest_run(on: np.ndarray) -> tuple[int, int] | None:
    """(start, stop) of the longest run of True, or None."""
    padded = np.concatenate([[False], on, [False]])
    edges = np.flatnonzero(padded[1:] != padded[:-1])
    if not len(edges):
        return None
    starts, stops = edges[::2], edges[1::2]
    k = int(np.argmax(stops - starts))
    return int(starts[k]), int(stops[k])


def _paint(window: np.ndarray, keep: np.ndarray, colour: Colour) -> np.ndarray:
    """A copy of ``window`` with every pixel outside ``keep`` (grown by 1 px) set to ``colour``."""
    grown = cv2.dilate(keep.astype(np.uint8), np.ones((3, 3), np.uint8)) > 0
    out = np.empty_like(window)
    out[:] = np.array(colour, np.uint8)
    out[grown] = window[grown]
    return out


Zone = tuple[float, float, float]


def split_tile(
    pixels: np.ndarray,
    cell: Region,
    colour: Colour,
    zone: Zone | None = None,
    dist: np.ndarray | None = None,
) -> TileInk:
    """Cut the tile of face ``colour`` inside ``cell`` (frame pixels) into letter and value.

    Glyph heights are measured against the face's longer side, so a rack tile and a board
    tile of one look compare alike whatever their sizes. ``zone`` is where the site puts the
    value: (left, top, bottom) as parts of the face's width and height; with it, a letter
    stroke joined to a value number (a Ц's tail touching its 10) is cut at the zone's edges.
    ``dist`` may give :func:`distance_map` of the whole of ``pixels`` from ``colour`` (faster
    when many tiles share a colour).
    """
    window = pixels[cell.top : cell.bottom, cell.left : cell.right]
    near = None if dist is None else dist[cell.top : cell.bottom, cell.left : cell.right]
    box = face_box(window, colour, near)
    if box is None or box.width < 4 or box.height < 4:
        return TileInk(cell, colour, None, None)
    inner = window[box.top : box.bottom, box.left : box.right]
    origin = (cell.left + box.left, cell.top + box.top)
    face = Region(origin[0], origin[1], box.width, box.height)
    size = float(max(box.width, box.height))
    if near is None:
        dist = distance_map(inner, colour)
    else:
        dist = near[box.top : box.bottom, box.left : box.right]
    ink = (dist > INK).astype(np.uint8)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    h, w = ink.shape
    least = max(2, int(0.0015 * h * w))
    st = stats.tolist()
    kept = [i for i in range(1, count)
            if st[i][4] >= least and not _in_corner(st[i][0], st[i][1], st[i][2], st[i][3], w, h)]
    # (corners and shadow edges are no ink)
    tallest = max((st[i][3] for i in kept), default=0)
    letter_parts, value_parts = [], []
    for i in kept:
        x, y, _cw, ch, _area = st[i]
        in_value_corner = x >= VALUE_LEFT * w and y >= VALUE_TOP * h and ch <= VALUE_HEIGHT * h
        # A short part in the corner is the value, unless it is the tile's tallest (a letter)
        # and not alone (a blank showing its 0 has nothing else).
        # A part alone and wholly in the face's lower half is no letter either (a letter
        # crosses the middle): a blank's 0 drawn under where its letter would be (Xanado).
        lone_low = len(kept) == 1 and y >= VALUE_TOP * h and ch <= VALUE_HEIGHT * h
        if (in_value_corner and (ch < 0.8 * tallest or len(kept) == 1)) or lone_low:
            value_parts.append(i)
        else:
            letter_parts.append(i)
    if not value_parts and len(letter_parts) > 1:
        # Some sites raise the value to the upper right corner, beside the letter's top.
        up = [i for i in letter_parts if _upper_value(st[i], w, h, tallest)]
        if up and len(up) < len(letter_parts):
            value_parts = up
            letter_parts = [i for i in letter_parts if i not in up]
    if not value_parts and letter_parts:
        # ... and may draw it touching a letter's arm corner to corner (К²): parts joined only
        # so are taken apart for this.
        count4, labels4, stats4, _ = cv2.connectedComponentsWithStats(ink, connectivity=4)
        st4 = stats4.tolist()
        kept4 = [i for i in range(1, count4) if st4[i][4] >= least
                 and not _in_corner(st4[i][0], st4[i][1], st4[i][2], st4[i][3], w, h)]
        up = [i for i in kept4 if _upper_value(st4[i], w, h, tallest)]
        if up and len(up) < len(kept4):
            count, labels, st = count4, labels4, st4
            value_parts = up
            letter_parts = [i for i in kept4 if i not in up]
    lut = np.zeros(count, np.uint8)
    lut[letter_parts] = 1
    lut[value_parts] = 2
    kind = lut[labels]
    letter_mask, value_mask = kind == 1, kind == 2
    letter_box, value_box = _union(st, letter_parts), _union(st, value_parts)
    cut = 0
    if zone is not None and letter_parts and zone[1] >= 0.8 * VALUE_TOP:
        # (a value zone in the lower corner: a number raised to the upper corner is apart)
        zx, zy = int(np.floor(zone[0] * w)), int(np.floor(zone[1] * h))
        zb = int(np.ceil(zone[2] * h))
        # Only a letter part joined to a value number is cut: a tail tip alone stays a letter's.
        for i in letter_parts:
            x, y, cw, ch, _ = st[i]
            if x + cw <= zx or y + ch <= zy:
                continue
            part = labels[zy:, zx:] == i
            if _joined(part, zb - zy):
                letter_mask[zy:, zx:] &= ~part
                value_mask[zy:, zx:] |= part
                cut += 1
        if cut:
            letter_box, value_box = _box(letter_mask), _box(value_mask)
    letter = _ink(inner, dist, letter_mask, letter_box, len(letter_parts), colour, size, origin)
    value = _ink(inner, dist, value_mask, value_box, len(value_parts) + cut, colour, size,
                 origin)
    return TileInk(face, colour, letter, value, inner, letter_mask, value_mask, dist)


def _upper_value(part: list[int], w: int, h: int, tallest: int) -> bool:
    """A short ink part in the face's upper right corner, ending above its middle (a digit,
    not a dot: a Ё's right dot is lower than a fifth of the face)."""
    x, y, cw, ch, _area = part
    return (x >= VALUE_LEFT * w and y + ch <= (1 - VALUE_TOP) * h + 1 and ch <= VALUE_HEIGHT * h
            and 0.18 * h <= ch < 0.8 * tallest and x + cw >= 0.6 * w)


def _union(st: list[list[int]], parts: list[int]) -> tuple[int, int, int, int] | None:
    """(x0, y0, x1, y1) around the parts' boxes."""
    if not parts:
        return None
    return (min(st[i][0] for i in parts), min(st[i][1] for i in parts),
            max(st[i][0] + st[i][2] for i in parts), max(st[i][1] + st[i][3] for i in parts))


def _box(mask: np.ndarray) -> tuple[int, int, int, int] | None:
    ys, xs = np.nonzero(mask)
    if not len(ys):
        return None
    return int(xs.min()), int(ys.min()), int(xs.max()) + 1, int(ys.max()) + 1


def _joined(inside: np.ndarray, rows: int) -> bool:
    """Does a letter part (``inside``: its pixels in the value corner) fill the corner's value
    rows down to the numbers' foot (a digit joined to the letter), rather than dip into it
    (a descender)? ``rows`` is how many rows the numbers take."""
    ys = np.flatnonzero(inside.any(axis=1))
    return bool(len(ys) and ys[-1] >= rows - 2 and len(ys) >= 0.6 * rows)


def _in_corner(x: int, y: int, cw: int, ch: int, w: int, h: int) -> bool:
    """Small ink touching two sides of the box, a thin strip along one side, or a dot wholly
    in the rim (a dotted border: JScrab rings a tile played with dots, its face colour between
    them, so the face's box takes the ring in; no letter or value stroke is that small there)."""
    touches = (x == 0) + (y == 0) + (x + cw >= w) + (y + ch >= h)
    small = cw <= 0.2 * w and ch <= 0.2 * h
    strip = (ch <= 0.1 * h and cw >= 0.5 * w) or (cw <= 0.1 * w and ch >= 0.5 * h)
    rim = max(2, round(RIM * min(w, h)))
    dot = cw <= rim + 1 and ch <= rim + 1 and (
        x + cw <= rim or y + ch <= rim or x >= w - rim or y >= h - rim)
    return bool((touches >= 2 and small) or (touches >= 1 and strip) or dot)


def _ink(
    inner: np.ndarray,
    dist: np.ndarray,
    keep: np.ndarray,
    box: tuple[int, int, int, int] | None,
    parts: int,
    colour: Colour,
    size: float,
    origin: tuple[int, int],
) -> CellInk | None:
    """The ink under ``keep`` (inside ``box``) as :func:`vision.core.letters.ink_of` would cut it
    alone on the face."""
    if box is None:
        return None
    x0, y0, x1, y1 = box
    grown = cv2.dilate(keep[y0:y1, x0:x1].astype(np.uint8), np.ones((3, 3), np.uint8)) > 0
    crop = np.where(grown, dist[y0:y1, x0:x1], 0)
    strong = np.sort(crop[keep[y0:y1, x0:x1]])
    high = float(strong[int(0.9 * (strong.size - 1))]) if strong.size else float(crop.max())
    glyph = normalise_glyph(crop, INK * 0.5, max(high, INK + 1.0))
    # Tiles are light with dark letters or dark with light ones: the face's brightness tells.
    dark = 0.114 * colour[0] + 0.587 * colour[1] + 0.299 * colour[2] >= 110
    where = Region(origin[0] + x0, origin[1] + y0, x1 - x0, y1 - y0)
    return CellInk(colour, glyph, where, (x1 - x0) / max(1, y1 - y0), (y1 - y0) / size,
                   dark, int(crop.max()), max(1, parts))
