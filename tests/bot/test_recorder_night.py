"""Recordings sized for a night: unchanged frames are not stored twice, small changes are stored
as patches that replay rebuilds pixel for pixel, a disk budget drops the oldest games' frames
(never an event), and a full disk stops the frames with one warning while the log goes on."""

from __future__ import annotations

import errno
import json
import logging

import numpy as np
import pytest

from bot.io.screens.replay import ReplayScreen
from bot.run import recorder as rec_mod
from bot.run.recorder import Recorder, read_events
from vision.core.frame import Frame

SEED = 20261201


def board(rng: np.random.Generator, base: np.ndarray | None = None, cells: int = 2) -> Frame:
    """A 60x80 'window': a new random picture, or ``base`` with a few 10x10 cells changed."""
    if base is None:
        px = rng.integers(0, 255, (60, 80, 3), dtype=np.uint8)
    else:
        px = base.copy()
        for _ in range(cells):
            y, x = rng.integers(0, 5) * 10, rng.integers(0, 7) * 10
            px[y : y + 10, x : x + 10] = rng.integers(0, 255, 3, dtype=np.uint8)
    return Frame.from_pixels(px, 100, 50)


def record_games(folder, rng, games=3, steps=6, **options):
    frames = []
    with Recorder(folder, **options) as rec:
        rec.event({"event": "session"})
        for g in range(1, games + 1):
            rec.event({"event": "game", "game": g})
            f = board(rng)
            for s in range(steps):
                rec.event({"event": "step", "game": g, "step": s}, f)
                frames.append(f)
                f = board(rng, f.pixels) if s % 3 != 2 else f  # every third step: no change
    return frames


def test_replayed_frames_equal_the_recorded_ones_pixel_for_pixel(tmp_path):
    rng = np.random.default_rng(SEED)
    frames = record_games(tmp_path, rng)
    screen = ReplayScreen(tmp_path)
    assert len(screen.events) == len(frames)
    for event, frame in zip(screen.events, frames, strict=True):
        got = screen.load(event)
        assert np.array_equal(got.pixels, frame.pixels), f"seed {SEED}: {event['frame']}"
        assert got.region == frame.region
    events = list(read_events(tmp_path))
    steps = [e for e in events if e["event"] == "step"]
    assert sum("patch" in e for e in steps) >= 6, "small changes are stored as patches"
    files = list((tmp_path / "frames").glob("*.png"))
    assert len(files) < len(steps), "an unchanged frame is not stored again"
    firsts = [e for e in steps if e["step"] == 0]
    assert all("patch" not in e for e in firsts), "every game starts with a whole frame"


def test_frames_are_read_the_same_out_of_order(tmp_path):
    rng = np.random.default_rng(SEED + 1)
    frames = record_games(tmp_path, rng, games=2)
    screen = ReplayScreen(tmp_path)
    order = list(range(len(frames)))[::-1]
    for i in order:
        assert np.array_equal(screen.load(screen.events[i]).pixels, frames[i].pixels)


def test_the_budget_drops_the_oldest_games_frames_and_keeps_every_event(tmp_path):
    rng = np.random.default_rng(SEED + 2)
    frames = record_games(tmp_path / "free", rng, games=4)
    sizes = sum(p.stat().st_size for p in (tmp_path / "free" / "frames").glob("*.png"))
    budget = sizes // 3  # room for about one game
    rng = np.random.default_rng(SEED + 2)
    frames = record_games(tmp_path / "tight", rng, games=4, max_bytes=budget)
    folder = tmp_path / "tight"
    events = list(read_events(folder))
    assert sum(e["event"] == "step" for e in events) == len(frames), "every event is kept"
    dropped = [e for e in events if e["event"] == "frames-dropped"]
    assert dropped and dropped[0]["game_no"] == 1
    on_disk = sum(p.stat().st_size for p in (folder / "frames").glob("*.png"))
    last_game = max(e["game_no"] for e in dropped)
    assert last_game < 4, "the game being played is never dropped"
    assert on_disk <= budget + sizes // 4
    screen = ReplayScreen(folder)
    kept = [e for e in events if e["event"] == "step" and e["game_no"] > last_game]
    assert len(screen.events) == len(kept)
    order = [(e["game"], e["step"]) for e in events if e["event"] == "step"]
    for event in screen.events:  # what is kept still rebuilds exactly (matched by game and
        i = order.index((event["game"], event["step"]))  # step: two steps can share a time)
        assert np.array_equal(screen.load(event).pixels, frames[i].pixels)


def test_a_full_disk_stops_frames_with_one_warning_and_the_log_goes_on(tmp_path, monkeypatch,
                                                                       caplog):
    rng = np.random.default_rng(SEED + 3)
    writes = {"n": 0}
    real = rec_mod._write_png

    def fills_up(path, pixels):
        writes["n"] += 1
        if writes["n"] > 3:
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(path, pixels)

    monkeypatch.setattr(rec_mod, "_write_png", fills_up)
    warnings: list[str] = []
    frames = record_games(tmp_path, rng, games=3, on_warning=warnings.append)
    events = list(read_events(tmp_path))
    steps = [e for e in events if e["event"] == "step"]
    assert len(steps) == len(frames)
    assert len(warnings) == 1 and "No space left" in warnings[0]
    # said once: not also as a logging warning (printed on stderr when logging is not set up)
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert any(e.get("frame_lost") for e in steps)
    assert all("frame" not in e for e in steps[-5:]), "no frame is named after the disk filled"


def test_frame_modes(tmp_path):
    with Recorder(tmp_path / "p", frames="problems") as rec:
        rng = np.random.default_rng(SEED)
        f = board(rng)
        assert rec.event({"event": "step"}, f) is None
        assert rec.event({"event": "problem", "kind": "misread"}, f) is not None
    with Recorder(tmp_path / "n", frames="none") as rec:
        assert rec.event({"event": "problem"}, f) is None
    assert len(list((tmp_path / "p" / "frames").glob("*.png"))) == 1
    assert not list((tmp_path / "n" / "frames").glob("*.png"))
    with pytest.raises(ValueError, match="frames must be one of"):
        Recorder(tmp_path / "x", frames="some")


def test_a_games_frames_are_kept_as_one_run_of_numbers(tmp_path):
    """What the budget needs to drop a game's frames is a run of frame numbers a game, not
    every file name (8,500 games a night)."""
    rng = np.random.default_rng(SEED + 5)
    folder = tmp_path / "r"
    frames: list = []
    rec = Recorder(folder, max_bytes=10**9)
    with rec:
        rec.event({"event": "session"})
        for g in range(1, 4):
            rec.event({"event": "game", "game": g})
            f = board(rng)
            for s in range(5):
                rec.event({"event": "step", "game": g, "step": s}, f)
                frames.append(f)
                f = board(rng, f.pixels)
    files = sorted((folder / "frames").glob("*.png"))
    kept = rec._files
    assert kept.games() == [1, 2, 3] and [len(kept.runs(g)) for g in kept.games()] == [1, 1, 1]
    numbers = [n for g in kept.games() for a, b in kept.runs(g) for n in range(a, b + 1)]
    assert [f"{n:06d}.png" for n in numbers] == [p.name for p in files]
    assert sum(kept.size(g) for g in kept.games()) == sum(p.stat().st_size for p in files)


def test_an_event_waiting_to_be_written_keeps_none_of_its_objects(tmp_path, monkeypatch):
    """While the writer thread is busy, a queued event is its JSON line: its decisions' dicts
    are freed at once (kept, a night's queue of them held Python's arenas from being freed)."""
    import gc
    import threading
    import weakref

    class Decision(dict):  # a decision we can watch (a dict subclass takes weak references)
        pass

    busy, release = threading.Event(), threading.Event()
    write_png = rec_mod._write_png

    def slow_png(path, pixels):
        busy.set()
        release.wait(10)
        return write_png(path, pixels)

    monkeypatch.setattr(rec_mod, "_write_png", slow_png)
    rng = np.random.default_rng(SEED + 9)
    with Recorder(tmp_path / "r") as rec:
        try:
            rec.event({"event": "step", "step": 1}, board(rng))
            assert busy.wait(10)  # the writer is stuck on that frame
            decision = Decision(move="open 3 4", probability=0.25)
            watched = weakref.ref(decision)
            rec.event({"event": "step", "step": 2, "decisions": [decision]})
            del decision
            gc.collect()
            assert watched() is None
        finally:
            release.set()
    steps = [e for e in read_events(tmp_path / "r") if e["event"] == "step"]
    assert steps[1]["decisions"] == [{"move": "open 3 4", "probability": 0.25}]


def test_a_figure_with_no_value_is_written_as_null_not_nan(tmp_path):
    """A game the program's crash cut short has no move, so no latency median: the line must
    still be JSON that strict readers (jq, json.loads(parse_constant=...)) accept."""
    from bot.run.recorder import JsonlWriter

    def strict(text: str) -> object:
        return json.loads(text, parse_constant=lambda c: pytest.fail(f"{c} in the line"))

    writer = JsonlWriter(tmp_path / "games.jsonl")
    writer.write({"game": 9, "latency_ms_median": float("nan"),
                  "spread": [1.5, float("inf"), {"x": float("-inf")}]})
    writer.close()
    line = (tmp_path / "games.jsonl").read_text(encoding="utf-8")
    assert strict(line) == {"game": 9, "latency_ms_median": None,
                            "spread": [1.5, None, {"x": None}]}


def test_a_line_the_disk_cannot_take_is_taken_back_whole(tmp_path, monkeypatch):
    """A full disk mid-line (a 3 MB tmpfs wrote 684 bytes of a step) leaves no torn line: the
    file ends with the last complete one and every line already written stays as it was."""
    import os

    from bot.run.recorder import JsonlWriter

    path = tmp_path / "session.jsonl"
    writer = JsonlWriter(path)
    writer.write({"event": "game", "game": 1})
    kept = path.read_bytes()
    real_write = os.write

    def full_after_a_few_bytes(fd: int, data: bytes) -> int:
        if len(data) > 10:
            return real_write(fd, bytes(data[:10]))  # the disk took part of the line...
        raise OSError(errno.ENOSPC, "No space left on device")  # ...and then nothing

    monkeypatch.setattr(os, "write", full_after_a_few_bytes)
    with pytest.raises(OSError):
        writer.write({"event": "step", "state": "#" * 200})
    monkeypatch.setattr(os, "write", real_write)
    assert path.read_bytes() == kept
    writer.write({"event": "outcome", "outcome": "won"})  # space again: it goes on
    writer.close()
    assert [json.loads(line)["event"] for line in path.read_text().splitlines()] == [
        "game", "outcome"]
