"""A rack tile whose letter the bank names but whose number does not confirm it (our wood
theme's Q, its 10 unread: "nearest 8 ... Tesseract was not sure") stopped a cold game after
60 s. Where the caller plays around unknown rack tiles (``unknown_rack``) it is ``?``, left
out of the moves, never a guess; elsewhere it is still refused."""

from __future__ import annotations

import numpy as np
import pytest

from solvers.erudit.rules import load_rules
from vision.core.errors import ReadError
from vision.core.geometry import Region
from vision.erudit.reader import UNKNOWN, UNREAD, _confirm_values, _Tile
from vision.erudit.tiles import TileInk

RULES = load_rules("scrabble-en")


def rack_q() -> _Tile:
    """Rack tile 7, named Q, its number read by no mark for sure (nearest 8)."""
    ink = TileInk(Region(0, 0, 8, 8), (240, 200, 120), None, None)
    return _Tile(-7, ink, char="Q", unsure="nearest 8 at 0.365, next 4 (+0.020)", nearest="8")


def test_a_rack_tile_its_number_does_not_confirm_is_left_out_when_the_caller_plays_around():
    pixels = np.zeros((8, 8, 3), np.uint8)
    with pytest.raises(ReadError, match="rack tile 7.*checks the letter Q"):
        _confirm_values([rack_q()], RULES, pixels, ocr=False)
    tile = rack_q()
    _confirm_values([tile], RULES, pixels, ocr=False, unknown_rack=True)
    assert (tile.char, tile.value, tile.learned) == (UNKNOWN, UNREAD, False)
