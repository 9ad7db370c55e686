"""Where a site's learned data lives: its glyph bank and the words it refused.

Built-in sites ship a glyph bank under ``calibration/sites/<name>/glyphs``. What the bot learns
while playing goes to the user's folder (``$GAMEBOT_SITES`` or ``~/.local/share/gamebot/sites``),
never into the installed package: ``<name>/glyphs`` (templates named by OCR and checked by the
game) and ``<name>/rejected.txt`` (words the site refused, one a line, append-only).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from bot.sites import BUILTIN_DIR, SiteProfile


def user_sites_dir() -> Path:
    env = os.environ.get("GAMEBOT_SITES")
    if env:
        return Path(env)
    return Path.home() / ".local" / "share" / "gamebot" / "sites"


def glyph_dirs(profile: SiteProfile) -> list[Path]:
    """Glyph bank folders for a site, user-learned first, built-in second (those that exist)."""
    name = profile.glyphs or profile.name
    found = [user_sites_dir() / name / "glyphs", BUILTIN_DIR / name / "glyphs"]
    return [p for p in found if p.is_dir()]


def glyph_bank_for(profile: SiteProfile) -> Any:
    """The site's glyph bank: built-in templates plus what this user's runs learned (an empty
    bank when the site was never seen: every glyph is then named by OCR and the game)."""
    from vision.glyph_bank import GlyphBank

    dirs = glyph_dirs(profile)
    bank = GlyphBank.load(dirs[-1]) if dirs else GlyphBank()
    for extra in dirs[:-1]:
        bank.merge(GlyphBank.load(extra))
    return bank


def rejected_path(profile: SiteProfile) -> Path:
    return user_sites_dir() / profile.name / "rejected.txt"
