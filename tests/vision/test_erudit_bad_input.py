"""Pictures the Erudit reader must refuse, each with a clear error naming the square or tile:
no board, a board cut off, an unknown glyph, a hidden rack, more wildcards than the set has,
a position no game leaves, a value number that is not the letter's; and a premium layout that
differs from the rules', reported with its squares."""

from __future__ import annotations

import numpy as np
import pytest

from solvers.erudit.rules import square_index
from vision.core.errors import BoardNotFoundError, ReadError
from vision.core.frame import Frame
from vision.erudit.fixtures import load_erudit_fixtures
from vision.erudit.locate import BoardCutOffError
from vision.erudit.look import EruditSite
from vision.erudit.rack import RackNotFoundError
from vision.erudit.reader import locate_erudit, read_erudit
from vision.erudit.tiles import mode_colour

FIXTURES = {f.name: f for f in load_erudit_fixtures() if f.error is None}
# Erudit, 100 %: three wildcards on the rack (the set has three), a full board.
FULL = FIXTURES["gamebot-erudit-classic-100-s2-end"]
# English, 100 %: a mid-game board with room around it.
MID = FIXTURES["gamebot-scrabble-en-classic-100-s10-t08"]


def load(fx):
    frame = Frame.from_file(fx.path)
    return frame.pixels.copy(), locate_erudit(frame), EruditSite.load(fx.site_folder)


def read(pixels, fx, location=None, ocr=False):
    frame = Frame.from_pixels(np.ascontiguousarray(pixels))
    location = location or locate_erudit(frame)
    return read_erudit(frame, location, EruditSite.load(fx.site_folder), fx.position.rules,
                       ocr=ocr)


def cell(location, name):
    return location.geometry.cell_rect(*divmod(square_index(name), 15))


def test_no_board_in_a_plain_picture_or_beside_the_board():
    with pytest.raises(BoardNotFoundError, match="no 15×15 board"):
        locate_erudit(Frame.from_pixels(np.full((1000, 1600, 3), 230, np.uint8)))
    pixels, location, _ = load(MID)
    side = pixels[:, location.bounds.right + 5 :].copy()  # the move list, no board
    with pytest.raises(BoardNotFoundError, match="no 15×15 board"):
        locate_erudit(Frame.from_pixels(np.ascontiguousarray(side)))


def test_board_cut_off_by_the_frame_says_where():
    pixels, location, _ = load(MID)
    b = location.bounds
    cut = pixels[: b.top + int(11.5 * location.pitch)].copy()  # rows 12-15 fall off
    with pytest.raises(BoardCutOffError, match=r"cut off .*bottom.*11 of 15 rows"):
        locate_erudit(Frame.from_pixels(np.ascontiguousarray(cut)))
    left = pixels[:, b.left + int(2.5 * location.pitch) :].copy()
    with pytest.raises(BoardCutOffError, match="left"):
        locate_erudit(Frame.from_pixels(np.ascontiguousarray(left)))


def test_unknown_glyph_names_its_square():
    pixels, location, _ = load(MID)
    r = cell(location, "H8")  # the A of ARENA
    face = mode_colour(pixels[r.top : r.bottom, r.left : r.right])
    pixels[r.top + 3 : r.bottom - 3, r.left + 3 : r.right - 3] = face
    cy, cx = r.top + r.height * 2 // 5, r.left + r.width * 2 // 5
    pixels[cy - 9 : cy + 9, cx - 2 : cx + 2] = 20  # a cross no letter looks like
    pixels[cy - 2 : cy + 2, cx - 9 : cx + 9] = 20
    pixels[cy - 9 : cy - 5, cx - 9 : cx + 9] = 20
    with pytest.raises(ReadError, match=r"square H8 \(row 8, column 8\): unknown glyph") as err:
        read(pixels, MID, location)
    assert err.value.cell == (7, 7)
    assert err.value.crop is not None


def test_hidden_or_cut_rack_is_refused():
    pixels, location, _ = load(MID)
    b = location.bounds
    page = mode_colour(pixels[5:40, 5:40])
    covered = pixels.copy()
    covered[b.bottom + 3 :, :] = page  # a banner over everything under the board
    with pytest.raises(RackNotFoundError, match="no rack tiles"):
        read(covered, MID, location)
    rack_top = min(t.top for t in read(pixels, MID, location).rack_tiles)
    cut = pixels[: rack_top + 12].copy()
    with pytest.raises(RackNotFoundError, match="cut off"):
        read(cut, MID, location)


def test_more_wildcards_than_the_set_has():
    pixels, location, site = load(FULL)
    reading = read(pixels, FULL, location)
    assert reading.rack.count("*") == 3  # all three of the Erudit set
    # Erase the value number of the О on O8: a tile with no value is a wildcard on this page.
    r = cell(location, "O8")
    face = mode_colour(pixels[r.top : r.bottom, r.left : r.right])
    zone = site.look.themes[0].zones["board"]
    x0 = r.left + int(zone[0] * r.width)
    y0 = r.top + int(zone[1] * r.height)
    pixels[y0 : r.bottom - 3, x0 : r.right - 3] = face
    with pytest.raises(ReadError, match=r"4 wildcards read \(on the board at O8 and on the"
                                        r" rack.*set has 3"):
        read(pixels, FULL, location)


def test_a_tile_apart_from_the_others_is_a_position_no_game_leaves():
    pixels, location, _ = load(MID)
    src, dst = cell(location, "H8"), cell(location, "B2")  # B2 is empty, far from tiles
    pixels[dst.top : dst.top + src.height, dst.left : dst.left + src.width] = \
        pixels[src.top : src.bottom, src.left : src.right]
    with pytest.raises(ReadError, match="B2 are not joined") as err:
        read(pixels, MID, location)
    assert err.value.cell == (1, 1)


def test_value_number_catches_a_wrong_letter():
    """The letter of one tile drawn over another's, its value number kept: the value is not
    the letter's, and the square is named."""
    pixels, location, _ = load(MID)
    reading = read(pixels, MID, location)
    assert reading.board[4][5] == "T" and reading.board[8][2] == "W"  # F5 T (1), C9 W (4)
    src, dst = cell(location, "C9"), cell(location, "F5")
    top = int(0.66 * src.height)  # the letter's part of the tile, above the value number
    src_pixels = pixels[src.top : src.top + top, src.left : src.right]
    dst_face = mode_colour(pixels[dst.top : dst.bottom, dst.left : dst.right])
    src_face = mode_colour(pixels[src.top : src.bottom, src.left : src.right])
    patch = np.where(np.all(src_pixels == src_face, axis=2)[:, :, None], dst_face, src_pixels)
    pixels[dst.top : dst.top + top, dst.left : dst.left + src.width] = patch
    with pytest.raises(ReadError, match=r"square F5.*reads W but the tile's value reads 1"):
        read(pixels, MID, location)


def test_a_different_premium_layout_is_reported_with_its_squares():
    pixels, location, site = load(MID)
    theme = site.look.themes[0]
    dw = theme.colours["D"][0]
    r = cell(location, "A2")  # a plain square in both layouts
    assert mode_colour(pixels[r.top : r.bottom, r.left : r.right]) in theme.colours["."]
    pixels[r.top + 1 : r.bottom - 1, r.left + 1 : r.right - 1] = dw
    reading = read(pixels, MID, location)
    assert not reading.premiums_match
    assert reading.layout == "a different layout"
    assert reading.premium_diffs == (("A2", "D", "."),)
    assert reading.premiums[1][0] == "D"
