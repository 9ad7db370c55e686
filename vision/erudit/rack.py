"""Find the player's rack: a row of equal tiles in the site's tile colours, outside the board.

Tiles are found as patches of a tile face colour (letters are holes in them), about a board
square in size (our page draws rack tiles 1.3 squares wide), nearly square. The rack is the
row holding most of them; ties go to the row nearest the board. Tile-coloured patches cut by
the frame's edge mean the rack is cut off, which is an error, as is no rack at all: the reader
never guesses a rack it cannot see.
"""

from __future__ import annotations

from collections.abc import Sequence

import cv2
import numpy as np

from vision.core.errors import ReadError
from vision.core.frame import Frame
from vision.core.geometry import Region
from vision.erudit.tiles import FACE_CLOSE, Colour

#: Rack tiles are this many board pitches wide, at least and at most.
SMALLEST, LARGEST = 0.6, 1.8
#: The rack is searched for within this many pitches of the board's edges.
REACH = 4
#: A rack tile's sides differ by at most this part of the longer one (JScrab's are 28×23).
SQUARE_ENOUGH = 0.2


class RackNotFoundError(ReadError):
    """No rack in the frame, or one cut off by the frame's edge."""


class NoRackTilesError(RackNotFoundError):
    """No rack tile anywhere outside the board (a hidden rack, or an empty one)."""


def tile_mask(pixels: np.ndarray, colours: Sequence[Colour]) -> np.ndarray:
    mask = np.zeros(pixels.shape[:2], np.uint8)
    for c in colours:
        lo = np.array([max(0, v - FACE_CLOSE) for v in c], np.uint8)
        hi = np.array([min(255, v + FACE_CLOSE) for v in c], np.uint8)
        mask |= cv2.inRange(pixels, lo, hi)
    return mask


def _rows(boxes: list[Region]) -> list[list[Region]]:
    """Boxes of about one size whose centres share a line, each row left to right."""
    rows: list[list[Region]] = []
    for box in sorted(boxes, key=lambda b: b.left):
        for row in rows:
            ref = row[0]
            same_line = abs(box.center.y - ref.center.y) <= 0.25 * ref.height
            same_size = abs(box.height - ref.height) <= max(3, 0.15 * ref.height)
            if same_line and same_size:
                row.append(box)
                break
        else:
            rows.append([box])
    return rows


def find_rack(frame: Frame, board: Region, pitch: float, colours: Sequence[Colour]) -> list[Region]:
    """The rack's tiles left to right (frame pixels; the tile faces), searched for within
    ``REACH`` pitches of the board.

    Raises :class:`RackNotFoundError` when no tile shows outside the board, or when tiles are
    cut by the frame's edge (the rack is hidden or cut off).
    """
    reach = int(REACH * pitch)
    area = Region(0, 0, frame.width, frame.height).intersect(
        Region(board.left - reach, board.top - reach, board.width + 2 * reach,
               board.height + 2 * reach))
    assert area is not None
    mask = tile_mask(frame.pixels[area.top : area.bottom, area.left : area.right], colours)
    grow = 2 + int(round(0.05 * pitch))  # the board's own rim; racks may sit just below it
    mask[max(0, board.top - grow - area.top) : board.bottom + grow - area.top,
         max(0, board.left - grow - area.left) : board.right + grow - area.left] = 0
    count, _, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=4)
    stats[:, 0] += area.left
    stats[:, 1] += area.top
    tiles: list[Region] = []
    cut: list[Region] = []
    for i in range(1, count):
        x, y, w, h, filled = (int(v) for v in stats[i])
        big = max(w, h)
        if not SMALLEST * pitch <= big <= LARGEST * pitch or filled < 0.35 * w * h:
            continue
        box = Region(x, y, w, h)
        edge = x <= 1 or y <= 1 or x + w >= frame.width - 1 or y + h >= frame.height - 1
        if edge:
            cut.append(box)
        elif abs(w - h) <= max(3, SQUARE_ENOUGH * big):
            tiles.append(box)
    rows = _rows(tiles)
    if cut:
        where = ", ".join(f"x={b.left} y={b.top} {b.width}×{b.height}" for b in cut[:3])
        raise RackNotFoundError(
            f"the rack is cut off by the frame's edge (tiles at {where}); scroll or resize so"
            f" the whole rack shows"
        )
    if not rows:
        # A face in the colour of the page around it (a white tile on a white rack, cut out
        # only by its border) makes no patch of its own: look for flat lettered squares.
        try:
            regions, found = find_rack_cold(frame, board, pitch)
        except NoRackTilesError:
            regions, found = [], []
        if regions and all(any(max(abs(a - b) for a, b in zip(f, c, strict=True)) <= FACE_CLOSE
                               for c in colours) for f in found):
            return regions
        raise NoRackTilesError(
            f"no rack tiles outside the board (tile colours {list(colours)[:4]}): the rack is"
            f" hidden, empty or off the frame"
        )

    def rank(row: list[Region]) -> tuple[int, float]:
        y = row[0].center.y
        gap = min(abs(y - board.bottom), abs(y - board.top))
        return (-len(row), gap)

    best: list[Region] = min(rows, key=rank)
    return sorted(best, key=lambda b: b.left)


#: A rack tile's letter covers at least and at most this part of its face.
LEAST_INK, MOST_INK = 0.03, 0.6
#: Two rack tiles' faces are one colour when this close (any channel).
RACK_COLOUR_CLOSE = 14


def find_rack_cold(
    frame: Frame, board: Region, pitch: float, rack_size: int = 7
) -> tuple[list[Region], list[Colour]]:
    """The rack's tiles and their face colours on a page whose tile colours are not known yet.

    Rack tiles are flat squares about a board square in size, each with a letter drawn on it,
    in a row of one colour near the board: of the rows of such squares (buttons with icons make
    rows too), the one of at most ``rack_size`` tiles holding most of them, nearest the board.
    Raises :class:`NoRackTilesError` when no such row shows.
    """
    from vision.core.letter_lattice import step_mask
    from vision.erudit.tiles import mode_colour

    reach = int(REACH * pitch)
    area = Region(0, 0, frame.width, frame.height).intersect(
        Region(board.left - reach, board.top - reach, board.width + 2 * reach,
               board.height + 2 * reach))
    assert area is not None
    px = frame.pixels
    crop = px[area.top : area.bottom, area.left : area.right].copy()
    grow = 2 + int(round(0.05 * pitch))
    crop[max(0, board.top - grow - area.top) : board.bottom + grow - area.top,
         max(0, board.left - grow - area.left) : board.right + grow - area.left] = 0
    found: list[tuple[Region, Colour]] = []
    flat = cv2.bitwise_not(step_mask(crop))
    count, _, stats, _ = cv2.connectedComponentsWithStats(flat, connectivity=4)
    for x, y, w, h, area_px in stats[1:].tolist():
        # a tile's flat face, its letter cut out of it (a big letter may cut it short)
        side = max(w, h)
        if not 0.5 * pitch <= side <= LARGEST * pitch or min(w, h) < 0.78 * side \
                or area_px < 0.3 * w * h:
            continue
        box = Region(x + area.left - 1, y + area.top - 1, w + 2, h + 2)
        if box.intersect(board) is not None or box.left < 0 or box.top < 0 \
                or box.right > frame.width or box.bottom > frame.height:
            continue
        colour = mode_colour(px[box.top : box.bottom, box.left : box.right])
        inner = px[box.top : box.bottom, box.left : box.right]
        diff = np.abs(inner.astype(np.int16) - np.array(colour, np.int16)).max(axis=2)
        inked = float((diff > 40).mean())
        if LEAST_INK <= inked <= MOST_INK:
            found.append((box, colour))
    rows: list[list[tuple[Region, Colour]]] = []
    for box, colour in sorted(found, key=lambda bc: bc[0].left):
        for row in rows:
            ref, ref_colour = row[0]
            if (abs(box.center.y - ref.center.y) <= 0.25 * ref.height
                    and abs(box.height - ref.height) <= max(3, 0.15 * ref.height)
                    and max(abs(a - b) for a, b in zip(colour, ref_colour, strict=True))
                    <= RACK_COLOUR_CLOSE):
                row.append((box, colour))
                break
        else:
            rows.append([(box, colour)])
    rows = [r for r in rows if len(r) <= rack_size]
    if not rows:
        raise NoRackTilesError("no rack of lettered tiles near the board: the rack is hidden,"
                               " empty or off the frame")

    def rank(row: list[tuple[Region, Colour]]) -> tuple[int, float]:
        y = row[0][0].center.y
        return (-len(row), min(abs(y - board.bottom), abs(y - board.top)))

    best = _gaps_filled(px, min(rows, key=rank), rack_size)
    colours: list[Colour] = []
    for _, c in best:
        if not any(max(abs(a - b) for a, b in zip(c, k, strict=True)) <= 3 for k in colours):
            colours.append(c)
    return sorted((b for b, _ in best), key=lambda b: b.left), colours


def _gaps_filled(px: np.ndarray, row: list[tuple[Region, Colour]], rack_size: int
                 ) -> list[tuple[Region, Colour]]:
    """The row with a tile between two found ones put back: one whose letter cuts its face
    apart (scrabble-wordgame's W touches its edges: its flat part is no square) stands where
    the row's spacing puts a tile, its face of the row's colour with a letter's ink on it."""
    row = sorted(row, key=lambda bc: bc[0].left)
    if len(row) < 2:
        return row
    steps = [b.left - a.left for (a, _), (b, _) in zip(row, row[1:], strict=False)]
    step = min(steps)
    out = list(row)
    for (a, colour), gap in zip(row, steps, strict=False):
        n = round(gap / step)
        if n < 2 or abs(gap - n * step) > 0.15 * step or len(out) + n - 1 > rack_size:
            continue
        for k in range(1, n):
            box = Region(round(a.left + k * gap / n), a.top, a.width, a.height)
            inner = px[box.top : box.bottom, box.left : box.right]
            diff = np.abs(inner.astype(np.int16) - np.array(colour, np.int16)).max(axis=2)
            face = float((diff <= RACK_COLOUR_CLOSE).mean())
            inked = float((diff > 40).mean())
            if face >= 0.4 and LEAST_INK <= inked <= MOST_INK:
                out.append((box, colour))
    return sorted(out, key=lambda bc: bc[0].left)
