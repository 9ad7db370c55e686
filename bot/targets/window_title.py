"""Any Minesweeper window, found by its title: the skin is detected, the face starts a new game.

For programs without a profile of their own (a Windows XP clone under Wine, a browser game).
What cannot be detected is given on the command line: whether the program wants every mine
flagged, and the keys (if any) that start a new game. The first-click rule follows the look.
"""

from __future__ import annotations

from bot.targets import x11
from bot.targets.base import FlagPolicy, Profile, WindowTarget
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


def attach(title: str, prof: Profile | None = None) -> WindowTarget:
    """The largest visible window whose title matches ``title`` (a regular expression)."""

    def find() -> int | None:
        return x11.largest(x11.search(name=title))

    return WindowTarget(prof if prof is not None else profile(), find)
