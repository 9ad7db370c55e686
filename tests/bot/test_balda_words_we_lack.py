"""A site whose dictionary is not ours (the English vladhuk page: 6,790 nouns, 4,068 of them in
ours): its start word or an opponent's word may be one we lack. The game's naming must then
never make a letter the bank reads plainly into another (CLEAT followed as CHEAT, BROOD as
?REED: every word through the misread letter refused, and a letter taught under a wrong name
misread later), and a bank reading the rules cannot place is doubted only when the game has
another name the bank allows. The frames are the start of two CI-like games on that page."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.games.balda.adapter import BaldaPlayer
from bot.web.rejected_words import RejectedWords
from bot.web.site_data import glyph_bank_for
from bot.web.sites import load_profile
from calibration.balda.naming import bank_allows
from solvers.balda.lexicon import Lexicon
from vision.core.frame import Frame
from vision.core.glyph_bank import GlyphBank
from vision.core.letters import grid_inks, locate_letter_grid

CASES = Path(__file__).resolve().parents[2] / "recordings" / "balda" / "cases"
EN = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


@pytest.fixture(scope="module")
def english() -> Lexicon:
    return Lexicon.for_language("en")


def case(name: str):
    frame = Frame.from_file(CASES / f"vladhuk-en-start-{name}.png")
    location = locate_letter_grid(frame, (5,))
    return frame, location, grid_inks(frame, location)


def player(bank: GlyphBank, lexicon: Lexicon) -> BaldaPlayer:
    site = load_profile("vladhuk-balda-en", None)
    return BaldaPlayer(site, lexicon, bank, EN, think=0.05, rejected=RejectedWords(None),
                       lang="eng")


def shipped_bank(tmp_path, monkeypatch) -> GlyphBank:
    monkeypatch.setenv("GAMEBOT_SITES", str(tmp_path / "sites"))
    return glyph_bank_for(load_profile("vladhuk-balda-en", None), EN)


@pytest.mark.parametrize("word", ["cleat", "brood"])
def test_a_start_word_we_lack_reads_as_the_page_shows_it(word, english, tmp_path, monkeypatch):
    """CLEAT and BROOD are not in our nouns. CLEAT's L (0.11 from an L template, just past
    the bank's ACCEPT) must not be named H because CHEAT is the one word of ours that fits; nor
    BROOD's D (0.17 from a D, 0.51 from any K) a K for BROOK."""
    assert word.upper() not in english
    frame, location, _ = case(word)
    seen = player(shipped_bank(tmp_path, monkeypatch), english).read(frame, location)
    assert seen.to_text().split()[2] == word.upper()


def test_the_bank_rules_out_a_name_far_from_its_templates_when_another_letter_is_close(
        tmp_path, monkeypatch):
    _, _, inks = case("cleat")
    bank = shipped_bank(tmp_path, monkeypatch)
    ell, e = inks[11], inks[12]
    assert not bank_allows(ell, "H", bank, EN)  # H 0.34 away, L 0.11: no H
    assert bank_allows(ell, "L", bank, EN) and bank_allows(e, "E", bank, EN)
    assert bank_allows(ell, "Q", bank, EN)  # a letter it never saw: no evidence either way


def test_a_bank_reading_is_doubted_only_when_the_game_has_another_name_the_bank_allows(
        english, tmp_path, monkeypatch):
    """BROOD, read by a bank that knows its R and D exactly and its B and O a little unlike
    (0.07-0.10: not sure): no word of ours makes the row, but none the bank allows either
    (BREED would make the Os Es, 0.3 from every E): the row is the bank's, not named again
    by the game (which made it ?REED in a CI-like run)."""
    frame, location, inks = case("brood")
    bank = shipped_bank(tmp_path, monkeypatch)
    for i, ch in ((11, "R"), (14, "D")):
        bank.learn(inks[i], ch, "dark")
    assert [round(bank.classify(inks[i], alphabet=EN).distance, 2) > 0.05 for i in (10, 12)] \
        == [True, True]
    p = player(bank, english)
    seen = p.read(frame, location)
    assert seen.to_text().split()[2] == "BROOD" and p.learned_glyphs == 0
