"""A board found anywhere on the screen, for when no window can be asked where it is
(``--target auto`` with no known program, or a system without xdotool).

The whole screen is searched once; from then on the area around the board (with room for the
counter and face above it) is what the loop captures.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.games.minesweeper.programs.profile import KeysOrFace, Profile
from bot.games.minesweeper.reading import Located
from bot.io.screens.base import Screen
from bot.io.targets.base import Target
from vision.core.frame import Frame
from vision.core.geometry import Region


def around(board: Region, screen: Region) -> Region:
    """The board plus a margin (a quarter of its size, and more above for the panel)."""
    dx, dy = board.width // 4 + 20, board.height // 4 + 20
    wanted = Region(
        board.left - dx, board.top - dy - 80, board.width + 2 * dx, board.height + 2 * dy + 80
    )
    inside = screen.intersect(wanted)
    return inside if inside is not None else screen


class ScreenAreaTarget(KeysOrFace, Target[Profile]):
    """A board with no window to ask: found by ``locate`` once, then watched in its area."""

    def __init__(self, profile: Profile, locate: Callable[[Frame], Located]) -> None:
        super().__init__(profile)
        self._locate = locate
        self._region: Region | None = None

    def window_region(self, screen: Screen) -> Region:
        if self._region is None:
            frame = screen.grab()
            location = self._locate(frame)
            board = location.geometry.bounds.offset(frame.region.left, frame.region.top)
            self._region = around(board, screen.bounds())
        return self._region

    def describe(self) -> str:
        return f"a board on the screen at {self._region.to_dict() if self._region else '?'}"
