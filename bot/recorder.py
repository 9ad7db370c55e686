"""Recordings: ``session.jsonl`` (one event a line) plus the PNG frames the events name.

Everything is append-only and atomic: a frame is written to a temporary file and renamed, then
the line naming it is appended with one ``write`` and an ``fsync``. A crash or Ctrl+C can lose at
most the event being written, never one already on disk, and a reader skips a torn last line.
Writes happen on a background thread so PNG encoding never delays a click; ``close`` drains it.
Frames hold the game's region only (the loop grabs nothing else).
"""

from __future__ import annotations

import json
import os
import queue
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from vision.frame import Frame

SESSION_FILE = "session.jsonl"
FRAMES_DIR = "frames"
FORMAT_VERSION = 1


class RecordingError(ValueError):
    """A recording directory or event line that cannot be used; names the file and line."""


class JsonlWriter:
    """Append JSON objects to a file, one a line, each durable before the next."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._fh = open(self.path, "a", encoding="utf-8")  # closed in close()

    def write(self, obj: dict[str, Any]) -> None:
        self._fh.write(json.dumps(obj, ensure_ascii=False, separators=(",", ":")) + "\n")
        self._fh.flush()
        os.fsync(self._fh.fileno())

    def close(self) -> None:
        if not self._fh.closed:
            self._fh.close()


class Recorder:
    """``with Recorder(dir) as rec: rec.event({...}, frame)`` — the frame's path goes in the event.

    A directory that already holds a session is appended to (a resumed soak keeps one log);
    frame numbers continue after the last frame on disk.
    """

    def __init__(self, directory: str | Path, max_pending: int = 256) -> None:
        self.directory = Path(directory)
        (self.directory / FRAMES_DIR).mkdir(parents=True, exist_ok=True)
        existing = sorted((self.directory / FRAMES_DIR).glob("*.png"))
        self._next = int(existing[-1].stem) + 1 if existing else 1
        self._writer = JsonlWriter(self.directory / SESSION_FILE)
        self._queue: queue.Queue[tuple[dict[str, Any], Frame | None, str | None] | None]
        self._queue = queue.Queue(maxsize=max_pending)
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._drain, name="recorder", daemon=True)
        self._thread.start()

    @property
    def session_path(self) -> Path:
        return self.directory / SESSION_FILE

    def event(self, event: dict[str, Any], frame: Frame | None = None) -> str | None:
        """Queue one event (and its frame); returns the frame's path relative to the directory."""
        if self._error is not None:
            raise RecordingError(f"{self.session_path}: writing failed: {self._error}")
        name = None
        if frame is not None:
            name = f"{FRAMES_DIR}/{self._next:06d}.png"
            self._next += 1
            event = {**event, "frame": name}
        event = {"t": round(time.time(), 4), **event}
        self._queue.put((event, frame, name))
        return name

    def _drain(self) -> None:
        while True:
            item = self._queue.get()
            if item is None:
                return
            event, frame, name = item
            try:
                if frame is not None and name is not None:
                    frame.save(self.directory / name)
                self._writer.write(event)
            except BaseException as exc:  # keep draining; report on the next event()
                self._error = exc

    def close(self) -> None:
        if self._thread.is_alive():
            self._queue.put(None)
            self._thread.join()
        self._writer.close()

    def __enter__(self) -> Recorder:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


def read_events(directory: str | Path) -> Iterator[dict[str, Any]]:
    """Events of a recording in order; a torn last line (crash mid-write) is skipped."""
    path = Path(directory) / SESSION_FILE
    if not path.is_file():
        raise RecordingError(f"{path}: no such recording (expected {SESSION_FILE} in the folder)")
    with open(path, encoding="utf-8") as fh:
        lines = fh.readlines()
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            event = json.loads(line)
        except json.JSONDecodeError:
            if number == len(lines) and not line.endswith("\n"):
                return  # torn final line: the process died while writing it
            raise RecordingError(f"{path}, line {number}: not a JSON object") from None
        if not isinstance(event, dict):
            raise RecordingError(f"{path}, line {number}: not a JSON object")
        yield event
