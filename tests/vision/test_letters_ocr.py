"""Tesseract names glyphs the bank does not know, only when sure; what it names is learned and
reported, so the game can check it."""

from __future__ import annotations

import pytest

from bot.web.sites import BUILTIN_DIR
from solvers.words.alphabet import alphabet_for
from vision.balda.fixtures import load_balda_fixtures
from vision.balda.reader import cell_verdicts, read_balda
from vision.core.frame import Frame
from vision.core.glyph_bank import GlyphBank
from vision.core.glyph_ocr import name_glyph
from vision.core.letters import grid_inks, inner_region, locate_letter_grid

FIXTURES = {f.name: f for f in load_balda_fixtures()}


def setup(name: str):
    fx = FIXTURES[name]
    frame = Frame.from_file(fx.path)
    return fx, frame, locate_letter_grid(frame)


@pytest.mark.parametrize(
    "name", ["vladhuk-uk-100-m19.png", "gamebot-classic-100-end.png", "gamebot-night-125-end.png"]
)
def test_an_empty_bank_names_glyphs_only_rightly_and_refuses_the_rest(name):
    fx, frame, location = setup(name)
    alphabet = alphabet_for(fx.lang)
    v = cell_verdicts(frame, location, GlyphBank(alphabet), alphabet, fx.lang)
    n = fx.size
    named = 0
    for i in range(n * n):
        want = fx.rows[i // n][i % n]
        if want == "." or i in v.problems:
            continue
        named += 1
        assert v.grid[i] == want, f"row {i // n + 1} col {i % n + 1}"
    assert named >= 5  # Tesseract is sure of a good part of a clear page


def test_a_glyph_tesseract_names_is_learned_and_reported():
    fx, frame, location = setup("vladhuk-uk-100-m19.png")
    alphabet = alphabet_for("uk")
    bank = GlyphBank.load(BUILTIN_DIR / "vladhuk-balda" / "glyphs").without("А")
    reading = read_balda(frame, location, bank, alphabet, "ukr")
    cells_a = {(r, c) for r, row in enumerate(fx.rows) for c, ch in enumerate(row) if ch == "А"}
    assert {(r, c) for r, c, ch in reading.learned if ch == "А"} == cells_a
    assert {ch for *_, ch in reading.learned} == {"А"}
    assert "А" in bank.chars
    # the next frame reads the letter from the new template, with nothing left to name
    again = read_balda(frame, location, bank, alphabet, "ukr", ocr=False)
    assert again.learned == () and again.grid == reading.grid


def test_tesseract_is_not_sure_of_a_blank_picture_and_says_what_it_saw():
    fx, frame, location = setup("vladhuk-uk-100-m19.png")
    inks = grid_inks(frame, location)
    inner = inner_region(location, 0, 0)
    window = frame.pixels[inner.top : inner.bottom, inner.left : inner.right]
    assert name_glyph([(window, inks[0].face)], alphabet_for("uk"), "uk").describe()
    blank = window.copy()
    blank[:] = inks[0].face
    verdict = name_glyph([(blank, inks[0].face)], alphabet_for("uk"), "uk")
    assert not verdict.sure and verdict.char is None
