"""Starting the next game on a program whose keys nobody gave: the usual ways, tried in turn.

F2 first (Windows Minesweeper and its clones), then Ctrl+N (KDE and GNOME games; never sent to
a browser, where it opens a window), then a click on the face vision recognised above the
board, or on a button labelled as one (:mod:`.new_game_button`); never on a guessed point.
The loop asks for a game, waits for a fresh board, and asks again (the next way) when none
comes; the way
that worked is kept for the rest of the session. Keys the user or a profile gave are the only
way tried.
"""

from __future__ import annotations

import logging
import re

from bot.games.minesweeper.programs.profile import KeysOrFace
from bot.io.screens.base import Button
from bot.run.act import Gesture
from vision.core.geometry import Point

logger = logging.getLogger(__name__)

#: New-game keys tried when none are given; () stands for a click on the face.
USUAL_WAYS: tuple[tuple[str, ...], ...] = (("f2",), ("ctrl", "n"), ())
#: Window classes of browsers (Ctrl+N opens a browser window: never sent there).
BROWSERS = re.compile(r"chrom|firefox|iceweasel|navigator|opera|brave|edge|safari|vivaldi",
                      re.IGNORECASE)
NAMES = {("f2",): "F2", ("ctrl", "n"): "Ctrl+N", (): "a click on the new-game face or button"}
#: What the click way says when no face and no labelled button was seen.
NO_POINT = "no click (no face and no button labelled as a new game was seen)"


class UsualNewGame(KeysOrFace):
    """Mixed into a target (it needs ``profile`` and ``app``)."""

    app: str
    _tried = 0  # ways tried for the game being asked for
    _last: tuple[str, ...] | None = None  # the way tried last
    _kept: tuple[str, ...] | None = None  # the way that started a game
    _no_point = False  # the click way was asked for with nothing recognised to click

    def _ways(self) -> list[tuple[str, ...]]:
        if self.profile.new_game_keys:
            return [tuple(self.profile.new_game_keys)]
        if self._kept is not None:
            return [self._kept]
        return [w for w in USUAL_WAYS if w != ("ctrl", "n") or not BROWSERS.search(self.app)]

    def begin_new_game(self) -> int:
        self._tried = 0
        return len(self._ways())

    def new_game_gestures(self, point: Point | None) -> list[Gesture]:
        ways = self._ways()
        way = ways[min(self._tried, len(ways) - 1)]
        self._tried += 1
        self._last = way
        if way:
            return [Gesture.key(*way)]
        self._no_point = point is None
        return [] if point is None else [Gesture.click(point, Button.LEFT)]

    def new_game_worked(self) -> None:
        if self._last is not None and not self.profile.new_game_keys and self._kept is None:
            self._kept = self._last
            logger.info("a new game starts with %s here", NAMES.get(self._last, self._last))

    def new_game_tried(self) -> str:
        return ", ".join(NO_POINT if w == () and self._no_point else NAMES.get(w, "+".join(w))
                         for w in self._ways()[: max(1, self._tried)])
