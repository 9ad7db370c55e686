"""The rack found on a page whose colours are not known yet (``find_rack_cold``): a W that
touches its tile's edges cuts the flat face apart, and scrabble-wordgame's rack read 6 tiles
of 7 ("the label's rack 'AOEIYA' has 6 tiles but the picture shows 7" in calibrate --from
without labels); the tile is put back where the row's spacing puts it, an empty slot is not."""

from __future__ import annotations

from pathlib import Path

import pytest

from vision.core.frame import Frame
from vision.erudit.rack import find_rack_cold
from vision.erudit.reader import locate_erudit

SHOTS = Path(__file__).resolve().parents[2] / "recordings" / "erudit" / "wordgame"


@pytest.mark.parametrize("turn", ["t05", "t06", "t01"])
def test_a_tile_whose_letter_cuts_its_face_apart_is_found_in_its_row(turn):
    frame = Frame.from_file(SHOTS / f"wordgame-wwf-100-g1-{turn}.png")
    loc = locate_erudit(frame)
    regions, colours = find_rack_cold(frame, loc.bounds, loc.pitch, 7)
    assert len(regions) == 7 and len(colours) == 1
    lefts = [r.left for r in regions]
    assert [b - a for a, b in zip(lefts, lefts[1:], strict=False)] == [34] * 6


def test_an_empty_slot_between_tiles_is_no_tile():
    frame = Frame.from_file(SHOTS / "wordgame-wwf-100-g1-t05.png")
    loc = locate_erudit(frame)
    regions, _ = find_rack_cold(frame, loc.bounds, loc.pitch, 7)
    px = frame.pixels.copy()
    gone = regions[3]
    px[gone.top : gone.bottom, gone.left : gone.right] = px[gone.top - 6, gone.left]  # the bar
    emptied = Frame.from_pixels(px)
    left, _ = find_rack_cold(emptied, loc.bounds, loc.pitch, 7)
    assert len(left) == 6 and gone.left not in [r.left for r in left]
