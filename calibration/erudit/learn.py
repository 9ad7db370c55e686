"""Learn a site's Erudit look from screenshots (``gamebot calibrate erudit``).

With a label (the position text of the shot: its board, and player 1's rack in the order the
tiles stand) every square teaches its colour: an empty square the rules' premium kind there,
a tile a tile face colour; every tile its letter's glyph and its value number, checked against
the rules' value of the letter; a wildcard what the site shows on it (no value, or 0; on the
rack a mark like ``*`` or nothing). Shots whose colours agree are one theme; others start a new
one. A label that contradicts the picture (a tile where it says empty, a value that is not the
letter's) is an error naming the square, so a wrong label never teaches a wrong glyph.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from solvers.erudit.board import square_name
from solvers.erudit.rules import SIZE, WILDCARD, Rules
from vision.core.errors import ReadError
from vision.core.frame import Frame
from vision.core.geometry import Region
from vision.erudit.look import TILE, EruditSite, LookError, Theme, hex_colour
from vision.erudit.rack import NoRackTilesError, find_rack, find_rack_cold
from vision.erudit.reader import BoardLocation, locate_erudit
from vision.erudit.tiles import TileInk, mode_colour, split_tile

#: A tile the label leaves unnamed (an unlabelled shot's tile Tesseract was not sure of).
UNNAMED = "?"


@dataclass(frozen=True)
class LabelledShot:
    """One screenshot and what it shows: 15 board rows and the rack as it stands."""

    frame: Frame
    board: tuple[str, ...]
    rack: str
    rules: Rules
    name: str
    premiums: str | None = None  # 225 premium characters when the site's layout differs
    #: Colours of premium squares beyond their most common one (a star's, a badge's), by kind
    also: tuple[tuple[str, tuple[int, int, int]], ...] = ()


@dataclass
class LearnReport:
    located: list[tuple[str, BoardLocation]] = field(default_factory=list)
    themes: Counter[str] = field(default_factory=Counter)
    letters: Counter[str] = field(default_factory=Counter)
    marks: Counter[str] = field(default_factory=Counter)

    def lines(self, site: EruditSite) -> list[str]:
        out = []
        for name, loc in self.located:
            b = loc.bounds
            out.append(f"{name}: board at x={b.left} y={b.top}, {b.width}×{b.height} px,"
                       f" pitch {loc.pitch:.1f}")
        for t in site.look.themes:
            cs = ", ".join(f"{k}={'/'.join(hex_colour(c) for c in v)}"
                           for k, v in t.colours.items())
            out.append(f"theme {t.name} ({self.themes[t.name]} shots): {cs}")
        out.append(f"letters known: {site.glyphs.chars or '-'}")
        out.append(f"marks known: {' '.join(site.marks.labels) or '-'}")
        return out


def _window(loc: BoardLocation, i: int) -> Region:
    rect = loc.geometry.cell_rect(*divmod(i, SIZE))
    return Region(rect.left + 1, rect.top + 1, rect.width - 2, rect.height - 2)


def _flat_premiums(rules: Rules) -> str:
    return "".join(ln.strip() for ln in rules.premium_text.strip().splitlines() if ln.strip())


@dataclass(frozen=True)
class _Seen:
    """One labelled tile of a shot: where it is, its face colour and its label."""

    frame: Frame
    cell: Region
    colour: tuple[int, int, int]
    label: str
    where: str  # "board" or "rack"
    theme: Theme
    name: str


def _located_tiles(site: EruditSite, shot: LabelledShot, report: LearnReport) -> list[_Seen]:
    """Teach ``site`` the shot's colours; the shot's tiles with their labels."""
    frame, rules = shot.frame, shot.rules
    try:
        loc = locate_erudit(frame)
    except ReadError as exc:
        raise ReadError(f"{shot.name}: {exc}") from None
    report.located.append((shot.name, loc))
    cells = "".join(shot.board)
    if len(cells) != SIZE * SIZE:
        raise ValueError(f"{shot.name}: the label needs 15 rows of 15 squares")
    premiums = shot.premiums or _flat_premiums(rules)
    px = frame.pixels
    windows = [_window(loc, i) for i in range(SIZE * SIZE)]
    colours = [mode_colour(px[w.top : w.bottom, w.left : w.right]) for w in windows]
    theme = Theme("")
    first: dict[tuple[int, int, int], int] = {}  # colour -> the first square that showed it

    def what(k: str) -> str:
        return "a tile" if k == TILE else f"an empty {k!r} square"

    for i, (ch, colour) in enumerate(zip(cells, colours, strict=True)):
        kind = TILE if ch != "." else premiums[i]
        try:
            theme.add(kind, colour)
        except LookError:
            j = next((j for c, j in first.items() if max(abs(a - b) for a, b in
                                                         zip(c, colour, strict=True)) <= 10), i)
            other = TILE if cells[j] != "." else premiums[j]
            raise LookError(
                f"{shot.name}: square {square_name(i)} is labelled {what(kind)} and"
                f" {square_name(j)} {what(other)}, but both show the colour"
                f" {hex_colour(colour)}: one of the two labels is wrong"
            ) from None
        first.setdefault(colour, i)
    for kind, colour in shot.also:
        if kind != "." and theme.conflicts(kind, colour) is None:
            theme.add(kind, colour)
    theme = site.look.merge_theme(theme)
    report.themes[theme.name] += 1
    seen = [_Seen(frame, windows[i], colours[i], ch, "board", theme,
                  f"{shot.name}: square {square_name(i)}")
            for i, ch in enumerate(cells) if ch != "."]
    try:
        regions = find_rack(frame, loc.bounds, loc.pitch, theme.tiles) if theme.tiles else []
    except NoRackTilesError:
        regions = []
    if not regions and shot.rack:  # no tile on the board yet: the rack shows the tile colour
        regions, found = find_rack_cold(frame, loc.bounds, loc.pitch, max(7, len(shot.rack)))
        for colour in found:
            try:
                theme.add(TILE, colour)
            except LookError as exc:
                raise LookError(f"{shot.name}: the rack's tiles: {exc}") from None
    if len(regions) != len(shot.rack):
        raise ReadError(f"{shot.name}: the label's rack {shot.rack!r} has {len(shot.rack)}"
                        f" tiles but the picture shows {len(regions)}")
    for k, (region, ch) in enumerate(zip(regions, shot.rack, strict=True), 1):
        grown = Region(max(0, region.left - 1), max(0, region.top - 1), region.width + 2,
                       region.height + 2)
        colour = mode_colour(px[region.top : region.bottom, region.left : region.right])
        seen.append(_Seen(frame, grown, colour, ch, "rack", theme, f"{shot.name}: rack tile {k}"))
    return seen


def look_name(theme: str, where: str, tile: TileInk) -> str:
    """A glyph look: theme, board or rack, and the tile's size to 4 px (so every zoom keeps
    samples of its own in the bank)."""
    return f"{theme}:{where}:{max(tile.face.width, tile.face.height) // 4 * 4}"


def _zone_of(tile: TileInk, label: str, rules: Rules) -> tuple[float, float, float] | None:
    """Where a value number that stands apart from its letter starts on the face."""
    if tile.value is None or tile.value.box is None or label in (WILDCARD, UNNAMED) \
            or label.islower():
        return None
    digits = len(str(rules.values[label]))
    if tile.value.parts != digits:
        return None
    face, box = tile.face, tile.value.box
    return ((box.left - face.left - 1) / face.width, (box.top - face.top - 1) / face.height,
            (box.bottom - face.top) / face.height)


def _learn_tile(
    site: EruditSite, tile: TileInk, ch: str, look: str, rules: Rules, where: str,
    report: LearnReport,
) -> bool:
    """Learn one tile's glyph and value; returns whether it showed a value number."""
    if ch == UNNAMED:
        return tile.value is not None  # a tile nobody named: its colour only is learned
    wild = ch == WILDCARD or ch.islower()
    if ch == WILDCARD:
        if tile.letter is not None:
            site.marks.learn(tile.letter, WILDCARD)
            report.marks[WILDCARD] += 1
    else:
        letter = ch.upper()
        if letter not in rules.alphabet:
            raise ValueError(f"{where}: {ch!r} is not a letter of {rules.name}")
        if tile.letter is None:
            raise ReadError(f"{where} is labelled {ch!r} but the tile shows no letter")
        site.glyphs.widen(rules.alphabet)
        if site.glyphs.learn(tile.letter, letter, look + (":wild" if wild else "")):
            report.letters[letter] += 1
        whole = tile.whole()
        if not wild and whole is not None and site.wholes is not None:
            site.wholes.widen(rules.alphabet)
            site.wholes.learn(whole, letter, look)
    if tile.value is None:
        if not wild and any(label.isdigit() for label in site.marks.labels):
            raise ReadError(f"{where} is labelled {ch!r} but the tile shows no value number")
        return False
    label = "0" if wild else str(rules.values[ch.upper()])
    if site.marks.learn(tile.value, label):
        report.marks[label] += 1
    return not wild


def learn_site(
    shots: Sequence[LabelledShot], site: EruditSite
) -> tuple[EruditSite, LearnReport]:
    """``site`` grown by every shot (in place); the report says what was seen.

    First every shot's colours, and where value numbers stand on tiles whose number is apart
    from the letter; then every tile's glyph and value, cut with that knowledge.
    """
    report = LearnReport()
    todo: list[tuple[_Seen, Rules]] = []
    for shot in shots:
        todo.extend((seen, shot.rules) for seen in _located_tiles(site, shot, report))
        site.look.add_rules(shot.rules.name)
    for seen, rules in todo:
        tile = split_tile(seen.frame.pixels, seen.cell, seen.colour)
        zone = _zone_of(tile, seen.label, rules)
        if zone is not None:
            seen.theme.widen_zone(seen.where, *zone)
    for seen, rules in todo:
        tile = split_tile(seen.frame.pixels, seen.cell, seen.colour,
                          seen.theme.zones.get(seen.where))
        _learn_tile(site, tile, seen.label, look_name(seen.theme.name, seen.where, tile), rules,
                    seen.name, report)
    site.look.values_shown = any(label.isdigit() and label != "0"
                                 for label in site.marks.labels)
    _learn_slants(site, todo)
    return site, report


SHEARS = np.arange(0.0, 0.451, 0.025)


def _learn_slants(site: EruditSite, todo: list[tuple[_Seen, Rules]]) -> None:
    """Each theme's wildcard slant: the lean that brings its wildcards' letters nearest to the
    plain tiles' letters (a theme whose wildcards do not lean gets none)."""
    found: dict[str, list[float]] = {}
    themes = {}
    for seen, _rules in todo:
        if seen.where != "board" or not seen.label.islower():
            continue
        letter = seen.label.upper()
        tile = split_tile(seen.frame.pixels, seen.cell, seen.colour,
                          seen.theme.zones.get(seen.where))
        plain = [k for k, t in enumerate(site.glyphs.templates)
                 if t.char == letter and ":wild" not in t.look]
        if not plain:
            continue
        inks = [tile.upright(float(s)) for s in SHEARS]
        if any(i is None for i in inks):
            continue
        dist = site.glyphs.distances([i for i in inks if i is not None])[:, plain].min(axis=1)
        best = int(np.argmin(dist))
        if best > 0 and dist[best] < dist[0] - 0.03:
            found.setdefault(seen.theme.name, []).append(float(SHEARS[best]))
        themes[seen.theme.name] = seen.theme
    for name, shears in found.items():
        themes[name].slant = float(np.median(shears))
