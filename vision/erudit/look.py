"""What one site's Erudit / Scrabble board looks like, learned from screenshots.

A site has one or more themes; a theme names the flat colour of an empty square of each
premium kind (``.`` plain, ``d``/``t`` double/triple letter, ``D``/``T`` double/triple word) and
the face colours of its tiles (plain, just played, ...). Letters are in the site's
:class:`~vision.core.glyph_bank.GlyphBank`, value numbers and the wildcard mark in its
:class:`~vision.erudit.value_digits.MarkBank`. The page's words for the two scores and the tiles
left are kept per language, for reading them with :mod:`vision.core.page_text`.

On disk, one folder per site (``calibration/sites/<site>/`` for the built-in ones):
``erudit-look.json``, ``glyphs/`` and ``marks/``.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from vision.core.atomic import write_atomic
from vision.core.glyph_bank import GlyphBank
from vision.erudit.value_digits import MarkBank

Colour = tuple[int, int, int]
FORMAT = 1
KINDS = ".dtDT"
TILE = "tile"
#: Two colours this close (any channel) are one.
COLOUR_CLOSE = 10
LOOK_FILE = "erudit-look.json"


class LookError(ValueError):
    """A look file that cannot be read, or colours that contradict each other."""


def close(a: Sequence[int], b: Sequence[int], tol: int = COLOUR_CLOSE) -> bool:
    return max(abs(int(x) - int(y)) for x, y in zip(a, b, strict=True)) <= tol


def hex_colour(c: Sequence[int]) -> str:
    """BGR -> ``#rrggbb`` (as a page's CSS writes it)."""
    return f"#{c[2]:02x}{c[1]:02x}{c[0]:02x}"


def parse_colour(text: str) -> Colour:
    t = text.strip().lstrip("#")
    if len(t) != 6:
        raise LookError(f"colour {text!r}: expected #rrggbb")
    r, g, b = (int(t[i : i + 2], 16) for i in (0, 2, 4))
    return b, g, r


@dataclass
class Theme:
    """One theme's colours: premium kind (or ``tile``) -> face colours (BGR)."""

    name: str
    colours: dict[str, list[Colour]] = field(default_factory=dict)
    #: Where value numbers start, as parts of a tile face's width and height, on board tiles
    #: and on rack tiles (``board``/``rack``), learned from tiles whose number stands apart.
    zones: dict[str, tuple[float, float, float]] = field(default_factory=dict)
    #: How far the theme leans its wildcards' letters (pixels across per pixel down), if it
    #: does: learned by leaning them back until they match the plain tiles' letters.
    slant: float | None = None

    def widen_zone(self, where: str, left: float, top: float, bottom: float) -> None:
        """Grow the ``board``/``rack`` value zone (left, top, bottom) to hold another number."""
        have = self.zones.get(where)
        self.zones[where] = (left, top, bottom) if have is None else (
            min(have[0], left), min(have[1], top), max(have[2], bottom))

    def kind_of(self, colour: Sequence[int]) -> str | None:
        """``.``/``d``/``t``/``D``/``T`` for an empty square, ``tile``, or None if unknown."""
        for kind, known in self.colours.items():
            if any(close(colour, k) for k in known):
                return kind
        return None

    def kinds_of(self, colours: Sequence[Colour]) -> list[str | None]:
        """:meth:`kind_of` for many colours at once."""
        known = [(kind, c) for kind, cs in self.colours.items() for c in cs]
        if not known or not colours:
            return [None] * len(colours)
        table = np.array([c for _, c in known], np.int16)
        diff = np.abs(np.array(colours, np.int16)[:, None, :] - table[None, :, :]).max(axis=2)
        best = diff.argmin(axis=1)
        return [known[b][0] if diff[i, b] <= COLOUR_CLOSE else None
                for i, b in enumerate(best.tolist())]

    @property
    def tiles(self) -> list[Colour]:
        return list(self.colours.get(TILE, []))

    def conflicts(self, kind: str, colour: Colour) -> str | None:
        """The other kind this colour already stands for, if any."""
        have = self.kind_of(colour)
        return have if have is not None and have != kind else None

    def add(self, kind: str, colour: Colour) -> None:
        if kind not in KINDS and kind != TILE:
            raise LookError(f"unknown square kind {kind!r}")
        other = self.conflicts(kind, colour)
        if other is not None:
            raise LookError(
                f"theme {self.name}: colour {hex_colour(colour)} is both {other!r} and {kind!r}"
            )
        known = self.colours.setdefault(kind, [])
        if not any(close(colour, k, 3) for k in known):
            known.append(colour)

    def agrees(self, other: Theme) -> bool:
        """Could ``other``'s colours be this theme's? (shares a plain square colour and no
        colour means two different things)"""
        plain = self.colours.get(".", [])
        if not any(close(c, p) for c in other.colours.get(".", []) for p in plain):
            return False
        return all(
            self.conflicts(kind, c) is None for kind, cs in other.colours.items() for c in cs
        )

    def to_dict(self) -> dict[str, object]:
        return {"name": self.name,
                "colours": {k: [hex_colour(c) for c in cs] for k, cs in self.colours.items()},
                "value_zones": {k: [round(x, 4) for x in v] for k, v in self.zones.items()},
                "wild_slant": None if self.slant is None else round(self.slant, 4)}

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> Theme:
        colours = data.get("colours", {})
        zones = data.get("value_zones", {})
        if not isinstance(colours, dict) or not isinstance(zones, dict):
            raise LookError("theme colours and value_zones must be objects")
        theme = cls(str(data.get("name", "")))
        for kind, cs in colours.items():
            for c in cs:
                theme.add(str(kind), parse_colour(str(c)))
        for where, v in zones.items():
            theme.zones[str(where)] = (float(v[0]), float(v[1]), float(v[2]))
        slant = data.get("wild_slant")
        theme.slant = float(slant) if isinstance(slant, int | float) else None
        return theme


@dataclass
class EruditLook:
    """A site's themes, whether its tiles show values, and its words for scores and the bag."""

    site: str
    themes: list[Theme] = field(default_factory=list)
    values_shown: bool = True
    texts: dict[str, dict[str, list[str]]] = field(default_factory=dict)
    #: The rules the site was seen playing (calibration shots), most often first.
    rules: list[str] = field(default_factory=list)
    #: The premium layout the site's board shows (225 kinds, ``?`` where never seen), when it
    #: was read off the board (its own layout, or premiums drawn as marks, not colours).
    layout: str | None = None

    def premium_text(self, rules_text: str) -> str | None:
        """The site's premium grid as 15 lines, squares never seen taken from ``rules_text``
        (the rules' own grid); None when the site has no layout of its own."""
        if self.layout is None:
            return None
        theirs = "".join(ln.strip() for ln in rules_text.strip().splitlines() if ln.strip())
        cells = [k if k != "?" else theirs[i] for i, k in enumerate(self.layout)]
        return "\n".join("".join(cells[r * 15 : (r + 1) * 15]) for r in range(15)) + "\n"

    def merge_layout(self, kinds: str) -> list[int]:
        """Fold a layout read off another shot into the site's; the squares where the two
        disagree (both seen), which are left as they were."""
        if len(kinds) != 225:
            raise LookError(f"a layout has 225 squares, not {len(kinds)}")
        if self.layout is None:
            self.layout = kinds
            return []
        cells, clash = list(self.layout), []
        for i, (have, new) in enumerate(zip(self.layout, kinds, strict=True)):
            if have == "?":
                cells[i] = new
            elif new not in ("?", have):
                clash.append(i)
        self.layout = "".join(cells)
        return clash

    def add_rules(self, name: str) -> None:
        if name not in self.rules:
            self.rules.append(name)

    def set_texts(
        self, lang: str, scores: Sequence[str] = (), bag: Sequence[str] = (),
        bag_empty: Sequence[str] = (),
    ) -> None:
        """The page's words beside our score and theirs, in its tiles-left line, and in the
        line it shows for an empty bag instead."""
        entry = self.texts.setdefault(lang, {})
        if bag_empty:
            entry["bag_empty"] = [str(x) for x in bag_empty]
        if scores:
            if len(scores) != 2:
                raise LookError(f"two score labels (ours, theirs), not {list(scores)}")
            entry["scores"] = [str(x) for x in scores]
        if bag:
            entry["bag"] = [str(x) for x in bag]

    def merge_theme(self, theme: Theme) -> Theme:
        """Fold ``theme`` into the one it agrees with, or keep it as a new one; returns it."""
        for have in self.themes:
            if have.agrees(theme):
                for kind, cs in theme.colours.items():
                    for c in cs:
                        have.add(kind, c)
                for where, zone in theme.zones.items():
                    have.widen_zone(where, *zone)
                if have.slant is None:
                    have.slant = theme.slant
                return have
        theme.name = theme.name or f"theme{len(self.themes) + 1}"
        self.themes.append(theme)
        return theme

    def score_labels(self, lang: str) -> list[str]:
        return list(self.texts.get(lang, {}).get("scores", []))

    def bag_phrases(self, lang: str) -> list[str]:
        return list(self.texts.get(lang, {}).get("bag", []))

    def to_dict(self) -> dict[str, object]:
        return {
            "format": FORMAT,
            "about": "how one site draws an Erudit/Scrabble board (gamebot calibrate erudit);"
            " see vision/erudit/look.py",
            "site": self.site,
            "values_shown": self.values_shown,
            "rules": self.rules,
            "layout": None if self.layout is None else [
                self.layout[r * 15 : (r + 1) * 15] for r in range(15)],
            "texts": self.texts,
            "themes": [t.to_dict() for t in self.themes],
        }

    @classmethod
    def from_dict(cls, data: dict[str, object], where: str = "look") -> EruditLook:
        if data.get("format") != FORMAT:
            raise LookError(f"{where}: format {data.get('format')}; this gamebot reads {FORMAT}")
        themes = data.get("themes", [])
        texts = data.get("texts", {})
        if not isinstance(themes, list) or not isinstance(texts, dict):
            raise LookError(f"{where}: 'themes' must be a list and 'texts' an object")
        try:
            parsed = [Theme.from_dict(t) for t in themes]
        except (LookError, ValueError, TypeError) as exc:
            raise LookError(f"{where}: {exc}") from None
        rules = data.get("rules", [])
        layout = data.get("layout")
        if layout is not None:
            flat = "".join(str(x) for x in layout) if isinstance(layout, list) else ""
            if len(flat) != 225 or any(ch not in ".dtDT?" for ch in flat):
                raise LookError(f"{where}: 'layout' must be 15 rows of 15 of . d t D T ?")
            layout = flat
        return cls(str(data.get("site", "")), parsed, bool(data.get("values_shown", True)),
                   {str(k): {str(a): [str(x) for x in b] for a, b in v.items()}
                    for k, v in texts.items()},
                   [str(r) for r in rules] if isinstance(rules, list) else [], layout)


@dataclass
class EruditSite:
    """Everything needed to read one site: its look, letter glyphs and tile marks."""

    look: EruditLook
    glyphs: GlyphBank
    marks: MarkBank = field(default_factory=MarkBank)
    folder: Path | None = None
    #: Whole tiles (letter and value number together), for letters whose stroke touches the
    #: number; see :meth:`vision.erudit.tiles.TileInk.whole`.
    wholes: GlyphBank | None = None

    def __post_init__(self) -> None:
        if self.wholes is None:
            self.wholes = GlyphBank(self.glyphs.alphabet, self.glyphs.site)

    @property
    def name(self) -> str:
        return self.look.site

    @classmethod
    def empty(cls, site: str, alphabet: str) -> EruditSite:
        return cls(EruditLook(site), GlyphBank(alphabet, site), MarkBank())

    @classmethod
    def load(cls, folder: str | Path) -> EruditSite:
        root = Path(folder)
        path = root / LOOK_FILE
        if not path.is_file():
            raise LookError(f"{root}: no Erudit look here ({LOOK_FILE} missing); learn one with"
                            f" `gamebot calibrate erudit --from SHOT... --out {root}`")
        try:
            data = json.loads(path.read_text("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise LookError(f"{path}: not valid JSON ({exc})") from None
        look = EruditLook.from_dict(data, str(path))
        glyphs = GlyphBank.load(root / "glyphs")
        marks = MarkBank.load(root / "marks")
        wholes = GlyphBank.load(root / "wholes") if (root / "wholes").is_dir() else None
        return cls(look, glyphs, marks, root, wholes)

    def save(self, folder: str | Path) -> Path:
        root = Path(folder)
        root.mkdir(parents=True, exist_ok=True)
        self.glyphs.save(root / "glyphs")
        self.marks.save(root / "marks")
        if self.wholes is not None:
            self.wholes.save(root / "wholes")
        text = json.dumps(self.look.to_dict(), ensure_ascii=False, indent=1) + "\n"
        write_atomic(root / LOOK_FILE, text.encode("utf-8"))
        self.folder = root
        return root
