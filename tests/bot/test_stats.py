"""Confidence intervals and percentiles match known values."""

import math

from hypothesis import given
from hypothesis import strategies as st

from bot.run.stats import median, percentile, wilson_interval


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


def test_a_session_keeps_a_bounded_sample_of_its_timings():
    """Per-move timings of thousands of games go into a fixed-size uniform sample, with each
    game's own median kept for its log line; the session's medians stay close."""
    import random

    from bot.run.results import GameResult, Samples, SessionStats

    rng = random.Random(7)
    session = SessionStats()
    session._latency = Samples(2_000)
    everything = []
    for n in range(1, 201):
        game = GameResult(n, "won", 1.0, 50, 50, 0)
        game.latencies_ms = [rng.expovariate(1 / 20) for _ in range(50)]
        everything += game.latencies_ms
        own = median(game.latencies_ms)
        session.add(game)
        assert game.latencies_ms == [] and game.to_dict()["latency_ms_median"] == round(own, 2)
    kept = session.latencies()
    assert len(kept) == 2_000 and session._latency.seen == 10_000
    true = median(everything)
    assert abs(median(kept) - true) < 0.08 * true
    assert abs(percentile(kept, 90) - percentile(everything, 90)) < 0.08 * true * 3
