"""The simulated program (:class:`bot.games.minesweeper.sim_screen.SimScreen`): the whole screen
is the game."""

from __future__ import annotations

from bot.games.minesweeper.gestures import MouseControls
from bot.games.minesweeper.programs.profile import FlagPolicy, Profile, WholeScreen
from bot.io.screens.base import Button
from solvers.minesweeper.rules import FirstClick


def profile(
    rules: FirstClick = FirstClick.SAFE,
    flags: FlagPolicy = FlagPolicy.NEVER,
    auto_opens: bool = False,
    skin: str = "winxp",
) -> Profile:
    return Profile(
        name="sim",
        skin=skin,
        rules=rules,
        controls=MouseControls(chord=Button.MIDDLE, unflag_clicks=1),
        flags=flags,
        new_game_keys=("f2",),
        park_pointer=False,
        redraw_timeout=0.5,
        auto_opens=auto_opens,
    )


def target(prof: Profile) -> WholeScreen:
    return WholeScreen(prof)
