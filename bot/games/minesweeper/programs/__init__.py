"""Target programs: one small profile module each, and how to pick one by name.

``auto`` looks for a window of a program it knows (the built-in window, xdemineur, gnome-mines,
kmines, ace-minesweeper) on the current display, in that order, and failing that for a board
anywhere on the screen. ``window-title`` is any other window, by title, class or id.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from vision.minesweeper.reader import BoardLocation

from bot.errors import GamebotError
from bot.io.targets.base import Target
from solvers.minesweeper.rules import FirstClick, Level
from vision.core.frame import Frame

NAMES = ("auto", "builtin", "xdemineur", "gnome-mines", "kmines", "ace-minesweeper",
         "minesweeper-classic", "window-title", "sim")
PROGRAMS = ("builtin", "xdemineur", "gnome-mines", "kmines", "ace-minesweeper",
            "minesweeper-classic")
#: The level a program is started at when none is asked for: its own where it has one.
OWN_LEVELS = {"ace-minesweeper": "32x32/200", "minesweeper-classic": "beginner"}


def default_level(name: str) -> Level:
    """The level ``--launch`` starts ``name`` at with no ``--level``."""
    return Level.parse(OWN_LEVELS.get(name, "intermediate"))


def attach(name: str, title: str | None = None, window_class: str | None = None,
           window_id: int | None = None) -> Target:
    """A target for a program already on the screen."""
    from bot.games.minesweeper.programs import (
        ace,
        builtin,
        gnome_mines,
        kmines,
        window_title,
        xdemineur,
    )

    if name == "auto":
        for candidate, module in (
            ("builtin", builtin),
            ("xdemineur", xdemineur),
            ("gnome-mines", gnome_mines),
            ("kmines", kmines),
            ("ace-minesweeper", ace),
        ):
            try:
                if module.find() is not None:
                    return attach(candidate)
            except GamebotError:  # no window list here (no X display, no pywinctl): the screen
                break
        return anywhere()
    if name == "builtin":
        return builtin.attach()
    if name == "xdemineur":
        return xdemineur.attach()
    if name == "gnome-mines":
        return gnome_mines.attach()
    if name == "kmines":
        return kmines.attach()
    if name == "ace-minesweeper":
        return ace.attach()
    if name == "window-title":
        if not (title or window_class or window_id is not None):
            raise GamebotError("--target window-title needs --title TEXT (part of the title),"
                               " --window-class NAME or --window-id ID")
        return window_title.attach(title, window_class=window_class, window_id=window_id)
    raise GamebotError(f"unknown target {name!r}: use one of {', '.join(NAMES)}")


def launch(
    name: str,
    level: Level,
    env: Mapping[str, str] | None = None,
    seed: int | None = None,
    rules: FirstClick | None = None,
    dialogs: bool = False,
    look: str = "winxp",
) -> Target:
    """Start a program we know on the current display and attach to its window; ``rules``:
    the first-click rule the built-in window plays by (the others have their own);
    ``dialogs``: the built-in window opens its look's dialogs, as Windows does; ``look``: the
    built-in window's (winxp, or win7 with its animations)."""
    from bot.games.minesweeper.programs import (
        ace,
        builtin,
        gnome_mines,
        kmines,
        minesweeper_page,
        xdemineur,
    )

    if rules is not None and name not in ("auto", "builtin"):
        raise GamebotError(f"{name} plays its own first-click rule: --game-rules is for builtin")
    if dialogs and name not in ("auto", "builtin"):
        raise GamebotError(f"{name} has its own dialogs: --window-dialogs is for builtin")
    if look != "winxp" and name not in ("auto", "builtin"):
        raise GamebotError(f"{name} has its own look: --window-look is for builtin")
    if name in ("auto", "builtin"):
        return builtin.launch(level, env, seed, rules, dialogs, skin=look)
    if name == "xdemineur":
        return xdemineur.launch(level, env)
    if name == "gnome-mines":
        return gnome_mines.launch(level, env)
    if name == "kmines":
        return kmines.launch(level, env)
    if name == "ace-minesweeper":
        return ace.launch(None, env)  # it plays 32x32 with 200 mines only
    if name == "minesweeper-classic":
        return minesweeper_page.launch(level, env)
    raise GamebotError(f"--launch works with {', '.join(PROGRAMS)}, not {name!r}")


def anywhere() -> Target:
    """A board found on the whole screen by vision (any skin it knows)."""
    from bot.games.minesweeper.programs import window_title
    from bot.games.minesweeper.programs.screen_area import ScreenAreaTarget

    def locate(frame: Frame) -> BoardLocation:
        from vision.minesweeper.reader import locate_minesweeper

        return locate_minesweeper(frame)

    return ScreenAreaTarget(window_title.profile(), locate)
