"""Looks a person named during ``gamebot calibrate``: kept in the skin like learned ones.

Calibration names what it can (plain faces, Tesseract digits checked against the board,
colour rules) and leaves the rest unnamed; a person who recognises a look can name it there
and then. The name goes in as the look's template (or one more variant of a character the
skin has already), the same as a look named by the game's logic during play.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from vision.skin import CELL_CHARS, Skin


def check_name(text: str) -> str:
    """The board character a person typed, or ValueError saying what is allowed."""
    if len(text) != 1 or text not in CELL_CHARS:
        raise ValueError(f"{text!r} is no cell: type one of {' '.join(CELL_CHARS)}")
    return text


def with_named_look(skin: Skin, look: np.ndarray, char: str) -> Skin:
    """``skin`` reading ``look`` as ``char`` from now on."""
    char = check_name(char)
    if char in skin.cells:
        variants = {**skin.variants, char: (*skin.variants.get(char, ()), look)}
        return replace(skin, variants=variants)
    return replace(skin, cells={**skin.cells, char: look})
