"""``gamebot bench vision --game balda|erudit``: accuracy and speed on labelled letter grids.

Balda reads ``recordings/balda/labelled`` (or ``--fixtures DIR``) with the glyph banks shipped
in ``calibration/sites/<site>/glyphs``, and again with empty banks (Tesseract names every
glyph, which takes a minute or two; a progress bar shows on a terminal).
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from bot.errors import GamebotError

if TYPE_CHECKING:
    from vision.core.glyph_bank import GlyphBank


def builtin_bank(site: str) -> GlyphBank:
    """The glyph bank shipped for ``site`` (an empty one when none is shipped)."""
    from bot.web.sites import BUILTIN_DIR
    from vision.core.glyph_bank import GlyphBank

    folder = BUILTIN_DIR / site / "glyphs"
    if not (folder / "bank.json").is_file():
        raise GamebotError(f"no glyph bank shipped for site {site!r} ({folder})")
    return GlyphBank.load(folder)


def run_letters_bench(args: argparse.Namespace) -> int:
    if args.game == "erudit":
        from bot.bench.vision_erudit import run_erudit_bench

        return run_erudit_bench(args)
    if args.game != "balda":
        raise GamebotError(f"bench vision --game {args.game}: not available yet")
    from pathlib import Path

    from bot.bench.vision_balda import run_balda_bench
    from bot.cli.progress import progress_bar
    from bot.cli.report import emit
    from solvers.words.alphabet import alphabet_for
    from vision.balda.fixtures import load_balda_fixtures

    folder = Path(args.fixtures) if args.fixtures else None
    banks: dict[str, GlyphBank] = {}

    def bank_for(site: str) -> GlyphBank:
        if site not in banks:
            banks[site] = builtin_bank(site)
        return banks[site].copy()

    total = len(load_balda_fixtures(folder))
    repeat = max(1, min(args.repeat, 50))
    with progress_bar(total, "balda pictures") as bar:
        summary, lines = run_balda_bench(
            bank_for, alphabet_for, folder, repeat, True, lambda name: bar.advance(status=name)
        )
    emit(summary, lines, args.json)
    return 0
