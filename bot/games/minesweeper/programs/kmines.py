"""KMines (Debian package kmines, KDE Games): a program with no skin of its own in gamebot.

Quirks: it is a Qt/KDE program, so the bot starts it under ``dbus-run-session`` with a private
``XDG_CONFIG_HOME`` (its level, Hard = 30x16 with 99 mines, written there; the user's settings
and high scores stay untouched). Its main window sets only ``_NET_WM_NAME`` ("KMines"); a
tiny helper window of the same title is left out by size. Ctrl+N is a new game. The first click
never hits a mine and opens an area (the 3x3 around it is kept free). When a game ends it shows
a message over the middle of the board ("You have lost.") for a few seconds, which the reader
waits out (:mod:`bot.games.minesweeper.looks`), and a lost game asks "Reset the Game?" in a
dialog of its own, which is answered No (Escape) so that the lost board can be read.
"""

from __future__ import annotations

import os
import shutil
import signal
import tempfile
import time
from collections.abc import Mapping
from pathlib import Path

from bot.errors import GamebotError
from bot.games.minesweeper.programs.profile import FlagPolicy, Profile, ProgramWindow
from bot.io import x11
from bot.io.windows.finder import find_windows, first
from bot.io.windows.info import WindowInfo
from solvers.minesweeper.rules import FirstClick, Level

PROFILE = Profile(
    name="kmines",
    skin=None,  # learned on first sight (the user skin folder keeps it)
    rules=FirstClick.OPENING,
    flags=FlagPolicy.NEVER,
    new_game_keys=("ctrl", "n"),
    redraw_timeout=8.0,  # the "You have won!" message fades out slowly
    settle_gap=0.02,  # Qt repaints on its own timer
)

#: kmines' own levels: (rows, cols, mines) -> the difficulty key it stores.
LEVELS = {(9, 9, 10): "Easy", (16, 16, 40): "Medium", (16, 30, 99): "Hard"}
MAIN_TITLE = "^KMines$"
#: Where the end-of-game message sits: the middle of the window, this far down.
MESSAGE_AT = 0.54


def find() -> WindowInfo | None:
    return first(title=MAIN_TITLE, app="kmines")


def dialogs() -> list[int]:
    """kmines' own dialogs ("Reset? — KMines", the high scores): titled "... — KMines"."""
    return [w.id for w in find_windows(title=r".+ — KMines$")]


class KMinesTarget(ProgramWindow):
    """The KMines window, its dialogs, and the settings we made for it."""

    home: Path | None = None

    def dismiss_dialogs(self) -> bool:
        """Close its dialogs (Escape); True if one was there. "Reset the Game?" comes when a
        game is lost, and leaves the "You have lost." message over the board until it is
        clicked: it is clicked away (the game is over, so the click opens nothing)."""
        found = dialogs()
        for w in found:
            reset = x11.window_name(w).startswith("Reset")
            x11.press(w, "Escape")  # Qt takes typed keys, not sent ones
            if reset:
                time.sleep(0.3)
                area = self.region()
                x11.click(area.left + area.width // 2, area.top + round(MESSAGE_AT * area.height))
        if found:
            self.dialogs_closed += len(found)
            time.sleep(0.3)
            self.prepare()
        return bool(found)

    def close(self) -> None:
        if self.program is not None:
            try:  # dbus-run-session, and kmines and dbus-daemon under it: the group we started
                os.killpg(self.program.process.pid, signal.SIGTERM)
            except (ProcessLookupError, PermissionError):
                pass
        super().close()
        if self.home is not None:
            shutil.rmtree(self.home, ignore_errors=True)
            self.home = None


def write_settings(config_home: Path, level: Level) -> None:
    key = LEVELS.get((level.rows, level.cols, level.mines))
    config_home.mkdir(parents=True, exist_ok=True)
    if key is None:
        text = ("[KgDifficulty]\nLevel=Custom\n\n[Custom]\n"
                f"CustomWidth={level.cols}\nCustomHeight={level.rows}\nCustomMines={level.mines}\n")
    else:
        text = f"[KgDifficulty]\nLevel={key}\n"
    (config_home / "kminesrc").write_text(text, encoding="utf-8")


def launch(level: Level, env: Mapping[str, str] | None = None) -> KMinesTarget:
    """Start kmines (Hard by default) with private settings on the current display."""
    home = Path(tempfile.mkdtemp(prefix="gamebot-kmines-"))
    write_settings(home / "config", level)
    child_env = dict(env if env is not None else os.environ)
    child_env.update(XDG_CONFIG_HOME=str(home / "config"), XDG_DATA_HOME=str(home / "data"),
                     XDG_CACHE_HOME=str(home / "cache"), NO_AT_BRIDGE="1")
    runner = shutil.which("dbus-run-session")
    if runner is None:
        raise GamebotError("dbus-run-session is not installed (Debian: apt install dbus)")
    log = home / "kmines.log"
    program = x11.Program([runner, "--", x11.find_program("kmines")], child_env, log=log)
    try:
        target = KMinesTarget(PROFILE, find, program)
    except GamebotError as exc:
        program.stop()
        said = [line for line in log.read_text("utf-8", "replace").splitlines()
                if "QPainter" not in line][-3:]
        shutil.rmtree(home, ignore_errors=True)
        raise GamebotError(f"{exc} (it said: {' | '.join(said) or 'nothing'})") from None
    target.home = home
    target.prepare()
    return target


def attach() -> KMinesTarget:
    target = KMinesTarget(PROFILE, find)
    target.prepare()
    return target
