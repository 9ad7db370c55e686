"""A browser that shows its window under another title than the profile's: the error names the
profile's 'title' and the windows there are (JScrab's page has an empty <title>, so Chromium
titles it by its address; the bot said only "/usr/bin/chromium showed no window within 15 s")."""

from __future__ import annotations

import pytest

from bot.errors import GamebotError
from bot.io import x11
from bot.io.targets import browser
from bot.io.windows import finder
from bot.io.windows.info import WindowInfo
from bot.web.sites import parse_profile
from vision.core.geometry import Region


class RunningProgram:
    """A browser that started and stays up, whose window never matches."""

    stopped = False

    def __init__(self, argv, env=None, log=None) -> None:
        self.argv = list(argv)

    @property
    def running(self) -> bool:
        return not self.stopped

    def wait_window(self, find, timeout: float = 15.0):
        assert find() is None
        raise GamebotError(f"{self.argv[0]} showed no window within {timeout:.0f} s")

    def stop(self) -> None:
        self.stopped = True


def test_no_window_of_the_profiles_title_names_the_title_and_the_windows_seen(monkeypatch):
    page = WindowInfo(0x200002, "127.0.0.1:8165/src/index.html", "chromium",
                      Region(0, 0, 1280, 900))
    monkeypatch.setattr(x11, "Program", RunningProgram)
    monkeypatch.setattr(finder, "list_windows", lambda: [page])
    profile = parse_profile({"name": "p", "game": "erudit", "language": "ru",
                             "title": "JScrab", "styles": {"d": [{"do": "drag-tile"}]}}, "test")
    with pytest.raises(GamebotError) as caught:
        browser.launch("http://127.0.0.1:8165/src/index.html", profile)
    message = str(caught.value)
    assert "no window titled 'JScrab'" in message and "'title'" in message
    assert "127.0.0.1:8165/src/index.html" in message  # the window there is, by its title
