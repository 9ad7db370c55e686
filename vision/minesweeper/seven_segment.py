"""Seven-segment counters (mines left, timer): which segments are lit, and the number they show.

A digit box is sampled in seven zones given as fractions of its size, so the same code reads a
counter at any scale. A pixel counts as lit by where it falls between the skin's unlit and lit
colours, so dithered unlit segments (Windows XP) read as off.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from vision.core.geometry import Region

#: Zones (x0, x1, y0, y1) as fractions of the digit box, segments a-g, and whether the segment
#: runs across (a, d, g: rows are scanned) or down (columns are scanned). A segment is lit when
#: its best row/column inside the zone is mostly lit, so a pixel of offset or blur does not matter.
ZONES: dict[str, tuple[float, float, float, float, bool]] = {
    "a": (0.3, 0.7, 0.0, 0.18, True),
    "b": (0.7, 1.0, 0.2, 0.4, False),
    "c": (0.7, 1.0, 0.6, 0.8, False),
    "d": (0.3, 0.7, 0.82, 1.0, True),
    "e": (0.0, 0.3, 0.6, 0.8, False),
    "f": (0.0, 0.3, 0.2, 0.4, False),
    "g": (0.3, 0.7, 0.38, 0.62, True),
}

#: Lit segments of each symbol, as drawn by the renderer (first entry) and variants seen in games.
SYMBOLS: dict[str, tuple[str, ...]] = {
    "0": ("abcdef",),
    "1": ("bc",),
    "2": ("abdeg",),
    "3": ("abcdg",),
    "4": ("bcfg",),
    "5": ("acdfg",),
    "6": ("acdefg", "cdefg"),
    "7": ("abc", "abcf"),
    "8": ("abcdefg",),
    "9": ("abcdfg", "abcfg"),
    "-": ("g",),
    " ": ("",),
}
_DECODE = {frozenset(s): sym for sym, variants in SYMBOLS.items() for s in variants}


def digit_regions(interior: Region, spec: Mapping[str, Any]) -> list[Region]:
    """The digit boxes inside a counter, from its dark interior (the box less its 1 px border)."""
    bw, bh = spec["box"]
    sx = interior.width / (bw - 2)
    sy = interior.height / (bh - 2)
    fx, fy = spec["first"][0] - 1, spec["first"][1] - 1
    dw, dh = spec["digit"]
    pitch = spec["pitch"]
    out = []
    for i in range(int(spec["digits"])):
        x0 = interior.left + round((fx + i * pitch) * sx)
        x1 = interior.left + round((fx + i * pitch + dw) * sx)
        y0 = interior.top + round(fy * sy)
        y1 = interior.top + round((fy + dh) * sy)
        out.append(Region(x0, y0, max(1, x1 - x0), max(1, y1 - y0)))
    return out


def litness(pixels: np.ndarray, lit: tuple[int, ...], unlit: tuple[int, ...]) -> np.ndarray:
    """0 at the unlit colour, 1 at the lit colour (projection on the line between them)."""
    a = np.asarray(unlit, np.float32)
    axis = np.asarray(lit, np.float32) - a
    return ((pixels.astype(np.float32) - a) @ axis) / float(axis @ axis)


def _lit(t: np.ndarray) -> str:
    """Letters of the lit segments, from one digit's litness map."""
    h, w = t.shape
    if h == 0 or w == 0:
        return ""
    on = ""
    for seg, (x0, x1, y0, y1, across) in ZONES.items():
        xa, xb = int(x0 * w), max(int(x0 * w) + 1, int(round(x1 * w)))
        ya, yb = int(y0 * h), max(int(y0 * h) + 1, int(round(y1 * h)))
        zone = t[ya:yb, xa:xb]
        lines = zone.mean(axis=1) if across else zone.mean(axis=0)
        if lines.size and float(lines.max()) > 0.5:
            on += seg
    return on


def lit_segments(digit: np.ndarray, lit: tuple[int, ...], unlit: tuple[int, ...]) -> str:
    """Letters of the lit segments of one digit picture."""
    return _lit(litness(digit, lit, unlit))


def read_counter(pixels: np.ndarray, interior: Region, spec: Mapping[str, Any]) -> int | None:
    """The number a counter shows; None when it is blank or a digit is not a 7-segment symbol."""
    if interior.left < 0 or interior.top < 0:
        return None
    box = pixels[interior.top : interior.bottom, interior.left : interior.right]
    if box.shape[0] != interior.height or box.shape[1] != interior.width:
        return None
    t = litness(box, tuple(spec["lit"]), tuple(spec["unlit"]))
    text = ""
    for region in digit_regions(interior, spec):
        x0, y0 = region.left - interior.left, region.top - interior.top
        digit = t[max(0, y0) : y0 + region.height, max(0, x0) : x0 + region.width]
        symbol = _DECODE.get(frozenset(_lit(digit)))
        if symbol is None:
            return None
        text += symbol
    text = text.strip()
    if not text or " " in text or "-" in text[1:] or text == "-":
        return None
    return int(text)


def counter_text(value: int | None, digits: int) -> str:
    """What a counter of ``digits`` digits shows for ``value`` (clamped like the real games)."""
    if value is None:
        return " " * digits
    low, high = -(10 ** (digits - 1) - 1), 10**digits - 1
    value = max(low, min(high, value))
    if value < 0:
        return "-" + str(-value).rjust(digits - 1, "0")
    return str(value).rjust(digits, "0")
