"""Read an Erudit / Scrabble board and rack off a page picture: every square, never a guess.

Entry points (the bot's adapter calls these)::

    location = locate_erudit(frame)                       # BoardLocation, ~100-250 ms
    reading = read_erudit(frame, location, site, rules)   # EruditReading, a few dozen ms
    text = reading.to_position_text(rules)                # what `gamebot erudit best` reads

``site`` is an :class:`~vision.erudit.look.EruditSite` (``EruditSite.load(folder)``: the site's
colours, glyph bank and value marks, learned by ``gamebot calibrate erudit``); ``rules`` a
:class:`solvers.erudit.rules.Rules`. The reading has ``board`` (15 strings: ``.`` empty, upper
case a tile, lower case a wildcard standing for that letter), ``rack`` (``*`` a wildcard),
``wildcards`` (their squares), ``rack_tiles`` (a :class:`Region` per rack tile, frame pixels),
``geometry`` (the board's :class:`GridGeometry`), ``premiums`` (the kind of every empty square,
``?`` under a tile), ``layout`` / ``premiums_match`` / ``premium_diffs`` (the premium squares
against the rules' grid), ``scores`` and ``bag`` (tiles left; when a
:class:`~vision.core.page_text.PageText` is passed and the site's words for them are known).

How a square is read: its most common colour is an empty square of a premium kind, or a tile
face, in one of the site's themes (anything else is an error naming the square). A tile is cut
into its letter and its value number (:mod:`vision.erudit.tiles`); the letter is named by the glyph
bank (by Tesseract when the bank does not know it, kept only when the value number confirms
it); the value is checked against the rules' value of that letter, and a tile showing no value
(or 0) is a wildcard. The rack is the row of tiles outside the board (:mod:`vision.erudit.rack`).
Finally the position is checked against the rules (:mod:`vision.erudit.checks`). Every failure
is a :class:`~vision.core.errors.ReadError` naming the square (``H8``) or rack tile.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

import numpy as np

from solvers.erudit.board import Board, square_name
from solvers.erudit.position import Position
from solvers.erudit.rules import SIZE, WILDCARD, Rules
from vision.core.errors import ReadError
from vision.core.frame import Frame
from vision.core.geometry import GridGeometry, Region
from vision.core.glyph_bank import GlyphBankError, GlyphMatch, canonical_char
from vision.core.letters import CellInk, GridLocation
from vision.erudit.checks import check_board, check_tiles
from vision.erudit.covered import see_through_tiles
from vision.erudit.locate import locate_board
from vision.erudit.look import TILE, EruditSite, Theme, hex_colour
from vision.erudit.premiums import compare_layout
from vision.erudit.rack import NoRackTilesError, find_rack
from vision.erudit.tile_names import (
    letter_by_rules,
    letter_by_two,
    value_by_shape,
    wildcard_letter,
)
from vision.erudit.tiles import (
    TileCache,
    TileInk,
    distance_map,
    mode_colour,
    mode_colours,
    split_tile,
)
from vision.erudit.value_digits import ACCEPT as MARK_ACCEPT
from vision.erudit.value_digits import ocr_number

if TYPE_CHECKING:
    from vision.core.page_text import PageText

#: What a board tile reads as when its glyph is not known and the caller asked for that.
UNKNOWN = "?"
#: The value of such a tile whose number shows but cannot be read (a letter, not a wildcard).
UNREAD = -1

#: Tesseract language of each rules' alphabet.
RULES_LANG = {"erudit": "ru", "scrabble-ru": "ru", "scrabble-en": "en", "wwf": "en"}


def rules_lang(rules: Rules) -> str:
    """``ru`` or ``en``: the language of the rules' alphabet."""
    if rules.name in RULES_LANG:
        return RULES_LANG[rules.name]
    return "en" if rules.alphabet[0] == "A" else "ru"


@dataclass(frozen=True)
class BoardLocation:
    """Where the 15×15 board is in a frame (cell edges in frame pixels)."""

    grid: GridLocation

    @property
    def geometry(self) -> GridGeometry:
        return self.grid.geometry

    @property
    def pitch(self) -> float:
        return self.grid.pitch

    @property
    def bounds(self) -> Region:
        return self.grid.geometry.bounds

    def offset(self, dx: int, dy: int) -> BoardLocation:
        return BoardLocation(self.grid.offset(dx, dy))

    def to_dict(self) -> dict[str, object]:
        return self.grid.to_dict()

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> BoardLocation:
        return cls(GridLocation.from_dict(data))


def locate_erudit(frame: Frame) -> BoardLocation:
    """The 15×15 board in the frame, at any zoom (``BoardNotFoundError`` / ``BoardCutOffError``
    otherwise, saying what was seen)."""
    return BoardLocation(locate_board(frame))


@dataclass(frozen=True)
class EruditReading:
    """A read board and rack; see the module docstring."""

    location: BoardLocation
    board: tuple[str, ...]
    rack: str
    rack_tiles: tuple[Region, ...]
    wildcards: tuple[str, ...]
    premiums: tuple[str, ...]
    layout: str
    premiums_match: bool
    premium_diffs: tuple[tuple[str, str, str], ...]
    theme: str
    rules: str
    scores: tuple[int, int] | None = None
    bag: int | None = None
    learned: tuple[tuple[str, str], ...] = ()
    values: tuple[tuple[str, int | None], ...] = field(default=(), repr=False)

    @property
    def geometry(self) -> GridGeometry:
        return self.location.geometry

    def position(self, rules: Rules, to_move: int = 1) -> Position:
        """The position for the engine: player 1 is the player whose rack shows."""
        board = Board.from_rows(self.board, rules.alphabet)
        scores = self.scores or (0, 0)
        bag = "" if self.bag == 0 else None
        pos = Position(rules, board, (self.rack, None), scores, to_move - 1, bag)
        pos.validate()
        return pos

    def to_position_text(self, rules: Rules, to_move: int = 1) -> str:
        """The position text of :mod:`solvers.erudit.position` (``gamebot erudit best``)."""
        return self.position(rules, to_move).to_text()

    def to_dict(self) -> dict[str, object]:
        return {
            "rules": self.rules,
            "board": list(self.board),
            "rack": self.rack,
            "wildcards": list(self.wildcards),
            "premiums": list(self.premiums),
            "layout": self.layout,
            "premiums_match": self.premiums_match,
            "premium_diffs": [list(d) for d in self.premium_diffs],
            "theme": self.theme,
            "scores": list(self.scores) if self.scores else None,
            "bag": self.bag,
            "learned": [list(x) for x in self.learned],
            "rack_tiles": [r.to_dict() for r in self.rack_tiles],
            "location": self.location.to_dict(),
        }


@dataclass
class _Tile:
    """A tile being read: where (square index, or -1-k for rack tile k), its ink, its name."""

    where: int
    ink: TileInk
    char: str = ""
    value: int | None = None
    learned: bool = False
    unsure: str = ""  # why the value's marks were not sure, when they were not
    nearest: str | None = None  # the nearest mark's label when it was not sure
    firm_value: bool = False  # the value taken from the nearest mark: teach it to the marks
    told: bool = False  # the caller named it (its own tile, or one the game's logic named)
    joined: bool = False  # a raised value number shows, joined to the letter (not cut off)
    key: tuple[object, ...] | None = None  # its pixels' key in the TileCache, when one is kept
    said: str = ""  # the caller's letter for it, its case the caller's (it laid the tile)
    wild_mark: bool = False  # a rack mark named the wildcard by its missing number: learn it

    def name(self) -> str:
        return square_name(self.where) if self.where >= 0 else f"rack tile {-self.where}"

    def cell(self) -> tuple[int, int] | None:
        return divmod(self.where, SIZE) if self.where >= 0 else None


def _fail(tile: _Tile, pixels: np.ndarray, message: str) -> ReadError:
    face = tile.ink.face
    crop = pixels[face.top : face.bottom, face.left : face.right].copy()
    cell = tile.cell()
    where = (f"square {tile.name()} (row {cell[0] + 1}, column {cell[1] + 1})" if cell
             else f"{tile.name()} from the left")
    return ReadError(f"{where}: {message}", cell=cell, crop=crop)


def _square_window(geometry: GridGeometry, r: int, c: int) -> Region:
    rect = geometry.cell_rect(r, c)
    inset = 1 if min(rect.width, rect.height) > 12 else 0
    return Region(rect.left + inset, rect.top + inset, rect.width - 2 * inset,
                  rect.height - 2 * inset)


def _pick_theme(site: EruditSite, colours: list[tuple[int, int, int]]) -> Theme:
    if not site.look.themes:
        raise ReadError(f"site {site.name!r} has no learned colours: run"
                        f" `gamebot calibrate erudit --from SHOT...` first")
    scored = [(sum(k is not None for k in t.kinds_of(colours)), t) for t in site.look.themes]
    return max(scored, key=lambda st: st[0])[1]


def _value_labels(rules: Rules) -> list[str]:
    return sorted({str(v) for v in rules.values.values()} | {"0"}, key=int)


def _read_values(tiles: list[_Tile], site: EruditSite, rules: Rules) -> None:
    """Value numbers the site's marks name for sure (the others wait for their letter)."""
    allowed = _value_labels(rules)
    # A bank missing some of the numbers (a site learned from one frame) names only what is
    # near a template: a "2" is nearest a "1" when no "2" was ever seen.
    complete = set(allowed) - {"0"} <= set(site.marks.labels)
    for t in tiles:
        if t.ink.value is None:
            continue
        m = site.marks.classify(t.ink.value, allowed)
        if t.where < 0 and t.ink.letter is None and "0" not in site.marks.labels:
            # a rack tile with a number and no letter: the blank, whose 0 this bank never saw
            # (it matched a "1" firmly on a site learned cold): named in _confirm_values
            t.unsure, t.nearest = m.describe() or "a number and no letter", m.label
            continue
        # A "0" is a wildcard's whole look on a site that writes one: never a loose match (a
        # tile cut wrong, or in a look never seen, shows strokes a loose "0" fits).
        firm = m.distance <= MARK_ACCEPT
        if m.accepted and m.label is not None and (complete or firm) and (
                firm or m.label != "0"):
            t.value = int(m.label)
        else:
            t.unsure, t.nearest = m.describe(), m.label


def _confirm_values(tiles: list[_Tile], rules: Rules, px: np.ndarray, ocr: bool,
                    partial: bool = False, settled: dict[int, str] | None = None,
                    unknown_rack: bool = False) -> None:
    """Numbers the marks did not know: Tesseract must read the letter's own value, for sure.
    With ``partial`` a board tile whose number cannot be read is left to the caller's logic
    (``?``, its number unread) rather than refused; with ``unknown_rack`` a rack tile so is
    left out of the moves (``?``)."""
    for t in tiles:
        if not t.unsure:
            continue
        want = rules.values.get(t.char)
        window = t.ink.value_window
        # the rendered numbers first (a few ms), agreeing with the letter's value; else ask
        # Tesseract (a process per tile: 6 s a frame on a loaded machine mid-game)
        said = value_by_shape(t.ink, rules) if ocr else None
        if said != want or said is None:
            said = ocr_number(window, t.ink.colour) if ocr and window is not None else None
            if said is None and ocr and not (want is not None and t.nearest == str(want)):
                # the shape's guess, unless the nearest mark is already the letter's value
                # (Xanado's serif 1, close to a learned 0: the shape said 8 and refused it)
                said = value_by_shape(t.ink, rules)
        if t.char == UNKNOWN:
            t.value = said if said is not None else UNREAD  # the caller's logic names it
            continue
        if t.where < 0 and t.char in ("", WILDCARD) and t.ink.letter is None \
                and said in (None, 0):
            # a rack tile with a number and no letter is the wildcard (the rules' only tile
            # without one), its number the 0 a site writes on it (Xanado): learned as "0"
            t.value, t.firm_value = 0, True
            continue
        if said is None and want is not None and (
                t.nearest == str(want) or t.told or letter_by_two(t.ink, rules,
                                                                  rules_lang(rules)) == t.char):
            # the letter is named (by the caller, with the nearest mark its value, or by
            # Tesseract and its shape alike): a bank that saw few numbers yet (a site learned
            # from one frame) grows by it
            said, t.firm_value = want, True
        was = (settled or {}).get(t.where) if t.where >= 0 else None
        if was and want is not None and was.upper() == t.char and (said is None or said != want):
            # a settled tile's number unread (the centre star's tint through it): its letter
            # was checked when it was played; the marks learn nothing from it
            t.value = want
            continue
        if partial and t.where >= 0 and not t.told and (said is None or said != want):
            t.char, t.learned, t.value = UNKNOWN, False, UNREAD if said is None else said
            continue
        if unknown_rack and t.where < 0 and (said is None or said != want):
            # a rack tile whose number does not confirm its letter (the wood theme's Q, its
            # 10 unread): never a guess, and never a stop: left out of the moves
            t.char, t.learned, t.value = UNKNOWN, False, UNREAD if said is None else said
            continue
        if said is None or want is None or said != want:
            heard = "" if not ocr else (f"; Tesseract read {said}" if said is not None
                                        else "; Tesseract was not sure")
            raise _fail(t, px, f"cannot read the tile's value number ({t.unsure}{heard}); it"
                        f" checks the letter {t.char or '?'}, so the square is not guessed")
        # Tesseract's number is the letter's value: the marks learn it (a number a site
        # learned cold never saw was read by Tesseract on every frame, ~1 s each)
        t.value, t.firm_value = said, True


def _name_letters(
    tiles: list[_Tile], site: EruditSite, rules: Rules, px: np.ndarray, ocr: bool,
    slant: float | None = None, known: dict[int, str] | None = None, partial: bool = False,
    new_letters_only: bool = False, cache: TileCache | None = None,
    unknown_rack: bool = False, settled: dict[int, str] | None = None,
) -> None:
    with_ink = [t for t in tiles if t.ink.letter is not None]
    inks = [t.ink.letter for t in with_ink if t.ink.letter is not None]
    matches = site.glyphs.classify_many(inks, rules.alphabet)
    upright = _upright_matches(with_ink, matches, site, rules, slant)
    unsure = [t for t, m in zip(with_ink, matches, strict=True) if not m.accepted]
    by_value = _value_matches(unsure, site, rules)
    for t, m in zip(with_ink, matches, strict=True):
        if t.where < 0 and t.ink.letter is not None:
            mark = site.marks.classify(t.ink.letter, [WILDCARD])
            if mark.accepted and not (m.accepted and m.distance <= mark.distance):
                t.char = WILDCARD  # the site's wildcard mark on a rack tile
                continue
        if m.char is not None and m.accepted:
            t.char = canonical_char(m.char, rules.alphabet)
            continue
        mu = upright.get(id(t))
        if mu is not None and mu.char is not None and mu.accepted:
            t.char = canonical_char(mu.char, rules.alphabet)  # a slanted wildcard's letter
            continue
        mv = by_value.get(id(t))
        if mv is not None and mv.char is not None and _confirmed(
                mv, m, _all_known(site, rules, t.value)):
            t.char = canonical_char(mv.char, rules.alphabet)
            continue
        told = (known or {}).get(t.where) if t.where >= 0 else None
        if told is not None and _value_agrees(t, told, rules):
            # a tile the caller knows (it laid it, or the game names it), its value agreeing;
            # the case is the value's to tell (no value: a wildcard); asked before the
            # whole-tile templates, which would lend a wildcard we laid its letter's value
            t.char, t.learned, t.told = canonical_char(told, rules.alphabet), True, True
            continue
        whole = _whole_match(t, site, rules)
        if whole is not None:
            t.char = whole
            if t.unsure:  # the whole tile's template holds the letter's own value
                t.value, t.unsure = rules.values[whole], ""
            continue
        named = _ocr_letter(t, rules, ocr) if ocr else None
        if named is None and ocr and t.where >= 0 and not t.joined:
            named = wildcard_letter(t.ink, rules, rules_lang(rules))  # (None: it has a number)
        if named is not None and new_letters_only and named in site.glyphs.chars:
            # A letter the bank knows, in a look it does not: named (the value and a second
            # opinion agree), learned only when the same pixels are named alike twice (a
            # frame caught mid-animation must not teach a blended look).
            t.char = named
            t.learned = cache is not None and t.key is not None and cache.named_twice(t.key,
                                                                                      named)
            continue
        was = (settled or {}).get(t.where) if t.where >= 0 else None
        if named is None and was:
            # a tile earlier frames read and the caller followed (tiles never change once
            # played): a look gone odd (JScrab's centre star showing through our М) is that
            # letter still, never learned
            t.char, t.said = canonical_char(was.upper(), rules.alphabet), was
            continue
        if named is None and partial and t.where >= 0:
            t.char = UNKNOWN  # the caller names it (see read_erudit's ``partial``)
            continue
        if named is None and t.where < 0 and t.ink.value is None and not t.joined \
                and site.look.values_shown:
            # a rack tile showing a mark and no number where every letter shows its value:
            # the wildcard (our page's ★ a cold look had not seen), its mark learned
            t.char, t.wild_mark = WILDCARD, True
            continue
        if named is None and unknown_rack and t.where < 0:
            t.char = UNKNOWN  # a rack tile left out of the moves (``unknown_rack``)
            continue
        if named is None:
            raise _fail(t, px, f"unknown glyph ({m.describe()}"
                        f"{'' if ocr else '; Tesseract not asked'}); teach the site's bank"
                        f" with `gamebot calibrate erudit`")
        t.char, t.learned = named, True


def raised_value(ink: TileInk, zone: tuple[float, float, float] | None) -> bool:
    """Does ink show in the upper right corner above a letter's height, where the site puts its
    value numbers (``zone``: learned from tiles whose number stands apart)? Then the tile has
    a number even when it could not be cut from the letter (a W's arm touching its 4)."""
    if zone is None or zone[1] >= 0.3 or ink.letter_mask is None:
        return False
    h, w = ink.letter_mask.shape
    top = int(zone[1] * h)
    band = ink.letter_mask[top : top + max(2, int(0.12 * h)), int(zone[0] * w) :]
    return bool(band.size and band.sum() >= max(3, 0.02 * band.size))


def _value_agrees(t: _Tile, char: str, rules: Rules) -> bool:
    """Does the tile's value number fit ``char`` (lower case: a wildcard, worth nothing)? A
    number the marks are not sure of fits when its nearest mark is the letter's value (the
    caller knows the letter: a bank that saw few numbers yet is no reason to doubt it)."""
    want = rules.values.get(char.upper())
    if t.joined:  # a number shows, joined to the letter: a letter, not a wildcard
        return not char.islower()
    if char.islower():
        return not t.value and not (t.unsure and t.nearest not in (None, "0"))
    if t.value is None and t.unsure and want is not None:
        return True  # a number is shown, not read yet: the caller's letter is taken
    return t.value is not None and t.value == want


#: A glyph a little further from its templates than the bank accepts is still named when, of
#: the letters worth the tile's value, it is near one only, and no letter at all is clearly
#: nearer (a stroke touching the value number may have been cut off the letter).
LOOSE_ACCEPT, LOOSE_MARGIN, NEARER = 0.18, 0.08, 0.03
#: ... or, further still, when it is the nearest of all letters by this margin.
FAR_ACCEPT, FAR_MARGIN = 0.30, 0.12


def _value_matches(
    tiles: list[_Tile], site: EruditSite, rules: Rules
) -> dict[int, GlyphMatch]:
    """Each tile with a sure value number matched among the letters worth that value."""
    groups: dict[int, list[_Tile]] = {}
    for t in tiles:
        if t.value is not None and t.value > 0:
            groups.setdefault(t.value, []).append(t)
    out: dict[int, GlyphMatch] = {}
    for value, group in groups.items():
        letters = "".join(ch for ch in rules.alphabet if rules.values[ch] == value)
        inks = [t.ink.letter for t in group if t.ink.letter is not None]
        for t, m in zip(group, site.glyphs.classify_many(inks, letters), strict=True):
            out[id(t)] = m
    return out


def _upright_matches(
    tiles: list[_Tile], matches: list[GlyphMatch], site: EruditSite, rules: Rules,
    slant: float | None,
) -> dict[int, GlyphMatch]:
    """Board tiles with no value number (wildcards) whose letter the bank did not know,
    matched again leaned back by the theme's wildcard slant."""
    if not slant:
        return {}
    todo = [t for t, m in zip(tiles, matches, strict=True)
            if t.where >= 0 and t.ink.value is None and not m.accepted]
    inks = [t.ink.upright(slant) for t in todo]
    pairs = [(t, i) for t, i in zip(todo, inks, strict=True) if i is not None]
    found = site.glyphs.classify_many([i for _, i in pairs], rules.alphabet)
    return {id(t): m for (t, _), m in zip(pairs, found, strict=True)}


def _whole_match(t: _Tile, site: EruditSite, rules: Rules) -> str | None:
    """The letter of a tile whose letter and value number touch, named by whole-tile
    templates (letter and number together), when they are sure."""
    whole = t.ink.whole() if t.ink.value is not None else None
    if whole is None or site.wholes is None or not len(site.wholes):
        return None
    m = site.wholes.classify_many([whole], rules.alphabet)[0]
    if m.char is None or not m.accepted:
        return None
    return canonical_char(m.char, rules.alphabet)


def _all_known(site: EruditSite, rules: Rules, value: int | None) -> bool:
    """Does the bank hold a look of every letter worth ``value``?"""
    worth = {ch for ch in rules.alphabet if rules.values[ch] == value}
    return worth <= {canonical_char(ch, rules.alphabet) for ch in site.glyphs.chars}


def _confirmed(by_value: GlyphMatch, overall: GlyphMatch, all_known: bool = True) -> bool:
    near = by_value.distance <= LOOSE_ACCEPT and by_value.margin >= LOOSE_MARGIN
    if near and by_value.distance <= overall.distance + NEARER:
        return True
    # Further off (a rare letter the bank saw once, at another size), yet the nearest of all
    # letters by far and worth the tile's value: that letter and no other, when the bank
    # knows every letter worth it (a site learned from one rack knew И, not Н: its Н, worth
    # 1 too, came out И).
    return (
        all_known
        and by_value.char == overall.char
        and overall.distance <= FAR_ACCEPT
        and overall.margin >= FAR_MARGIN
    )


def _ocr_letter(t: _Tile, rules: Rules, ocr: bool) -> str | None:
    """The letter Tesseract and the rendered shapes name, kept only when the tile's value
    confirms it (:func:`vision.erudit.tile_names.letter_by_rules`)."""
    if t.ink.letter_window is None or t.value == 0 or (t.value is None and not t.unsure):
        return None
    nearest = int(t.nearest) if t.nearest is not None and t.nearest.isdigit() else None
    value = t.value
    if value is None and t.ink.value_window is not None:  # the marks were not sure of it
        value = ocr_number(t.ink.value_window, t.ink.colour)
    only = only_letter_worth(value, rules)
    if only is not None:
        return only  # a sure number only one letter is worth (wwf's 8: X): no look needed
    if value is None:
        value = value_by_shape(t.ink, rules)
    return letter_by_rules(t.ink, value, rules, rules_lang(rules), nearest)


def only_letter_worth(value: int | None, rules: Rules) -> str | None:
    """The one letter the rules value at ``value``, when only one is (wwf: X at 8; English
    Scrabble: K at 5); None for any other value, 0 or None. A tile whose number reads that
    for sure is that letter whatever its look (a wildcard has no number)."""
    if not value:
        return None
    worth = [ch for ch in rules.alphabet if rules.values.get(ch) == value]
    return worth[0] if len(worth) == 1 else None


def _settle(t: _Tile, site: EruditSite, rules: Rules, px: np.ndarray) -> str:
    """The tile's text for the position: a letter, a lower-case wildcard letter, or ``*``."""
    shown = site.look.values_shown
    if t.char == UNKNOWN:
        return UNKNOWN
    if t.said:
        return t.said
    if t.where < 0 and (t.char in ("", WILDCARD)):
        if t.value not in (None, 0):
            raise _fail(t, px, f"a tile with no letter shows the value {t.value}: a wildcard"
                        f" has none")
        return WILDCARD
    if not t.char:
        raise _fail(t, px, "the tile shows no letter")
    if t.char == WILDCARD:
        raise _fail(t, px, "a wildcard mark on the board: a placed wildcard shows its letter")
    want = rules.values[t.char]
    if shown and t.value not in (None, 0) and t.value != want:
        raise _fail(t, px, f"the letter reads {t.char} but the tile's value reads {t.value};"
                    f" {t.char} is worth {want} in {rules.name} (a misread letter or value, or"
                    f" other rules?)")
    wild = shown and t.value in (None, 0) and not t.joined
    if wild and t.value is None and "0" in site.marks.labels:
        # The site writes 0 on its wildcards: a tile showing no number at all is one cut
        # wrong (the board moved, a tile sliding in), never a wildcard.
        raise _fail(t, px, f"the tile {t.char} shows no value number, and site {site.name!r}"
                    f" writes 0 on its wildcards: a tile cut wrong, not a wildcard")
    if t.where < 0:
        if wild:
            raise _fail(t, px, f"the rack tile {t.char} shows no value: a wildcard on the rack"
                        f" shows no letter")
        return t.char
    return t.char.lower() if wild else t.char


def read_erudit(
    frame: Frame,
    location: BoardLocation,
    site: EruditSite,
    rules: Rules,
    *,
    ocr: bool = True,
    text: PageText | None = None,
    check: bool = True,
    cache: TileCache | None = None,
    known: dict[int, str] | None = None,
    partial: bool = False,
    empty_rack: bool = False,
    new_letters_only: bool = False,
    unknown_rack: bool = False,
    corner_joins: bool = False,
    counts_known: bool = True,
    settled: dict[int, str] | None = None,
) -> EruditReading:
    """Every square and rack tile of the located board (see the module docstring).

    ``ocr`` lets Tesseract name glyphs the bank lacks (kept in the bank only when their
    value number confirms them: see ``learned``). ``text`` reads scores and tiles left.
    ``check`` applies the rules' checks to the position (wildcards, letters, joined tiles).
    ``cache`` (a :class:`~vision.erudit.tiles.TileCache` kept from frame to frame) spares cutting
    the tiles that did not change since an earlier frame. ``known`` names squares whose letter the
    caller knows (the tiles it just laid itself): a glyph there that the bank does not know is
    that letter when the tile's value number agrees, and is learned like an OCR name. With
    ``empty_rack`` (the caller laid every tile it had) an empty rack is no error. With
    ``partial`` a board tile whose glyph cannot be named reads as ``?`` instead of raising (its
    value number is still in ``values``), so the caller's game logic can name it; turn
    ``check`` off then. With ``new_letters_only`` (play: frames that may be caught mid-animation)
    Tesseract names only letters the bank has no glyph of, and only those are learned: a known
    letter that does not match is a frame to wait out, never a new look of that letter. With
    ``unknown_rack`` a rack tile nothing names reads ``?`` (the caller plays the others).
    ``corner_joins``: the site joins words corner to corner (see ``check_board``).
    ``counts_known`` off: the rules were told by the tiles' values, not their counts.
    ``settled``: board squares earlier frames read, as the caller follows them; a tile there
    whose glyph or number no longer reads is that letter still (never learned from).
    """
    if not isinstance(site, EruditSite):
        raise TypeError(f"read_erudit needs the site's EruditSite (EruditSite.load(folder):"
                        f" colours, glyphs and value marks), not {type(site).__name__}")
    px = frame.pixels
    geometry = location.geometry
    if not Region(0, 0, frame.width, frame.height).contains_region(geometry.bounds):
        raise ReadError(f"the board at {geometry.bounds.to_dict()} is not inside the"
                        f" {frame.width}×{frame.height} frame (page scrolled or resized?)")
    windows = [_square_window(geometry, r, c) for r in range(SIZE) for c in range(SIZE)]
    colours = mode_colours(px, windows)
    theme = _pick_theme(site, colours)
    kinds = theme.kinds_of(colours)
    see_through_tiles(px, windows, colours, kinds, theme.tiles)
    unknown = [i for i, k in enumerate(kinds) if k is None]
    if unknown:
        i = unknown[0]
        w = windows[i]
        names = ", ".join(square_name(j) for j in unknown[:8])
        more = f" and {len(unknown) - 8} more" if len(unknown) > 8 else ""
        raise ReadError(
            f"square {square_name(i)}: colour {hex_colour(colours[i])} is neither an empty"
            f" square nor a tile of site {site.name!r} (theme {theme.name}); unknown squares:"
            f" {names}{more} (a dialog over the board, or a look never calibrated?)",
            cell=divmod(i, SIZE), crop=px[w.top : w.bottom, w.left : w.right].copy(),
            cells=tuple(divmod(j, SIZE) for j in unknown),
        )
    board_zone, rack_zone = theme.zones.get("board"), theme.zones.get("rack")
    tiles = _board_tiles(px, geometry.bounds, windows, colours, kinds, board_zone or rack_zone,
                         cache)  # (the rack's zone stands in for the board's not learned yet)
    try:
        rack_regions = find_rack(frame, geometry.bounds, location.pitch, theme.tiles)
    except NoRackTilesError:
        if not empty_rack:
            raise
        rack_regions = []  # the caller laid every tile it had: the rack is empty indeed
    if len(rack_regions) > rules.rack_size:
        raise ReadError(f"{len(rack_regions)} rack tiles found outside the board; a"
                        f" {rules.name} rack holds {rules.rack_size}")
    for k, region in enumerate(rack_regions, 1):
        grown = Region(max(0, region.left - 1), max(0, region.top - 1), region.width + 2,
                       region.height + 2)
        colour = mode_colour(px[region.top : region.bottom, region.left : region.right])
        key = None if cache is None else cache.key(
            px[grown.top : grown.bottom, grown.left : grown.right], grown, colour, rack_zone)
        tiles.append(_Tile(-k, split_tile(px, grown, colour, rack_zone), key=key))
    for t in tiles:  # (the rack's zone stands in for the board's not learned yet)
        where, other = ("board", "rack") if t.where >= 0 else ("rack", "board")
        t.joined = t.ink.value is None and raised_value(
            t.ink, theme.zones.get(where) or theme.zones.get(other))
    _read_values(tiles, site, rules)
    _name_letters(tiles, site, rules, px, ocr, theme.slant, known or {}, partial,
                  new_letters_only, cache, unknown_rack, settled)
    _confirm_values(tiles, rules, px, ocr, partial, settled, unknown_rack)
    for t in tiles:
        if t.joined and t.value is None and t.char in (UNKNOWN, ""):
            t.value = UNREAD  # a number shows, joined to the letter: not a wildcard
    for t in tiles:  # the caller's case wins over a value misread (a just-laid tile's look)
        said = (known or {}).get(t.where) if t.where >= 0 else None
        if said and t.char and canonical_char(said.upper(), rules.alphabet) == t.char.upper():
            t.said = said
    cells = ["."] * (SIZE * SIZE)
    rack_chars = []
    for t in tiles:
        ch = _settle(t, site, rules, px)
        if t.where >= 0:
            cells[t.where] = ch
        else:
            rack_chars.append(ch)
    rack = "".join(rack_chars)
    if check:
        check_tiles(cells, rack, rules, counts_known)
        check_board(cells, rules, corner_joins)
    premiums = [k if k is not None and k != TILE else "?" for k in kinds]  # none is None here
    layout_seen = site.look.layout
    if layout_seen is not None:  # premiums drawn as marks, or a layout of the site's own
        premiums = ["?" if k == TILE else layout_seen[i] for i, k in enumerate(kinds)]
    layout, match, diffs = compare_layout(premiums, rules)
    learned = _learn(tiles, site, theme, new_letters_only)
    rows = tuple("".join(cells[r * SIZE : (r + 1) * SIZE]) for r in range(SIZE))
    prem_rows = tuple("".join(premiums[r * SIZE : (r + 1) * SIZE]) for r in range(SIZE))
    scores, bag = (None, None)
    if text is not None:
        from vision.erudit.text import read_scores

        scores, bag = read_scores(frame, text, site, rules_lang(rules),
                                  [geometry.bounds, *rack_regions])
    return EruditReading(
        location, rows, rack, tuple(rack_regions),
        tuple(square_name(i) for i, ch in enumerate(cells) if ch != "." and ch.islower()),
        prem_rows, layout, match, tuple(diffs), theme.name, rules.name, scores, bag,
        tuple(learned), tuple((t.name(), t.value) for t in tiles),
    )


def _board_tiles(
    px: np.ndarray,
    bounds: Region,
    windows: list[Region],
    colours: list[tuple[int, int, int]],
    kinds: list[str | None],
    zone: tuple[float, float, float] | None,
    cache: TileCache | None = None,
) -> list[_Tile]:
    """The board's tiles cut up; one distance map of the board per tile colour, and none at
    all for tiles the cache has seen."""
    board = px[bounds.top : bounds.bottom, bounds.left : bounds.right]
    maps: dict[tuple[int, int, int], np.ndarray] = {}
    out = []
    for i, kind in enumerate(kinds):
        if kind != TILE:
            continue
        colour, win = colours[i], windows[i]
        key = None
        if cache is not None:
            key = cache.key(px[win.top : win.bottom, win.left : win.right], win, colour, zone)
            hit = cache.get(key)
            if hit is not None:
                out.append(_Tile(i, hit, key=key))
                continue
        if colour not in maps:
            maps[colour] = distance_map(board, colour)
        tile = _moved(split_tile(board, win.offset(-bounds.left, -bounds.top), colour, zone,
                                 maps[colour]), bounds.left, bounds.top)
        if cache is not None and key is not None:
            cache.put(key, tile)
        out.append(_Tile(i, tile, key=key))
    return out


def _moved(tile: TileInk, dx: int, dy: int) -> TileInk:
    """A tile cut from a crop, placed back in frame pixels."""
    def ink(i: CellInk | None) -> CellInk | None:
        if i is None or i.box is None:
            return i
        return replace(i, box=i.box.offset(dx, dy))

    return replace(tile, face=tile.face.offset(dx, dy), letter=ink(tile.letter),
                   value=ink(tile.value))


def _learn(tiles: list[_Tile], site: EruditSite, theme: Theme, new_letters_only: bool = False
           ) -> list[tuple[str, str]]:
    """Glyphs Tesseract named (confirmed by their value) go into the site's bank."""
    out = []
    known = site.glyphs.chars if new_letters_only else ""
    for t in tiles:
        if (t.firm_value and t.ink.value is not None and t.value is not None
                and str(t.value) not in site.marks.labels):
            # a number the bank never saw (a site learned from one frame); a number it knows
            # in a look it does not (a just-placed tile's highlight) teaches nothing
            site.marks.learn(t.ink.value, str(t.value))
        if t.wild_mark and t.ink.letter is not None:
            site.marks.learn(t.ink.letter, WILDCARD)
        twice = t.key is not None and t.learned and not t.told  # named alike twice
        if not t.learned or t.ink.letter is None or (known and t.char.upper() in known
                                                     and not twice):
            continue
        face = t.ink.face
        size = max(face.width, face.height) // 4 * 4
        look = f"{theme.name}:{'board' if t.where >= 0 else 'rack'}:{size}"
        try:
            site.glyphs.learn(t.ink.letter, t.char, look)
        except GlyphBankError:
            continue
        out.append((t.name(), t.char))
    return out

