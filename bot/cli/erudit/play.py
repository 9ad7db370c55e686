"""``play erudit`` and ``demo erudit``: the page games' verbs with Erudit's own page options."""

from __future__ import annotations

import argparse
from dataclasses import replace
from typing import TYPE_CHECKING

from bot.cli.page_play import PageVerbs, commands
from bot.cli.registry import Command

if TYPE_CHECKING:
    from bot.web.session import PagePlayConfig


def _page_options(page: argparse._ArgumentGroup) -> None:
    page.add_argument(
        "--rules", choices=("erudit", "scrabble-ru", "scrabble-en"), default="erudit",
        help="the game the page plays (default erudit, Russian)",
    )
    page.add_argument(
        "--tiles", type=int, metavar="N",
        help="a short game: the page plays with only N tiles of its set (14 or more)",
    )


def _config(cfg: PagePlayConfig, args: argparse.Namespace) -> PagePlayConfig:
    return replace(cfg, rules=args.rules, tiles=args.tiles)


ERUDIT = PageVerbs("erudit", "Erudit/Scrabble", "board and the rack", ("classic", "wood"),
                   "drag (default) or click", _page_options, _config)
COMMANDS: list[Command] = commands(ERUDIT)
