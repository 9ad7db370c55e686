"""Where a site's learned data lives: its glyph bank and the words it refused.

Built-in sites ship a glyph bank under ``calibration/sites/<name>/glyphs``. What the bot learns
while playing goes to the user's folder (``$GAMEBOT_SITES`` or ``~/.local/share/gamebot/sites``),
never into the installed package: ``<name>/glyphs`` (templates named by OCR and checked by the
game) and ``<name>/rejected.txt`` (words the site refused, one a line, append-only).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.web.sites import BUILTIN_DIR, SiteProfile, user_sites_dir


def glyph_dirs(profile: SiteProfile) -> list[Path]:
    """Glyph bank folders for a site, user-learned first, built-in second (those that exist)."""
    name = profile.glyphs or profile.name
    found = [user_sites_dir() / name / "glyphs", BUILTIN_DIR / name / "glyphs"]
    return [p for p in found if p.is_dir()]


def glyph_bank_for(profile: SiteProfile, alphabet: str) -> Any:
    """The site's glyph bank: this user's (built-in templates grown by what earlier runs
    learned) if there is one, else the built-in one, else an empty bank (a site never seen:
    every glyph is then named by OCR and checked by the game)."""
    from vision.core.glyph_bank import GlyphBank

    dirs = glyph_dirs(profile)
    if not dirs:
        return GlyphBank(alphabet, profile.glyphs)
    bank = GlyphBank.load(dirs[0])
    bank.widen(alphabet)  # a letter the site has that the bank's alphabet lacks (Ё apart)
    return bank


def save_learned(profile: SiteProfile, bank: Any) -> Any:
    """Keep a bank grown during play in the user's folder (atomically); returns the folder."""
    folder = user_sites_dir() / (profile.glyphs or profile.name) / "glyphs"
    return bank.save(folder)


def rejected_path(profile: SiteProfile) -> Path:
    return user_sites_dir() / profile.name / "rejected.txt"
