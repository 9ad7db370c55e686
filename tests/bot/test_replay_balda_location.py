"""Balda replay keeps the grid's location from frame to frame, as play does: a frame where a
word being entered lights up its cells (no lattice of alike cells to find) is read where the
grid was; the grid is looked for again only when that read fails."""

from __future__ import annotations

import numpy as np
import pytest

import vision.balda.reader
import vision.core.letters
from bot.games.balda.replay_reader import balda_reader
from vision.core.errors import ReadError
from vision.core.frame import Frame


class Reading:
    def __init__(self, text):
        self.text = text

    def to_text(self):
        return self.text


def test_the_grid_is_read_where_it_was_when_it_cannot_be_found_again(monkeypatch):
    located = []

    def locate(frame, *args, **kwargs):
        located.append(frame.pixels[0, 0, 0])
        if frame.pixels[0, 0, 0] == 2:  # the lit-up frame: no lattice
            raise ReadError("no 5×5..7×7 grid of square cells found")
        return ("grid", int(frame.pixels[0, 0, 0]))

    def read(frame, location, *args, **kwargs):
        if frame.pixels[0, 0, 0] == 3 and location[1] != 3:
            raise ReadError("the page moved")
        return Reading(f"read {frame.pixels[0, 0, 0]} at {location[1]}\n")

    monkeypatch.setattr(vision.core.letters, "locate_letter_grid", locate)
    monkeypatch.setattr(vision.balda.reader, "read_balda", read)
    reader = balda_reader({"site": "gamebot-balda"})

    def frame(v):
        return Frame.from_pixels(np.full((10, 10, 3), v, np.uint8))

    assert reader(frame(1)) == "read 1 at 1\n"
    assert reader(frame(2)) == "read 2 at 1\n"  # not found: read where it was
    assert reader(frame(3)) == "read 3 at 3\n"  # the old place fails: found again
    assert located == [1, 3]
    with pytest.raises(ReadError):
        balda_reader({"site": "gamebot-balda"})(frame(2))  # nowhere known yet
