"""The premium layout a board shows, read off its squares, for sites with a layout of their own.

A premium square is drawn either in a flat colour of its own or as a mark on a plain square (a
star, a badge) in the mark's colour; either way the squares of one kind share one look. Squares
are grouped by that look, and each group is named:

1. by a known layout (Scrabble, Erudit, Words-With-Friends) whose kinds every group and every
   plain square agree with — no text needs reading then; else
2. by the label written on its squares ("DL", "TW", "2W", matched against rendered words:
   :mod:`vision.erudit.premium_labels`), a group's members voting; a lone unlabelled mark in the
   centre is the start square (plain).

Squares a tile covers are filled in from the layout's symmetry (every known layout is the same
under the square's eight turns and flips) where the squares it maps to agree; the rest stay
``?`` until a shot shows them. Tiles are told apart from flat premium colours by the colours the
caller knows for tiles (the rack's), and else by symmetry: a premium colour's squares are
symmetric, a word's tiles are not.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

import cv2
import numpy as np

from solvers.erudit.rules import SIZE
from vision.core.frame import Frame
from vision.core.geometry import GridGeometry, Region
from vision.erudit.premium_labels import kind_of_label
from vision.erudit.premiums import LAYOUTS, layout_grid
from vision.erudit.tiles import Colour, mode_colours

UNKNOWN = "?"
CENTRE = (SIZE * SIZE) // 2
#: Off-plain pixels (channel difference) beyond this belong to a mark.
MARK_INK = 24
#: A plain-coloured square with at least this part of it in another colour carries a mark.
MARK_SHARE = 0.1
#: A square with less than this part of it off its own colour has nothing drawn on it.
BARE_INK = 0.03
#: Two marks or flat squares this close in colour (any channel) are one look.
LOOK_CLOSE = 24
#: Pixels this close to a mark's colour are the mark's body; farther inside it, its label.
BODY_CLOSE, LABEL_INK = 48, 70
#: A group's label must win this part of its members' votes.
VOTE = 0.6


@dataclass(frozen=True)
class SquareLook:
    """A square's most common colour and, on a plain square, the colour of a mark drawn on it."""

    colour: Colour
    mark: Colour | None = None


@dataclass
class LayoutReading:
    """225 premium kinds (``.``/``d``/``t``/``D``/``T``; ``?`` unknown: under a tile, or a look
    no way named), and how they were named."""

    kinds: str
    named_by: str
    plain: Colour
    groups: dict[str, list[int]] = field(default_factory=dict)
    group_kinds: dict[str, str] = field(default_factory=dict)
    group_colours: dict[str, Colour] = field(default_factory=dict)
    tiles: list[int] = field(default_factory=list)
    unnamed: list[int] = field(default_factory=list)

    def premium_colours(self) -> list[tuple[str, Colour]]:
        """(kind, colour) of every named group: the colour its squares show, flat or marked
        (a star covering half its square may be a square's most common colour or not)."""
        return [(self.group_kinds[k], c) for k, c in self.group_colours.items()
                if k in self.group_kinds]

    def rows(self) -> list[str]:
        return [self.kinds[r * SIZE : (r + 1) * SIZE] for r in range(SIZE)]

    @property
    def complete(self) -> bool:
        return UNKNOWN not in self.kinds


def _close(a: Sequence[int], b: Sequence[int], tol: int) -> bool:
    return max(abs(int(x) - int(y)) for x, y in zip(a, b, strict=True)) <= tol


def _windows(geometry: GridGeometry) -> list[Region]:
    out = []
    for i in range(SIZE * SIZE):
        rect = geometry.cell_rect(*divmod(i, SIZE))
        inset = max(1, rect.width // 16)
        out.append(Region(rect.left + inset, rect.top + inset, rect.width - 2 * inset,
                          rect.height - 2 * inset))
    return out


def _plain(colours: Sequence[Colour], bare: Sequence[bool]) -> Colour:
    """The board's plain square colour: the look most bare squares share (squares with
    nothing drawn on them; a full board has more tiles than plain squares)."""
    pool = [c for c, b in zip(colours, bare, strict=True) if b] or list(colours)
    counts = Counter(pool)
    best, best_n = pool[0], -1
    for c in counts:
        n = sum(k for other, k in counts.items() if _close(c, other, 10))
        if n > best_n:
            best, best_n = c, n
    return best


def _bare(window: np.ndarray, colour: Colour) -> bool:
    """Is nothing drawn on the square (all but a sliver of it its own colour)?"""
    diff = np.abs(window.astype(np.int16) - np.array(colour, np.int16)).max(axis=2)
    return bool((diff > MARK_INK).mean() < BARE_INK)


def _mark_colour(window: np.ndarray, plain: Colour) -> Colour | None:
    """The main colour of what is drawn on a plain square, if enough is drawn."""
    diff = np.abs(window.astype(np.int16) - np.array(plain, np.int16)).max(axis=2)
    off = diff > MARK_INK
    if off.mean() < MARK_SHARE:
        return None
    quant = window[off].astype(np.int32) // 8
    values, counts = np.unique(quant, axis=0, return_counts=True)
    top = values[int(np.argmax(counts))] * 8 + 4
    return int(top[0]), int(top[1]), int(top[2])


def square_looks(frame: Frame, geometry: GridGeometry) -> tuple[Colour, list[SquareLook],
                                                                  list[Region]]:
    """The plain colour, every square's look and its window (frame pixels)."""
    windows = _windows(geometry)
    colours = mode_colours(frame.pixels, windows)
    bare = [_bare(frame.pixels[w.top : w.bottom, w.left : w.right], c)
            for c, w in zip(colours, windows, strict=True)]
    plain = _plain(colours, bare)
    looks = []
    for colour, w in zip(colours, windows, strict=True):
        mark = None
        if _close(colour, plain, 10):
            mark = _mark_colour(frame.pixels[w.top : w.bottom, w.left : w.right], plain)
        looks.append(SquareLook(colour, mark))
    return plain, looks, windows


def images(i: int) -> list[int]:
    """The squares ``i`` maps to under the board's eight turns and flips."""
    r, c = divmod(i, SIZE)
    n = SIZE - 1
    pts = {(r, c), (c, r), (n - r, c), (r, n - c), (n - r, n - c), (c, n - r), (n - c, r),
           (n - c, n - r)}
    return sorted(a * SIZE + b for a, b in pts)


def _group_key(look: SquareLook, keys: dict[str, Colour]) -> str:
    kind, colour = ("mark", look.mark) if look.mark is not None else ("flat", look.colour)
    for key, have in keys.items():
        if key.startswith(kind) and _close(have, colour, LOOK_CLOSE):
            return key
    key = f"{kind}#{colour[2]:02x}{colour[1]:02x}{colour[0]:02x}"
    keys[key] = colour
    return key


def _symmetric(squares: set[int], covered: set[int]) -> bool:
    """Is every image of every square in the set, or hidden under something?"""
    return all(j in squares or j in covered for i in squares for j in images(i))


def _label_mask(window: np.ndarray, colour: Colour, flat: bool) -> np.ndarray:
    """The label's ink on a square: inside the mark's body (or the whole flat square), the
    pixels far from the mark's colour."""
    diff = np.abs(window.astype(np.int16) - np.array(colour, np.int16)).max(axis=2)
    if flat:
        body = np.ones(diff.shape, np.uint8)
    else:
        near = (diff < BODY_CLOSE).astype(np.uint8)
        contours, _ = cv2.findContours(near, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
        if not contours:
            return np.zeros(diff.shape, bool)
        body = np.zeros_like(near)
        cv2.drawContours(body, [max(contours, key=cv2.contourArea)], -1, 1, -1)
    body = cv2.erode(body, np.ones((3, 3), np.uint8))
    return (body > 0) & (diff > LABEL_INK)


def _by_known_layout(groups: dict[str, list[int]], plain_squares: set[int],
                     prefer: Sequence[str]) -> tuple[str, dict[str, str]] | None:
    """The first known layout every group and plain square agrees with: (name, kinds)."""
    for name in [*prefer, *(n for n in LAYOUTS if n not in prefer)]:
        grid = layout_grid(name)
        if any(grid[i] != "." for i in plain_squares):
            continue
        kinds = {}
        for key, squares in groups.items():
            seen = {grid[i] for i in squares}
            if len(seen) != 1:
                break
            kinds[key] = seen.pop()
        else:
            if any(k != "." for k in kinds.values()):
                return name, kinds
    return None


def _by_labels(frame: Frame, groups: dict[str, list[int]], colours: dict[str, Colour],
               windows: list[Region]) -> dict[str, str]:
    """Each group's kind by the labels on its squares (a majority of them), when readable."""
    out = {}
    for key, squares in groups.items():
        votes: Counter[str] = Counter()
        for i in squares[:12]:
            w = windows[i]
            mask = _label_mask(frame.pixels[w.top : w.bottom, w.left : w.right], colours[key],
                               key.startswith("flat"))
            kind, _score = kind_of_label(mask)
            votes[kind or UNKNOWN] += 1
        kind, n = votes.most_common(1)[0]
        if kind != UNKNOWN and n >= VOTE * sum(votes.values()):
            out[key] = kind
        elif squares == [CENTRE] and votes.get(UNKNOWN):
            out[key] = "."  # an unlabelled mark on the centre: the start square
    return out


def fill_by_symmetry(kinds: str) -> str:
    """``?`` squares named by their images, when the visible squares are symmetric and the
    images agree."""
    cells = list(kinds)
    for i in range(SIZE * SIZE):
        seen = {kinds[j] for j in images(i) if kinds[j] != UNKNOWN}
        if len(seen) > 1:
            return kinds  # the layout is not symmetric: nothing is filled in
    for i, k in enumerate(kinds):
        if k == UNKNOWN:
            seen = {kinds[j] for j in images(i) if kinds[j] != UNKNOWN}
            if len(seen) == 1:
                cells[i] = seen.pop()
    return "".join(cells)


def read_layout(
    frame: Frame,
    geometry: GridGeometry,
    tile_colours: Sequence[Colour] = (),
    prefer: Sequence[str] = (),
) -> LayoutReading:
    """The premium layout of the board at ``geometry`` (see the module docstring).

    ``tile_colours`` are the tile face colours known (the rack's, a site's look): squares of
    those colours are tiles. ``prefer`` names the known layouts to try first (the rules').
    """
    plain, looks, windows = square_looks(frame, geometry)
    keys: dict[str, Colour] = {}
    groups: dict[str, list[int]] = {}
    tiles: list[int] = []
    plain_squares: set[int] = set()
    for i, look in enumerate(looks):
        if look.mark is None and _close(look.colour, plain, 10):
            plain_squares.add(i)
        elif look.mark is None and any(_close(look.colour, t, 14) for t in tile_colours):
            tiles.append(i)
        else:
            groups.setdefault(_group_key(look, keys), []).append(i)
    # A flat colour whose squares are not symmetric is a tile colour (a word, not a premium);
    # a premium square may hide under a tile of any flat colour.
    flat_keys = [k for k in groups if k.startswith("flat")]
    for key in flat_keys:
        cover = set(tiles) | {i for k in flat_keys if k != key for i in groups.get(k, [])}
        if not _symmetric(set(groups[key]), cover):
            tiles.extend(groups.pop(key))
    tiles.sort()
    known = _by_known_layout(groups, plain_squares, prefer)
    if known is not None:
        named_by, group_kinds = f"the {known[0]} layout", known[1]
    else:
        named_by, group_kinds = "labels", _by_labels(frame, groups, keys, windows)
    cells = [UNKNOWN] * (SIZE * SIZE)
    for i in plain_squares:
        cells[i] = "."
    unnamed = []
    for key, squares in groups.items():
        kind = group_kinds.get(key)
        for i in squares:
            if kind is None:
                unnamed.append(i)
            else:
                cells[i] = kind
    kinds = "".join(cells)
    if known is not None:
        grid = layout_grid(known[0])
        kinds = "".join(grid[i] if k == UNKNOWN and i in tiles else k
                        for i, k in enumerate(kinds))
    else:
        kinds = fill_by_symmetry(kinds)
    colours = {k: keys[k] for k in groups}
    return LayoutReading(kinds, named_by, plain, groups, group_kinds, colours, tiles,
                         sorted(unnamed))
