"""The glyph bank: learning, forgetting, alphabets, saving and loading, and what it refuses."""

from __future__ import annotations

import json

import numpy as np
import pytest

from bot.web.sites import BUILTIN_DIR
from vision.balda.fixtures import load_balda_fixtures
from vision.core.frame import Frame
from vision.core.glyph_bank import GlyphBank, GlyphBankError
from vision.core.letters import GLYPH, grid_inks, inner_region, locate_letter_grid

UK = "АБВГҐДЕЄЖЗИІЇЙКЛМНОПРСТУФХЦЧШЩЬЮЯ"
RU = "АБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ"


@pytest.fixture(scope="module")
def m19():
    """vladhuk, Ukrainian, 100 %: a full-ish grid, its inks and labels."""
    fx = next(f for f in load_balda_fixtures() if f.name == "vladhuk-uk-100-m19.png")
    frame = Frame.from_file(fx.path)
    location = locate_letter_grid(frame)
    return frame, location, grid_inks(frame, location), fx.rows


def test_learned_glyphs_classify_back_and_a_second_copy_adds_nothing(m19):
    _, _, inks, rows = m19
    bank = GlyphBank(UK, "test")
    for i, ink in enumerate(inks):
        ch = rows[i // 5][i % 5]
        if ch != ".":
            bank.learn(ink, ch, "dark")
    assert set(bank.chars) == {ch for row in rows for ch in row if ch != "."}
    before = len(bank)
    # the same glyph again (Н, А appear several times) adds no template
    assert bank.learn(inks[15], rows[3][0], "dark") is False
    assert len(bank) == before
    for i, ink in enumerate(inks):
        if not ink.empty:
            match = bank.classify(ink)
            assert match.accepted and match.char == rows[i // 5][i % 5]


def test_names_outside_the_alphabet_are_refused_and_yo_folds_into_ye(m19):
    _, _, inks, _ = m19
    glyph = next(i for i in inks if not i.empty)
    bank = GlyphBank(RU)
    with pytest.raises(GlyphBankError, match="not a letter of the bank's alphabet"):
        bank.learn(glyph, "Ї")
    with pytest.raises(GlyphBankError):
        bank.learn(glyph, "AB")
    bank.learn(glyph, "ё")
    assert bank.chars == "Е"
    with pytest.raises(GlyphBankError, match="looks empty"):
        bank.learn(next(i for i in inks if i.empty), "А")


def test_forget_drops_one_look_or_every_look(m19):
    _, _, inks, rows = m19
    bank = GlyphBank(UK)
    a = [ink for i, ink in enumerate(inks) if rows[i // 5][i % 5] == "А"]
    bank.learn(a[0], "А", "dark")
    bank.learn(a[0], "А", "light-marked")
    bank.learn(next(ink for i, ink in enumerate(inks) if rows[i // 5][i % 5] == "Н"), "Н")
    assert bank.looks["А"] == ["dark", "light-marked"]
    assert bank.forget("А", "light-marked") == 1
    assert bank.looks["А"] == ["dark"]
    assert bank.forget("а") == 1
    assert bank.chars == "Н"
    assert not bank.classify(a[0]).accepted


def test_save_is_atomic_and_loads_back_the_same_bank(tmp_path):
    bank = GlyphBank.load(BUILTIN_DIR / "vladhuk-balda" / "glyphs")
    out = bank.save(tmp_path / "bank")
    names = sorted(p.name for p in out.iterdir())
    assert names[0] == "bank.json" and len(names) == 2  # no temporary file left behind
    again = GlyphBank.load(out)
    assert again.alphabet == bank.alphabet and again.plain_faces == bank.plain_faces
    assert [(t.char, t.look, t.parts) for t in again.templates] == [
        (t.char, t.look, t.parts) for t in bank.templates
    ]
    assert all(np.array_equal(a.glyph, b.glyph) for a, b in zip(again.templates, bank.templates,
                                                                strict=True))
    # saving again replaces the sheet; the old one goes
    again.forget("А")
    again.save(out)
    assert len(list(out.glob("templates-*.png"))) == 1
    assert "А" not in GlyphBank.load(out).chars


def test_bad_bank_folders_are_named_in_the_error(tmp_path):
    with pytest.raises(GlyphBankError, match="bank.json missing"):
        GlyphBank.load(tmp_path)
    (tmp_path / "bank.json").write_text("{not json", "utf-8")
    with pytest.raises(GlyphBankError, match="not valid JSON"):
        GlyphBank.load(tmp_path)
    meta = {"format": 1, "glyph_size": GLYPH, "alphabet": "АБ", "sheet": "x.png",
            "templates": [{"char": "Я", "look": "", "aspect": 1, "height": 0.3}]}
    (tmp_path / "bank.json").write_text(json.dumps(meta), "utf-8")
    with pytest.raises(GlyphBankError, match="sheet missing"):
        GlyphBank.load(tmp_path)


def test_a_bank_of_two_scripts_reads_each_alphabet_apart(m19):
    """vladhuk's bank holds Cyrillic and Latin look-alikes (А and A): restricted to one
    alphabet they never compete."""
    frame, location, inks, rows = m19
    bank = GlyphBank.load(BUILTIN_DIR / "vladhuk-balda" / "glyphs")
    a = next(ink for i, ink in enumerate(inks) if rows[i // 5][i % 5] == "А")
    assert bank.classify(a, alphabet=UK).char == "А"
    assert bank.classify(a, alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZ").char == "A"
    # a raw crop of the cell works as well as its ink
    inner = inner_region(location, 2, 0)
    crop = frame.pixels[inner.top : inner.bottom, inner.left : inner.right]
    assert bank.classify(crop, pitch=location.pitch, alphabet=UK).char == "А"


def test_a_look_keeps_its_newest_samples_only(m19):
    from vision.core.glyph_bank import SAMPLES
    from vision.core.letters import CellInk

    _, _, inks, rows = m19
    ink = next(i for k, i in enumerate(inks) if rows[k // 5][k % 5] == "А")
    bank = GlyphBank(UK)
    for k in range(SAMPLES + 3):
        # the same А a little wider each time: each is a new sample
        wider = CellInk(ink.face, ink.glyph, ink.box, ink.aspect * (1 + 0.1 * k), ink.height,
                        ink.dark, ink.contrast, ink.parts)
        assert bank.learn(wider, "А", "dark")
    assert len(bank) == SAMPLES
    assert bank.templates[-1].aspect == pytest.approx(ink.aspect * (1 + 0.1 * (SAMPLES + 2)))
