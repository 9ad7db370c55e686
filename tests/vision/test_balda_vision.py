"""Balda grids read off labelled screenshots with the shipped glyph banks: every cell exact,
pictures that must be refused are refused, a bank without a letter refuses that letter."""

from __future__ import annotations

from functools import cache

import pytest

from bot.web.sites import BUILTIN_DIR
from solvers.balda import BaldaState
from solvers.words.alphabet import alphabet_for
from vision.balda.fixtures import BaldaFixture, load_balda_fixtures
from vision.balda.reader import cell_verdicts, read_balda
from vision.core.errors import ReadError
from vision.core.frame import Frame
from vision.core.glyph_bank import GlyphBank
from vision.core.glyph_ocr import tesseract_lang
from vision.core.letters import locate_letter_grid

FIXTURES = load_balda_fixtures()
GRIDS = [f for f in FIXTURES if f.error is None]
ERRORS = [f for f in FIXTURES if f.error is not None]


@cache
def shipped(site: str) -> GlyphBank:
    return GlyphBank.load(BUILTIN_DIR / site / "glyphs")


def read(fx: BaldaFixture, bank: GlyphBank | None = None, ocr: bool = False):
    frame = Frame.from_file(fx.path)
    location = locate_letter_grid(frame)
    bank = (bank or shipped(fx.site)).copy()
    return frame, location, read_balda(frame, location, bank, alphabet_for(fx.lang),
                                       tesseract_lang(fx.lang), ocr=ocr)


def test_the_labelled_set_covers_both_sites_zooms_and_refusals():
    sites = {f.site for f in GRIDS}
    assert {"vladhuk-balda"} <= sites
    assert len(FIXTURES) >= 30
    assert {f.lang for f in GRIDS if f.site == "vladhuk-balda"} == {"uk", "en"}
    assert len({f.zoom for f in GRIDS}) >= 3
    assert ERRORS and any(f.holdout for f in GRIDS)


@pytest.mark.parametrize("fx", [f for f in GRIDS if not f.holdout], ids=lambda f: f.name)
def test_every_bank_picture_reads_exactly_with_the_shipped_bank(fx):
    _, location, reading = read(fx)
    assert (location.rows, location.cols) == (fx.size, fx.size)
    assert tuple(reading.row_strings()) == fx.rows
    assert reading.learned == ()
    # the position text is what `gamebot balda moves` reads
    assert BaldaState.from_text(reading.to_text()).grid == reading.grid


@pytest.mark.parametrize("fx", [f for f in GRIDS if f.holdout], ids=lambda f: f.name)
def test_pictures_kept_out_of_the_banks_are_never_misread(fx):
    frame = Frame.from_file(fx.path)
    location = locate_letter_grid(frame)
    v = cell_verdicts(frame, location, shipped(fx.site).copy(), alphabet_for(fx.lang), ocr=False)
    n = fx.size
    for i in range(n * n):
        r, c = divmod(i, n)
        if i not in v.problems:
            assert (v.grid[i] or ".") == fx.rows[r][c], f"row {r + 1} col {c + 1}"
    assert len(v.problems) <= 1  # a look the templates never saw may be refused, not guessed


@pytest.mark.parametrize("fx", ERRORS, ids=lambda f: f.name)
def test_pictures_without_a_whole_grid_are_refused_with_a_clear_message(fx):
    frame = Frame.from_file(fx.path)
    with pytest.raises(ReadError) as err:
        location = locate_letter_grid(frame)
        read_balda(frame, location, shipped(fx.site).copy(), alphabet_for(fx.lang))
    message = str(err.value)
    assert "grid" in message or "row" in message
    if "square cells" in message:
        assert "1600×1000 frame" in message and "gamebot calibrate balda" in message


@pytest.mark.parametrize("name", ["vladhuk-uk-100-m19.png", "vladhuk-en-125-end-closed.png"])
def test_a_bank_without_a_letter_refuses_its_cells_and_names_them(name):
    fx = next(f for f in FIXTURES if f.name == name)
    frame = Frame.from_file(fx.path)
    location = locate_letter_grid(frame)
    letters = sorted({ch for row in fx.rows for ch in row if ch != "."})
    for letter in letters:
        bank = shipped(fx.site).without(letter)
        with pytest.raises(ReadError) as err:
            read_balda(frame, location, bank, alphabet_for(fx.lang), ocr=False)
        want = {(r, c) for r, row in enumerate(fx.rows) for c, ch in enumerate(row)
                if ch == letter}
        assert set(err.value.cells) == want, letter
        r, c = min(want)
        assert f"row {r + 1} col {c + 1}" in str(err.value)


def test_a_grid_size_not_asked_for_is_not_found():
    fx = next(f for f in GRIDS if f.size == 5)
    with pytest.raises(ReadError, match="no 6×6..7×7 grid"):
        locate_letter_grid(Frame.from_file(fx.path), sizes=(6, 7))


def test_selected_and_highlighted_cells_are_marked_and_plain_ones_are_not():
    plain = next(f for f in GRIDS if f.name == "vladhuk-uk-100-m10.png")
    _, _, reading = read(plain)
    assert not reading.any_marked
    busy = next(f for f in GRIDS if f.name == "vladhuk-uk-100-bot-thinking.png")
    _, _, reading = read(busy)
    marked = {divmod(i, 5) for i, m in enumerate(reading.marked) if m}
    assert {(1, 0), (1, 1), (2, 0), (2, 1)} <= marked  # the bot's word НОША being selected
    assert (2, 2) not in marked


def test_a_letter_outside_the_alphabet_is_an_error_naming_the_cell():
    fx = next(f for f in GRIDS if f.name == "vladhuk-uk-100-m10.png")
    frame = Frame.from_file(fx.path)
    location = locate_letter_grid(frame)
    # Ukrainian І is not a Russian letter: read as Russian, its cell must be refused
    with pytest.raises(ReadError) as err:
        read_balda(frame, location, shipped(fx.site).copy(), alphabet_for("ru"), ocr=False)
    assert (1, 2) in err.value.cells
    assert "not in the alphabet" in str(err.value)
