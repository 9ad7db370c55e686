"""A program that exits while its lost window is looked for again ends the session as a window
gone (CI: the test stopping the built-in window mid-session got "error: ... exited with code -15
before showing a window": the process was still running when the window vanished, and had exited
by the time the target looked for the window again)."""

from __future__ import annotations

import pytest

from bot.errors import GamebotError
from bot.io import x11
from bot.io.targets import base
from bot.io.targets.base import WindowTarget


class ExitingProgram:
    """Running at the first look, exited by the second (a stop in progress)."""

    def __init__(self) -> None:
        self.looks = 0

    @property
    def running(self) -> bool:
        self.looks += 1
        return self.looks <= 1

    def wait_window(self, find):
        if self.looks == 0:  # the target's first search, at attach
            return 42
        raise GamebotError("game exited with code -15 before showing a window")


class Profile:
    name = "builtin"


def test_a_program_gone_while_its_window_is_looked_for_again_is_a_window_lost(monkeypatch):
    target = WindowTarget(Profile(), lambda: None, ExitingProgram())  # type: ignore[arg-type]

    def gone(window, backend):
        raise x11.WindowLost("BadWindow")

    monkeypatch.setattr(base.windows, "client_region", gone)
    with pytest.raises(x11.WindowLost, match="exited while its window was looked for again"):
        target.region()


def test_a_running_program_whose_window_is_not_found_again_still_says_so(monkeypatch):
    class Stuck(ExitingProgram):
        @property
        def running(self) -> bool:
            return True

        def wait_window(self, find):
            if not hasattr(self, "seen"):
                self.seen = True
                return 42
            raise GamebotError("game showed no window within 15 s")

    target = WindowTarget(Profile(), lambda: None, Stuck())  # type: ignore[arg-type]
    monkeypatch.setattr(base.windows, "client_region",
                        lambda w, b: (_ for _ in ()).throw(x11.WindowLost("BadWindow")))
    with pytest.raises(GamebotError, match="no window within"):
        target.region()
