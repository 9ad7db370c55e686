"""A mine counter on a program never seen: LED digits above the board, or a "flags/mines" text.

LED counters (Windows and its clones, ace-minesweeper's yellow one) are groups of seven-segment
digits in one bright colour on a dark box above the board: lit pixels are found by colour,
cut into digits at the columns without any, and each digit is read from which of its seven
segments are lit. Every group is read; which one is the mine counter (Windows puts it left of
the timer, some programs the other way round) is told by how they change
(:mod:`bot.games.minesweeper.counters`). Text
counters (kmines' "Mines: 0/99" below the board, gnome-mines' "0/40" beside it) are read with
Tesseract over the window outside the board, limited to digits and "/". Either gives the mines
left to find, as the program shows it; None when nothing reads as a counter (never a guess).
"""

from __future__ import annotations

import re

import cv2
import numpy as np

from vision.core.frame import Frame
from vision.core.geometry import GridGeometry, Region

#: A lit segment pixel: this bright in its strongest channel, this much above its weakest.
LIT, SATURATION = 140, 80
#: Segments a..g of each digit (a top, b top right, c bottom right, d bottom, e bottom left,
#: f top left, g middle) -> the digit.
SEGMENTS = {
    "abcdef": 0, "bc": 1, "abdeg": 2, "abcdg": 3, "bcfg": 4, "acdfg": 5, "acdefg": 6,
    "abc": 7, "abcdefg": 8, "abcdfg": 9,
}
#: Where each segment is sampled, as (x, y) shares of the digit box.
_PLACES = {"a": (0.5, 0.06), "b": (0.88, 0.28), "c": (0.88, 0.72), "d": (0.5, 0.94),
           "e": (0.12, 0.72), "f": (0.12, 0.28), "g": (0.5, 0.5)}
_TEXT = re.compile(r"(\d{1,4})\s*/\s*(\d{1,4})")


def _digit(mask: np.ndarray) -> int | None:
    h, w = mask.shape
    lit = ""
    for seg, (fx, fy) in _PLACES.items():
        x, y = int(round(fx * (w - 1))), int(round(fy * (h - 1)))
        rx, ry = max(1, w // 8), max(1, h // 14)
        if mask[max(0, y - ry) : y + ry + 1, max(0, x - rx) : x + rx + 1].any():
            lit += seg
    return SEGMENTS.get(lit)


def _groups(mask: np.ndarray) -> list[list[tuple[int, int]]]:
    """Digit column spans of the lit pixels, grouped where they sit close together (a 1
    lights only its right side, so the gap before it may be nearly a digit wide)."""
    cols: list[bool] = np.asarray(mask.any(axis=0)).tolist()
    spans, start = [], None
    for x, on in enumerate([*cols, False]):
        if on and start is None:
            start = x
        elif not on and start is not None:
            spans.append((start, x))
            start = None
    groups: list[list[tuple[int, int]]] = []
    for span in spans:
        if groups and span[0] - groups[-1][-1][1] <= max(3, 0.8 * mask.shape[0]):
            groups[-1].append(span)
        else:
            groups.append([span])
    return groups


def read_led(pixels: np.ndarray, geometry: GridGeometry) -> int | None:
    """The leftmost seven-segment number above the board, or None."""
    numbers = read_leds(pixels, geometry)
    return numbers[0] if numbers else None


def read_leds(pixels: np.ndarray, geometry: GridGeometry) -> list[int]:
    """Every seven-segment number above the board, left to right (a mine counter and a
    timer, in either order: which is which is told by how they change, not here)."""
    b = geometry.bounds
    pitch = geometry.pitch[1]
    x0, x1 = max(0, int(b.left - 2 * pitch)), min(pixels.shape[1], int(b.right + 2 * pitch))
    band = pixels[max(0, int(b.top - 6 * pitch)) : max(0, b.top), x0:x1]
    if band.size == 0:
        return []
    p = band.astype(np.int16)
    bright, dull = p.max(axis=2), p.min(axis=2)
    lit = (bright >= LIT) & (bright - dull >= SATURATION)
    if not lit.any():
        return []
    # One colour at a time (a yellow face beside red digits is not a digit).
    hue = cv2.cvtColor(band, cv2.COLOR_BGR2HSV)[..., 0].astype(np.int16) // 12
    found: list[tuple[int, int]] = []  # (left, value)
    for h in np.unique(hue[lit]):
        mask = lit & (hue == h)
        if mask.sum() < 20:
            continue
        n, _labels, stats, _ = cv2.connectedComponentsWithStats(
            cv2.dilate(mask.astype(np.uint8), np.ones((3, 3), np.uint8)), connectivity=8)
        boxes = sorted((int(x), int(y), int(w), int(hh)) for x, y, w, hh, _a in stats[1:]
                       if hh >= 7 and w <= 6 * hh)
        for row in _rows(boxes):
            x0, y0 = min(b[0] for b in row), min(b[1] for b in row)
            x1 = max(b[0] + b[2] for b in row)
            y1 = max(b[1] + b[3] for b in row)
            value = _number(mask[y0:y1, x0:x1])
            if value is not None:
                found.append((x0, value))
    return [value for _x, value in sorted(found)]


def _rows(boxes: list[tuple[int, int, int, int]]) -> list[list[tuple[int, int, int, int]]]:
    """Digit boxes (x, y, w, h, left to right) grouped into numbers: the same height and
    line, each close to the one before."""
    rows: list[list[tuple[int, int, int, int]]] = []
    for box in boxes:
        x, y, w, h = box
        for row in rows:
            px, py, pw, ph = row[-1]
            if abs(h - ph) <= 0.2 * ph + 1 and abs(y - py) <= 0.2 * ph + 1 \
                    and 0 <= x - (px + pw) <= 0.8 * ph:
                row.append(box)
                break
        else:
            rows.append([box])
    return rows


def _number(mask: np.ndarray) -> int | None:
    """A row of seven-segment digits (one lit mask) as a number, or None."""
    h = mask.shape[0]
    groups = _groups(mask)
    if len(groups) != 1:
        return None
    spans = groups[0]
    widest = max(b - a for a, b in spans)
    if not 0.3 * h <= widest <= 0.9 * h:
        return None
    digits = []
    mask = np.pad(mask, ((0, 0), (widest, 0)))  # room on the left of a leading 1
    for a, b in spans:
        a, b = a + widest, b + widest
        left = b - widest if b - a < 0.6 * widest else a  # a 1 lights its right side only
        digit = _digit(mask[:, left:b])
        if digit is None:
            return None
        digits.append(str(digit))
    return int("".join(digits)) if 2 <= len(digits) <= 4 else None  # counters pad with 0s


def read_text(pixels: np.ndarray, geometry: GridGeometry) -> int | None:
    """Mines left from a "flags/mines" text anywhere outside the board, or None."""
    parts = read_text_parts(pixels, geometry)
    return None if parts is None else parts[1] - parts[0]


def read_text_parts(pixels: np.ndarray, geometry: GridGeometry) -> tuple[int, int] | None:
    """(flags, mines) from a "flags/mines" text anywhere outside the board, or None: the
    mine total itself, whatever the flags look like on the board."""
    try:
        import pytesseract
    except ImportError:
        return None
    grey = cv2.cvtColor(pixels, cv2.COLOR_BGR2GRAY)
    b = geometry.bounds
    grey[max(0, b.top) : b.bottom, max(0, b.left) : b.right] = 255
    big = cv2.resize(grey, None, fx=2, fy=2, interpolation=cv2.INTER_CUBIC)
    try:
        text = pytesseract.image_to_string(big, config="--psm 11")
    except (OSError, RuntimeError, pytesseract.TesseractNotFoundError):
        return None
    matches = _TEXT.findall(text)
    if not matches:  # Tesseract lost a line of the whole window: read line by line
        matches = _line_by_line(pixels, b)
    if len(matches) != 1:
        return None  # none, or several: not sure which is the counter
    flags, mines = (int(v) for v in matches[0])
    return (flags, mines) if 0 <= flags <= mines else None


def _line_by_line(pixels: np.ndarray, board: Region) -> list[tuple[str, str]]:
    """The "flags/mines" figures of each text line found outside the board."""
    from vision.core.ocr import OcrUnavailableError
    from vision.core.page_text import PageText

    try:
        lines = PageText("eng").lines(Frame.from_pixels(pixels), exclude=(board,))
    except OcrUnavailableError:
        return []
    return [m for line in lines for m in _TEXT.findall(line.text)]


def read_any_counter(pixels: np.ndarray, geometry: GridGeometry) -> int | None:
    """Mines left as the window shows them: LED digits above the board (the leftmost),
    else a text line."""
    numbers = read_any_counters(pixels, geometry)
    return numbers[0] if numbers else None


def read_any_counters(pixels: np.ndarray, geometry: GridGeometry) -> list[int]:
    """The numbers a counter may be: every LED number above the board, left to right, else
    the mines left of a text line; [] when none reads."""
    numbers = read_leds(pixels, geometry)
    if numbers:
        return numbers
    text = read_text(pixels, geometry)
    return [] if text is None else [text]
