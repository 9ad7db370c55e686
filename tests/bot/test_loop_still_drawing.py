"""An unreadable frame is watched for a while before it counts as a misread: a loaded machine
draws an animation's frames further apart than an idle one (gnome-mines' fading cells)."""

from __future__ import annotations

import time

import numpy as np

from bot.run.loop import Loop, LoopOptions
from vision.core.frame import Frame
from vision.core.geometry import Region


class SlowAnimation:
    """A screen whose board changes ``after`` seconds after it was first grabbed."""

    def __init__(self, after: float) -> None:
        self.after, self.first = after, None
        self.grabs = 0

    def grab(self, region: Region) -> Frame:
        now = time.monotonic()
        self.first = self.first or now
        self.grabs += 1
        value = 200 if now - self.first >= self.after else 100
        return Frame(np.full((region.height, region.width, 3), value, np.uint8), region)


def loop_on(screen: SlowAnimation, **options: float) -> Loop:
    loop = Loop(screen, target=None, player=None, options=LoopOptions(**options))  # type: ignore[arg-type]
    loop.window = Region(0, 0, 20, 10)
    loop.board_area = Region(2, 2, 10, 5)
    return loop


def test_a_frame_that_changes_within_the_patience_is_still_drawing():
    screen = SlowAnimation(after=0.3)
    loop = loop_on(screen, drawing_wait=0.05, drawing_patience=0.6)
    first = screen.grab(loop.window)
    assert loop.still_drawing(first)
    assert screen.grabs >= 3, "watched with several grabs, not one"


def test_a_frame_that_never_changes_is_not_drawing_and_costs_only_the_patience():
    screen = SlowAnimation(after=60.0)
    loop = loop_on(screen, drawing_wait=0.05, drawing_patience=0.3)
    first = screen.grab(loop.window)
    t0 = time.monotonic()
    assert not loop.still_drawing(first)
    assert 0.3 <= time.monotonic() - t0 < 1.0
