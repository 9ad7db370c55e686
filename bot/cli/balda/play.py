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


#: Seconds the engine thinks a Balda move on a page: a quarter second searches a 5x5 position
#: a few plies deep (``bench balda`` plays at 0.25 s), and a move must show on screen within
#: 1.5 s of our turn (issue 23).
THINK = 0.3


def _config(cfg: PagePlayConfig, args: argparse.Namespace) -> PagePlayConfig:
    think = args.think if args.think is not None else THINK
    return replace(cfg, size=args.size, lang=args.lang, think=think)


BALDA = PageVerbs("balda", "Balda", "letter grid", ("classic", "night", "canvas"),
                  "palette-drag (default) or type-click", _page_options, _config)
COMMANDS: list[Command] = commands(BALDA)
