"""Erudit and Scrabble, registered: the page session (our page's parameters, its language, the
player) and how replay reads board and rack."""

from __future__ import annotations

from pathlib import Path

from bot.games.erudit.player import make_erudit_player
from bot.games.erudit.replay_reader import erudit_reader
from bot.run.replay import TextReader
from bot.web.session import PageGame, PagePlayConfig, page_spec


def page_params(cfg: PagePlayConfig) -> dict[str, object]:
    """Our Erudit page's own URL parameters: the rules, and a short game's tile count."""
    params: dict[str, object] = {"rules": cfg.rules}
    if cfg.tiles is not None:
        params["tiles"] = cfg.tiles
    return params


def page_language(cfg: PagePlayConfig) -> str:
    return "en" if cfg.rules == "scrabble-en" else "ru"


def reader(header: dict[str, object], directory: Path) -> TextReader:
    return erudit_reader(header, directory)


GAME = PageGame(
    name="erudit",
    builtin_site="gamebot-erudit",
    default_style="drag",
    params=page_params,
    language=page_language,
    player=make_erudit_player,
    reader=reader,
)
SPEC = page_spec(GAME)
