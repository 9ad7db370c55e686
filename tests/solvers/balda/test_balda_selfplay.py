"""Self-play and the benchmark's measurements, on a small dictionary so they run quickly."""

import random

from bot.bench.balda import (
    depth_seconds,
    oracle_mismatches,
    probe_depth,
    self_play,
    time_movegen,
)
from solvers.balda import BaldaRules, greedy_decision, search_decision
from solvers.balda.positions import midgame_positions, random_start
from solvers.balda.selfplay import play_game


def test_a_game_adds_up(dense):
    start = random_start(dense, random.Random(4), BaldaRules())
    rng = random.Random(5)
    record = play_game(
        start,
        lambda s: search_decision(s, dense, seconds=0.05),
        lambda s: greedy_decision(s, dense, rng),
    )
    final = record.final
    assert final.is_over
    words = [d.move.word for d in record.decisions]
    assert final.used == (start.used[0], *[w for w in words if w])
    assert len(set(final.used)) == len(final.used)
    for player in (0, 1):
        assert final.scores[player] == sum(len(w) for w in words[player::2])
    assert record.margin == final.scores[0] - final.scores[1]


def test_self_play_pairs_games_and_swaps_colours(dense):
    seen = []
    results = self_play(dense, 4, seed=9, seconds=0.03, on_game=seen.append)
    assert results == seen and len(results) == 4
    assert results[0].start_word == results[1].start_word
    assert [r.search_first for r in results] == [True, False, True, False]
    for r in results:
        expected = "win" if r.search_score > r.greedy_score else "loss"
        assert r.outcome == ("draw" if r.search_score == r.greedy_score else expected)
        assert r.depths and min(r.depths) >= 1


def test_measurements_have_the_right_shape(dense):
    positions = midgame_positions(dense, random.Random(8), 4)
    timings = time_movegen(positions, dense)
    assert len(timings) == 4 and all(w >= 0 and c >= 0 and n > 0 for w, c, n in timings)
    assert oracle_mismatches(positions, dense) == []
    assert all(d >= 1 for d in probe_depth(positions, dense, 0.05))
    assert all(d >= 1 for d in probe_depth(positions, dense, 0.05, cpu_clock=True))
    assert all(s >= 0 for s in depth_seconds(positions[:2], dense, 2))
