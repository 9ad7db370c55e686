"""A page's on-screen letter palette (the keys a player clicks to choose a letter), found and read.

Palettes are rows of equal buttons, each with one letter, somewhere around the grid. They are
found as the largest family of equal, nearly square outlines of about the size of a grid cell
or smaller (OpenCV contours), outside the grid; each key's letter is named like a grid cell's,
by the site's glyph bank (scale does not matter to it), and by Tesseract when the bank does not
know it yet. Most pages lay the keys out in alphabet order: when there are exactly as many keys
as letters and every key named so far (at least a third of them) sits at its letter's place in
that order, the order names the rest. Otherwise a key whose letter cannot be named for sure is
left out: the bot then reports the letter as missing rather than click a key it is not sure of.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from vision.core.frame import Frame
from vision.core.geometry import Region
from vision.core.glyph_bank import GlyphBank, GlyphBankError, canonical_char
from vision.core.glyph_ocr import name_glyph
from vision.core.letters import CellInk, ink_of

#: Keys are between these fractions of the grid's cell pitch wide.
SMALLEST, LARGEST = 0.3, 1.15
DIALOG_LARGEST = 1.6


@dataclass(frozen=True)
class Palette:
    """Letter -> key outline (frame pixels)."""

    keys: dict[str, Region]

    def offset(self, dx: int, dy: int) -> Palette:
        return Palette({ch: r.offset(dx, dy) for ch, r in self.keys.items()})


def key_outlines(
    pixels: np.ndarray, pitch: float, exclude: Region, count: int | None = None
) -> list[Region]:
    """Outlines of equal, nearly square buttons outside ``exclude``: the largest family, or
    with ``count`` the family closest to that many keys (a dialog's keys over a board)."""
    grey = cv2.cvtColor(pixels, cv2.COLOR_BGR2GRAY)
    edges = cv2.Canny(grey, 20, 60)
    edges = cv2.dilate(edges, np.ones((2, 2), np.uint8))
    contours, _ = cv2.findContours(edges, cv2.RETR_LIST, cv2.CHAIN_APPROX_SIMPLE)
    found: list[Region] = []
    # A dialog's keys are sized by the page, not by the board: somewhat bigger may be.
    largest = LARGEST if count is None else DIALOG_LARGEST
    for contour in contours:
        x, y, w, h = cv2.boundingRect(contour)
        if not (SMALLEST * pitch <= w <= largest * pitch and abs(w - h) <= 0.2 * max(w, h)):
            continue
        box = Region(int(x), int(y), int(w), int(h))
        if count is None and exclude.intersect(box) is not None:
            continue
        if cv2.contourArea(contour) < 0.5 * w * h and len(contour) > 8:
            continue  # a letter's own outline, not a key's
        found.append(box)
    # One outline per key: drop boxes inside or nearly equal to a bigger one.
    found.sort(key=lambda r: -r.width * r.height)
    keys: list[Region] = []
    for box in found:
        if any(_inside(box, k) for k in keys):
            continue
        keys.append(box)
    if not keys:
        return []
    sides = np.array([k.width for k in keys], float)
    best: list[Region] = []
    # A dialog's keys are one size exactly; the rack's tiles nearby are a little bigger.
    slack = 0.12 if count is None else 0.05
    for side in np.unique(np.round(sides)):
        family = [k for k in keys if abs(k.width - side) <= slack * side]
        if count is not None:
            if abs(len(family) - count) < abs(len(best) - count) or not best:
                best = family
        elif len(family) > len(best):
            best = family
    if count is not None and len(best) > count:
        best = _on_the_grid(best)
    return sorted(best, key=lambda r: (round(r.top / max(1, r.height)), r.left))


def _on_the_grid(boxes: list[Region]) -> list[Region]:
    """A dialog's keys stand in rows and columns: a box of the same size that shares its
    column with no other key (a square of the board beside the dialog) is none of them."""

    def shared(value: int, values: list[int]) -> int:
        return sum(1 for v in values if abs(v - value) <= 3) - 1

    lefts, tops = [b.left for b in boxes], [b.top for b in boxes]
    return [b for b in boxes if shared(b.left, lefts) >= 1 and shared(b.top, tops) >= 1]


def _inside(a: Region, b: Region) -> bool:
    """Is ``a`` within ``b`` (a few pixels of slack)?"""
    return (
        a.left >= b.left - 2
        and a.top >= b.top - 2
        and a.right <= b.right + 2
        and a.bottom <= b.bottom + 2
    )


def read_palette(
    frame: Frame,
    grid: Region,
    pitch: float,
    bank: GlyphBank,
    alphabet: str,
    lang: str = "rus",
    ocr: bool = True,
    count: int | None = None,
    teach: bool = False,
) -> Palette:
    """The palette's keys by letter; keys whose letter is not sure are left out. With
    ``count`` (the alphabet's size) the keys may lie over the grid (a dialog).

    A palette of exactly as many keys as letters is named by the alphabet's order when what
    is read agrees with it: every key the bank names, and most (``ORDER_AGREES``) of all the
    keys named, at least a third of them, sit at their letter's place (Tesseract misnames a few
    glyphs of some fonts with confidence: a serif italic Т as Г). Tesseract's names are taught
    to the bank only when they agree with the palette's naming; with ``teach`` every key's
    glyph is (look "palette"): then the bank knows the whole alphabet's shapes, and a letter it
    has not seen on the grid yet is told from its look-alike."""
    outlines = key_outlines(frame.pixels, pitch, grid, count)
    keys: dict[str, Region] = {}
    named: list[tuple[int, str, bool]] = []  # (key, letter, named by the bank)
    inks: dict[int, CellInk] = {}
    letters = alphabet.upper()
    # A palette of the alphabet's size needs a third of its keys named to be named by order:
    # Tesseract is asked until that many and a few more are (a second each on a busy machine).
    enough = len(letters) // 3 + 4 if len(outlines) == len(letters) else len(outlines) + 1
    for index, box in enumerate(outlines):
        inset = max(2, box.width // 7)
        inner = Region(
            box.left + inset, box.top + inset, box.width - 2 * inset, box.height - 2 * inset
        )
        window = frame.pixels[inner.top : inner.bottom, inner.left : inner.right]
        ink = ink_of(window, float(box.height), (inner.left, inner.top))
        if ink.empty:
            continue
        inks[index] = ink
        match = bank.classify(ink)
        char = match.char if match.accepted else None
        by_bank = char is not None
        if char is None and ocr and len(named) < enough:
            char = name_glyph([(window, ink.face)], alphabet, lang).char
        if char is None:
            continue
        try:
            char = bank.check_char(canonical_char(char, alphabet))
        except GlyphBankError:
            continue
        named.append((index, char, by_bank))
        if char in keys:  # two keys claim one letter: trust neither
            keys.pop(char)
            continue
        keys[char] = box
    if len(outlines) == len(letters) and _in_order(named, letters):
        for index, char, by_bank in named:
            if not by_bank and letters[index] == char:
                _learn(bank, inks[index], char)
        if teach:
            for index, ink in inks.items():
                _learn(bank, ink, letters[index])
        return Palette({ch: outlines[i] for i, ch in enumerate(letters)})
    for index, char, by_bank in named:
        if not by_bank and keys.get(char) == outlines[index]:
            _learn(bank, inks[index], char)
    return Palette(keys)


#: Part of the keys named that must sit at their letter's place for the order to name them.
ORDER_AGREES = 0.8


def _in_order(named: Sequence[tuple[int, str, bool]], letters: str) -> bool:
    """Whether what is read agrees with the keys being the alphabet in order."""
    if len(named) * 3 < len(letters):
        return False
    if any(by_bank and letters[i] != ch for i, ch, by_bank in named):
        return False
    agree = sum(1 for i, ch, _ in named if letters[i] == ch)
    return agree >= ORDER_AGREES * len(named)


def _learn(bank: GlyphBank, ink: CellInk, char: str) -> None:
    try:
        bank.learn(ink, char, "palette")
    except GlyphBankError:
        pass


def missing(palette: Palette, letters: Sequence[str]) -> list[str]:
    return [ch for ch in letters if ch not in palette.keys]
