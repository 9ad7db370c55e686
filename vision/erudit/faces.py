"""A tile face the site's look has not seen yet, learned while playing: a last move's highlight.

A site learned from one frame (a cold start: :mod:`bot.games.erudit.cold_site`) knows the
plain tile face only; many pages draw the opponent's last word on another face (Xanado: yellow
``#e2e298``), and every frame after their first move then fails with squares "neither empty nor
a tile". Such squares are taken for tiles of a new face when they could be one move's tiles —
in one row or one column, all of one colour that no square kind of the theme has — and only if
the whole frame then reads under the rules with those squares as tiles (each a letter whose
value number agrees). Anything else (a dialog over the board, a tile sliding in) stays unread.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from solvers.erudit.rules import SIZE
from vision.core.errors import ReadError
from vision.core.frame import Frame
from vision.erudit.look import TILE, EruditSite, Theme, close
from vision.erudit.reader import BoardLocation, _pick_theme, _square_window
from vision.erudit.tiles import mode_colours

T = TypeVar("T")
Colour = tuple[int, int, int]


def new_face(frame: Frame, location: BoardLocation, site: EruditSite,
             cells: Sequence[tuple[int, int]]) -> tuple[Theme, Colour] | None:
    """The theme and the one colour of the unknown ``cells``, when they could be one move's
    tiles drawn on a face the theme lacks; None otherwise."""
    if not cells or len(cells) > SIZE or not site.look.themes:
        return None
    if len({r for r, _ in cells}) > 1 and len({c for _, c in cells}) > 1:
        return None  # not one row or column: not one move
    geometry = location.geometry
    windows = [_square_window(geometry, r, c) for r in range(SIZE) for c in range(SIZE)]
    colours = mode_colours(frame.pixels, windows)
    theme = _pick_theme(site, colours)
    faces = [colours[r * SIZE + c] for r, c in cells]
    first = faces[0]
    if not all(close(first, f) for f in faces) or theme.kind_of(first) is not None:
        return None
    return theme, first


def read_with_new_face(frame: Frame, location: BoardLocation, site: EruditSite,
                       error: ReadError, read: Callable[[], T]) -> T | None:
    """Read again with the unknown squares' colour as a tile face (kept in ``site`` when the
    frame then reads); None, the site unchanged, when it cannot be one or does not read."""
    if not error.cells:
        return None
    found = new_face(frame, location, site, error.cells)
    if found is None:
        return None
    theme, colour = found
    theme.add(TILE, colour)
    try:
        reading = read()
    except ReadError:
        reading = None
    rows = getattr(reading, "board", None)
    if reading is None or (rows is not None and not any(
            rows[r][c].isupper() for r, c in error.cells)):
        # Not read, or read as wildcards only: a wildcard shows no value number, so nothing
        # confirmed these squares are tiles (scrabble-wordgame's centre star, its colour
        # seen alone on a frame of a new game, was read as a wildcard "u" and learned as a
        # tile face: every later frame of that game failed on H8)
        theme.colours[TILE] = [c for c in theme.colours[TILE] if c != colour]
        return None
    return reading
