"""gnome-mines (Debian package gnome-mines, GNOME Mines 40).

Quirks: without D-Bus it needs the keyfile settings backend, so the bot starts it with a private
``XDG_CONFIG_HOME`` holding the level, window size, and question marks off (one right click
takes a flag away); scores go to a private ``XDG_DATA_HOME`` too, leaving the user's alone. It
pauses when it loses the keyboard focus (no window manager gives it back, so the bot focuses it),
lightens the cell under the pointer (the pointer is parked off the board before each capture),
redraws on its frame clock some tens of milliseconds after a click, chords with a left click on
a number, keeps the 3x3 around the first click free of mines, and on a win opens a separate
"Congratulations" window that must be dismissed. Ctrl+R is "Play Again" (same size).
"""

from __future__ import annotations

import shutil
import tempfile
import time
from collections.abc import Mapping
from pathlib import Path

from bot.errors import GamebotError
from bot.games.minesweeper.gestures import MouseControls
from bot.games.minesweeper.programs.profile import FlagPolicy, Profile, ProgramWindow
from bot.io import x11
from bot.io.screens.base import Button
from bot.io.windows import finder as windows
from bot.io.windows.info import WindowInfo
from solvers.minesweeper.rules import FirstClick, Level

PROFILE = Profile(
    name="gnome-mines",
    skin="gnome-mines",
    rules=FirstClick.OPENING,
    controls=MouseControls(chord=Button.LEFT, unflag_clicks=1),
    flags=FlagPolicy.NEVER,
    new_game_keys=("ctrl", "r"),
    redraw_timeout=3.0,
    settle_gap=0.02,  # GTK draws on a frame clock: two captures must straddle a frame
)

# gnome-mines' own sizes: (rows, cols, mines) -> (mode, command-line flag, window w, h)
SIZES: dict[tuple[int, int, int], tuple[int, str, int, int]] = {
    (8, 8, 10): (0, "--small", 700, 560),
    (16, 16, 40): (1, "--medium", 900, 760),
    (16, 30, 99): (2, "--big", 1300, 800),
}
MAIN_TITLE = "Mines"
DIALOG_TIMEOUT = 2.0  # seconds for a dismissed dialog to go away
REDRAW_PAUSE = 0.15  # seconds for the board to be drawn again where the dialog was


def level_for(level: Level) -> Level:
    """gnome-mines' beginner is 8x8 with 10 mines, not 9x9."""
    if (level.rows, level.cols) == (9, 9) and level.mines == 10:
        return Level("beginner", 8, 8, 10)
    return level


def find() -> WindowInfo | None:
    return windows.first(title=f"^{MAIN_TITLE}$", app="gnome-mines")


def dialogs() -> list[int]:
    """gnome-mines windows other than the main one that are big enough to be dialogs."""
    found = []
    for w in x11.search(class_name="gnome-mines"):
        if x11.window_name(w) == MAIN_TITLE:
            continue
        try:
            region = x11.geometry(w)
        except x11.WindowLost:
            continue
        if region.width > 50 and region.height > 50:
            found.append(w)
    return found


class GnomeMinesTarget(ProgramWindow):
    """gnome-mines' window, plus its win dialog and the private settings folder we made."""

    home: Path | None = None  # private settings and scores, removed on close

    def dismiss_dialogs(self) -> bool:
        """Escape every dialog, then wait until they are gone and the board is drawn again
        (a capture in between would show a half-closed dialog: a misread that is not one)."""
        found = dialogs()
        for w in found:
            x11.focus(w)
            x11.send_key(w, "Escape")
        if not found:
            return False
        self.dialogs_closed += len(found)
        deadline = time.monotonic() + DIALOG_TIMEOUT
        while dialogs() and time.monotonic() < deadline:
            time.sleep(0.02)
        time.sleep(REDRAW_PAUSE)
        self.prepare()
        return True

    def close(self) -> None:
        super().close()
        if self.home is not None:
            shutil.rmtree(self.home, ignore_errors=True)
            self.home = None


def write_settings(config_home: Path, level: Level) -> None:
    size = SIZES.get((level.rows, level.cols, level.mines))
    if size is None:
        raise GamebotError(
            f"gnome-mines plays 8x8/10, 16x16/40 or 30x16/99, not {level.rows}x{level.cols}"
            f"/{level.mines}"
        )
    mode, _flag, width, height = size
    keyfile = config_home / "glib-2.0" / "settings" / "keyfile"
    keyfile.parent.mkdir(parents=True, exist_ok=True)
    keyfile.write_text(
        "[org/gnome/Mines]\n"
        f"mode={mode}\nwindow-width={width}\nwindow-height={height}\n"
        "use-question-marks=false\nuse-animations=false\nuse-autoflag=false\n"
    )


def launch(level: Level, env: Mapping[str, str] | None = None) -> GnomeMinesTarget:
    """Start gnome-mines with private settings on the current display and attach to it."""
    import os

    level = level_for(level)
    home = Path(tempfile.mkdtemp(prefix="gamebot-gnome-mines-"))
    write_settings(home / "config", level)
    child_env = dict(env if env is not None else os.environ)
    child_env.update(
        GSETTINGS_BACKEND="keyfile",
        XDG_CONFIG_HOME=str(home / "config"),
        XDG_DATA_HOME=str(home / "data"),
        NO_AT_BRIDGE="1",
    )
    flag = SIZES[(level.rows, level.cols, level.mines)][1]
    program = x11.Program([x11.find_program("gnome-mines"), flag], child_env)
    target = GnomeMinesTarget(PROFILE, find, program)
    target.home = home
    target.prepare()
    return target


def attach() -> GnomeMinesTarget:
    target = GnomeMinesTarget(PROFILE, find)
    target.prepare()
    return target
