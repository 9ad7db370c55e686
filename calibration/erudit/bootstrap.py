"""Name what an unlabelled screenshot of a new site shows, so calibration can learn from it.

Square colours come from the rules' premium layout: a colour seen on squares of several kinds
is a tile's, and every other square of a kind must share one colour (a page that draws a
different layout, or a tile colour seen on one kind only, needs a label). Each tile's letter
and value number are asked of Tesseract (once for each distinct look), and a tile is named only
when Tesseract is sure of both and the value is the rules' value of the letter; a rack tile
showing nothing at all is a blank.
Everything else is left unnamed (``?``): its colour is learned, its glyph is not.
"""

from __future__ import annotations

from collections import Counter

from calibration.erudit.learn import LabelledShot
from solvers.erudit.rules import SIZE, WILDCARD, Rules
from vision.core.errors import ReadError
from vision.core.frame import Frame
from vision.core.geometry import Region
from vision.core.glyph_bank import ACCEPT, pairwise_distances
from vision.core.glyph_ocr import name_glyph
from vision.core.ocr import OcrUnavailableError
from vision.erudit.look import COLOUR_CLOSE, close
from vision.erudit.rack import find_rack
from vision.erudit.reader import locate_erudit, rules_lang
from vision.erudit.tiles import TileInk, mode_colour, mode_colours, split_tile
from vision.erudit.value_digits import MarkBank, ocr_number

UNNAMED = "?"


def _flat(rules: Rules) -> str:
    return "".join(ln.strip() for ln in rules.premium_text.strip().splitlines() if ln.strip())


def square_colours(frame: Frame, rules: Rules, name: str) -> tuple[list[str], list[tuple[int, int,
                                                                                           int]],
                                                                   list[Region], float, Region]:
    """Each square's kind ('tile' or a premium) and colour, from the rules' layout."""
    loc = locate_erudit(frame)
    rects = [loc.geometry.cell_rect(*divmod(i, SIZE)) for i in range(SIZE * SIZE)]
    windows = [Region(r.left + 1, r.top + 1, r.width - 2, r.height - 2) for r in rects]
    colours = mode_colours(frame.pixels, windows)
    grid = _flat(rules)
    # Colours grouped (a few levels apart are one), and the kinds of square each lies on: a
    # premium colour lies on its own kind only, a tile's on several.
    groups: list[list[int]] = []
    for i, c in enumerate(colours):
        for g in groups:
            if close(colours[g[0]], c, COLOUR_CLOSE):
                g.append(i)
                break
        else:
            groups.append([i])
    tile = {i for g in groups if len({grid[j] for j in g}) >= 2 for i in g}
    kinds = ["tile" if i in tile else grid[i] for i in range(SIZE * SIZE)]
    from solvers.erudit.board import square_name

    for kind in sorted(set(grid)):
        free = [i for i in range(SIZE * SIZE) if grid[i] == kind and i not in tile]
        if not free:
            continue
        seen = Counter(colours[i] for i in free)
        top, n = seen.most_common(1)[0]
        odd = [i for i in free if not close(colours[i], top)]
        if odd:
            raise ReadError(f"{name}: square {square_name(odd[0])} ({kind!r} in the"
                            f" {rules.name} layout) shows a colour its kind does not: another"
                            f" layout, or a tile seen once? label the shot")
    if not tile:
        raise ReadError(f"{name}: no tiles told apart from the squares: label the shot")
    return kinds, colours, windows, loc.pitch, loc.bounds


def _ask(tile: TileInk, rules: Rules, marks: MarkBank | None = None) -> str:
    """A tile's name by Tesseract: the letter when it and the value agree with the rules (the
    value read by ``marks`` when they know it for sure, else by Tesseract too)."""
    lang = rules_lang(rules)
    value = None
    if tile.value is not None and tile.value_window is not None:
        known = marks.classify(tile.value) if marks is not None and len(marks) else None
        if known is not None and known.accepted and known.label is not None \
                and known.label.isdigit():
            value = int(known.label)
        else:
            value = ocr_number(tile.value_window, tile.colour)
        if value is None:
            return UNNAMED
    if tile.letter is None or tile.letter_window is None:
        return WILDCARD if value in (None, 0) else UNNAMED
    try:
        verdict = name_glyph([(tile.letter_window, tile.colour)], rules.alphabet, lang)
    except OcrUnavailableError:
        return UNNAMED
    letter = verdict.char
    if letter is None or value is None or rules.values.get(letter) != value:
        return UNNAMED  # a wildcard's letter (no value) cannot be checked either
    return letter


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


def name_shot(frame: Frame, rules: Rules, name: str) -> tuple[LabelledShot, list[str]]:
    """The shot as calibration learns it (``?`` where nothing was named for sure), and the
    squares and rack tiles left unnamed."""
    kinds, colours, windows, pitch, bounds = square_colours(frame, rules, name)
    squares = [i for i, k in enumerate(kinds) if k == "tile"]
    tiles = [split_tile(frame.pixels, windows[i], colours[i]) for i in squares]
    tile_colours = sorted({colours[i] for i in squares})
    regions = find_rack(frame, bounds, pitch, tile_colours) if tile_colours else []
    for region in regions:
        grown = Region(max(0, region.left - 1), max(0, region.top - 1), region.width + 2,
                       region.height + 2)
        colour = mode_colour(frame.pixels[region.top : region.bottom,
                                          region.left : region.right])
        tiles.append(split_tile(frame.pixels, grown, colour))
    names = _name_all(tiles, rules)
    from solvers.erudit.board import square_name

    cells = ["."] * (SIZE * SIZE)
    unnamed = []
    for i, n in zip(squares, names, strict=False):
        cells[i] = n if n != WILDCARD else UNNAMED
        if cells[i] == UNNAMED:
            unnamed.append(square_name(i))
    rack = "".join(names[len(squares) :])
    unnamed += [f"rack tile {k + 1}" for k, ch in enumerate(rack) if ch == UNNAMED]
    rows = tuple("".join(cells[r * SIZE : (r + 1) * SIZE]) for r in range(SIZE))
    return LabelledShot(frame, rows, rack, rules, name), unnamed
