"""Any Minesweeper window, found by its title, class or id: the look is detected (or learned on
first sight), the face or the keys given start a new game.

For programs without a profile of their own (a Windows XP clone under Wine, a browser game).
What cannot be detected is given on the command line: whether the program wants every mine
flagged, and the keys (if any) that start a new game. The first-click rule follows the look.
A message box the program opens over its board (a high-score table on a win, "play again?")
is closed the way a person closes one: Escape, then Return if Escape did not do it; a message
left over the board after such a dialog may then be clicked away (the game is over). With no
keys given, a new game is asked for the usual ways
(:mod:`bot.games.minesweeper.programs.new_game_ways`).
"""

from __future__ import annotations

import logging
import time

from bot.games.minesweeper.programs.new_game_ways import UsualNewGame
from bot.games.minesweeper.programs.profile import FlagPolicy, Profile, ProgramWindow
from bot.io.windows.finder import dialogs_over, find_window, first, press
from bot.io.windows.info import WindowInfo
from bot.io.x11 import WindowLost
from solvers.minesweeper.rules import FirstClick
from vision.core.geometry import Region

logger = logging.getLogger(__name__)

#: Keys that close a message box, tried in turn, and how long each gets to take effect.
CLOSE_KEYS = (("Escape",), ("Return",))
CLOSE_WAIT = 1.0
#: Seconds after closing a dialog during which the game counts as over (its message may be
#: clicked away).
GAME_OVER_FOR = 30.0


def profile(
    skin: str | None = None,
    flags: FlagPolicy = FlagPolicy.NEVER,
    new_game_keys: tuple[str, ...] = (),
    rules: FirstClick | None = None,
) -> Profile:
    """``rules`` None: the look decides (the XP skin plays the XP rule, ...), else safe."""
    return Profile(
        name="window-title",
        skin=skin,
        rules=rules or FirstClick.SAFE,
        flags=flags,
        new_game_keys=new_game_keys,
        rules_source="look" if rules is None else "program",
    )


def attach(title: str | None, prof: Profile | None = None, window_class: str | None = None,
           window_id: int | None = None) -> ProgramWindow:
    """The largest visible window whose title (``WM_NAME`` or ``_NET_WM_NAME``) matches
    ``title`` (a regular expression, or plain text), of class ``window_class``, or with
    ``window_id``; :class:`bot.io.windows.finder.WindowNotFound` lists the windows there are."""
    find_window(title, window_class, window_id)  # fails now, naming what is there

    def find() -> WindowInfo | None:
        return first(title, window_class, window_id)

    return TitledWindowTarget(prof if prof is not None else profile(), find)


class TitledWindowTarget(UsualNewGame, ProgramWindow):
    """A window found by title, class or id: its own message boxes are closed, and with no
    new-game keys given the usual ways of starting a game are tried
    (:mod:`bot.games.minesweeper.programs.new_game_ways`)."""

    _dialog_closed = 0.0  # time.monotonic() when a dialog of the program was last closed

    def dismiss_dialogs(self) -> bool:
        try:
            area = self.region()
            found = dialogs_over(self.window, self.app, area, self.backend)
        except WindowLost:
            return False
        for dialog in found:
            for keys in CLOSE_KEYS:
                logger.info("closing %s with %s", dialog.describe(), "+".join(keys))
                try:
                    press(dialog.id, keys, self.backend)
                except WindowLost:
                    break
                if self._gone(dialog.id, area):
                    break
        if found:
            self._dialog_closed = time.monotonic()
            self.prepare()
        return bool(found)

    def game_over_shown(self, since: float) -> bool:
        closed = self._dialog_closed
        return closed > since and time.monotonic() - closed < GAME_OVER_FOR

    def begin_new_game(self) -> int:
        self._dialog_closed = 0.0  # the next game is not over
        return super().begin_new_game()

    def _gone(self, dialog: int, area: Region) -> bool:
        deadline = time.monotonic() + CLOSE_WAIT
        while time.monotonic() < deadline:
            time.sleep(0.1)
            if all(d.id != dialog for d in dialogs_over(self.window, self.app, area,
                                                          self.backend)):
                return True
        return False

