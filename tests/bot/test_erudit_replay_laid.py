"""A wildcard we laid and had not sent reads in replay as play read it: the recording says
which tiles play had laid (play tells the reader), replay tells the reader the same, and the
reader asks what it was told before a whole-tile template that would lend the wildcard its
letter's value (Xanado: a laid blank recorded as ``e`` re-read as ``E``)."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pytest

import bot.games.erudit.sites  # noqa: F401  (imported before the patch below, which it would keep)
import vision.erudit.reader as reader
from bot.games.erudit.replay_reader import erudit_reader, laid_squares
from bot.run.recorder import RecordingError
from bot.run.replay import TextReader
from solvers.erudit.rules import load_rules
from vision.core.frame import Frame
from vision.core.glyph_bank import GlyphMatch


def test_laid_tiles_are_parsed_from_the_event():
    assert laid_squares({"laid": ["112=e", "113=T"]}) == {112: "e", 113: "T"}
    assert laid_squares({}) == {}
    with pytest.raises(RecordingError, match="frame 7.*'112e'"):
        laid_squares({"frame": 7, "laid": ["112e"]})
    with pytest.raises(RecordingError, match="not a list"):
        laid_squares({"frame": 7, "laid": "112=e"})


def replay_reading(monkeypatch) -> tuple[TextReader, Frame, list[object]]:
    """The replay's reader with vision faked: what it tells the reader is kept in the list."""
    told: list[object] = []

    def read_erudit(frame, location, site, rules, **kwargs):
        told.append(kwargs.get("known"))
        return SimpleNamespace(board=["."] * 225, rack="AB")

    monkeypatch.setattr(reader, "read_erudit", read_erudit)
    monkeypatch.setattr(reader, "locate_erudit", lambda frame: None)
    read = erudit_reader({"site": "gamebot-erudit", "rules": "scrabble-en"})
    return read, Frame.from_pixels(np.zeros((4, 4, 3), np.uint8)), told


def test_the_reader_is_told_what_the_event_recorded(monkeypatch):
    read, frame, told = replay_reading(monkeypatch)
    read(frame, {"event": "step", "laid": ["112=e"]})
    read(frame, {"event": "step"})
    read(frame)
    assert told == [{112: "e"}, {}, None]


def test_the_reader_is_told_the_tiles_earlier_frames_of_the_game_recorded(monkeypatch):
    """Play tells the reader the board it followed (a W whose 4 touches it keeps its case:
    alone it reads as a wildcard 'w'); replay tells it the tiles the game's frames before
    recorded (run i23-wg2 c3's replay: 13 of 86 frames read 'w' where play recorded 'W')."""
    read, frame, told = replay_reading(monkeypatch)
    row8 = "." * 7 + "WHo" + "." * 5
    board = "\n".join(["." * 15] * 7 + [row8] + ["." * 15] * 7) + "\n"
    read(frame, {"event": "step", "game_no": 1, "board": board})
    read(frame, {"event": "step", "game_no": 1, "board": board, "laid": ["120=e"]})
    read(frame, {"event": "step", "game_no": 2, "board": "." * 225})
    assert told == [{}, {112: "W", 113: "H", 114: "o", 120: "e"}, {}]  # a new game: none


def test_a_text_reader_without_an_event_reader_reads_the_frame_alone():
    text = TextReader(lambda frame: "plain", "state")
    frame = Frame.from_pixels(np.zeros((4, 4, 3), np.uint8))
    assert text(frame, {"laid": ["1=a"]}) == "plain"


class _Bank:
    def __init__(self, match):
        self.match = match

    def classify_many(self, inks, letters):
        return [self.match for _ in inks]

    def classify(self, ink, letters):
        return self.match

    def __len__(self):
        return 1


def _tile(where):
    ink = SimpleNamespace(letter=object(), value=object(), letter_window=None,
                          whole=lambda: object())
    return reader._Tile(where, ink, unsure="the value's marks are not sure")


@pytest.mark.parametrize("told, want", [("e", "E"), (None, "E")])
def test_what_the_caller_laid_comes_before_the_whole_tile_templates(told, want):
    rules = load_rules("scrabble-en")
    far = GlyphMatch("E", "x", 0.9, "F", 0.0)  # the letter's bank: not sure
    sure = GlyphMatch("E", "x", 0.0, "F", 1.0)  # the whole-tile templates: sure
    site = SimpleNamespace(glyphs=_Bank(far), marks=_Bank(far), wholes=_Bank(sure))
    tile = _tile(112)
    known = {} if told is None else {112: told}
    reader._name_letters([tile], site, rules, np.zeros((4, 4, 3), np.uint8), ocr=False,
                         known=known)
    assert tile.char == want
    if told is None:  # named by the whole tile: it lends the letter's value
        assert tile.value == rules.values["E"] and tile.learned is False
    else:  # what we laid: no value lent, so the tile reads as a wildcard ("e")
        assert tile.value is None and tile.learned is True
