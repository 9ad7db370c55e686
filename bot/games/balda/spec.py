"""Balda, registered: its page session (our page's parameters, its language, the player) and
how replay reads its grids."""

from __future__ import annotations

from pathlib import Path

from bot.games.balda.player import make_balda_player, page_language
from bot.games.balda.replay_reader import balda_reader
from bot.run.replay import TextReader
from bot.web.session import PageGame, PagePlayConfig, page_spec


def page_params(cfg: PagePlayConfig) -> dict[str, object]:
    """Our Balda page's own URL parameters."""
    return {"size": cfg.size, "lang": cfg.lang}


def reader(header: dict[str, object], directory: Path) -> TextReader:
    return balda_reader(header, directory)


GAME = PageGame(
    name="balda",
    builtin_site="gamebot-balda",
    default_style="palette-drag",
    params=page_params,
    language=page_language,
    player=make_balda_player,
    reader=reader,
)
SPEC = page_spec(GAME)
