"""Tiles laid on the board but not submitted yet, told by their look in one screenshot.

Pages mark the tiles a player has put down and not sent with a border of their own (Xanado:
dark grey; our page: blue) on the face every tile shows, while a last move's highlight changes
the face itself (yellow on both). So: the board's tiles whose rim shows a border colour none of
the other tiles shows, on the common face, all in one row or column and no more than a rack
holds, are the laid ones; anything less clear (two such groups, or nothing else on the board
to tell them from) is no answer, never a guess.
"""

from __future__ import annotations

from collections import Counter

import numpy as np

from solvers.erudit.rules import SIZE
from vision.core.geometry import GridGeometry
from vision.erudit.tiles import mode_colour

#: Pixels of the tile's window rim looked at, and how far (summed RGB) from the face a rim pixel
#: must be to be border; at least this part of the rim must be border for a tile to have one.
RIM, FAR, BORDERED = 3, 60, 0.25
#: Colours this close (summed RGB) are one.
SAME = 40

Colour = tuple[int, int, int]


def _close(a: Colour | None, b: Colour | None) -> bool:
    if a is None or b is None:
        return a is b
    return sum(abs(x - y) for x, y in zip(a, b, strict=True)) <= SAME


def tile_look(pixels: np.ndarray, geometry: GridGeometry, square: int
              ) -> tuple[Colour, Colour | None]:
    """(face colour, border colour or None) of the tile on ``square``."""
    cell = geometry.cell_rect(square // SIZE, square % SIZE)
    win = pixels[cell.top + 1 : cell.bottom - 1, cell.left + 1 : cell.right - 1]
    face = mode_colour(win)
    w = win.astype(np.int32)
    ring = np.concatenate([w[:RIM].reshape(-1, 3), w[-RIM:].reshape(-1, 3),
                           w[RIM:-RIM, :RIM].reshape(-1, 3), w[RIM:-RIM, -RIM:].reshape(-1, 3)])
    far = ring[np.abs(ring - np.array(face)).sum(axis=1) > FAR]
    if len(far) < BORDERED * len(ring):
        return face, None
    values, counts = np.unique(far, axis=0, return_counts=True)
    top = values[int(np.argmax(counts))]
    return face, (int(top[0]), int(top[1]), int(top[2]))


def laid_squares(pixels: np.ndarray, geometry: GridGeometry, board: str, rack_size: int = 7
                 ) -> list[int]:
    """The squares of ``board`` (225 characters, ``.`` empty) whose tiles are laid but not
    submitted, by their look (see the module docstring); [] when none are told."""
    squares = [i for i, ch in enumerate(board) if ch != "."]
    looks = {i: tile_look(pixels, geometry, i) for i in squares}
    faces = Counter(face for face, _ in looks.values())
    if not faces:
        return []
    common = faces.most_common(1)[0][0]
    usual = Counter(border for _, border in looks.values()).most_common(1)[0][0]
    groups: list[list[int]] = []
    for i in squares:
        face, border = looks[i]
        if border is None or _close(border, usual) or not _close(face, common):
            continue
        for group in groups:
            if _close(looks[group[0]][1], border):
                group.append(i)
                break
        else:
            groups.append([i])
    found = [g for g in groups if _one_line(g) and len(g) <= rack_size
             and len(g) < len(squares)]
    if len(found) != 1:
        return []
    laid = found[0]
    # the border must be the laid tiles' alone: no tile of another face wears it
    if any(_close(looks[i][1], looks[laid[0]][1]) for i in squares if i not in laid):
        return []
    return sorted(laid)


def _one_line(squares: list[int]) -> bool:
    return len({i // SIZE for i in squares}) == 1 or len({i % SIZE for i in squares}) == 1
