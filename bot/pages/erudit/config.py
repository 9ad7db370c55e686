"""The Erudit page's URL parameters, checked in one place so the page and the tests agree.

The page sends its whole query string to ``POST /api/erudit/new``; :func:`parse_config` turns it
into an :class:`EruditConfig` or raises :class:`PageRequestError` naming the parameter, and the
page shows that message. :data:`PARAMETERS` documents them for ``gamebot serve erudit``.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

from bot.pages.kit.params import choice, number

# the first value of each is the default
CHOICES: dict[str, tuple[str, ...]] = {
    "rules": ("erudit", "scrabble-en", "scrabble-ru"),
    "level": ("hard", "medium", "easy"),
    "first": ("human", "computer"),
    "theme": ("classic", "wood"),
    "input": ("drag", "click"),
    "ending": ("banner", "silent"),
    "blank": ("dialog", "prompt"),
    "layout": ("rules", "erudit", "scrabble", "wwf"),
    "theirs": ("plain", "bordered"),
}
PARAMETERS: dict[str, str] = {
    "rules": "erudit (Russian Erudit, 131 tiles, 3 stars; default), scrabble-en (English "
    "Scrabble, ENABLE words, 2 blanks) or scrabble-ru (Russian Scrabble, 104 tiles)",
    "level": "computer's strength: easy (a random move among the lower-scoring half), medium "
    "(greedy: the highest score now) or hard (the engine's equity player; default)",
    "first": "who moves first: human (default) or computer",
    "seed": "whole number: the bag's order and the computer's random choices repeat (game n of "
    "the page uses seed+n); default random",
    "reject": "0..1: the page's dictionary refuses this fraction of otherwise legal moves a "
    "person plays (by the main word, the same word always), as 'not in the dictionary' "
    "(default 0)",
    "theme": "classic (green board, labelled premium squares, cream tiles; default) or wood "
    "(dark wooden board, other premium colours and labels, amber tiles in a serif font)",
    "input": "drag (press on a rack tile, drag it onto a square, release; default) or click "
    "(click a rack tile, then click a square)",
    "think": "milliseconds the computer's 'thinking' stays on screen at least (default 800)",
    "bonus": "points for laying all the rack's tiles in one move: the rules' own (50) unless"
    " given (some sites give 35, some none: bonus=0)",
    "ending": "banner (default: the page says the game is over, who won, the final score and"
    " why) or silent (as some sites do: nothing says the game is over; a rack runs out with the"
    " bag empty or the passes run out, and the turn line goes on naming who would move next)",
    "blank": "dialog (default: a wildcard's letter is picked on the page's own box of letter"
    " buttons) or prompt (as some sites do: the browser's own prompt() box asks it, typed)",
    "layout": "the premium squares: rules (default: the rules' own layout), erudit, scrabble or"
    " wwf (the Words-With-Friends layout), as sites that put their own under the same tiles",
    "theirs": "plain (default: the computer's tiles look like yours) or bordered (as some sites"
    " do: each tile the computer laid has a coloured border)",
    "tiles": "whole number: play with only this many tiles of the shuffled set (at least two"
    " racks' worth; a short game, for tests and demos); default the whole set",
}
DEFAULT_THINK_MS = 800


@dataclass(frozen=True)
class EruditConfig:
    rules: str = "erudit"
    level: str = "hard"
    first: str = "human"
    seed: int | None = None
    reject: float = 0.0
    theme: str = "classic"
    input: str = "drag"
    think: int = DEFAULT_THINK_MS
    tiles: int | None = None
    bonus: int | None = None  # the all-tiles bonus, when not the rules' own
    ending: str = "banner"
    blank: str = "dialog"
    layout: str = "rules"
    theirs: str = "plain"

    @property
    def lang(self) -> str:
        """The page's language: English for English Scrabble, Russian otherwise."""
        return "en" if self.rules == "scrabble-en" else "ru"

    def to_dict(self) -> dict[str, object]:
        return {**asdict(self), "lang": self.lang}


def parse_config(payload: dict[str, object]) -> EruditConfig:
    """The game's settings from the page's query parameters (unknown names are ignored)."""
    think = number(payload, "think", int, 0, 10_000)
    reject = number(payload, "reject", float, 0.0, 1.0)
    return EruditConfig(
        rules=choice(payload, "rules", CHOICES["rules"]),
        level=choice(payload, "level", CHOICES["level"]),
        first=choice(payload, "first", CHOICES["first"]),
        seed=number(payload, "seed", int, 0, 2**53),
        reject=0.0 if reject is None else reject,
        theme=choice(payload, "theme", CHOICES["theme"]),
        input=choice(payload, "input", CHOICES["input"]),
        think=DEFAULT_THINK_MS if think is None else think,
        tiles=number(payload, "tiles", int, 14, 1000),
        bonus=number(payload, "bonus", int, 0, 1000),
        ending=choice(payload, "ending", CHOICES["ending"]),
        blank=choice(payload, "blank", CHOICES["blank"]),
        layout=choice(payload, "layout", CHOICES["layout"]),
        theirs=choice(payload, "theirs", CHOICES["theirs"]),
    )


def describe_parameters() -> list[str]:
    """One line per URL parameter, for ``gamebot serve erudit``."""
    return [f"  {name:7} {text}" for name, text in PARAMETERS.items()]
