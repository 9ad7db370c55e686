"""The first frame of a window that shows its Minesweeper board: a loaded machine maps a window
before it draws it (CI grabbed the built-in window mapped but blank)."""

from __future__ import annotations

import time

from bot.io.screens.desktop import DesktopScreen
from vision.core.errors import BoardNotFoundError
from vision.core.frame import Frame
from vision.core.geometry import Region
from vision.minesweeper.reader import BoardLocation, locate_minesweeper


def located(screen: DesktopScreen, region: Region, skin: str = "winxp",
            seconds: float = 20.0) -> tuple[Frame, BoardLocation]:
    """Grab until the board is found (or fail after ``seconds``)."""
    deadline = time.monotonic() + seconds
    while True:
        frame = screen.grab(region)
        try:
            return frame, locate_minesweeper(frame, skin)
        except BoardNotFoundError:
            assert time.monotonic() < deadline, "the window never showed its board"
            time.sleep(0.1)
