"""A blank's letter pop-up whose keys OCR reads one by one (scrabble-wordgame: each key a line
of its own, some read twice as "Ww", an O as "12)"): every key found where it stands, the
board's column letters beside the pop-up (another spacing) left out."""

from __future__ import annotations

from bot.web.letter_dialog import keys_from_lines, keys_from_lone_letters
from bot.web.steps import Line
from vision.core.geometry import Region

from .wordgame_blank_dialog_lines import LINES

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
#: Key centres on the frame (looked up on the picture): rows of 7, 39 px apart.
COLUMNS = [526, 565, 604, 643, 682, 721, 760]
ROWS = [266, 305, 344, 383]


def lines() -> list[Line]:
    return [Line(t, Region(x, y, w, h)) for t, x, y, w, h in LINES]


def where(letter: str) -> tuple[int, int]:
    k = ALPHABET.index(letter)
    row, col = divmod(k, 7)
    return COLUMNS[col + (row == 3)], ROWS[row]  # the last row starts after an empty key


def test_every_key_of_the_wordgame_blank_dialog_is_found_where_it_stands():
    assert keys_from_lines(lines(), ALPHABET) == {}  # (what the bot had: "keys read: none")
    keys = keys_from_lone_letters(lines(), ALPHABET)
    assert sorted(keys) == list(ALPHABET)
    for ch, region in keys.items():
        x, y = where(ch)
        assert abs(region.center.x - x) <= 6 and abs(region.center.y - y) <= 6, (ch, region)


def test_letters_in_no_evenly_spaced_alphabet_run_are_no_dialog():
    board = [Line(ch, Region(300 + 34 * i, 400 + 34 * (i % 2), 10, 12))
             for i, ch in enumerate("QUIZZES")]
    header = [Line(ch, Region(278 + 34 * i, 152, 8, 10)) for i, ch in enumerate("ABCDEFGHIJKLMNO")]
    assert keys_from_lone_letters(board + header, ALPHABET) == {}  # one row is no dialog
    assert keys_from_lone_letters(board, ALPHABET) == {}
