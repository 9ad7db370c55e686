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
#: Our page's canvas theme: its bank was learned from the pictures WITHOUT their labels (the
#: game named the glyphs), so a cell may be refused; none may be read wrong.
GAME_NAMED = "gamebot-canvas"


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


@pytest.mark.parametrize("fx", [f for f in GRIDS if not f.holdout and f.site != GAME_NAMED],
                         ids=lambda f: f.name)
def test_every_bank_picture_reads_exactly_with_the_shipped_bank(fx):
    _, location, reading = read(fx)
    assert (location.rows, location.cols) == (fx.size, fx.size)
    assert tuple(reading.row_strings()) == fx.rows
    assert reading.learned == ()
    # the position text is what `gamebot balda moves` reads
    assert BaldaState.from_text(reading.to_text()).grid == reading.grid


@pytest.mark.parametrize("fx", [f for f in GRIDS if f.holdout and f.site != GAME_NAMED],
                         ids=lambda f: f.name)
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


def test_the_canvas_pictures_read_with_the_bank_the_game_named_are_never_misread():
    """Every labelled picture of the canvas theme (those kept out of its bank too), read with
    the bank ``calibrate balda --from`` learned from the others without their labels: no cell
    named wrongly, and most of them named (the rest refused, to be named in play)."""
    cells = exact = 0
    for fx in (f for f in GRIDS if f.site == GAME_NAMED):
        frame = Frame.from_file(fx.path)
        location = locate_letter_grid(frame)
        v = cell_verdicts(frame, location, shipped(fx.site).copy(), alphabet_for(fx.lang),
                          ocr=False)
        for i in range(fx.size**2):
            r, c = divmod(i, fx.size)
            cells += 1
            if i not in v.problems:
                assert (v.grid[i] or ".") == fx.rows[r][c], f"{fx.name} row {r + 1} col {c + 1}"
                exact += 1
    assert cells >= 300 and exact >= 0.85 * cells


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


def test_a_near_template_is_named_only_when_one_of_tesseracts_answers_agrees(monkeypatch):
    """A glyph drawn a little unlike its one sample (nearest 0.156, every other letter 0.3
    further) is named when Tesseract, unsure, still says that letter once; never otherwise."""
    import vision.balda.reader as reader
    import vision.core.glyph_bank as glyph_bank
    from vision.core.glyph_ocr import OcrVerdict

    fx = next(f for f in FIXTURES if f.name == "vladhuk-uk-100-m19.png")
    frame = Frame.from_file(fx.path)
    location = locate_letter_grid(frame)
    monkeypatch.setattr(glyph_bank, "ACCEPT", 0.0)  # no template is near enough on its own
    truth = {(r, c): ch for r, row in enumerate(fx.rows) for c, ch in enumerate(row)
             if ch != "."}

    def tesseract(agreeing: bool):
        def name_disagreeing(windows, alphabet, lang):
            return OcrVerdict(None, (("Ъ", 86.0), ("", 10.0)))

        def name_agreeing(windows, alphabet, lang):
            # the letter the fixture has in the asked cell, as Tesseract's second answer
            (window, _face), *_ = windows
            for (r, c), ch in truth.items():
                inner = reader.inner_region(location, r, c)
                cut = frame.pixels[inner.top:inner.bottom, inner.left:inner.right]
                if cut.shape == window.shape and (cut == window).all():
                    return OcrVerdict(None, (("Ъ", 86.0), (ch, 71.0)))
            raise AssertionError("asked about a window that is no cell")
        return name_agreeing if agreeing else name_disagreeing

    monkeypatch.setattr(reader, "name_glyph", tesseract(agreeing=True))
    got = read_balda(frame, location, shipped(fx.site).copy(), alphabet_for(fx.lang))
    n = location.cols
    assert ["".join(ch or "." for ch in got.grid[r * n:(r + 1) * n]) for r in range(n)] == list(
        fx.rows)
    monkeypatch.setattr(reader, "name_glyph", tesseract(agreeing=False))
    with pytest.raises(ReadError) as err:
        read_balda(frame, location, shipped(fx.site).copy(), alphabet_for(fx.lang))
    assert set(err.value.cells) == set(truth)


def test_agreement_needs_a_near_template_far_from_every_other_letter():
    from vision.balda.reader import NEAR_ACCEPT, NEAR_MARGIN, agrees
    from vision.core.glyph_bank import GlyphMatch

    said = (("Г", 86.0), ("Д", 71.0))
    assert agrees(GlyphMatch("Д", "dark", 0.156, "Л", 0.336), said, "АБВГДЕ")
    assert not agrees(GlyphMatch("Д", "dark", NEAR_ACCEPT + 0.01, "Л", 0.336), said, "АБВГДЕ")
    assert not agrees(GlyphMatch("Д", "dark", 0.156, "Л", NEAR_MARGIN - 0.01), said, "АБВГДЕ")
    assert not agrees(GlyphMatch("Б", "dark", 0.156, "Л", 0.336), said, "АБВГДЕ")
    assert not agrees(GlyphMatch(None, "", 0.0, None, 1.0), said, "АБВГДЕ")


def test_a_palette_in_a_look_no_bank_knows_is_named_by_the_alphabets_order_and_taught():
    """Our canvas theme's palette, read with an empty bank: Tesseract names some keys (and
    misnames a few: a serif italic Т as Г), most sit at their letter's place in the alphabet,
    so the order names all 32, and the bank learns every letter's look from them."""
    from vision.core.palette import read_palette

    frame = Frame.from_file(next(f.path for f in GRIDS if f.name == "gamebot-canvas-100-m4.png"))
    location = locate_letter_grid(frame)
    alphabet = alphabet_for("ru")
    bank = GlyphBank(alphabet)
    palette = read_palette(frame, location.geometry.bounds, location.pitch, bank, alphabet,
                           "rus", teach=True)
    assert "".join(palette.keys) == alphabet
    assert bank.chars == alphabet
