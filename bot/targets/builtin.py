"""The built-in window (``python -m bot.builtin_game``): Windows XP look, drawn by the project.

It flags mines as it goes (the demo should look like a person playing), takes F2 for a new
game, and keeps the first click safe as Windows XP does.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping

from bot.actuator import MouseControls
from bot.builtin_game import TITLE
from bot.screens.base import Button
from bot.targets import x11
from bot.targets.base import FlagPolicy, Profile, WindowTarget
from solvers.minesweeper.rules import FirstClick, Level

PROFILE = Profile(
    name="builtin",
    skin="winxp",
    rules=FirstClick.SAFE,
    controls=MouseControls(chord=Button.MIDDLE, unflag_clicks=1),
    flags=FlagPolicy.ALWAYS,
    new_game_keys=("f2",),
)


def find() -> int | None:
    return x11.largest(x11.search(name=f"^{TITLE}$"))


def command(level: Level, seed: int | None = None, skin: str = "winxp") -> list[str]:
    argv = [
        sys.executable,
        "-m",
        "bot.builtin_game",
        "--skin",
        skin,
        "--level",
        f"{level.rows}x{level.cols}/{level.mines}",
    ]
    if seed is not None:
        argv += ["--seed", str(seed)]
    return argv


def launch(
    level: Level, env: Mapping[str, str] | None = None, seed: int | None = None
) -> WindowTarget:
    """Open the built-in window on the current display and attach to it."""
    return WindowTarget(PROFILE, find, x11.Program(command(level, seed), env))


def attach() -> WindowTarget:
    return WindowTarget(PROFILE, find)
