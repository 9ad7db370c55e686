"""A cold start learns Xanado from its first frame, which shows the plain tile face only; the
computer's first word then shows on its highlight face (#e2e298) and every later frame was
refused ("colour #e2e298 is neither an empty square nor a tile", the campaign stopped after 90 s
of waiting). The highlighted word is now learned as a tile face when it could be one move and
the frame reads; a dialog-like patch of an unknown colour is not."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from bot.games.erudit.sites import find_site
from solvers.erudit.rules import load_rules
from vision.core.errors import ReadError
from vision.core.frame import Frame
from vision.erudit.faces import new_face, read_with_new_face
from vision.erudit.look import TILE, EruditSite, parse_colour
from vision.erudit.reader import locate_erudit, read_erudit

SHOT = Path(__file__).resolve().parents[2] / "recordings" / "erudit" / "cases" / \
    "xanado-board-after-reflow.png"
HIGHLIGHT = parse_colour("#e2e298")


def _plain_only() -> EruditSite:
    """Xanado's look as a cold start learns it: the highlight face not seen yet."""
    site = EruditSite.load(find_site("xanado"))
    for theme in site.look.themes:
        theme.colours[TILE] = [c for c in theme.colours[TILE] if c != HIGHLIGHT]
    return site


def _read(frame, location, site):
    rules = load_rules("scrabble-en")
    return lambda: read_erudit(frame, location, site, rules, empty_rack=True,
                               new_letters_only=True)


def test_the_opponents_highlighted_word_is_learned_as_a_tile_face():
    frame = Frame.from_file(SHOT)
    location = locate_erudit(frame)
    site = _plain_only()
    read = _read(frame, location, site)
    with pytest.raises(ReadError, match="#e2e298 is neither an empty") as refused:
        read()
    reading = read_with_new_face(frame, location, site, refused.value, read)
    assert reading is not None
    rows = ["".join(reading.board[r * 15:(r + 1) * 15]) for r in range(15)]
    assert any("CODED" in row for row in rows) or any(
        "CODED" in "".join(row[c] for row in rows) for c in range(15)), rows
    assert any(HIGHLIGHT == c for t in site.look.themes for c in t.colours[TILE])
    read()  # the next frame reads without help


def test_an_unknown_patch_over_two_rows_is_not_taken_for_tiles():
    """A dialog's colour over squares in more than one row and column: not one move."""
    frame = Frame.from_file(SHOT)
    location = locate_erudit(frame)
    g = location.geometry
    px = frame.pixels.copy()
    for r, c in ((3, 3), (3, 4), (4, 3)):
        rect = g.cell_rect(r, c)
        px[rect.top:rect.bottom, rect.left:rect.right] = (40, 200, 90)
    painted = Frame(np.ascontiguousarray(px), frame.region, frame.timestamp)
    site = EruditSite.load(find_site("xanado"))
    read = _read(painted, location, site)
    with pytest.raises(ReadError) as refused:
        read()
    assert sorted(refused.value.cells) == [(3, 3), (3, 4), (4, 3)]
    assert new_face(painted, location, site, refused.value.cells) is None
    found = new_face(painted, location, site, [(3, 3), (3, 4)])  # one row: could be a move
    assert found is not None and found[1] == (40, 200, 90)
    assert new_face(painted, location, site, [(3, 3), (7, 7)]) is None  # the other a plain one


def test_squares_of_a_new_colour_that_show_no_letters_are_not_learned():
    """One row of squares painted flat (a banner, a tile sliding in): the frame does not read
    with them as tiles, so the colour is not kept."""
    frame = Frame.from_file(SHOT)
    location = locate_erudit(frame)
    g = location.geometry
    px = frame.pixels.copy()
    for c in (0, 1, 2):
        rect = g.cell_rect(14, c)
        px[rect.top:rect.bottom, rect.left:rect.right] = (40, 200, 90)
    painted = Frame(np.ascontiguousarray(px), frame.region, frame.timestamp)
    site = EruditSite.load(find_site("xanado"))
    read = _read(painted, location, site)
    with pytest.raises(ReadError) as refused:
        read()
    assert read_with_new_face(painted, location, site, refused.value, read) is None
    assert not any(c == (40, 200, 90) for t in site.look.themes for c in t.colours[TILE])


def test_a_square_read_as_a_wildcard_only_does_not_teach_a_tile_face():
    """A lone square of a new colour that then reads as a wildcard (no value number: nothing
    confirms a tile) is not learned: scrabble-wordgame's centre star, its colour filling H8 on
    a frame of a new game, was read as a wildcard 'u' and kept as a tile face, and every later
    frame of that game failed on H8 (run i23-wg2 c3, after 3 games won). The same square read
    as a letter whose value agrees is learned."""
    from types import SimpleNamespace

    frame = Frame.from_file(SHOT)
    location = locate_erudit(frame)
    rect = location.geometry.cell_rect(14, 0)
    px = frame.pixels.copy()
    px[rect.top:rect.bottom, rect.left:rect.right] = (120, 46, 77)
    painted = Frame(np.ascontiguousarray(px), frame.region, frame.timestamp)
    refused = ReadError("square A15: colour #782e4d is neither", cell=(14, 0), cells=((14, 0),))

    def reading(ch: str):
        rows = ["." * 15] * 14 + [ch + "." * 14]
        return lambda: SimpleNamespace(board=tuple(rows))

    site = EruditSite.load(find_site("xanado"))
    assert read_with_new_face(painted, location, site, refused, reading("u")) is None
    assert not any(c == (120, 46, 77) for t in site.look.themes for c in t.colours[TILE])
    assert read_with_new_face(painted, location, site, refused, reading("U")) is not None
    assert any(c == (120, 46, 77) for t in site.look.themes for c in t.colours[TILE])
