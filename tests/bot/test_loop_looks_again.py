"""A page that stays unreadable while the bot waits (the grid was found while the page was
still moving) is looked for afresh after a second, not only every tenth frame: on a loaded
machine ten frames took longer than the wait allows (a third-party Balda page stopped so)."""

from __future__ import annotations

import time
from types import SimpleNamespace

import numpy as np

from bot.run.loop import Loop, LoopOptions
from bot.run.safety import GuardedScreen
from vision.core.errors import ReadError
from vision.core.frame import Frame
from vision.core.geometry import Region

WINDOW = Region(0, 0, 40, 20)


class SlowScreen:
    """Grabs take ``seconds`` each (a busy machine); the picture never changes."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds

    def bounds(self) -> Region:
        return WINDOW

    def check_stop(self) -> None:
        return None

    def grab(self, region: Region | None = None) -> Frame:
        time.sleep(self.seconds)
        r = region or WINDOW
        return Frame(np.zeros((r.height, r.width, 3), np.uint8), r)


class FoundTooEarly:
    """The first location is off (every read of it fails); a location found later reads."""

    def __init__(self) -> None:
        self.located = 0
        self.moved_on = False  # the page finished moving: the first location reads no more

    def locate(self, frame):
        self.located += 1
        return self.located

    def read(self, frame, location):
        if location == 1 and self.moved_on:
            raise ReadError("the tile is moving or covered (its rim is not its face colour)")
        return f"read with location {location}"

    def calibrate(self, frame, location, seen, window):
        return SimpleNamespace(clicks=(window,), moves=(window,))

    def board_region(self, location, frame):
        return Region(0, 0, frame.region.width, frame.region.height)

    def where(self, location):
        return location

    def unreadable_while_waiting(self, pending):
        return True

    def wait_seconds(self, pending, default):
        return 2.5

    def check(self, previous, pending, seen):
        from bot.run.game import Verdict

        return Verdict.OK, ""

    def follow(self, seen):
        self.followed = seen


def test_an_unreadable_page_is_looked_for_again_within_the_wait():
    target = SimpleNamespace(
        prepare=lambda: None, window_region=lambda screen: WINDOW,
        dismiss_dialogs=lambda: False, game_over_shown=lambda since: False,
        describe=lambda: "a stand-in page", profile=SimpleNamespace(
            settle_gap=0.0, end_animation=0.0, redraw_timeout=2.5),
    )
    player = FoundTooEarly()
    loop = Loop(GuardedScreen(SlowScreen(0.15)), target, player,  # type: ignore[arg-type]
                LoopOptions(settle_tries=1))
    assert loop.locate()
    player.moved_on = True
    t0 = time.monotonic()
    seen = loop.observe(previous="before", pending=None)
    assert seen == "read with location 2"
    assert time.monotonic() - t0 < 2.5
