"""A Balda frame's text lines (Tesseract, slow) are read while its grid is, not after it
(issue 23 item 9: a quarter of a move's time went to the two one after the other); the text
is read before the frame's reading is used, also when the grid is refused."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from bot.games.balda.adapter import BaldaPlayer
from bot.web.rejected_words import RejectedWords
from bot.web.sites import load_profile
from solvers.balda.lexicon import Lexicon
from vision.core.frame import Frame
from vision.core.letters import locate_letter_grid
from vision.core.page_text import TextLine

SHOT = Path(__file__).resolve().parents[2] / "recordings" / "balda" / "labelled"


class BlockingText:
    """Page text that answers only once the grid is being read (``grid_started``): read one
    after the other, the two would wait on each other."""

    def __init__(self, grid_started: threading.Event) -> None:
        self.grid_started = grid_started
        self.calls = 0

    def lines(self, frame, exclude=()):
        assert self.grid_started.wait(5), "the text waited for a grid read that never started"
        self.calls += 1
        return [TextLine("Ваш ход", exclude[0].offset(0, -40), 90.0)]


def test_the_text_is_read_while_the_grid_is(tmp_path, monkeypatch):
    frame = Frame.from_file(SHOT / "gamebot-classic-080-m5.png")
    location = locate_letter_grid(frame)
    started = threading.Event()
    text = BlockingText(started)
    player = BaldaPlayer(load_profile("gamebot-balda"), Lexicon(["БАЛДА"]),
                         _bank(), "АБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ", think=0.05,
                         rejected=RejectedWords(tmp_path / "r.txt"), text=text)
    real = type(player)._bank_reading

    def bank_reading(self, *args):
        started.set()
        return real(self, *args)

    monkeypatch.setattr(type(player), "_bank_reading", bank_reading)
    seen = player.read(frame, location)
    assert text.calls == 1 and "ours" in seen.kinds


def test_a_refused_grid_still_waits_for_its_text(tmp_path, monkeypatch):
    frame = Frame.from_file(SHOT / "gamebot-classic-080-m5.png")
    location = locate_letter_grid(frame)
    started = threading.Event()
    text = BlockingText(started)
    player = BaldaPlayer(load_profile("gamebot-balda"), Lexicon(["БАЛДА"]),
                         _bank(), "АБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ", think=0.05,
                         rejected=RejectedWords(tmp_path / "r.txt"), text=text)

    def refused(self, *args):
        started.set()
        raise RuntimeError("the grid reader broke")

    monkeypatch.setattr(type(player), "_bank_reading", refused)
    with pytest.raises(RuntimeError, match="broke"):
        player.read(frame, location)
    assert text.calls == 1  # the text read finished before the error came out


def _bank():
    from bot.web.site_data import glyph_bank_for

    return glyph_bank_for(load_profile("gamebot-balda"), "АБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ")
