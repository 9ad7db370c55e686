"""Name what an unlabelled screenshot of a new site shows, so calibration can learn from it.

The rack is found as a row of lettered tiles of one colour near the board
(:func:`vision.erudit.rack.find_rack_cold`); its colour is a tile colour. The premium layout is
read off the board (:mod:`vision.erudit.layout`: a known layout, else the labels on the
squares), and every square that is neither plain nor a premium is a tile, whatever its colour
(the opponent's tiles, a last move's highlight). Each tile's letter and value number are asked
of Tesseract (once for each distinct look), and a tile is named only when Tesseract is sure of
both and the value is the rules' value of the letter; of several rules, the one whose values
name the most tiles is the site's. A rack tile showing nothing at all is a blank. Everything
else is left unnamed (``?``): its colour is learned, its glyph is not.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from calibration.erudit.learn import LabelledShot
from solvers.erudit.board import square_name
from solvers.erudit.rules import SIZE, WILDCARD, Rules
from vision.core.errors import ReadError
from vision.core.frame import Frame
from vision.core.geometry import Region
from vision.core.glyph_bank import ACCEPT, pairwise_distances
from vision.erudit.layout import LayoutReading, read_layout
from vision.erudit.look import close
from vision.erudit.premiums import LAYOUTS
from vision.erudit.rack import NoRackTilesError, find_rack_cold
from vision.erudit.reader import locate_erudit, rules_lang
from vision.erudit.tile_names import letter_by_rules
from vision.erudit.tiles import TileInk, mode_colour, mode_colours, split_tile
from vision.erudit.value_digits import MarkBank, ocr_number

UNNAMED = "?"


def _ask(tile: TileInk, rules: Rules, marks: MarkBank | None = None) -> str:
    """A tile's name: its letter when two opinions agree and the rules check them
    (:func:`vision.erudit.tile_names.letter_by_rules`), the value number read by ``marks``
    when they know it for sure, else by Tesseract. A tile showing nothing but its face, or a
    0, is a wildcard on the rack; a wildcard's letter on the board cannot be checked, so it
    stays unnamed."""
    value = None
    if tile.value is not None and tile.value_window is not None:
        known = marks.classify(tile.value) if marks is not None and len(marks) else None
        if known is not None and known.accepted and known.label is not None \
                and known.label.isdigit():
            value = int(known.label)
        else:
            value = ocr_number(tile.value_window, tile.colour)
    if tile.letter is None or tile.letter_window is None:
        return WILDCARD if tile.value is None or value == 0 else UNNAMED
    return letter_by_rules(tile, value, rules, rules_lang(rules)) or UNNAMED


def _name_all(tiles: list[TileInk], rules: Rules) -> list[str]:
    """Names for the tiles, Tesseract asked once for each group of alike tiles; then once more
    for those left, their value numbers read by the ones the first round named."""
    names = _name_round(tiles, rules, None, [UNNAMED] * len(tiles))
    marks = MarkBank()
    for tile, name in zip(tiles, names, strict=True):
        if tile.value is not None and name not in (UNNAMED, WILDCARD):
            marks.learn(tile.value, str(rules.values[name]))
    if any(n == UNNAMED for n in names) and len(marks):
        names = _name_round(tiles, rules, marks, names)
    return names


def _name_round(
    tiles: list[TileInk], rules: Rules, marks: MarkBank | None, before: list[str]
) -> list[str]:
    names = list(before)
    inked = [k for k, t in enumerate(tiles) if t.letter is not None]
    blank = [k for k, t in enumerate(tiles) if t.letter is None]
    for k in blank:
        if names[k] == UNNAMED:
            names[k] = _ask(tiles[k], rules, marks)
    inked = [k for k in inked if names[k] == UNNAMED]
    if not inked:
        return names
    letters = [tiles[k].letter for k in inked]
    dist = pairwise_distances([i for i in letters if i is not None])
    done: set[int] = set()
    for a, ka in enumerate(inked):
        if ka in done:
            continue
        group = [kb for b, kb in enumerate(inked) if kb not in done and dist[a, b] <= ACCEPT / 2]
        name = _ask(tiles[ka], rules, marks)
        for kb in group:
            same_value = (tiles[kb].value is None) == (tiles[ka].value is None)
            names[kb] = name if same_value else UNNAMED
            done.add(kb)
    return names


@dataclass(frozen=True)
class NamedShot:
    """An unlabelled shot as calibration learns it, the premium layout it shows, and the
    squares and rack tiles left unnamed."""

    shot: LabelledShot
    layout: LayoutReading
    unnamed: list[str]
    tied: tuple[str, ...] = ()  # other rules that name as many tiles: the values shown fit them


def name_shot(frame: Frame, rules_options: Sequence[Rules], name: str) -> NamedShot:
    """Name what ``frame`` shows under the rules of ``rules_options`` that fit it best."""
    loc = locate_erudit(frame)
    try:
        regions, rack_colours = find_rack_cold(frame, loc.bounds, loc.pitch,
                                               max(r.rack_size for r in rules_options))
    except NoRackTilesError:
        regions, rack_colours = [], []
    prefer = [n for r in rules_options for n, rn in LAYOUTS.items() if rn == r.name]
    layout = read_layout(frame, loc.geometry, rack_colours, prefer)
    if layout.unnamed:
        where = ", ".join(square_name(i) for i in layout.unnamed[:8])
        raise ReadError(f"{name}: premium squares no known layout or label names: {where}"
                        f" (label the shot, or give the layout with --premiums)")
    windows = [Region(r.left + 1, r.top + 1, r.width - 2, r.height - 2) for r in
               (loc.geometry.cell_rect(*divmod(i, SIZE)) for i in range(SIZE * SIZE))]
    colours = mode_colours(frame.pixels, windows)
    tiles = [split_tile(frame.pixels, windows[i], colours[i]) for i in layout.tiles]
    for region in regions:
        grown = Region(max(0, region.left - 1), max(0, region.top - 1), region.width + 2,
                       region.height + 2)
        colour = mode_colour(frame.pixels[region.top : region.bottom,
                                          region.left : region.right])
        tiles.append(split_tile(frame.pixels, grown, colour))
    # The rules whose values name most tiles; of rules that name as many (the letters shown
    # are worth the same in both), the ones whose premium layout the board shows.
    best: tuple[tuple[int, bool], Rules, list[str]] | None = None
    ranks = []
    for rules in rules_options:
        names = _name_all(tiles, rules)
        own = any(layout.named_by == f"the {n} layout" for n, rn in LAYOUTS.items()
                  if rn == rules.name)
        rank = (sum(n != UNNAMED for n in names), own)
        ranks.append((rank, rules.name))
        if best is None or rank > best[0]:
            best = (rank, rules, names)
    assert best is not None
    top, rules, names = best
    tied = tuple(n for rank, n in ranks if rank == top and n != rules.name)
    cells = ["."] * (SIZE * SIZE)
    unnamed = []
    for i, n in zip(layout.tiles, names, strict=False):
        cells[i] = n if n != WILDCARD else UNNAMED
        if cells[i] == UNNAMED:
            unnamed.append(square_name(i))
    rack = "".join(names[len(layout.tiles) :])
    unnamed += [f"rack tile {k + 1}" for k, ch in enumerate(rack) if ch == UNNAMED]
    rows = tuple("".join(cells[r * SIZE : (r + 1) * SIZE]) for r in range(SIZE))
    shown, also = _shown(frame, windows, layout)
    return NamedShot(LabelledShot(frame, rows, rack, rules, name, shown, also), layout, unnamed,
                     tied)


def _shown(frame: Frame, windows: Sequence[Region], layout: LayoutReading
           ) -> tuple[str, tuple[tuple[str, tuple[int, int, int]], ...]]:
    """What colour each empty square shows: a premium's own colour, or the plain one where the
    premium is a mark on a plain square; and the premiums' other colours. Each square's colour
    is taken as calibration's learning takes it (:func:`mode_colour`): a star filling half a
    square shows the star's colour or the white by a few pixels, and the quicker lattice of
    :func:`mode_colours` may say the other one (wordgame: "I1 labelled 't' and G1 '.', but
    both show #72a848")."""
    px = frame.pixels
    colours = [mode_colour(px[w.top : w.bottom, w.left : w.right]) for w in windows]
    shown = "".join(
        "." if close(colours[i], layout.plain) else (k if k != "?" else ".")
        for i, k in enumerate(layout.kinds))
    return shown, tuple(layout.premium_colours())


def layout_of_labelled(frame: Frame, rules: Rules, name: str) -> NamedLayout | None:
    """A labelled shot's premium layout read off its board, as for an unlabelled one: which
    empty squares show their premium's colour and which a mark on a plain square (a star
    layout: a 'TW' star on a white square is white, and a label saying D1 is a triple word
    is no clash with the plain A1). None when no known layout or label names it: the rules'
    layout stands for the colours then."""
    loc = locate_erudit(frame)
    try:
        _, rack_colours = find_rack_cold(frame, loc.bounds, loc.pitch, rules.rack_size)
    except NoRackTilesError:
        rack_colours = []
    prefer = [n for n, rn in LAYOUTS.items() if rn == rules.name]
    layout = read_layout(frame, loc.geometry, rack_colours, prefer)
    if layout.unnamed:
        return None
    windows = [Region(r.left + 1, r.top + 1, r.width - 2, r.height - 2) for r in
               (loc.geometry.cell_rect(*divmod(i, SIZE)) for i in range(SIZE * SIZE))]
    shown, also = _shown(frame, windows, layout)
    return NamedLayout(layout, shown, also)


@dataclass(frozen=True)
class NamedLayout:
    """A labelled shot's layout (see :func:`layout_of_labelled`)."""

    layout: LayoutReading
    shown: str
    also: tuple[tuple[str, tuple[int, int, int]], ...]
