"""The wildcard's letter dialog read as rows of text (Xanado draws plain letters in buttons)."""

from __future__ import annotations

from pathlib import Path

import cv2

from bot.web.letter_dialog import keys_from_lines
from bot.web.steps import Line
from vision.core.frame import Frame
from vision.core.geometry import Region

LATIN = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
SHOT = Path(__file__).resolve().parents[2] / "recordings/erudit/dialogs/xanado-80-blank.png"


def test_every_key_of_xanados_dialog_is_found_where_it_is_drawn():
    from vision.core.page_text import PageText

    frame = Frame.from_pixels(cv2.imread(str(SHOT)), 0, 0)
    lines = [Line(t.text, t.region) for t in PageText("eng").lines(frame)]
    keys = keys_from_lines(lines, LATIN)
    assert sorted(keys) == list(LATIN)
    # centres measured on the picture (the buttons are about 22 px across)
    for ch, (x, y) in {"A": (66, 65), "F": (182, 65), "U": (111, 158), "X": (181, 158),
                       "Y": (66, 189), "Z": (88, 190)}.items():
        c = keys[ch].center
        assert abs(c.x - x) <= 6 and abs(c.y - y) <= 6, (ch, c, (x, y))


def row(text, left, top, width, height=16):
    return Line(text, Region(left, top, width, height))


def test_a_row_split_by_ocr_is_joined_and_a_row_missing_a_letter_is_left_out():
    lines = [
        row("A B C D E F", 100, 100, 130), row("Select the letter", 90, 80, 120),
        row("GH |", 100, 130, 56), row("JKAL", 171, 130, 60),  # split at 'I', a stray A
        row("MNOQR", 100, 160, 130),  # P missing, but between rows read: on the lattice
        row("STUVWX", 100, 190, 130),
        row("Y", 100, 220, 16),  # Z missing on the last row: nothing below to fix it
        row("WORD", 400, 100, 50), row("ABE", 400, 300, 40),  # not the dialog's
    ]
    keys = keys_from_lines(lines, LATIN)
    assert set(keys) == set(LATIN[:24])
    assert keys["A"].center.y == 108 and keys["G"].center.y == 138
    assert keys["M"].center.y == 168 and keys["S"].center.y == 198
    for a, b in ("AG", "DJ", "FL", "AS", "BT", "AM", "FR"):  # one column: one x
        assert abs(keys[a].center.x - keys[b].center.x) <= 1, (a, b)
    assert keys["A"].center.x < keys["B"].center.x < keys["F"].center.x
    # with the bars the outlines make read on the last row, it is used
    keys = keys_from_lines([*lines[:-3], row("Y||Z", 100, 220, 38)], LATIN)
    assert set(keys) == set(LATIN)
    assert abs(keys["Z"].center.x - keys["B"].center.x) <= 1


def test_text_that_is_no_row_of_letters_gives_no_keys():
    assert keys_from_lines([row("DOUBLE WORD", 10, 10, 90), row("ZA", 10, 40, 20)], LATIN) == {}


def test_rows_ocr_joined_to_the_board_beside_them_are_placed_on_the_lattice():
    """The dialog over the board: one row read glued to a tile beside it, one not at all; the
    three rows read exactly fix where those keys are."""
    from vision.core.page_text import PageText

    shot = SHOT.with_name("xanado-80-blank-joined.png")
    frame = Frame.from_pixels(cv2.imread(str(shot)), 0, 0)
    lines = [Line(t.text, t.region) for t in PageText("eng").lines(frame)]
    read = [line.text for line in lines]
    assert "STUVWX" not in read  # (what makes this picture the case)
    keys = keys_from_lines(lines, LATIN)
    assert sorted(keys) == list(LATIN)
    for ch, (x, y) in {"G": (204, 177), "U": (252, 239), "X": (324, 239), "Z": (228, 270)}.items():
        c = keys[ch].center
        assert abs(c.x - x) <= 6 and abs(c.y - y) <= 6, (ch, c, (x, y))
