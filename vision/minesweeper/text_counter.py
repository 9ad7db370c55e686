"""Counters drawn as text beside the board (gnome-mines: ``flags/mines`` under a flag icon and
``mm:ss`` under a clock), found once and read with Tesseract.

The side panel holds, from the top, an icon, a line of text, another icon and another line; the
lines are the shortest bands of dark ink there. Tesseract reads a line exactly when it is cut
close, scaled to a fixed height and limited to digits, ``/`` and ``:``; a reading that does not
parse is None, never a guess. Tesseract is slow (a process per call, two or three per line),
so every character picture of an agreed reading is remembered: after the first few seconds of a
game the timer is read from those, with no Tesseract call.
"""

from __future__ import annotations

import re
from functools import lru_cache

import cv2
import numpy as np

from vision.core.geometry import GridGeometry, Region

#: A pixel darker than this (every channel) is ink.
INK = 120
_COUNTER = re.compile(r"(\d{1,4})/(\d{1,4})")
_TIMER = re.compile(r"(\d{1,3}):(\d{2})")


def _bands(ink: np.ndarray) -> list[tuple[int, int]]:
    """Runs of rows holding ink (gaps of one or two rows bridged), as (top, bottom) pairs."""
    rows = np.flatnonzero(ink.any(axis=1))
    bands: list[tuple[int, int]] = []
    for y in rows.tolist():
        if bands and y - bands[-1][1] <= 2:
            bands[-1] = (bands[-1][0], y + 1)
        else:
            bands.append((y, y + 1))
    return bands


def find_text_counters(pixels: np.ndarray, geometry: GridGeometry
                       ) -> tuple[Region | None, Region | None]:
    """(counter, timer) line regions right of the board, or None where there is none.

    The panel is searched beside the board's top half; the text lines are the bands much
    shorter than the icons above them.
    """
    board = geometry.bounds
    x0 = min(pixels.shape[1], board.right + max(2, int(geometry.pitch[0] / 4)))
    y0, y1 = max(0, board.top), min(pixels.shape[0], (board.top + board.bottom) // 2)
    area = pixels[y0:y1, x0:]
    if area.size == 0:
        return None, None
    ink = area.max(axis=2) < INK
    bands = _bands(ink)
    if len(bands) < 4:
        return None, None
    tallest = max(b - t for t, b in bands)
    lines = []
    for top, bottom in bands:
        cols = np.flatnonzero(ink[top:bottom].any(axis=0))
        height, width = bottom - top, int(cols[-1] - cols[0] + 1)
        if height <= 0.6 * tallest and width > height:
            pad = max(2, height // 3)
            left, right = max(0, int(cols[0]) - pad), min(area.shape[1], int(cols[-1]) + 1 + pad)
            lines.append(Region(x0 + left, y0 + max(0, top - pad), right - left,
                                min(area.shape[0], bottom + pad) - max(0, top - pad)))
    if len(lines) < 2:
        return None, None
    return lines[0], lines[1]


#: Ways of showing a line to Tesseract: (height in pixels, blur in share of the line height,
#: pixels of the line's own edge added around it). Each way misreads some resized line (a
#: leading 0 dropped, a colon lost), never the same one, so a reading needs two of them.
_WAYS = ((48, 0.033, 0), (32, 0.033, 10), (64, 0.033, 0))


def _tesseract(grey: np.ndarray, height: int, blur: float, pad: int) -> str:
    import pytesseract

    img = cv2.GaussianBlur(grey, (0, 0), blur * grey.shape[0])
    k = height / grey.shape[0]
    img = cv2.resize(img, None, fx=k, fy=k, interpolation=cv2.INTER_CUBIC)
    if pad:
        img = cv2.copyMakeBorder(img, pad, pad, pad, pad, cv2.BORDER_REPLICATE)
    img = cv2.copyMakeBorder(img, 20, 20, 20, 20, cv2.BORDER_CONSTANT, value=255)
    try:
        text = pytesseract.image_to_string(
            img, config="--psm 7 -c tessedit_char_whitelist=0123456789/:"
        )
    except (OSError, RuntimeError, pytesseract.TesseractNotFoundError):
        return ""
    return "".join(text.split())


#: Character pictures (exact grey pixels) named by an agreed reading. Screen text is drawn the
#: same way every time, so once each digit has been seen a line needs no Tesseract at all.
_GLYPHS: dict[bytes, str] = {}


def _pieces(grey: np.ndarray) -> list[bytes]:
    """The line cut at the columns without ink, each piece as a key (its size and pixels)."""
    ink: list[bool] = np.asarray((grey < INK).any(axis=0)).tolist()
    pieces, start = [], None
    for x, dark in enumerate([*ink, False]):
        if dark and start is None:
            start = x
        elif not dark and start is not None:
            piece = np.ascontiguousarray(grey[:, start:x])
            pieces.append(f"{piece.shape}".encode() + piece.tobytes())
            start = None
    return pieces


@lru_cache(maxsize=512)
def _ocr(line: bytes, shape: tuple[int, int]) -> str:
    """The line's text, from known character pictures or else the text two ways of reading
    agree on ('' if none do); kept per line picture."""
    grey = np.frombuffer(line, np.uint8).reshape(shape)
    pieces = _pieces(grey)
    known = [_GLYPHS.get(piece, "") for piece in pieces]
    if pieces and all(known):
        return "".join(known)
    seen: list[str] = []
    for way in _WAYS:
        text = _tesseract(grey, *way)
        if text and text in seen:
            if len(text) == len(pieces) and len(_GLYPHS) < 4096:
                _GLYPHS.update(zip(pieces, text, strict=True))
            return text
        seen.append(text)
    return ""


def read_text(pixels: np.ndarray, region: Region) -> str:
    """The text of one line region ('' when it cannot be read)."""
    crop = pixels[region.top : region.bottom, region.left : region.right]
    if crop.size == 0 or crop.shape[:2] != (region.height, region.width):
        return ""
    grey = np.ascontiguousarray(cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY))
    return _ocr(grey.tobytes(), (grey.shape[0], grey.shape[1]))


def read_text_counter(pixels: np.ndarray, region: Region) -> int | None:
    """Mines left (mines less flags) from a ``flags/mines`` line, or None."""
    match = _COUNTER.fullmatch(read_text(pixels, region))
    return None if match is None else int(match[2]) - int(match[1])


def read_text_timer(pixels: np.ndarray, region: Region) -> int | None:
    """Seconds from an ``mm:ss`` line, or None."""
    match = _TIMER.fullmatch(read_text(pixels, region))
    if match is None or int(match[2]) > 59:
        return None
    return 60 * int(match[1]) + int(match[2])
