"""Figures of a paired Minesweeper run: the second engine's own figures and the difference.

``bench minesweeper --versus NAME`` plays every seeded game with both engine settings (the same
layout and first click), so the difference in win rate is measured on the games one wins and
the other loses (``paired``), not as the gap between two noisy rates.
"""

from __future__ import annotations

from bot.bench.minesweeper import GameResult
from bot.bench.paired import paired
from bot.run.stats import wilson_interval


def versus_figures(
    pairs: list[tuple[GameResult, ...]], this: str, other: str
) -> tuple[dict[str, object], list[str]]:
    """The JSON fields (``versus``, ``paired``) and the lines of a run of (this, other) pairs."""
    n = len(pairs)
    mine = [p[0].won for p in pairs]
    theirs = [p[1].won for p in pairs]
    wins = sum(theirs)
    low, high = wilson_interval(wins, n)
    cpu_ms = 1000 * sum(p[1].cpu_s for p in pairs) / max(n, 1)
    diff = paired(mine, theirs)
    dlow, dhigh = diff.interval()
    fields: dict[str, object] = {
        "versus": {
            "engine_setting": other,
            "wins": wins,
            "win_rate": wins / n,
            "ci95_low": low,
            "ci95_high": high,
            "cpu_ms_per_game": cpu_ms,
        },
        "paired": {
            "games": diff.games,
            "only_engine_won": diff.only_this,
            "only_versus_won": diff.only_reference,
            "difference": diff.difference,
            "ci95": [dlow, dhigh],
        },
    }
    lines = [
        f"versus {other} on the same games: {wins} / {n} won = {100 * wins / n:.2f} %"
        f" (95 % CI {100 * low:.2f}-{100 * high:.2f} %), CPU {cpu_ms:.1f} ms a game",
        f"paired difference {this} - {other}: {100 * diff.difference:+.3f} pp"
        f" (95 % CI {100 * dlow:+.3f} to {100 * dhigh:+.3f} pp);"
        f" {diff.only_this} games only {this} won, {diff.only_reference} only {other} won",
    ]
    return fields, lines
