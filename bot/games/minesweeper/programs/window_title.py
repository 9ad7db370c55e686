"""Any Minesweeper window, found by its title, class or id: the look is detected (or learned on
first sight), the face or the keys given start a new game.

For programs without a profile of their own (a Windows XP clone under Wine, a browser game).
What cannot be detected is given on the command line: whether the program wants every mine
flagged, and the keys (if any) that start a new game. The first-click rule follows the look.
A message box the program opens (a high-score table on a win, "play again?") is closed as
every program's is (:mod:`bot.games.minesweeper.programs.own_dialogs`). With no
keys given, a new game is asked for the usual ways
(:mod:`bot.games.minesweeper.programs.new_game_ways`).
"""

from __future__ import annotations

from bot.games.minesweeper.programs.new_game_ways import UsualNewGame
from bot.games.minesweeper.programs.profile import FlagPolicy, Profile, ProgramWindow
from bot.io.windows.finder import find_window, first
from bot.io.windows.info import WindowInfo
from solvers.minesweeper.rules import FirstClick


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
    """A window found by title, class or id: its own message boxes are closed
    (:mod:`bot.games.minesweeper.programs.own_dialogs`), and with no new-game keys given the
    usual ways of starting a game are tried
    (:mod:`bot.games.minesweeper.programs.new_game_ways`)."""

    def begin_new_game(self) -> int:
        self._dialog_closed = 0.0  # the next game is not over
        return super().begin_new_game()
