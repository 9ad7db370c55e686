"""The Erudit/Scrabble player for a page session: rules, dictionary, vision and the site."""

from __future__ import annotations

from typing import Any

from bot.errors import GamebotError


def make_erudit_player(cfg: Any, profile: Any) -> Any:
    from bot.games.balda import RejectedWords
    from bot.games.erudit import EruditPlayer
    from bot.site_data import glyph_bank_for, rejected_path
    from solvers.erudit.dictionary import graph_for
    from solvers.erudit.rules import load_rules
    from vision.page_text import PageText

    name = cfg.rules if cfg.target == "builtin" else (profile.rules or cfg.rules)
    try:
        rules = load_rules(name)
    except (OSError, ValueError) as exc:
        raise GamebotError(f"rules {name!r}: {exc}") from None
    bank = glyph_bank_for(profile, rules.alphabet)
    lang = "eng" if rules.alphabet.isascii() else "rus"

    def locate(frame: Any) -> Any:
        from vision.erudit import locate_erudit

        return locate_erudit(frame)

    def read(frame: Any, location: Any) -> Any:
        from vision.erudit import read_erudit

        return read_erudit(frame, location, bank, rules)

    return EruditPlayer(
        profile,
        rules,
        graph_for(rules.dictionary),
        read=read,
        locate=locate,
        text=PageText(lang),
        rejected=RejectedWords(rejected_path(profile)),
    )
