"""Drawn Windows 7 glyphs that the one real Windows 7 screenshot does not show.

The screenshot the win7 skin is cut from shows covered cells, flags, opened cells and the
digits 1-3 only. The built-in window's Windows 7 look must show every state, so the rest is
drawn here over the real opened and covered cells, in the look's manner: bold rounded digits
in Windows 7's number colours, a white question mark on the glossy tile, a dark mine with
spikes and a glint, the mine that went off on a red tile, and a wrong flag crossed out.
``skin.json`` lists each drawn template under ``synthesised``.
"""

from __future__ import annotations

import cv2
import numpy as np

#: Windows 7's colours for the numbers 4-8 (BGR): navy, maroon, teal, near-black, grey.
DIGIT_COLOURS = {
    "4": (130, 22, 23),
    "5": (16, 16, 125),
    "6": (125, 122, 8),
    "7": (40, 10, 40),
    "8": (110, 110, 110),
}
MINE_BODY = (40, 30, 26)
GLINT = (235, 235, 235)
BLOWN = (52, 60, 222)  # the red tile under the mine that went off
CROSS = (20, 20, 215)


def _text(cell: np.ndarray, text: str, colour: tuple[int, int, int], scale: float,
          thickness: int) -> np.ndarray:
    """``text`` centred on a copy of ``cell``, drawn large and shrunk (smooth edges, as the
    look's own anti-aliased digits)."""
    big = 8
    h, w = cell.shape[:2]
    canvas = cv2.resize(cell, (w * big, h * big), interpolation=cv2.INTER_CUBIC)
    font = cv2.FONT_HERSHEY_DUPLEX
    (tw, th), _ = cv2.getTextSize(text, font, scale * big, thickness * big)
    origin = ((w * big - tw) // 2, (h * big + th) // 2)
    cv2.putText(canvas, text, origin, font, scale * big, colour, thickness * big, cv2.LINE_AA)
    return cv2.resize(canvas, (w, h), interpolation=cv2.INTER_AREA)


def _mine(cell: np.ndarray) -> np.ndarray:
    """A dark round mine with eight spikes and a glint, on a copy of ``cell``."""
    big = 8
    h, w = cell.shape[:2]
    canvas = cv2.resize(cell, (w * big, h * big), interpolation=cv2.INTER_CUBIC)
    cx, cy, r = w * big // 2, h * big // 2, int(min(w, h) * big * 0.27)
    for k in range(8):
        angle = k * np.pi / 4
        dx, dy = np.cos(angle) * r * 1.45, np.sin(angle) * r * 1.45
        cv2.line(canvas, (int(cx - dx), int(cy - dy)), (int(cx + dx), int(cy + dy)),
                 MINE_BODY, big, cv2.LINE_AA)
    cv2.circle(canvas, (cx, cy), r, MINE_BODY, -1, cv2.LINE_AA)
    cv2.circle(canvas, (cx - r // 3, cy - r // 3), max(2, r // 4), GLINT, -1, cv2.LINE_AA)
    return cv2.resize(canvas, (w, h), interpolation=cv2.INTER_AREA)


def _crossed(cell: np.ndarray) -> np.ndarray:
    big = 8
    h, w = cell.shape[:2]
    canvas = cv2.resize(cell, (w * big, h * big), interpolation=cv2.INTER_CUBIC)
    m = 3 * big
    cv2.line(canvas, (m, m), (w * big - m, h * big - m), CROSS, 2 * big, cv2.LINE_AA)
    cv2.line(canvas, (w * big - m, m), (m, h * big - m), CROSS, 2 * big, cv2.LINE_AA)
    return cv2.resize(canvas, (w, h), interpolation=cv2.INTER_AREA)


def win7_extras(open_cell: np.ndarray, covered: np.ndarray) -> dict[str, np.ndarray]:
    """The drawn cell templates, from the real opened and covered cells of the screenshot."""
    out = {d: _text(open_cell, d, colour, 0.62, 2) for d, colour in DIGIT_COLOURS.items()}
    out["?"] = _text(covered, "?", GLINT, 0.6, 2)
    mine = _mine(open_cell)
    out["*"] = mine
    blown = open_cell.copy()
    blown[1:-1, 1:-1] = BLOWN
    out["X"] = _mine(blown)
    out["x"] = _crossed(mine)
    return out
