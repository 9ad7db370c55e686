"""A program's own dialogs (a best-times name box, "you won", "play again?"), closed the way a
person closes one: a name typed where one is asked for in a text box, else Escape, then Return
if Escape did not do it.

Until such a dialog is answered the game takes no key and no click, so the bot looks for
one whenever the board cannot be read and whenever a new game does not start. The dialogs are
the program's other windows (:func:`bot.io.windows.finder.dialogs_over`: transient for its
window wherever they are, or its own over its board), never another program's. Once one was
closed the game counts as over for a while: a message the program leaves over its board may
then be clicked away (a click on a finished game opens nothing).
"""

from __future__ import annotations

import logging
import time

import numpy as np

from bot.games.minesweeper.programs.name_box import wants_name
from bot.io.screens.base import ScreenError
from bot.io.targets.base import P, WindowTarget
from bot.io.windows.finder import dialogs_over, press
from bot.io.windows.info import WindowInfo
from bot.io.x11 import WindowLost
from vision.core.geometry import Region

logger = logging.getLogger(__name__)

#: Keys that close a message box, tried in turn, and how long each gets to take effect.
CLOSE_KEYS = (("Escape",), ("Return",))
CLOSE_WAIT = 1.0
#: Seconds after closing a dialog during which the game counts as over (its message may be
#: clicked away).
GAME_OVER_FOR = 30.0
#: The name the bot gives a best-times box (letters and digits: typed key by key).
DIALOG_NAME = "gamebot"
#: Seconds a new game waits for the dialog of a program that opens one after most games.
DIALOG_WAIT = 1.5


class OwnDialogs(WindowTarget[P]):
    """Mixed into a program's window target: its dialogs found and closed."""

    _dialog_closed = 0.0  # time.monotonic() when a dialog of the program was last closed
    _games_begun = 0  # new games asked for, to tell a program that opens a dialog every game
    #: The name typed into a dialog that asks one in a text box (a best time's); "" types none.
    dialog_name = DIALOG_NAME

    def dismiss_dialogs(self) -> bool:
        try:
            area = self.region()
            found = dialogs_over(self.window, self.app, area, self.backend)
        except WindowLost:
            return False
        for dialog in found:
            if self._name_given(dialog, area):
                continue
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
            self.dialogs_closed += len(found)
            self.prepare()
        return bool(found)

    def _name_given(self, dialog: WindowInfo, area: Region) -> bool:
        """A dialog that asks for a name in a text box (a best-times box) gets
        :attr:`dialog_name` typed and Return; True when that closed it."""
        if not self.dialog_name:
            return False
        try:
            pixels = self.dialog_pixels(dialog)
        except ScreenError as exc:
            logger.info("cannot look at %s (%s): no name typed", dialog.describe(), exc)
            return False
        try:
            if not wants_name(pixels):
                return False
            logger.info("typing the name %r into %s", self.dialog_name, dialog.describe())
            for ch in self.dialog_name:
                press(dialog.id, (ch,), self.backend)
            press(dialog.id, ("Return",), self.backend)
        except WindowLost:
            return True
        return self._gone(dialog.id, area)

    def dialog_pixels(self, dialog: WindowInfo) -> np.ndarray:
        """The dialog as it is on the screen (held in memory only, never recorded)."""
        from bot.io.screens.desktop import DesktopScreen

        screen = DesktopScreen()
        try:
            return screen.grab(dialog.region).pixels
        finally:
            screen.close()

    def game_over_shown(self, since: float) -> bool:
        closed = self._dialog_closed
        return closed > since and time.monotonic() - closed < GAME_OVER_FOR

    def begin_new_game(self) -> int:
        self._games_begun += 1
        if self._dialogs_come():
            self._await_dialog()
        self._dialog_closed = 0.0  # the next game is not over
        return super().begin_new_game()

    def _dialogs_come(self) -> bool:
        """Has the program opened a dialog at the end of most games so far (Windows 7 does
        after every game; Windows XP only after a best time)?"""
        return self.dialogs_closed > 0 and 2 * self.dialogs_closed >= self._games_begun - 1

    def _await_dialog(self) -> None:
        """Give the dialog the program usually opens as a game ends the time to open, and
        answer it: a new game asked for first would be held by it until the new-game wait ran
        out."""
        deadline = time.monotonic() + DIALOG_WAIT
        while time.monotonic() < deadline:
            try:
                if dialogs_over(self.window, self.app, self.region(), self.backend):
                    self.dismiss_dialogs()
                    return
            except WindowLost:
                return
            time.sleep(0.1)

    def _gone(self, dialog: int, area: Region) -> bool:
        deadline = time.monotonic() + CLOSE_WAIT
        while time.monotonic() < deadline:
            time.sleep(0.1)
            if all(d.id != dialog for d in dialogs_over(self.window, self.app, area,
                                                          self.backend)):
                return True
        return False
