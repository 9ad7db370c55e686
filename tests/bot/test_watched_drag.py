"""A watched drag (Balda's word dragged along its cells) moves on from a cell as soon as the
page draws it picked, never before: a loaded browser that merges the pointer's moves loses a
cell it never saw the pointer in (issue 23 item 9: faster, without losing cells)."""

from __future__ import annotations

import time
from types import SimpleNamespace

import numpy as np

from bot.io.screens.base import Button
from bot.io.screens.desktop import DesktopScreen
from bot.run.act import Gesture, watched_drag
from vision.core.frame import Frame
from vision.core.geometry import Point, Region

WINDOW = Region(0, 0, 200, 60)
CELLS = [Point(20, 30), Point(60, 30), Point(100, 30), Point(140, 30)]


class SlowPage:
    """A page that draws a cell picked ``lag`` seconds after the pointer stops on it (a busy
    browser), and only if it saw the pointer on the cell before it (else the cell is lost)."""

    def __init__(self, lag: float) -> None:
        self.lag = lag
        self.pixels = np.zeros((WINDOW.height, WINDOW.width, 3), np.uint8)
        self.arrived: list[tuple[Point, float]] = []  # where the pointer stopped, when
        self.picked: list[Point] = []
        self.down = False

    def tick(self) -> None:
        """Draw what a page would by now: each cell the pointer stayed on ``lag`` seconds."""
        now = time.monotonic()
        for point, at in self.arrived:
            if point in CELLS and point not in self.picked and now - at >= self.lag:
                last = self.picked[-1] if self.picked else None
                if last is None or abs(CELLS.index(point) - CELLS.index(last)) == 1:
                    self.picked.append(point)
                    self.pixels[point.y - 8 : point.y + 9, point.x - 8 : point.x + 9] = 200

    def move(self, x: int, y: int) -> None:
        self.tick()
        if self.down:
            # a newer move before the page drew the last one: the browser merges them
            self.arrived = [(p, at) for p, at in self.arrived if p in self.picked]
            self.arrived.append((Point(x, y), time.monotonic()))


class FakeScreen:
    def __init__(self, page: SlowPage) -> None:
        self.page = page

    def grab(self, region: Region | None = None) -> Frame:
        self.page.tick()
        r = region or WINDOW
        return Frame(self.page.pixels[r.top : r.bottom, r.left : r.right].copy(), r)

    def drag(self, points, button=Button.LEFT, step=None, reached=None):
        desktop.drag(points, button, step=step, reached=reached)


def _gui(page: SlowPage) -> SimpleNamespace:
    def move_to(x, y, duration=0.0):
        page.move(x, y)

    def mouse_down(x, y, button="left"):
        page.down = True
        page.move(x, y)

    def mouse_up(x, y, button="left"):
        page.down = False

    return SimpleNamespace(moveTo=move_to, mouseDown=mouse_down, mouseUp=mouse_up,
                           MINIMUM_DURATION=0.1, FailSafeException=RuntimeError)


desktop = DesktopScreen.__new__(DesktopScreen)
desktop.scale = (1.0, 1.0)


def drag(lag: float, watch: int) -> tuple[SlowPage, float]:
    page = SlowPage(lag)
    desktop._gui = _gui(page)
    t0 = time.monotonic()
    watched_drag(FakeScreen(page), Gesture.drag(CELLS, step=0.3, watch=watch), WINDOW)
    return page, time.monotonic() - t0


def test_a_watched_drag_waits_for_each_cell_on_a_slow_page():
    page, seconds = drag(lag=0.06, watch=5)
    assert page.picked == CELLS  # no cell lost although the page lags each one
    assert seconds < 0.3 * len(CELLS)  # held only as long as the page took, not the full step


def test_a_watched_drag_on_a_quick_page_is_quick():
    page, seconds = drag(lag=0.0, watch=5)
    assert page.picked == CELLS
    assert seconds < 0.25  # four cells, each seen at once (a timed drag: 0.9 s)


def test_a_page_that_never_shows_the_cell_gets_the_full_step():
    """Nothing changes in the watched square (a page without a highlight, or a square outside
    the window): each cell is held the whole step, as a timed drag."""
    for points in ([Point(20, 10), Point(60, 10)], [Point(300, 30), Point(340, 30)]):
        page = SlowPage(lag=0.0)  # the first drag's points are no cells, the second's outside
        desktop._gui = _gui(page)
        t0 = time.monotonic()
        watched_drag(FakeScreen(page), Gesture.drag(points, step=0.1, watch=3), WINDOW)
        assert time.monotonic() - t0 >= 2 * 0.1  # the full step at each point
