"""xdemineur (Debian package xdemineur): the X11 classic.

Quirks: it defaults to 100 mines on 30x16, so the bot starts it with ``-m 99``; ``-geometry``
counts cells (columns x rows), at least 12 columns, so there is no 9x9 beginner. It opens a
first area by itself, chords with the middle button, cycles flag -> ? -> covered on the right
button, and counts a game as won only when every mine is flagged, so the bot flags the mines
once every safe cell is open. A new game is a click on the yellow face above the board.
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.errors import GamebotError
from bot.games.minesweeper.gestures import MouseControls
from bot.games.minesweeper.programs.profile import FlagPolicy, Profile, ProgramWindow
from bot.io import x11
from bot.io.screens.base import Button
from bot.io.windows import finder as windows
from bot.io.windows.info import WindowInfo
from solvers.minesweeper.rules import FirstClick, Level

PROFILE = Profile(
    name="xdemineur",
    skin="xdemineur",
    rules=FirstClick.SAFE,
    controls=MouseControls(chord=Button.MIDDLE, unflag_clicks=2),
    flags=FlagPolicy.AT_END,
    auto_opens=True,
)

MIN_COLS = 12


def find() -> WindowInfo | None:
    return windows.first(app="mineur")


def command(level: Level) -> list[str]:
    if level.cols < MIN_COLS:
        raise GamebotError(
            f"xdemineur needs at least {MIN_COLS} columns; level {level.name} has {level.cols}"
        )
    return [
        x11.find_program("xdemineur"),
        "-geometry",
        f"{level.cols}x{level.rows}",
        "-m",
        str(level.mines),
    ]


def launch(level: Level, env: Mapping[str, str] | None = None) -> ProgramWindow:
    """Start xdemineur on the current display (``env`` may name another) and attach to it."""
    return ProgramWindow(PROFILE, find, x11.Program(command(level), env))


def attach() -> ProgramWindow:
    return ProgramWindow(PROFILE, find)
