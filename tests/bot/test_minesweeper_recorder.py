"""Recordings are append-only and atomic: what was written survives, a torn line is skipped."""

from __future__ import annotations

import json

import numpy as np
import pytest

from bot.run.recorder import Recorder, RecordingError, read_events
from vision.core.frame import Frame


def frame(value: int) -> Frame:
    return Frame.from_pixels(np.full((6, 8, 3), value, np.uint8), 10, 20)


def test_events_and_frames_are_on_disk_after_close(tmp_path):
    with Recorder(tmp_path) as rec:
        assert rec.event({"event": "session"}) is None
        name = rec.event({"event": "step", "state": "#"}, frame(7))
    assert name == "frames/000001.png"
    events = list(read_events(tmp_path))
    assert [e["event"] for e in events] == ["session", "step"]
    assert events[1]["frame"] == name and "t" in events[1]
    again = Frame.from_file(tmp_path / name)
    assert np.array_equal(again.pixels, frame(7).pixels)


def test_a_second_session_appends_and_numbers_frames_on(tmp_path):
    with Recorder(tmp_path) as rec:
        rec.event({"event": "a"}, frame(1))
    with Recorder(tmp_path) as rec:
        name = rec.event({"event": "b"}, frame(2))
    assert name == "frames/000002.png"
    assert [e["event"] for e in read_events(tmp_path)] == ["a", "b"]


def test_a_torn_last_line_is_skipped_but_a_broken_middle_line_is_named(tmp_path):
    with Recorder(tmp_path) as rec:
        rec.event({"event": "a"})
        rec.event({"event": "b"})
    path = tmp_path / "session.jsonl"
    with open(path, "a") as fh:
        fh.write('{"event": "c", "t": 1')  # the process died mid-write
    assert [e["event"] for e in read_events(tmp_path)] == ["a", "b"]
    lines = path.read_text().splitlines()
    path.write_text("\n".join([lines[0], "{oops", lines[1]]) + "\n")
    with pytest.raises(RecordingError, match="line 2"):
        list(read_events(tmp_path))


def test_every_line_is_one_json_object(tmp_path):
    with Recorder(tmp_path) as rec:
        for i in range(50):
            rec.event({"event": "step", "i": i, "text": "a\nb"}, frame(i) if i % 5 == 0 else None)
    lines = (tmp_path / "session.jsonl").read_text().splitlines()
    assert len(lines) == 50
    assert [json.loads(line)["i"] for line in lines] == list(range(50))
    assert len(list((tmp_path / "frames").glob("*.png"))) == 10
    assert not list((tmp_path / "frames").glob(".*.tmp"))


def test_no_recording_is_a_clear_error(tmp_path):
    with pytest.raises(RecordingError, match="no such recording"):
        list(read_events(tmp_path / "nothing"))
