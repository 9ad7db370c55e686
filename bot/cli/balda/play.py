"""``play balda`` and ``demo balda``: the page games' verbs with Balda's own page options."""

from __future__ import annotations

import argparse
from dataclasses import replace
from typing import TYPE_CHECKING

from bot.cli.page_play import PageVerbs, commands
from bot.cli.registry import Command

if TYPE_CHECKING:
    from bot.web.session import PagePlayConfig


def _page_options(page: argparse._ArgumentGroup) -> None:
    page.add_argument("--size", type=int, choices=(5, 6, 7), default=5, help="grid size")
    page.add_argument(
        "--lang", choices=("ru", "uk", "en"), default="ru",
        help="the page's language (default ru)",
    )


def _config(cfg: PagePlayConfig, args: argparse.Namespace) -> PagePlayConfig:
    return replace(cfg, size=args.size, lang=args.lang)


BALDA = PageVerbs("balda", "Balda", "letter grid", ("classic", "night"),
                  "palette-drag (default) or type-click", _page_options, _config)
COMMANDS: list[Command] = commands(BALDA)
