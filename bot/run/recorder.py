"""Recordings: ``session.jsonl`` (one event a line) plus the PNG frames the events name.

Everything is append-only and atomic: a frame is written to a temporary file and renamed, then
the line naming it is appended with one ``write`` and an ``fsync``. A crash or Ctrl+C can lose at
most the event being written, never one already on disk, and a reader skips a torn last line.
Writes happen on a background thread so PNG encoding never delays a click; ``close`` drains it.
Frames hold the game's region only (the loop grabs nothing else).

Sized for a night of play:

- a frame equal to the one before it is not stored again (the event names the earlier file);
- a frame that differs in a small part is stored as that part (a *patch*: the event says which
  frame it is laid over and where), and a game's first frame is whole, so every game's frames
  stand on their own; replay rebuilds every frame pixel for pixel;
- ``frames="problems"`` keeps only the frames of problems and learned glyphs, ``"none"`` none;
- a disk budget (``max_bytes``) drops the oldest games' frames first, with an event saying so,
  while every event (and ``games.jsonl``) stays;
- a full disk stops the frames with one warning; play and the event log go on. If even the
  event log cannot be written, the next :meth:`Recorder.event` raises :class:`RecordingError`.
"""

from __future__ import annotations

import json
import logging
import math
import os
import queue
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import numpy as np

from bot.run.frame_runs import FrameRuns
from vision.core.frame import Frame

SESSION_FILE = "session.jsonl"
FRAMES_DIR = "frames"
FORMAT_VERSION = 2  # 2: frames may be patches over an earlier frame, or shared with it
FRAME_MODES = ("all", "problems", "none")
PROBLEM_EVENTS = ("problem", "learned")
PATCH_LIMIT = 0.5  # a change over more than this part of the frame is stored whole
KEYFRAME_EVERY = 200  # a whole frame at least this often within one game

logger = logging.getLogger(__name__)


class RecordingError(ValueError):
    """A recording directory or event line that cannot be used; names the file and line."""


def whole(value: object, what: str) -> int:
    """A whole number read from a recording (``what`` names it in the error)."""
    if isinstance(value, bool) or not isinstance(value, int | float) or value != int(value):
        raise RecordingError(f"{what} is {value!r}, not a whole number")
    return int(value)


def number(value: object, what: str) -> float:
    """A number read from a recording (``what`` names it in the error)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise RecordingError(f"{what} is {value!r}, not a number")
    return float(value)


def encode(obj: dict[str, object]) -> str:
    """An event as its JSON line (without the newline): strict JSON, a figure that has no
    value (the median of no moves) written as null, never as NaN, which jq and other
    readers refuse."""
    return json.dumps(_finite(obj), ensure_ascii=False, separators=(",", ":"),
                      allow_nan=False)


def _finite(value: object) -> object:
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, dict):
        return {k: _finite(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_finite(v) for v in value]
    return value


class JsonlWriter:
    """Append JSON objects to a file, one a line, each durable before the next. A line the disk
    could not take is taken back whole: the file always ends with the last complete line."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._fd: int | None = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)

    def write(self, obj: dict[str, object]) -> None:
        self.write_line(encode(obj))

    def write_line(self, line: str) -> None:
        """One line already encoded by :func:`encode`."""
        if self._fd is None:
            raise ValueError(f"{self.path}: written after close")
        data = memoryview((line + "\n").encode("utf-8"))
        start = os.lseek(self._fd, 0, os.SEEK_END)
        try:
            while data:
                data = data[os.write(self._fd, data):]
            os.fsync(self._fd)
        except OSError:
            try:
                os.ftruncate(self._fd, start)  # no torn line left for readers to trip on
            except OSError:
                pass
            raise

    def close(self) -> None:
        if self._fd is not None:
            fd, self._fd = self._fd, None
            os.close(fd)


def box(frame: Frame | None) -> list[int] | None:
    """Where a frame was taken on the screen, as an event records it: [left, top, w, h]."""
    return None if frame is None else frame.region.to_list()


def changed_box(before: np.ndarray, after: np.ndarray) -> tuple[int, int, int, int] | None:
    """The bounding box (x, y, w, h) of the pixels that differ; None when none do."""
    diff = np.any(before != after, axis=2)
    rows = np.flatnonzero(diff.any(axis=1))
    if rows.size == 0:
        return None
    cols = np.flatnonzero(diff.any(axis=0))
    y0, y1 = int(rows[0]), int(rows[-1]) + 1
    x0, x1 = int(cols[0]), int(cols[-1]) + 1
    return x0, y0, x1 - x0, y1 - y0


class Recorder:
    """``with Recorder(dir) as rec: rec.event({...}, frame)`` — the frame's path goes in the event.

    A directory that already holds a session is appended to (a resumed soak keeps one log);
    frame numbers continue after the last frame on disk.
    """

    def __init__(
        self,
        directory: str | Path,
        max_pending: int = 256,
        frames: str = "all",
        max_bytes: int | None = None,
        on_warning: Callable[[str], None] | None = None,
    ) -> None:
        if frames not in FRAME_MODES:
            raise ValueError(f"frames must be one of {', '.join(FRAME_MODES)}, not {frames!r}")
        self.directory = Path(directory)
        (self.directory / FRAMES_DIR).mkdir(parents=True, exist_ok=True)
        existing = sorted((self.directory / FRAMES_DIR).glob("*.png"))
        self._next = int(existing[-1].stem) + 1 if existing else 1
        self.frames_mode = frames
        self.max_bytes = max_bytes
        self.on_warning = on_warning
        self.frames_failed = False  # set once a frame could not be written (a full disk)
        self.bytes_written = sum(p.stat().st_size for p in existing)
        self.frames_dropped = 0
        self._writer = JsonlWriter(self.directory / SESSION_FILE)
        # (the event's JSON line, its game, the frame it names, pixels to write, their name).
        # Lines, not dicts: an event waiting here is one string, not the many small objects of
        # its decisions, which kept Python's allocator from giving arenas back over a night
        self._queue: queue.Queue[tuple[str, int, str | None, np.ndarray | None, str | None] | None]
        self._queue = queue.Queue(maxsize=max_pending)
        self._error: BaseException | None = None
        # The frame chain: the last frame stored, for "unchanged" and patches.
        self._last: Frame | None = None
        self._last_name: str | None = None
        self._since_key = 0
        self._game = 0
        # Written by the drain thread only: frame files by game, oldest first, for the budget
        # (runs of frame numbers: a night of games keeps a few numbers each, not every name)
        self._files = FrameRuns()
        self._thread = threading.Thread(target=self._drain, name="recorder", daemon=True)
        self._thread.start()

    @property
    def session_path(self) -> Path:
        return self.directory / SESSION_FILE

    def event(self, event: dict[str, object], frame: Frame | None = None) -> str | None:
        """Queue one event (and its frame); returns the frame's path relative to the directory
        (an earlier frame's when nothing changed; None when frames are not kept)."""
        if self._error is not None:
            raise RecordingError(f"{self.session_path}: writing failed: {self._error}")
        if event.get("event") == "game":
            self._game = whole(event.get("game", self._game + 1), "the game number")
            self._last = None  # each game starts with a whole frame: its frames stand alone
        name: str | None = None
        pixels: np.ndarray | None = None
        if frame is not None and self._keeps(event):
            name, pixels, patch = self._store(frame)
            r = frame.region
            event = {"region": [r.left, r.top, r.width, r.height], **event, "frame": name}
            if patch is not None:
                event["patch"] = patch
        event = {"t": round(time.time(), 4), "game_no": self._game, **event}
        stored = event.get("frame")
        item = (encode(event), whole(event["game_no"], "the game number"),
                stored if isinstance(stored, str) else None, pixels,
                name if pixels is not None else None)
        self._queue.put(item)
        return name

    def _keeps(self, event: dict[str, object]) -> bool:
        if self.frames_failed or self.frames_mode == "none":
            return False
        return self.frames_mode == "all" or event.get("event") in PROBLEM_EVENTS

    def _store(self, frame: Frame) -> tuple[str, np.ndarray | None, dict[str, object] | None]:
        """Name the frame and decide what goes to disk: nothing (unchanged), a patch, or all."""
        last = self._last
        whole = (
            last is None
            or last.pixels.shape != frame.pixels.shape
            or last.region != frame.region
            or self._since_key >= KEYFRAME_EVERY
        )
        box = None if whole or last is None else changed_box(last.pixels, frame.pixels)
        if not whole and box is None:
            assert self._last_name is not None
            self._last = frame
            return self._last_name, None, None  # nothing changed: no new file
        name = f"{FRAMES_DIR}/{self._next:06d}.png"
        self._next += 1
        patch: dict[str, object] | None = None
        pixels = frame.pixels
        if box is not None and box[2] * box[3] <= PATCH_LIMIT * frame.width * frame.height:
            x, y, w, h = box
            patch = {"base": self._last_name, "at": [x, y]}
            pixels = np.ascontiguousarray(frame.pixels[y : y + h, x : x + w])
            self._since_key += 1
        else:
            self._since_key = 0
        self._last, self._last_name = frame, name
        return name, pixels, patch

    def _drain(self) -> None:
        while True:
            item = self._queue.get()
            if item is None:
                return
            line, game, named, pixels, name = item
            if pixels is not None and name is not None and not self.frames_failed:
                try:
                    size = _write_png(self.directory / name, pixels)
                except OSError as exc:
                    self._frames_stop(exc)
                else:
                    self.bytes_written += size
                    self._files.add(game, int(Path(name).stem), size)
            if self.frames_failed and named is not None:
                if pixels is not None or not (self.directory / str(named)).is_file():
                    event = json.loads(line)
                    event = {k: v for k, v in event.items() if k not in ("frame", "patch")}
                    event["frame_lost"] = True
                    line = encode(event)
            try:
                self._writer.write_line(line)
                self._keep_budget(game)
            except BaseException as exc:  # keep draining; report on the next event()
                self._error = exc

    def _frames_stop(self, exc: OSError) -> None:
        self.frames_failed = True
        message = (
            f"recording: frames stop here ({exc.strerror or exc}); play and the game log go on"
        )
        if self.on_warning is not None:
            self.on_warning(message)  # said once, where the person running it looks
            logger.info(message)
        else:
            logger.warning(message)

    def _keep_budget(self, current: int) -> None:
        """Drop the oldest games' frames (never the game being played) to stay in budget."""
        if self.max_bytes is None:
            return
        while self.bytes_written > self.max_bytes:
            oldest = self._files.oldest_but(current)
            if oldest is None:
                return
            runs, total = self._files.pop(oldest)
            files = [f"{FRAMES_DIR}/{n:06d}.png" for a, b in runs for n in range(a, b + 1)]
            for name in files:
                try:
                    (self.directory / name).unlink()
                except FileNotFoundError:
                    pass
            self.bytes_written -= total
            self.frames_dropped += len(files)
            self._writer.write(
                {
                    "t": round(time.time(), 4),
                    "event": "frames-dropped",
                    "game_no": oldest,
                    "frames": files,
                    "reason": f"disk budget of {self.max_bytes / 1e9:.2f} GB",
                }
            )

    def close(self) -> None:
        if self._thread.is_alive():
            self._queue.put(None)
            self._thread.join()
        self._writer.close()

    def __enter__(self) -> Recorder:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


def _write_png(path: Path, pixels: np.ndarray) -> int:
    """Atomically (temp file, fsync, rename); returns the bytes written."""
    from vision.core.atomic import png_bytes, write_atomic

    data = png_bytes(pixels, path, compression=6)
    write_atomic(path, data)
    return len(data)


def read_events(directory: str | Path) -> Iterator[dict[str, object]]:
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
