"""A night of games keeps summary figures, not per-game objects (issue 15: memory stays flat).

Each test counts what a session keeps as games go by; the figures it reports must stay exactly
those computed from every game.
"""

from __future__ import annotations

import gc
import json
import random
import tracemalloc

import pytest

from bot.run import stats
from bot.run.frame_runs import FrameRuns
from bot.run.results import GameResult, Samples, SessionStats

OUTCOMES = ["won", "lost", "lost", "drawn", "unfinished", "unknown"]


def _games(n: int, seed: int) -> list[GameResult]:
    rng = random.Random(seed)
    games = []
    for number in range(1, n + 1):
        game = GameResult(number, rng.choice(OUTCOMES), rng.uniform(0.5, 9.0), 40, 60, 3,
                          details={"mines_left": rng.randrange(99)})
        game.latencies_ms = [rng.expovariate(1 / 20) for _ in range(5)]
        games.append(game)
    return games


def _add(session: SessionStats, games: list[GameResult]) -> None:
    for game in games:
        session.add(game)


def _live_game_results() -> int:
    gc.collect()
    return sum(isinstance(o, GameResult) for o in gc.get_objects())


def test_a_night_keeps_counts_not_games():
    """Without keep_games no GameResult stays alive, and wins, finished games, their seconds,
    moves and the outcomes are exactly those of a session that kept every game."""
    night, kept = SessionStats(keep_games=False), SessionStats()
    before = _live_game_results()
    _add(night, _games(3_000, seed=5))
    assert _live_game_results() == before
    assert night.games == []
    _add(kept, _games(3_000, seed=5))
    assert night.played == len(kept.games) == 3_000
    assert night.wins == kept.wins == sum(g.outcome == "won" for g in kept.games)
    assert night.finished_count == len(kept.finished) > 0
    seconds = [g.seconds for g in kept.finished]
    assert night.finished_seconds() == seconds
    assert stats.median(night.finished_seconds()) == stats.median(seconds)
    assert night.moves == sum(g.moves for g in kept.games)
    assert night.outcomes() == [g.outcome for g in kept.games]
    assert night.latencies() == kept.latencies()
    with pytest.raises(RuntimeError, match="keep_games"):
        _ = night.finished


def test_a_nights_counts_take_bytes_a_game():
    """What a game leaves behind in a night's stats: a byte and a double, not an object."""
    night = SessionStats(keep_games=False)
    games = _games(4_000, seed=6)
    for game in games[:200]:
        night.add(game)
    tracemalloc.start()
    try:
        start = tracemalloc.get_traced_memory()[0]
        for game in games[200:]:
            night.add(game)
        grown = tracemalloc.get_traced_memory()[0] - start
    finally:
        tracemalloc.stop()
    assert grown / 3_800 < 24 + 5 * 8, grown  # outcome + seconds (+ the timings' samples)


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


def test_frame_runs_take_a_few_bytes_a_game():
    """The recorder's budget bookkeeping: a game's frames are a run of numbers, 32 bytes."""
    runs = FrameRuns()
    number = 1
    tracemalloc.start()
    try:
        start = tracemalloc.get_traced_memory()[0]
        for game in range(1, 3_001):
            for _ in range(40):
                runs.add(game, number, 2_000)
                number += 1
        grown = tracemalloc.get_traced_memory()[0] - start
    finally:
        tracemalloc.stop()
    assert grown / 3_000 < 64, grown
    assert runs.games()[:3] == [1, 2, 3] and runs.runs(2) == [(41, 80)]
    assert runs.size(2) == 80_000 and runs.oldest_but(1) == 2


def test_frame_runs_drop_the_oldest_game_whole():
    """A game whose frames came in two runs (another game's between) is dropped whole."""
    runs = FrameRuns()
    for game, number in [(1, 1), (1, 2), (2, 3), (1, 4), (3, 5), (3, 6)]:
        runs.add(game, number, 10)
    assert runs.oldest_but(current=1) == 2
    assert runs.pop(1) == ([(1, 2), (4, 4)], 30)
    assert runs.games() == [2, 3] and runs.runs(3) == [(5, 6)] and runs.size(3) == 20
    assert runs.oldest_but(current=2) == 3 and runs.oldest_but(current=5) == 2


def test_play_keeps_no_game_objects(tmp_path):
    """``gamebot play`` on the simulator: the session ends with counts that agree with its
    game log, and no GameResult kept."""
    from bot.games.minesweeper.session import PlayConfig, play
    from solvers.minesweeper.rules import Level

    log = tmp_path / "games.jsonl"
    cfg = PlayConfig(target="sim", level=Level.parse("beginner"), games=6, seed=11, log=log,
                     out=tmp_path)
    result = play(cfg)
    lines = [json.loads(line) for line in log.read_text().splitlines()]
    assert result.stats.games == [] and result.stats.played == len(lines) == 6
    assert result.summary["wins"] == sum(g["outcome"] == "won" for g in lines)
    assert result.summary["games"] == sum(g["outcome"] in ("won", "lost") for g in lines)
    assert result.summary["moves"] == sum(g["moves"] for g in lines) > 0


def test_memtrace_writes_figures_every_k_games(tmp_path, monkeypatch):
    """GAMEBOT_MEMTRACE: one line of memory figures every K games, nothing when unset."""
    from bot.run import memtrace

    monkeypatch.delenv(memtrace.ENV_FILE, raising=False)
    assert memtrace.from_env() is None
    out = tmp_path / "mem.jsonl"
    monkeypatch.setenv(memtrace.ENV_FILE, str(out))
    monkeypatch.setenv(memtrace.ENV_EVERY, "3")
    hook = memtrace.from_env()
    assert hook is not None
    for n in range(1, 8):
        hook(n)
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert [line["games"] for line in lines] == [3, 6]
    assert all(line["rss_mb"] > 1 and line["gc_objects"] > 0 for line in lines)
    assert "heap_used_mb" in lines[0]  # glibc (this suite runs on Linux)
    assert lines[0]["py_arenas"] >= 1 and lines[0]["py_blocks_mb"] > 0



def test_the_simulated_screen_keeps_its_last_clicks_as_numbers():
    """The sim remembers its last 10,000 clicks (oldest first, read as (Point, Button)) but
    keeps no click's objects alive: held for ~65 expert games each, they pinned arenas."""
    import weakref

    from bot.games.minesweeper.sim_screen import SimScreen
    from bot.io.screens.base import Button
    from solvers.minesweeper.rules import Level
    from vision.core.geometry import Point

    screen = SimScreen(Level.parse("beginner"), seed=1)
    point = Point(1, 1)  # on the screen's background: nothing happens
    watched = weakref.ref(point)
    screen.click(point, Button.RIGHT)
    screen.click(Point(2, 1), Button.LEFT)  # (the pointer is where the last click was)
    del point
    gc.collect()
    assert watched() is None
    assert list(screen.clicks) == [(Point(1, 1), Button.RIGHT), (Point(2, 1), Button.LEFT)]
    clicks = [(Point(i % 9, 3), Button.LEFT) for i in range(12_000)]
    for p, b in clicks:
        screen.click(p, b)
    assert len(screen.clicks) == 10_000 and list(screen.clicks) == clicks[-10_000:]
    assert screen.clicks[0] == clicks[2_000] and screen.clicks[-1] == clicks[-1]
    with pytest.raises(IndexError):
        screen.clicks[10_000]
