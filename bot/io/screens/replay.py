"""Frames from a recording, one per grab, in the order they were captured.

Input is collected (``clicks``, ``keys``) but changes nothing: a recording cannot answer. The
replay command walks a session with :meth:`ReplayScreen.frames`; tests can drive any code that
takes a screen with recorded pixels.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from bot.io.screens.base import Button, Reached, ScreenError
from bot.run.recorder import RecordingError, number, read_events
from vision.core.frame import Frame
from vision.core.geometry import Point, Region


def _region(event: dict[str, object], frame: Frame) -> Region:
    r = event.get("region")
    if isinstance(r, list) and len(r) == 4:
        return Region(int(r[0]), int(r[1]), frame.width, frame.height)
    return frame.region



@dataclass(frozen=True)
class Patch:
    """A frame stored as the part that changed: laid ``at`` (x, y) over frame ``base``."""

    base: str
    at: tuple[int, int]


def _listed(value: object, what: str) -> list[object]:
    if not isinstance(value, list):
        raise RecordingError(f"a {what} event lists {value!r}, not frames")
    return value


def _patch(value: object) -> Patch:
    """A recorded patch (``{"base": FRAME, "at": [x, y]}``), checked."""
    if isinstance(value, dict) and isinstance(value.get("base"), str):
        at = value.get("at")
        if isinstance(at, list) and len(at) == 2 and all(isinstance(v, int) for v in at):
            return Patch(value["base"], (at[0], at[1]))
    raise RecordingError(f"a frame's patch is {value!r}, not {{'base': FRAME, 'at': [x, y]}}")

class ReplayScreen:
    """A recording behind the screen protocol: each grab returns the next recorded frame."""

    def __init__(self, directory: str | Path) -> None:
        self.directory = Path(directory)
        every = list(read_events(self.directory))
        self.dropped = {str(f) for e in every if e.get("event") == "frames-dropped"
                        for f in _listed(e.get("frames"), "frames-dropped")}
        self.events = [e for e in every if "frame" in e and e["frame"] not in self.dropped]
        # A patch is laid over its base frame; whole frames have no entry here.
        self._patches = {str(e["frame"]): _patch(e["patch"]) for e in self.events if "patch" in e}
        self._cache: tuple[str, np.ndarray] | None = None
        self._next = 0
        self.clicks: list[tuple[Point, Button]] = []
        self.keys: list[tuple[str, ...]] = []
        self.drags: list[tuple[tuple[Point, ...], Button]] = []

    def load(self, event: dict[str, object]) -> Frame:
        try:
            pixels = self.pixels(str(event["frame"]))
        except ValueError as exc:
            raise RecordingError(f"{self.directory}: event at t={event.get('t')}: {exc}") from exc
        frame = Frame.from_pixels(pixels)
        return Frame(pixels, _region(event, frame), number(event.get("t", 0.0), "an event's time"))

    def pixels(self, name: str) -> np.ndarray:
        """A stored frame's pixels, patches laid over their bases (the last one is cached:
        a recording is read in order, each patch over the frame just before it)."""
        if self._cache is not None and self._cache[0] == name:
            return self._cache[1]
        chain = [name]
        start: np.ndarray | None = None
        while chain[-1] in self._patches:
            base = self._patches[chain[-1]].base
            if self._cache is not None and self._cache[0] == base:
                start = self._cache[1]  # the frame just before: lay the rest over it
                break
            chain.append(base)
        if start is None:
            start = Frame.from_file(self.directory / chain.pop()).pixels  # a whole frame
        pixels = start
        for part in reversed(chain):
            x, y = self._patches[part].at
            patch = Frame.from_file(self.directory / part).pixels
            h, w = patch.shape[:2]
            pixels = pixels.copy()
            pixels[y : y + h, x : x + w] = patch
        self._cache = (name, pixels)
        return pixels

    def frames(self) -> Iterator[tuple[dict[str, object], Frame]]:
        """Every recorded frame with the event that names it."""
        for event in self.events:
            yield event, self.load(event)

    # --- Screen protocol ----------------------------------------------------------------------
    def bounds(self) -> Region:
        if not self.events:
            return Region(0, 0, 0, 0)
        return self.load(self.events[min(self._next, len(self.events) - 1)]).region

    def grab(self, region: Region | None = None) -> Frame:
        if self._next >= len(self.events):
            raise ScreenError(f"{self.directory}: the recording has no more frames")
        frame = self.load(self.events[self._next])
        self._next += 1
        return frame

    def click(self, point: Point, button: Button = Button.LEFT) -> None:
        self.clicks.append((point, button))

    def press(self, *keys: str) -> None:
        self.keys.append(tuple(keys))

    def type_text(self, text: str) -> None:
        self.keys.append(tuple(text))

    def drag(self, points: Sequence[Point], button: Button = Button.LEFT,
             step: float | None = None, reached: Reached | None = None) -> None:
        self.drags.append((tuple(points), button))

    def move_to(self, point: Point) -> None:
        return None

    def check_stop(self) -> None:
        return None

    def close(self) -> None:
        return None
