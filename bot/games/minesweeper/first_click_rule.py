"""Which first-click rule the solver assumes for a program, and why.

What the user says (``--rules``) comes first; then what the profile knows of its program
(xdemineur, gnome-mines, a window the bot started with its rule); else the look decides: a
board read with the Windows XP skin is Windows XP's Minesweeper, which moves a first-click mine
to the top-left-most free cell (the XP rule), and the Windows 7 look always opens an area on
the first click. Any other look keeps the profile's rule (safe: the usual model).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Protocol

from solvers.minesweeper.rules import FirstClick

if TYPE_CHECKING:
    from bot.games.minesweeper.programs.profile import Profile
    from vision.minesweeper.skin import Skin

#: skin name -> the rule of the program that looks like that
LOOK_RULES: dict[str, FirstClick] = {"winxp": FirstClick.XP, "win7": FirstClick.OPENING}


@dataclass(frozen=True)
class AssumedRule:
    """The rule the solver plays by and where it came from, for the summary and the log."""

    rule: FirstClick
    source: str  # "user", "program", "look" or "default"
    why: str  # for people: "the winxp look", "--rules", ...

    def text(self) -> str:
        return f"{self.rule.value} ({self.why})"


def look_name(skin: Skin | str | None) -> str | None:
    """The skin's name, from a name or a Skin."""
    if skin is None or isinstance(skin, str):
        return skin
    return skin.name


def assume(profile: Profile, look: Skin | str | None) -> AssumedRule:
    """The rule for ``profile`` once its board was read with the skin ``look``."""
    if profile.rules_source == "user":
        return AssumedRule(profile.rules, "user", "--rules")
    if profile.rules_source == "program":
        return AssumedRule(profile.rules, "program", f"the rule {profile.name} plays by")
    name = look_name(look)
    if name in LOOK_RULES:
        return AssumedRule(LOOK_RULES[name], "look", f"the {name} look")
    seen = f"the {name} look tells none" if name else "no look known"
    return AssumedRule(profile.rules, "default", f"{seen}: {profile.rules.value}, the usual model")


class Playing(Protocol):
    """A player whose profile (and solver, if it keeps a rule) takes the rule decided."""

    profile: Profile

    def take_rule(self, rule: FirstClick) -> None: ...


def adopt(player: Playing, look: Skin | str | None) -> AssumedRule:
    """Decide the rule for a player whose board was just read with ``look``: its profile and
    its solver take it (a solver made before the look was known)."""
    assumed = assume(player.profile, look)
    if player.profile.rules is not assumed.rule:
        player.profile = replace(player.profile, rules=assumed.rule)
    player.take_rule(assumed.rule)
    return assumed
