"""A night of games keeps summary figures, not per-game objects (issue 15: memory stays flat).

Each test counts what a session keeps as games go by; the figures it reports must stay exactly
those computed from every game.
"""

from __future__ import annotations

import random
import tracemalloc

from bot.results import Samples


def test_timing_samples_are_raw_doubles():
    """A full sample of 50,000 timings takes 8 bytes a value (a list of floats took 32)."""
    rng = random.Random(3)
    tracemalloc.start()
    try:
        start = tracemalloc.get_traced_memory()[0]
        sample = Samples()
        for _ in range(60):  # a game's timings at a time, dropped after (as the session does)
            game = [rng.expovariate(1 / 20) for _ in range(1_000)]
            sample.extend(game)
        del game
        size = tracemalloc.get_traced_memory()[0] - start
    finally:
        tracemalloc.stop()
    assert len(sample.values) == 50_000 and sample.seen == 60_000
    assert size < 10 * 50_000, size
