"""Confidence intervals and percentiles match known values."""

import math

from hypothesis import given
from hypothesis import strategies as st

from bot.stats import median, percentile, wilson_interval


def test_wilson_matches_a_textbook_value():
    lo, hi = wilson_interval(40, 100)
    assert math.isclose(lo, 0.3094, abs_tol=1e-4)
    assert math.isclose(hi, 0.4980, abs_tol=1e-4)


@given(st.integers(1, 10_000).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
def test_wilson_contains_the_rate(pair):
    wins, n = pair
    lo, hi = wilson_interval(wins, n)
    assert 0.0 <= lo <= wins / n <= hi <= 1.0


def test_percentiles():
    assert median([3, 1, 2]) == 2
    assert percentile([1, 2, 3, 4], 50) == 2.5
    assert percentile(list(range(101)), 99) == 99
    assert math.isnan(median([]))
