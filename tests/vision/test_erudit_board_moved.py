"""Xanado moved its board 15 px right between two frames of a game (its log panel lost a scroll
bar) while the bot read on where the board had been: every tile was cut through its value
number, a stray stroke read as a "0", and the computer's CODED and our AFOOT read with
wildcards (``.....CODeD``, ``.......aFOOT``): the move disagreed with the page (the Xanado e2e
failed 2 runs in 3). The frames are the game's, cropped to the board and rack."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.games.erudit.sites import find_site
from solvers.erudit.rules import load_rules
from vision.core.errors import ReadError
from vision.core.frame import Frame
from vision.erudit.drift import board_offset
from vision.erudit.look import EruditSite
from vision.erudit.reader import locate_erudit, read_erudit

CASES = Path(__file__).resolve().parents[2] / "recordings" / "erudit" / "cases"
BEFORE = CASES / "xanado-board-before-reflow.png"
AFTER = CASES / "xanado-board-after-reflow.png"


def test_the_board_located_where_it_shows_has_not_moved():
    for shot in (BEFORE, AFTER):
        frame = Frame.from_file(shot)
        assert board_offset(frame.pixels, locate_erudit(frame).geometry) == (0, 0)


def test_the_board_moved_by_the_reflow_is_seen_moved():
    before = locate_erudit(Frame.from_file(BEFORE)).geometry
    after = Frame.from_file(AFTER)
    dx, dy = board_offset(after.pixels, before)
    assert 12 <= dx <= 17 and dy == 0  # 15 px to the right


@pytest.mark.parametrize("shift", [-20, -9, 6, 15, 24])
def test_a_board_any_part_of_a_square_off_is_seen_moved(shift):
    frame = Frame.from_file(AFTER)
    here = locate_erudit(frame).geometry
    dx, dy = board_offset(frame.pixels, here.offset(shift, 0))
    assert dx * shift < 0 and dy == 0, (shift, dx, dy)  # back the way it came
    dx, dy = board_offset(frame.pixels, here.offset(0, shift))
    assert dy * shift < 0 and dx == 0, (shift, dx, dy)


def test_a_board_read_where_it_was_shows_no_wildcard():
    """Read where the board was (the loop's location, before the fix found it moved): no tile
    is a wildcard, the site writing 0 on its wildcards and no tile showing a firm 0. The
    reading is refused, or right."""
    site = EruditSite.load(find_site("xanado"))
    rules = load_rules("scrabble-en")
    frame = Frame.from_file(AFTER)
    where_it_was = locate_erudit(Frame.from_file(BEFORE))
    try:
        reading = read_erudit(frame, where_it_was, site, rules, check=False,
                              empty_rack=True, new_letters_only=True)
    except ReadError:
        return
    board = "".join(reading.board)
    assert not any(ch.islower() for ch in board), reading.board
    assert "CODED" in board and "AFOOT" in board


def test_a_tile_showing_no_number_is_no_wildcard_on_a_site_that_writes_0():
    """Xanado writes 0 on its wildcards (E0): a tile whose number does not show at all (its
    corner painted over here, as a board read off its squares cuts it away) is refused, never
    read as a wildcard."""
    from vision.erudit.tiles import mode_colour

    site = EruditSite.load(find_site("xanado"))
    assert "0" in site.marks.labels
    rules = load_rules("scrabble-en")
    frame = Frame.from_file(AFTER)
    location = locate_erudit(frame)
    px = frame.pixels.copy()
    cell = location.geometry.cell_rect(7, 11)  # L8: the T of AFOOT, worth 1
    face = mode_colour(px[cell.top : cell.bottom, cell.left : cell.right])
    px[cell.top + cell.height // 2 : cell.bottom - 3,
       cell.left + cell.width // 2 : cell.right - 3] = face
    with pytest.raises(ReadError, match="L8.*no value number.*writes 0"):
        read_erudit(Frame.from_pixels(px), location, site, rules, check=False,
                    empty_rack=True, new_letters_only=True)
