"""Tiles the square shows through: a see-through tile laid on a premium star.

A square's kind is told by its most common exact colour. Some pages (JScrab) draw a tile just
laid a little see-through and smaller than its square: over a star its face is no one colour
but shades of it tinted by the star, so the square's margin (the empty colour) comes out most
common and the tile was read as an empty square ("place Д E8 not shown yet", though it
showed). The middle of such a square is still mostly near the tile's face colour, and no empty
square's middle is (a star, a label or the plain square colour fill it), so that decides.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from vision.core.geometry import Region
from vision.erudit.look import TILE
from vision.erudit.tiles import Colour

#: A middle pixel this close (any channel) to a tile's face colour is face.
NEAR_FACE = 14
#: ... and a square whose middle is at least this part face holds a tile (the letter's ink
#: covers a quarter to a half of it; an empty square's star or label leaves none near white).
FACE_SHARE = 0.4
#: The middle: this part of the square's side, centred (clear of the tile's rounded border).
MIDDLE = 0.5


def see_through_tiles(
    pixels: np.ndarray,
    windows: Sequence[Region],
    colours: list[Colour],
    kinds: list[str | None],
    tiles: Sequence[Colour],
) -> list[int]:
    """Mark (in place) the squares not read as tiles whose middle is mostly a tile's face
    colour: their kind becomes a tile and their colour that face's. The squares changed."""
    if not tiles:
        return []
    faces = np.array(tiles, np.int16)
    changed = []
    for i, (window, kind) in enumerate(zip(windows, kinds, strict=True)):
        if kind == TILE:
            continue
        dx, dy = int(window.width * (1 - MIDDLE) / 2), int(window.height * (1 - MIDDLE) / 2)
        middle = pixels[window.top + dy : window.bottom - dy, window.left + dx : window.right - dx]
        if middle.size == 0:
            continue
        diff = np.abs(middle.reshape(-1, 1, 3).astype(np.int16) - faces[None, :, :]).max(axis=2)
        shares = (diff <= NEAR_FACE).mean(axis=0)
        best = int(shares.argmax())
        if shares[best] >= FACE_SHARE:
            kinds[i] = TILE
            colours[i] = tuple(int(v) for v in faces[best])  # type: ignore[assignment]
            changed.append(i)
    return changed
