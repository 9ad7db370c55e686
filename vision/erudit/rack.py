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
        elif abs(w - h) <= max(3, 0.15 * big):
            tiles.append(box)
    rows = _rows(tiles)
    if cut:
        where = ", ".join(f"x={b.left} y={b.top} {b.width}×{b.height}" for b in cut[:3])
        raise RackNotFoundError(
            f"the rack is cut off by the frame's edge (tiles at {where}); scroll or resize so"
            f" the whole rack shows"
        )
    if not rows:
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
