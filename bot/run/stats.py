"""Figures benchmarks print: win rates with confidence intervals, medians, percentiles."""

from __future__ import annotations

import math
from collections.abc import Sequence


def wilson_interval(wins: float, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """95 % Wilson score interval for a win rate (well-behaved near 0 and 1 and for small n);
    ``wins`` may count a draw as half."""
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    low = 0.0 if wins == 0 else max(0.0, min(p, centre - half))
    high = 1.0 if wins == n else min(1.0, max(p, centre + half))
    return (low, high)


def percentile(values: Sequence[float], q: float) -> float:
    """Linear-interpolated percentile, q in [0, 100]; NaN for no values."""
    if not values:
        return math.nan
    data = sorted(values)
    k = (len(data) - 1) * q / 100.0
    lo, hi = math.floor(k), math.ceil(k)
    if lo == hi:
        return float(data[lo])
    return float(data[lo] + (data[hi] - data[lo]) * (k - lo))


def median(values: Sequence[float]) -> float:
    return percentile(values, 50.0)
