"""A Minesweeper web page in Chromium: Minesweeper Classic (``../shared/targets``), or any page.

The page is served from its folder on 127.0.0.1 (:class:`bot.pages.kit.server.PageServer`) and
opened in a private app-mode Chromium (:mod:`bot.io.targets.browser`); pixels only, as for any
program. Minesweeper Classic (MIT, a Windows-2000 look): 16 px cells, F2 a new game, the
first click safe (a mine under it is moved away), levels beginner (9x9, 10 mines),
intermediate and expert (its Game menu; the page keeps the choice in its localStorage, so the
launcher writes it there first, from a settings page served in the page's own origin into the
private browser profile). A win faster than the level's best time (999 s until one is set)
opens the page's "best times" window over the board, whose keys take F2 too, so Escape is
sent whenever the board cannot be read.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Mapping
from pathlib import Path

from bot.errors import GamebotError
from bot.games.minesweeper.programs.profile import FlagPolicy, Profile, ProgramWindow
from bot.io import x11
from bot.io.targets.browser import browser_argv
from bot.io.windows.finder import first
from bot.io.windows.info import WindowInfo
from bot.pages.kit.server import PageServer
from solvers.minesweeper.rules import FirstClick, Level

ROOT = Path(__file__).resolve().parents[4]
#: Where the project's third-party test pages live (absent in a user's clone).
CLASSIC = ROOT.parent / "shared" / "targets" / "minesweeper-classic"
TITLE = "^Minesweeper Classic"
WINDOW = (1000, 760)
#: The page's own level numbers (its localStorage "lvl"), by board.
LEVELS = {(9, 9, 10): 0, (16, 16, 40): 1, (16, 30, 99): 2}
#: The settings page: writes the level where the page reads it, then opens the page.
SETTINGS = "gamebot-settings.html"

PROFILE = Profile(
    name="minesweeper-classic",
    skin=None,  # learned on first sight (the user skin folder keeps it)
    rules=FirstClick.SAFE,
    flags=FlagPolicy.NEVER,
    new_game_keys=("f2",),
    redraw_timeout=3.0,
    settle_gap=0.03,  # Chromium paints on its own frame clock
)


def find() -> WindowInfo | None:
    return first(title=TITLE)


class PageTarget(ProgramWindow):
    """The page's Chromium window, the server it loads from and the browser profile we made."""

    server: PageServer | None = None
    profile_dir: Path | None = None

    def dismiss_dialogs(self) -> bool:
        """Escape closes the page's own windows (best times) and does nothing otherwise; it
        never says a dialog was there, so the loop goes on to see why the board is unreadable."""
        x11.focus(self.window)
        x11.press(self.window, "Escape")
        return False

    def describe(self) -> str:
        url = f" at {self.server.url()}" if self.server is not None else ""
        return f"{self.profile.name} in Chromium ({self.window_label()}){url}"

    def close(self) -> None:
        try:
            super().close()
        finally:
            if self.server is not None:
                self.server.stop()
                self.server = None
            if self.profile_dir is not None:
                shutil.rmtree(self.profile_dir, ignore_errors=True)
                self.profile_dir = None


def settings_page(level_number: int) -> str:
    """A page of the game's origin that stores its level and then opens the game."""
    return ("<!doctype html><meta charset=utf-8><title>gamebot settings</title><script>"
            f"localStorage.setItem('lvl', '{level_number}');location.replace('./');</script>")


def launch(level: Level | None = None, env: Mapping[str, str] | None = None,
           folder: Path = CLASSIC, zoom: float = 1.0) -> PageTarget:
    """Serve ``folder`` and open it in a private Chromium at ``level`` (beginner,
    intermediate or expert; default the page's own, beginner)."""
    if not (folder / "index.html").is_file():
        raise GamebotError(f"{folder}: no Minesweeper page there (index.html missing)")
    number = 0 if level is None else LEVELS.get((level.rows, level.cols, level.mines))
    if number is None:
        assert level is not None
        raise GamebotError(f"the page plays 9x9/10, 16x16/40 or 16x30/99, not {level.rows}x"
                           f"{level.cols}/{level.mines}: choose Custom in its Game menu and"
                           " attach with --target window-title")
    server = PageServer("minesweeper", folder=folder,
                        generated={SETTINGS: settings_page(number)}).start()
    profile_dir = Path(tempfile.mkdtemp(prefix="gamebot-chromium-"))
    try:
        argv = browser_argv(server.url() + SETTINGS, profile_dir, WINDOW, zoom)
        program = x11.Program(argv, env)
        target = PageTarget(PROFILE, find, program)
    except BaseException:
        server.stop()
        shutil.rmtree(profile_dir, ignore_errors=True)
        raise
    target.server, target.profile_dir = server, profile_dir
    target.prepare()
    return target
