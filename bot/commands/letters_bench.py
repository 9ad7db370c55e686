"""``gamebot bench vision --game balda|erudit``: accuracy and speed on labelled letter grids."""

from __future__ import annotations

import argparse

from bot.errors import GamebotError


def run_letters_bench(args: argparse.Namespace) -> int:
    raise GamebotError(f"bench vision --game {args.game}: not available yet")
