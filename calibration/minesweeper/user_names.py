"""Looks a person named during ``gamebot calibrate``: kept in the skin like learned ones.

Calibration names what it can (plain faces, Tesseract digits checked against the board,
colour rules) and leaves the rest unnamed; a person who recognises a look can name it there
and then. The name goes in as the look's template (or one more variant of a character the
skin has already), the same as a look named by the game's logic during play.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from vision.minesweeper.skin import CELL_CHARS, Skin


def check_name(text: str) -> str:
    """The board character a person typed, or ValueError saying what is allowed."""
    if len(text) != 1 or text not in CELL_CHARS:
        raise ValueError(f"{text!r} is no cell: type one of {' '.join(CELL_CHARS)}")
    return text


def with_named_look(skin: Skin, look: np.ndarray, char: str) -> Skin:
    """``skin`` reading ``look`` as ``char`` from now on (the look leaves the unnamed ones)."""
    char = check_name(char)
    keep = [i for i, imgs in enumerate(skin.unnamed) if not any(
        img.shape == look.shape and np.array_equal(img, look) for img in imgs)]
    if len(keep) < len(skin.unnamed):
        more = [img for i, imgs in enumerate(skin.unnamed) if i not in keep for img in imgs
                if not np.array_equal(img, look)]
        skin = replace(skin, unnamed=tuple(skin.unnamed[i] for i in keep),
                       unnamed_candidates=tuple(skin.unnamed_candidates[i] for i in keep))
        for img in more:  # the look's other pictures carry the name too
            skin = _add(skin, img, char)
    return _add(skin, look, char)


def _add(skin: Skin, look: np.ndarray, char: str) -> Skin:
    if char in skin.cells:
        variants = {**skin.variants, char: (*skin.variants.get(char, ()), look)}
        return replace(skin, variants=variants)
    return replace(skin, cells={**skin.cells, char: look})
