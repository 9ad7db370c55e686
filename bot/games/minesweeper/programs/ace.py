"""The Ace of Penguins' Minesweeper (Debian package ace-of-penguins, ``ace-minesweeper``).

A program with no skin of its own in gamebot: 32x32 cells of 12 px with 200 mines, a yellow LED
mine counter, a penguin face. The first click is not safe (it may hit a mine), so its first-click
rule is "none". F2 starts a new game; the window is found by its title (it sets ``WM_NAME``
only, no class). It has no level options: the board is always 32x32 with 200 mines.
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.errors import GamebotError
from bot.games.minesweeper.programs.profile import FlagPolicy, Profile, ProgramWindow
from bot.io import x11
from bot.io.windows.finder import first
from bot.io.windows.info import WindowInfo
from solvers.minesweeper.rules import FirstClick, Level

PROFILE = Profile(
    name="ace-minesweeper",
    skin=None,  # learned on first sight (the user skin folder keeps it)
    rules=FirstClick.NONE,
    flags=FlagPolicy.NEVER,
    new_game_keys=("f2",),
    redraw_timeout=3.0,
    settle_gap=0.01,
)

LEVEL = Level("ace", 32, 32, 200)
TITLE = "ace-minesweeper"


def find() -> WindowInfo | None:
    return first(title=TITLE)


def launch(level: Level | None = None, env: Mapping[str, str] | None = None) -> ProgramWindow:
    """Start ace-minesweeper on the current display (it plays 32x32 with 200 mines only)."""
    if level is not None and (level.rows, level.cols, level.mines) != (32, 32, 200):
        raise GamebotError(f"ace-minesweeper plays 32x32 with 200 mines only, not"
                           f" {level.rows}x{level.cols}/{level.mines}")
    target = ProgramWindow(PROFILE, find, x11.Program([x11.find_program("ace-minesweeper")], env))
    target.prepare()
    return target


def attach() -> ProgramWindow:
    target = ProgramWindow(PROFILE, find)
    target.prepare()
    return target
