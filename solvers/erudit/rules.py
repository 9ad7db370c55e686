"""Rules as data: tile set, values, premium grid, rack size, bonuses, wildcard scoring.

One engine plays Erudit, Russian Scrabble and English Scrabble; everything that differs between
them (and between sites that host them) lives in ``data/<name>.json`` and a premium grid text
file, so the move generator has no game-specific branches. A premium grid is 15 lines of 15
characters: ``.`` plain, ``d``/``t`` double/triple letter, ``D``/``T`` double/triple word.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path

DATA = Path(__file__).resolve().parent / "data"
RULE_NAMES = ("erudit", "scrabble-ru", "scrabble-en", "wwf")
SIZE = 15
WILDCARD = "*"
PREMIUM_CHARS = {".": (1, 1), "d": (2, 1), "t": (3, 1), "D": (1, 2), "T": (1, 3)}
WILDCARD_SCORING = ("zero", "letter")


class RulesError(ValueError):
    """A rules or premium file that is malformed; the message names the file and the field."""


@dataclass(frozen=True)
class Rules:
    """Everything the engine needs to know about a game variant.

    ``letter_mult``/``word_mult`` are 225 premiums, row-major. ``wildcard_scoring`` is ``zero``
    (a placed wildcard scores nothing) or ``letter`` (it scores the value of the letter it
    stands for). ``multiword`` allows several words in one turn (seed 000's Erudit house rule).
    """

    name: str
    title: str
    alphabet: str
    counts: dict[str, int] = field(compare=False)
    values: dict[str, int] = field(compare=False)
    wildcards: int
    wildcard_scoring: str
    rack_size: int
    bingo_bonus: int
    letter_mult: tuple[int, ...]
    word_mult: tuple[int, ...]
    start: int
    multiword: bool
    dictionary: str
    leaves: str
    min_bag_to_exchange: int
    vowels: str
    premium_text: str
    tile_values: dict[str, int] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        # Value of every board character (upper = real tile, lower = wildcard) for fast lookups.
        table: dict[str, int] = {}
        for ch in self.alphabet:
            table[ch] = self.values[ch]
            table[ch.lower()] = self.values[ch] if self.wildcard_scoring == "letter" else 0
        object.__setattr__(self, "tile_values", table)

    def with_options(
        self,
        wildcard_scoring: str | None = None,
        multiword: bool | None = None,
        premiums: str | None = None,
        bingo_bonus: int | None = None,
    ) -> Rules:
        """A copy with site options changed (``premiums`` is a grid's text; ``bingo_bonus``
        the points for laying a whole rack: 50, 35 on some sites, 0 on others)."""
        out = self
        if bingo_bonus is not None:
            if not 0 <= bingo_bonus <= 1000:
                raise RulesError(f"the all-tiles bonus {bingo_bonus} is not 0..1000 points")
            out = replace(out, bingo_bonus=bingo_bonus)
        if wildcard_scoring is not None:
            if wildcard_scoring not in WILDCARD_SCORING:
                raise RulesError(
                    f"wildcard scoring {wildcard_scoring!r}: use one of {WILDCARD_SCORING}"
                )
            out = replace(out, wildcard_scoring=wildcard_scoring)
        if multiword is not None:
            out = replace(out, multiword=multiword)
        if premiums is not None:
            lm, wm = parse_premiums(premiums, "premium grid")
            out = replace(out, letter_mult=lm, word_mult=wm, premium_text=premiums)
        return out

    def tile_value(self, cell: str) -> int:
        """Points of a tile as it lies on the board: lowercase marks a placed wildcard."""
        return self.tile_values.get(cell, 0)

    def full_bag(self) -> str:
        """Every tile of the set, letters in alphabet order then wildcards."""
        return "".join(ch * self.counts[ch] for ch in self.alphabet) + WILDCARD * self.wildcards


def parse_premiums(text: str, source: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Letter and word multipliers from a 15x15 grid text; errors name the line and column."""
    lines = [line.rstrip() for line in text.strip("\n").splitlines() if line.strip()]
    if len(lines) != SIZE:
        raise RulesError(f"{source}: {len(lines)} lines, expected {SIZE}")
    letter: list[int] = []
    word: list[int] = []
    for r, line in enumerate(lines):
        if len(line) != SIZE:
            raise RulesError(f"{source}: line {r + 1} has {len(line)} cells, expected {SIZE}")
        for c, ch in enumerate(line):
            if ch not in PREMIUM_CHARS:
                raise RulesError(
                    f"{source}: line {r + 1}, column {c + 1}: unknown premium {ch!r}"
                    f" (use one of {''.join(PREMIUM_CHARS)})"
                )
            lm, wm = PREMIUM_CHARS[ch]
            letter.append(lm)
            word.append(wm)
    return tuple(letter), tuple(word)


def square_index(text: str) -> int:
    """``H8`` -> row-major index (column letter A-O, row 1-15)."""
    t = text.strip().upper()
    if len(t) < 2 or not "A" <= t[0] <= "O" or not t[1:].isdigit() or not 1 <= int(t[1:]) <= SIZE:
        raise RulesError(f"bad square {text!r}: expected column A-O and row 1-15, e.g. H8")
    return (int(t[1:]) - 1) * SIZE + (ord(t[0]) - ord("A"))


def _load(path: Path) -> Rules:
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise RulesError(f"{path}: cannot read rules: {exc}") from None
    try:
        alphabet = raw["alphabet"]
        tiles = raw["tiles"]
        if set(tiles) != set(alphabet) or len(set(alphabet)) != len(alphabet):
            raise RulesError(f"{path}: 'tiles' must list each letter of 'alphabet' once")
        premium_file = DATA / raw["premiums"]
        premium_text = premium_file.read_text(encoding="utf-8")
        lm, wm = parse_premiums(premium_text, str(premium_file))
        scoring = raw["wildcard_scoring"]
        if scoring not in WILDCARD_SCORING:
            raise RulesError(f"{path}: wildcard_scoring must be one of {WILDCARD_SCORING}")
        return Rules(
            name=raw["name"],
            title=raw["title"],
            alphabet=alphabet,
            counts={ch: int(tiles[ch][0]) for ch in alphabet},
            values={ch: int(tiles[ch][1]) for ch in alphabet},
            wildcards=int(raw["wildcards"]),
            wildcard_scoring=scoring,
            rack_size=int(raw["rack_size"]),
            bingo_bonus=int(raw["bingo_bonus"]),
            letter_mult=lm,
            word_mult=wm,
            start=square_index(raw["start"]),
            multiword=bool(raw["multiword"]),
            dictionary=raw["dictionary"],
            leaves=raw["leaves"],
            min_bag_to_exchange=int(raw["min_bag_to_exchange"]),
            vowels=raw["vowels"],
            premium_text=premium_text,
        )
    except KeyError as exc:
        raise RulesError(f"{path}: missing field {exc.args[0]!r}") from None


@cache
def load_rules(name: str) -> Rules:
    """The built-in rules ``erudit``, ``scrabble-ru`` or ``scrabble-en``, or a JSON file path."""
    if name in RULE_NAMES:
        return _load(DATA / f"{name}.json")
    path = Path(name)
    if path.suffix == ".json" and path.exists():
        return _load(path)
    raise RulesError(f"unknown rules {name!r}: use one of {', '.join(RULE_NAMES)} or a .json file")
