"""A tile's letter from two opinions, checked by the rules: no template of the site needed.

Tesseract proposes a letter; so does the shape, compared with every letter of the alphabet
rendered in sans fonts (:mod:`vision.core.rendered_text`: a bare "I" that Tesseract reads as
"l" is an I by its shape). The rules decide: the letter must be worth the value number the
tile shows. A shape that is the clear best of the whole alphabet and worth the value is named;
else Tesseract's sure letter worth the value; with a value number that cannot be read, both
opinions must agree. A tile with no value number cannot be checked and is never named here.
"""

from __future__ import annotations

from solvers.erudit.rules import Rules
from vision.core.glyph_ocr import OcrVerdict, name_glyph
from vision.core.ocr import OcrUnavailableError
from vision.core.rendered_text import best_match
from vision.erudit.tiles import TileInk

#: A rendered letter must match this well and beat every other letter by this much.
SHAPE_LEAST, SHAPE_MARGIN = 0.6, 0.04


def letter_by_shape(tile: TileInk, alphabet: str) -> str | None:
    """The letter whose renderings the tile's letter ink matches clearly best, if one does."""
    if tile.letter_mask is None:
        return None
    letters = {ch: (ch,) for ch in alphabet}
    name, _ = best_match(tile.letter_mask, letters, keep_aspect=True, least=SHAPE_LEAST,
                         margin=SHAPE_MARGIN)
    return name


def letter_by_rules(tile: TileInk, value: int | None, rules: Rules, lang: str,
                    nearest: int | None = None) -> str | None:
    """The tile's letter when the opinions agree as the module docstring says, else None.

    ``value`` is the number read on the tile (None: there is one, but it could not be read);
    ``nearest`` the number its nearest mark shows when not sure: Tesseract's sure letter worth
    that much is named too.
    """
    if tile.letter is None or tile.letter_window is None or tile.value is None or value == 0:
        return None
    shape = letter_by_shape(tile, rules.alphabet)
    if shape is not None and rules.values.get(shape) == (value if value is not None
                                                          else nearest):
        return shape  # the shape, worth the number read (or the number's nearest mark)
    try:
        verdict = name_glyph([(tile.letter_window, tile.colour)], rules.alphabet, lang, blanks=1)
    except OcrUnavailableError:
        return None
    letter = verdict.char
    if letter is None and value is None:
        return shape if _all_say(verdict, shape) else None
    if letter is None:
        return None
    if value is None:
        agrees = nearest is not None and rules.values.get(letter) == nearest
        return letter if letter == shape or agrees else None
    return letter if rules.values.get(letter) == value else None


def letter_by_two(tile: TileInk, rules: Rules, lang: str) -> str | None:
    """The letter Tesseract is sure of and the rendered shapes name alike, when the tile's
    number cannot be read at all (a two-digit 10 Tesseract is not sure of)."""
    if tile.value is None:
        return None
    seen = _shape_and_verdict(tile, rules, lang)
    if seen is None:
        return None
    shape, verdict = seen
    return shape if verdict.char == shape or _all_say(verdict, shape) else None


def _shape_and_verdict(tile: TileInk, rules: Rules, lang: str
                       ) -> tuple[str, OcrVerdict] | None:
    """The letter the rendered shapes name and Tesseract's verdict on the letter, when the
    tile has a letter, the shapes name one and Tesseract runs."""
    if tile.letter is None or tile.letter_window is None:
        return None
    shape = letter_by_shape(tile, rules.alphabet)
    if shape is None:
        return None
    try:
        verdict = name_glyph([(tile.letter_window, tile.colour)], rules.alphabet, lang, blanks=1)
    except OcrUnavailableError:
        return None
    return shape, verdict


def _all_say(verdict: OcrVerdict, shape: str | None) -> bool:
    """Tesseract not sure, but every answer it gave is the letter the clear shape is: with a
    number too small to read (JScrab's superscript 5 on Х), the second opinion agreeing."""
    said = {text.strip().upper() for text, _ in verdict.answers if text.strip()}
    return shape is not None and said == {shape}


def wildcard_letter(tile: TileInk, rules: Rules, lang: str) -> str | None:
    """A board tile with no number (a wildcard, worth nothing: no value checks its letter)
    named when the clear shape and Tesseract's sure letter are one (JScrab's computer laid
    a wildcard М its bank had never seen, in a word our dictionary lacks, НАЙМУ: neither the
    game nor the value could name it, and the loop waited until it gave up)."""
    if tile.value is not None:
        return None
    seen = _shape_and_verdict(tile, rules, lang)
    return seen[0] if seen is not None and seen[1].char == seen[0] else None


def value_by_shape(tile: TileInk, rules: Rules) -> int | None:
    """The tile's value number named by the rendered numbers the rules use, when one is the
    clear best (JScrab's superscripts are 6 px tall: Tesseract reads none of 5 and 8, and a
    site learned from one rack has no mark of them yet)."""
    if tile.value_mask is None:
        return None
    numbers = {str(v): (str(v),) for v in sorted(set(rules.values.values())) if v > 0}
    name, _ = best_match(tile.value_mask, numbers, keep_aspect=True, least=SHAPE_LEAST,
                         margin=SHAPE_MARGIN)
    return None if name is None else int(name)
