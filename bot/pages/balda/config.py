"""The Balda page's URL parameters, checked in one place so the page and the tests agree.

The page sends its whole query string to ``POST /api/balda/new``; :func:`parse_config` turns it
into a :class:`BaldaConfig` or raises :class:`PageRequestError` naming the parameter, and the
page shows that message. :data:`PARAMETERS` documents them for ``gamebot serve balda``.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

from bot.pages.kit.params import choice, number
from bot.pages.kit.server import PageRequestError

# name -> (allowed values or a description, default); the first value is the default.
CHOICES: dict[str, tuple[str, ...]] = {
    "size": ("5", "6", "7"),
    "level": ("hard", "medium", "easy"),
    "first": ("human", "computer"),
    "mode": ("computer", "hotseat"),
    "theme": ("classic", "night", "canvas"),
    "input": ("palette-drag", "type-click"),
    "ending": ("banner", "silent"),
    "unknown": ("refuse", "ask"),
    "overlay": ("none", "path"),
    "yo": ("e", "letter"),
}
PARAMETERS: dict[str, str] = {
    "size": "grid size: 5 (default), 6 or 7",
    "lang": "language of the words and the letter palette: {langs} (default ru)",
    "level": "computer's strength: easy (a random shorter word), medium (greedy longest word), "
    "hard (look-ahead search, about 1 s a move; default)",
    "first": "who moves first: human (default) or computer",
    "mode": "computer (default: you against the computer) or hotseat (two people take turns)",
    "seed": "whole number: start words and the computer's random choices repeat (game n of the "
    "page uses seed+n); default random",
    "reject": "0..1: the page's dictionary refuses this fraction of otherwise legal words a "
    "person plays, as 'not in the dictionary' (default 0)",
    "theme": "classic (light, square cells, UPPER-case letters; default), night (dark, "
    "rounded tiles, lower-case letters) or canvas (the grid and the palette drawn on a <canvas> "
    "in a serif italic, letters coloured by who placed them; no word lists, no start word shown)",
    "input": "palette-drag (click an empty cell, pick a letter on the palette, drag along the "
    "word; default) or type-click (click an empty cell, type the letter, click the word's cells, "
    "then Отправить or Enter)",
    "ending": "banner (default: the page says the game is over, who won and the final score) or "
    "silent (as some sites do: nothing says the game is over; the grid fills or the passes run "
    "out, and the turn line goes on naming who would move next)",
    "unknown": "refuse (default: a word the page's dictionary lacks is refused) or ask (as some "
    "sites do: a box asks «Добавить его в словарь?» with «Да, добавить» and «Не добавлять»; "
    "added, the word is played)",
    "overlay": "none (default) or path (as some sites do: after every move, ours too, arrows "
    "drawn across the word's letters, over them, until the next move)",
    "yo": "e (default: Russian Ё is Е, as most sites play) or letter (Ё a letter of its own: "
    "the palette has it, УЧЁТ is a word and УЧЕТ is not)",
    "position": "the grid to start from instead of a fresh game (for labelled screenshots): rows "
    "from the top joined by '/', '.' an empty cell, the middle row full (the start word); "
    "e.g. ...../..К../БАЛДА/...../.....",
    "think": "milliseconds the computer's 'thinking' stays on screen at least (default 600)",
}
DEFAULT_THINK_MS = 600


@dataclass(frozen=True)
class BaldaConfig:
    size: int = 5
    lang: str = "ru"
    level: str = "hard"
    first: str = "human"
    mode: str = "computer"
    seed: int | None = None
    reject: float = 0.0
    theme: str = "classic"
    input: str = "palette-drag"
    think: int = DEFAULT_THINK_MS
    ending: str = "banner"
    unknown: str = "refuse"
    overlay: str = "none"
    position: str = ""
    yo: str = "e"

    def to_dict(self) -> dict[str, object]:
        return asdict(self)


def parse_config(payload: dict[str, object], languages: tuple[str, ...]) -> BaldaConfig:
    """The game's settings from the page's query parameters (unknown names are ignored)."""
    think = number(payload, "think", int, 0, 10_000)
    reject = number(payload, "reject", float, 0.0, 1.0)
    return BaldaConfig(
        size=int(choice(payload, "size", CHOICES["size"])),
        lang=choice(payload, "lang", languages),
        level=choice(payload, "level", CHOICES["level"]),
        first=choice(payload, "first", CHOICES["first"]),
        mode=choice(payload, "mode", CHOICES["mode"]),
        seed=number(payload, "seed", int, 0, 2**53),
        reject=0.0 if reject is None else reject,
        theme=choice(payload, "theme", CHOICES["theme"]),
        input=choice(payload, "input", CHOICES["input"]),
        think=DEFAULT_THINK_MS if think is None else think,
        ending=choice(payload, "ending", CHOICES["ending"]),
        unknown=choice(payload, "unknown", CHOICES["unknown"]),
        overlay=choice(payload, "overlay", CHOICES["overlay"]),
        position=_position(payload),
        yo=choice(payload, "yo", CHOICES["yo"]),
    )


def _position(payload: dict[str, object]) -> str:
    """The ``position`` parameter as given (upper case; its letters are checked by the game)."""
    value = payload.get("position")
    if value is None or value == "":
        return ""
    if not isinstance(value, str):
        raise PageRequestError(f"parameter position must be text, not {value!r}")
    return value.strip().upper()


def describe_parameters(languages: tuple[str, ...]) -> list[str]:
    """One line per URL parameter, for ``gamebot serve balda``."""
    langs = ", ".join(languages)
    return [f"  {name:7} {text.format(langs=langs)}" for name, text in PARAMETERS.items()]
