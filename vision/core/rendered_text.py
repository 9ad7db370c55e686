"""Match a small piece of ink against words or letters rendered in common sans fonts.

Pages draw short texts (a premium square's "DL", a tile's letter) too small for Tesseract to
be sure of: a 6 px "DL", a bare "I" that reads as "l". When the text is one of a few known
candidates, rendering each candidate and comparing shapes is surer: the ink and every rendering
are cut to their boxes, scaled to one size (keeping their proportions, or filling the box for
words whose width varies with the font) and compared by correlation. A candidate wins only
when it matches well and clearly better than every other.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path

import cv2
import numpy as np

FONT_DIRS = ("/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/truetype/liberation")
FONT_FILES = ("DejaVuSans-Bold.ttf", "DejaVuSans.ttf", "LiberationSans-Bold.ttf",
              "LiberationSans-Regular.ttf")
#: Side of the square a letter is compared in; the box a word is compared in.
LETTER_SIDE = 32
WORD_BOX = (48, 24)


def fonts() -> list[Path]:
    """The sans fonts installed here that renderings are made in."""
    return [Path(d) / f for d in FONT_DIRS for f in FONT_FILES if (Path(d) / f).is_file()]


def normalise(mask: np.ndarray, keep_aspect: bool) -> np.ndarray | None:
    """Ink (a boolean mask) cut to its box and scaled: into a square keeping its proportions,
    or stretched to :data:`WORD_BOX`. None for no ink."""
    ys, xs = np.nonzero(mask)
    if len(ys) < 4:
        return None
    crop = mask[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1].astype(np.float32)
    if not keep_aspect:
        return cv2.resize(crop, WORD_BOX, interpolation=cv2.INTER_AREA)
    h, w = crop.shape
    side = max(h, w)
    square = np.zeros((side, side), np.float32)
    square[(side - h) // 2 : (side - h) // 2 + h, (side - w) // 2 : (side - w) // 2 + w] = crop
    return cv2.resize(square, (LETTER_SIDE, LETTER_SIDE), interpolation=cv2.INTER_AREA)


@cache
def rendering(text: str, font: Path, keep_aspect: bool) -> np.ndarray | None:
    """``text`` drawn large in ``font``, normalised as :func:`normalise` does."""
    from PIL import Image, ImageDraw, ImageFont

    face = ImageFont.truetype(str(font), 64)
    image = Image.new("L", (64 * (len(text) + 1), 120), 0)
    ImageDraw.Draw(image).text((10, 10), text, fill=255, font=face)
    return normalise(np.array(image) > 127, keep_aspect)


def correlation(a: np.ndarray, b: np.ndarray) -> float:
    a = a - a.mean()
    b = b - b.mean()
    den = float(np.sqrt((a * a).sum() * (b * b).sum()))
    return float((a * b).sum()) / den if den > 0 else 0.0


def best_match(
    mask: np.ndarray,
    candidates: Mapping[str, Sequence[str]],
    keep_aspect: bool,
    least: float,
    margin: float,
) -> tuple[str | None, float]:
    """The name (a key of ``candidates``, each with the texts that show it) whose renderings
    match ``mask`` best, with its score; None unless it scores ``least`` and beats every other
    name by ``margin`` (or no fonts are installed)."""
    norm = normalise(mask, keep_aspect)
    found = fonts()
    if norm is None or not found or not candidates:
        return None, 0.0
    best: dict[str, float] = {}
    for name, texts in candidates.items():
        for text in texts:
            for font in found:
                drawn = rendering(text, font, keep_aspect)
                if drawn is not None:
                    best[name] = max(best.get(name, -1.0), correlation(norm, drawn))
    if not best:
        return None, 0.0
    ranked = sorted(best.items(), key=lambda kv: -kv[1])
    name, score = ranked[0]
    second = ranked[1][1] if len(ranked) > 1 else -1.0
    if score < least or score - second < margin:
        return None, score
    return name, score
