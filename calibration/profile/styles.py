"""The input styles a drafted profile may write, as move steps, and how to tell from pictures
whether an input landed (a tile on its square, a letter in its cell).

Pure: the comparisons work on frames, so they are tested on saved pictures.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from vision.core.frame import Frame
from vision.core.geometry import Region

#: Mean change (0..255, any channel) of a region that shows something else now.
CHANGED = 18.0

Steps = list[dict[str, Any]]

ERUDIT_STYLES: dict[str, Steps] = {
    "drag": [{"do": "drag-tile"}],
    "click": [{"do": "click-tile"}, {"do": "settle"}, {"do": "click-square"}],
}


def balda_style(name: str, submit: dict[str, Any] | None) -> Steps:
    """Balda's move steps in one of three styles; ``submit`` is the step that sends the word
    when the style needs one (a button read on the page, else Return)."""
    send = submit or {"do": "key", "keys": "Return"}
    if name == "palette-drag":
        return [{"do": "click-new-cell"}, {"do": "settle"}, {"do": "palette-letter"},
                {"do": "settle"}, {"do": "drag-path"}]
    if name == "type-click":  # the new cell chosen, its letter typed, then the word clicked
        return [{"do": "click-new-cell"}, {"do": "settle"}, {"do": "type-letter"},
                {"do": "settle"}, {"do": "click-path"}, send]
    if name == "click-type":  # the word's cells clicked in order, the letter typed at the new
        return [{"do": "click-path", "type-at-new": True}, {"do": "settle"}, send]
    raise ValueError(f"no Balda style {name!r}")


def change(before: Frame, after: Frame, region: Region) -> float:
    """How much ``region`` changed between two frames of one window (mean absolute change)."""
    bounds = Region(0, 0, min(before.width, after.width), min(before.height, after.height))
    r = bounds.intersect(region)
    if r is None:
        return 0.0
    a = before.pixels[r.top : r.bottom, r.left : r.right].astype(np.int16)
    b = after.pixels[r.top : r.bottom, r.left : r.right].astype(np.int16)
    return float(np.abs(a - b).max(axis=2).mean())


def landed(before: Frame, after: Frame, square: Region, tile: Region) -> bool:
    """A tile moved from its rack slot onto the square: both places look different now."""
    return change(before, after, square) >= CHANGED and change(before, after, tile) >= CHANGED


def inner(cell: Region, part: float = 0.6) -> Region:
    """The middle of a cell (its border and a highlight ring aside)."""
    w, h = max(1, round(cell.width * part)), max(1, round(cell.height * part))
    return Region(cell.left + (cell.width - w) // 2, cell.top + (cell.height - h) // 2, w, h)
