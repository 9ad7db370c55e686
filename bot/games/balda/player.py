"""The Balda player for a page session: the language's nouns, the site's glyph bank, the page's
text reader, the words the site refused before; with a recording, the copies of the site it
keeps for replay."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.web.sites import SiteProfile

if TYPE_CHECKING:
    from bot.games.balda.adapter import BaldaPlayer
    from bot.web.session import PagePlayConfig

def page_language(cfg: PagePlayConfig) -> str:
    """The language our Balda page plays in."""
    return cfg.lang


def make_balda_player(cfg: PagePlayConfig, profile: SiteProfile) -> BaldaPlayer:
    from bot.games.balda.adapter import BaldaPlayer
    from bot.web.rejected_words import RejectedWords
    from bot.web.session import yo_letter
    from bot.web.site_copies import SiteCopies
    from bot.web.site_data import glyph_bank_for, rejected_path
    from solvers.balda.lexicon import Lexicon
    from solvers.words.alphabet import alphabet_for
    from vision.core.ocr import tesseract_lang
    from vision.core.page_text import PageText

    lang = page_language(cfg) if cfg.target == "builtin" else profile.language
    yo = yo_letter(cfg, profile) and lang == "ru"
    lexicon = Lexicon.for_language(lang, yo=yo)
    tess = tesseract_lang(lang)
    alphabet = alphabet_for(lang, yo)
    return BaldaPlayer(
        profile,
        lexicon,
        glyph_bank_for(profile, alphabet),
        alphabet,
        think=cfg.think,
        sides=cfg.sides,
        rejected=RejectedWords(rejected_path(profile)),
        text=PageText(tess),
        lang=tess,
        copies=SiteCopies(cfg.record) if cfg.record is not None else None,
    )
