"""Settling after a change starts from the capture that showed the change (one grab fewer a
settle, two a Balda move; issue 23 item 9), and still waits until two captures agree."""

from __future__ import annotations

import numpy as np

from bot.run.act import Waiter
from vision.core.frame import Frame
from vision.core.geometry import Region

R = Region(0, 0, 4, 4)


def frame(v: int) -> Frame:
    return Frame(np.full((4, 4, 3), v, np.uint8), R)


class Screen:
    """Shows the values of ``film`` one grab after another (the last one stays)."""

    def __init__(self, *film: int) -> None:
        self.film, self.grabs = list(film), 0

    def grab(self, region=None) -> Frame:
        self.grabs += 1
        return frame(self.film.pop(0) if len(self.film) > 1 else self.film[0])


def test_settling_after_a_change_starts_from_the_changed_capture():
    screen = Screen(0, 1, 1)  # the click shows on the second grab, and stays
    waiter = Waiter(screen)
    assert waiter.changed(R, frame(0), gap=0.0) and screen.grabs == 2
    last, settled = waiter.settled(R, gap=0.0, tries=5, first=waiter.last_change)
    assert settled and int(last.pixels[0, 0, 0]) == 1
    assert screen.grabs == 3  # one grab to agree with the changed capture (was two)


def test_a_picture_still_moving_after_the_change_is_waited_out():
    screen = Screen(0, 1, 2, 3, 3)
    waiter = Waiter(screen)
    assert waiter.changed(R, frame(0), gap=0.0)
    last, settled = waiter.settled(R, gap=0.0, tries=5, first=waiter.last_change)
    assert settled and int(last.pixels[0, 0, 0]) == 3


def test_no_change_leaves_nothing_to_start_from():
    screen = Screen(0)
    waiter = Waiter(screen)
    assert not waiter.changed(R, frame(0), gap=0.0, timeout=0.02)
    assert waiter.last_change is None
