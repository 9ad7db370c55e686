"""Does a program's dialog ask for a name (a best-times box), with a box to type it in?

Windows XP and 7 Minesweeper ask "Please type your name" after a record time, the name box
focused with its text selected: typed letters replace it. The bot types a name only when both
are seen on the dialog: the words that ask for a name and a white, one-line text box. A
letter typed into any other dialog could press one of its buttons (a button's mnemonic).
"""

from __future__ import annotations

from collections.abc import Sequence

import cv2
import numpy as np

from bot.games.minesweeper.programs.new_game_button import Word, words
from vision.core.geometry import Region

#: Words that ask for a name (lower case, as :func:`words` gives them).
ASKS = ("name", "имя", "имени")
#: A text box: near-white, at least this wide (px) and between these heights.
BOX_WHITE = 235
BOX_MIN_WIDTH = 60
BOX_HEIGHTS = (12, 48)


def asks_name(found: Sequence[Word]) -> bool:
    return any(w.text in ASKS or w.text.startswith("name") for w in found)


def text_box(pixels: np.ndarray) -> Region | None:
    """The widest white one-line box on the dialog (an entry field), or None."""
    grey = pixels if pixels.ndim == 2 else pixels[..., :3].min(axis=2)
    mask = (grey >= BOX_WHITE).astype(np.uint8)
    n, _labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=4)
    best: Region | None = None
    for i in range(1, n):
        x, y, w, h, area = (int(v) for v in stats[i])
        if w < BOX_MIN_WIDTH or not BOX_HEIGHTS[0] <= h <= BOX_HEIGHTS[1] or w < 2 * h:
            continue
        if area < 0.5 * w * h:
            continue  # not a filled box (white text or lines)
        if best is None or w > best.width:
            best = Region(x, y, w, h)
    return best


def wants_name(pixels: np.ndarray) -> bool:
    """The dialog asks for a name and has a box to type it in."""
    return text_box(pixels) is not None and asks_name(words(pixels, lang="eng+rus"))
