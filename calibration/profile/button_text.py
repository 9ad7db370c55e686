"""Button labels read box by box: a page's small buttons (a short bold word on a coloured,
outlined box) are often missed by the page's line finder, whose strokes join the box's edge or
the rack's letters. Here the outlined boxes of a button's shape are found first (OpenCV edges,
then their bounding rectangles), and each box's inside is read as one line.
"""

from __future__ import annotations

from collections.abc import Sequence

import cv2
import numpy as np

from vision.core.frame import Frame
from vision.core.geometry import Region
from vision.core.page_text import PageText, TextLine, _prepare

#: A button's height in pixels, and its width in heights.
HEIGHT = (14, 70)
WIDTH = (1.3, 14.0)


def button_boxes(frame: Frame, exclude: Sequence[Region] = ()) -> list[Region]:
    """Outlined boxes of a button's shape outside ``exclude``, the innermost of nested ones."""
    grey = cv2.cvtColor(frame.pixels, cv2.COLOR_BGR2GRAY)
    edges = cv2.dilate(cv2.Canny(grey, 30, 90), np.ones((2, 2), np.uint8))
    contours, _ = cv2.findContours(edges, cv2.RETR_LIST, cv2.CHAIN_APPROX_SIMPLE)
    boxes: list[Region] = []
    for contour in contours:
        x, y, w, h = (int(v) for v in cv2.boundingRect(contour))
        if not (HEIGHT[0] <= h <= HEIGHT[1] and WIDTH[0] * h <= w <= WIDTH[1] * h):
            continue
        if cv2.contourArea(contour) < 0.6 * w * h:
            continue  # a letter's outline, not a box's
        box = Region(x, y, w, h)
        if any(r.intersect(box) is not None for r in exclude):
            continue
        if any(abs(b.left - x) <= 3 and abs(b.top - y) <= 3 and abs(b.width - w) <= 6
               for b in boxes):
            continue
        boxes.append(box)
    return boxes


def button_lines(frame: Frame, lang: str, exclude: Sequence[Region] = ()) -> list[TextLine]:
    """The label read inside each button-shaped box (one Tesseract call for all)."""
    boxes = button_boxes(frame, exclude)
    crops = []
    for b in boxes:
        m = max(2, b.height // 6)
        crop = frame.pixels[b.top + m : b.bottom - m, b.left + m : b.right - m]
        crops.append(_prepare(crop))
    if not crops:
        return []
    reader = PageText(lang)
    out = []
    for box, (text, conf) in zip(boxes, reader._ocr(crops), strict=True):
        if text.strip():
            out.append(TextLine(text.strip(), box, conf))
    return out
