"""Named engine settings, so two engines can be played against each other on the same games.

A setting is every knob of the staged solver that changes its play: the guess stage's
:class:`GuessConfig`, the exhaustive endgame's limits, the early 50/50 and pseudo 50/50. ``default``
is what the bot plays; the others switch one technique off (to measure what it gives) or on. A
name may carry overrides, ``NAME:key=value,key=value`` (e.g. ``default:cutoff=0.9,fifty=off``), so
a knob can be tried without a new name.

Issue 25's techniques, each measured by ``gamebot bench minesweeper --engine NAME --versus
default`` (paired, expert 16x30/99; figures in the comments by each name and in the issue's
closing note): ``pseudo`` (a cell safe or part of a 50/50 the game holds anyway is opened at
once), ``traps`` (a share of a guess's risk that would-be 50/50s hold anyway is credited to its
safety, as JSMinesweeper does; ``traps-narrow`` only from traps of one unknown source), ``hotspots``
(a look-ahead outcome is weighed by the long-term survival of pairs one mine from a 50/50),
``space`` (small walled-off regions are guessed last), ``dominance`` (a safer cell that is safe
whenever the pick is gets opened first), and ``combined`` (all of them).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace

from solvers.minesweeper.endgame import MAX_LAYOUTS, MAX_NODES
from solvers.minesweeper.guess import GuessConfig


@dataclass(frozen=True)
class Setting:
    """One engine: a name (as asked, overrides included) and the knobs it sets."""

    name: str = "default"
    guess: GuessConfig = field(default_factory=GuessConfig)
    endgame_layouts: int = MAX_LAYOUTS  # exhaustive endgame below this many layouts (0: never)
    endgame_nodes: int = MAX_NODES
    fifty: bool = True  # take an unavoidable 50/50 as soon as it is seen
    pseudo: bool = False  # take a pseudo 50/50 (safe, or a would-be 50/50) as soon as seen


DEFAULT = Setting()

SETTINGS: dict[str, Setting] = {
    "default": DEFAULT,
    "safest": Setting("safest", GuessConfig(lookahead=False)),
    "no-endgame": Setting("no-endgame", endgame_layouts=0),
    "no-fifty": Setting("no-fifty", fifty=False),
    # JSMinesweeper's brute force goes up to ~4,000 layouts: a slower benchmark setting.
    # Expert, safe, seed 2525, 8,000 paired games: +0.06 pp (95 % CI -0.04 to +0.17) over
    # default, 12 games won only by it, 7 only by default; 6 games/s a core: not the default.
    "deep-endgame": Setting("deep-endgame", endgame_layouts=4000, endgame_nodes=100_000),
    # would-be 50/50s (``traps``): pseudo 50/50s taken at once; shares credited to a guess
    "pseudo": Setting("pseudo", pseudo=True),
    "traps": Setting("traps", GuessConfig(traps=True)),
    # small walled-off regions guessed last (``regions``); a safer implied cell opened first
    "space": Setting("space", GuessConfig(space=8)),
    "dominance": Setting("dominance", GuessConfig(dominance=True)),
    "hotspots": Setting("hotspots", GuessConfig(hotspots=True)),
    "combined": Setting(
        "combined", GuessConfig(traps=True, hotspots=True, space=8, dominance=True), pseudo=True
    ),
    # the same with a candidate's own trap credit from traps of one enabler at most: the wide
    # credit (up to three) changes 15 % of expert games (it mostly breaks near-ties between
    # interior cells by tiny shares), this one under 2 %, so its effect can be measured
    "traps-narrow": Setting("traps-narrow", GuessConfig(traps=True, trap_wide=1)),
    "combined-narrow": Setting(
        "combined-narrow",
        GuessConfig(traps=True, trap_wide=1, hotspots=True, space=8, dominance=True),
        pseudo=True,
    ),
}

_TRUE = {"1", "on", "true", "yes"}
_FALSE = {"0", "off", "false", "no"}


def parse_setting(text: str) -> Setting:
    """The setting ``NAME[:key=value,...]`` names; ValueError saying what is wrong."""
    name, _, rest = text.strip().partition(":")
    if name not in SETTINGS:
        raise ValueError(f"no engine setting {name!r}; known: {', '.join(SETTINGS)}")
    setting = SETTINGS[name]
    guess_knobs = {f.name: f for f in fields(GuessConfig)}
    own_knobs = {f.name: f for f in fields(Setting) if f.name not in ("name", "guess")}
    guess: dict[str, object] = {}
    own: dict[str, object] = {}
    for item in filter(None, (part.strip() for part in rest.split(","))):
        key, eq, value = item.partition("=")
        key = key.strip().replace("-", "_")
        if not eq or key not in guess_knobs.keys() | own_knobs.keys():
            known = ", ".join(sorted(guess_knobs.keys() | own_knobs.keys()))
            raise ValueError(f"{item!r} is no KNOB=VALUE of an engine setting; knobs: {known}")
        target, default = (guess, getattr(setting.guess, key)) if key in guess_knobs else (
            own, getattr(setting, key))
        target[key] = _value(key, value.strip(), default)
    if guess:
        own["guess"] = replace(setting.guess, **guess)  # type: ignore[arg-type]
    return replace(setting, name=text.strip(), **own)  # type: ignore[arg-type]


def _value(key: str, text: str, like: object) -> object:
    """``text`` read as the type of the knob's current value."""
    try:
        if isinstance(like, bool):
            if text.lower() not in _TRUE | _FALSE:
                raise ValueError
            return text.lower() in _TRUE
        if isinstance(like, int):
            return int(text)
        return float(text)
    except ValueError:
        kind = "on/off" if isinstance(like, bool) else type(like).__name__
        raise ValueError(f"engine knob {key} takes {kind}, not {text!r}") from None
