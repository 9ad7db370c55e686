"""An in-page pop-up over a page its veil dims: the one bright box left on the frame.

Pages show messages in a box of their own over a grey veil (JScrab: «Извините, ЕРА
отсутствует в словаре.» with «Ладно»). Read with the whole dimmed page, the box's lines were
sometimes lost (Tesseract, given every line of the page at once, returned two words of the
buttons), and the refusal was never seen. The box is the largest near-white patch: everything
else is dimmed.
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.core.geometry import Region

#: A pixel at least this bright in every channel is the pop-up's.
BRIGHT = 240
#: ... and the pop-up is at least this big (pixels) and fills this part of its box.
LEAST_AREA, LEAST_FILL = 6000, 0.6


def popup_box(pixels: np.ndarray) -> Region | None:
    """The largest bright box on the frame, or None when there is none that big."""
    bright = (pixels.min(axis=2) >= BRIGHT).astype(np.uint8)
    count, _, stats, _ = cv2.connectedComponentsWithStats(bright, connectivity=4)
    best: Region | None = None
    for x, y, w, h, area in stats[1:].tolist():
        if area >= LEAST_AREA and area >= LEAST_FILL * w * h and (
                best is None or w * h > best.width * best.height):
            best = Region(x, y, w, h)
    return best
