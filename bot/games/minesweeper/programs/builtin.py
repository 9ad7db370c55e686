"""The built-in window (``python -m bot.games.minesweeper.builtin_window``): Windows XP look, drawn
by the project.

It flags mines as it goes (the demo should look like a person playing), takes F2 for a new
game, and keeps the first click safe as Windows XP does: a mine under it moves to the
top-left-most free cell (the XP rule). A window the bot starts plays the rule it is given
(``--game-rules``), by default its look's; one found on the screen is taken by its look.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from dataclasses import replace

from bot.games.minesweeper.builtin_window import TITLE
from bot.games.minesweeper.gestures import MouseControls
from bot.games.minesweeper.programs.profile import FlagPolicy, Profile, ProgramWindow
from bot.io import x11
from bot.io.screens.base import Button
from bot.io.windows import finder as windows
from bot.io.windows.info import WindowInfo
from solvers.minesweeper.rules import FirstClick, Level

PROFILE = Profile(
    name="builtin",
    skin="winxp",
    rules=FirstClick.SAFE,
    controls=MouseControls(chord=Button.MIDDLE, unflag_clicks=1),
    flags=FlagPolicy.ALWAYS,
    new_game_keys=("f2",),
    rules_source="look",  # a window already open may play any rule: its look tells
)


#: Seconds the Windows 7 look's end (mines going off, then a pause) is waited out before its
#: dialog is answered: answered earlier, its Play again would hide the end from the bot.
WIN7_END = 2.0


def window_rules(skin: str = "winxp", rules: FirstClick | None = None) -> FirstClick:
    """The rule a built-in window plays by: the one asked for, else its look's."""
    from bot.games.minesweeper.first_click_rule import LOOK_RULES

    return rules if rules is not None else LOOK_RULES.get(skin, FirstClick.SAFE)


def find() -> WindowInfo | None:
    return windows.first(title=f"^{TITLE}$")


def command(
    level: Level, seed: int | None = None, skin: str = "winxp", rules: FirstClick | None = None,
    dialogs: bool = False,
) -> list[str]:
    argv = [
        sys.executable,
        "-m",
        "bot.games.minesweeper.builtin_window",
        "--skin",
        skin,
        "--level",
        f"{level.rows}x{level.cols}/{level.mines}",
        "--rules",
        window_rules(skin, rules).value,
    ]
    if seed is not None:
        argv += ["--seed", str(seed)]
    if dialogs:
        argv.append("--dialogs")
    return argv


def launch(
    level: Level,
    env: Mapping[str, str] | None = None,
    seed: int | None = None,
    rules: FirstClick | None = None,
    dialogs: bool = False,
    skin: str = "winxp",
) -> ProgramWindow:
    """Open the built-in window on the current display and attach to it, drawn in ``skin``
    (winxp, or win7 with its animations); it plays ``rules`` (default: its look's), and the
    solver knows it; with ``dialogs`` it opens its look's dialogs (winxp: a name after a best
    time; win7: Game Won / Game Lost after every game), each a window of its own."""
    played = window_rules(skin, rules)
    profile = replace(PROFILE, skin=skin, rules=played, rules_source="program",
                      end_animation=WIN7_END if skin == "win7" else 0.0)
    argv = command(level, seed, skin=skin, rules=played, dialogs=dialogs)
    return ProgramWindow(profile, find, x11.Program(argv, env))


def attach() -> ProgramWindow:
    return ProgramWindow(PROFILE, find)
