"""Two players on the same games: the difference in win rate with its 95 % interval.

Pairing is what makes a small difference measurable: only the games one wins and the other
loses (the discordant pairs) carry the difference, and their spread is far smaller than that
of two independent win rates. The interval is the normal approximation for paired proportions.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

Z95 = 1.959963984540054


@dataclass(frozen=True)
class Paired:
    """A player against a reference on the same games: the discordant pairs, and the
    difference in win rate with its 95 % interval (normal approximation for paired data)."""

    only_this: int  # games this player won and the reference lost
    only_reference: int
    games: int

    @property
    def difference(self) -> float:
        return (self.only_this - self.only_reference) / self.games if self.games else 0.0

    def interval(self) -> tuple[float, float]:
        n, b, c = self.games, self.only_reference, self.only_this
        if not n:
            return 0.0, 0.0
        var = max(0.0, (b + c) - (c - b) ** 2 / n) / (n * n)
        half = Z95 * math.sqrt(var)
        return self.difference - half, self.difference + half


def paired(this: Sequence[bool], reference: Sequence[bool]) -> Paired:
    """The pairs of game outcomes (won or not), as far as both players got."""
    n = min(len(this), len(reference))
    a, b = this[:n], reference[:n]
    return Paired(
        sum(1 for x, y in zip(a, b, strict=True) if x and not y),
        sum(1 for x, y in zip(a, b, strict=True) if y and not x),
        n,
    )
