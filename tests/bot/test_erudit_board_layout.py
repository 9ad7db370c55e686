"""A page's own premium layout is taken off the board only when it is a layout: enough squares
differ from the rules' grid, and they are symmetric as every board is (one square misread under
a pointer or a flying tile is not a new layout)."""

from __future__ import annotations

import pytest

from bot.games.erudit.board_layout import MIN_DIFFERENT, board_layout
from solvers.erudit.rules import SIZE, load_rules

SCRABBLE = load_rules("scrabble-en").premium_text
WWF = load_rules("wwf").premium_text


def _rows(text: str) -> list[str]:
    return [line.strip() for line in text.strip().splitlines()]


def _with(rows: list[str], square: int, kind: str) -> list[str]:
    r, c = divmod(square, SIZE)
    out = list(rows)
    out[r] = out[r][:c] + kind + out[r][c + 1:]
    return out


def test_another_layout_seen_whole_is_taken():
    assert board_layout(_rows(WWF), SCRABBLE) == WWF
    assert board_layout(_rows(SCRABBLE), WWF) == SCRABBLE


def test_the_rules_own_layout_is_no_change():
    assert board_layout(_rows(SCRABBLE), SCRABBLE) is None


def test_squares_under_tiles_are_the_rules_and_the_rest_the_boards():
    seen = _rows(WWF)
    centre = 7 * SIZE + 7
    for square in (centre, centre + 1, centre + 2):
        seen = _with(seen, square, "?")
    got = _rows(board_layout(seen, SCRABBLE) or "")
    want = _rows(SCRABBLE)
    for square in range(SIZE * SIZE):
        r, c = divmod(square, SIZE)
        expect = want[r][c] if square in (centre, centre + 1, centre + 2) else _rows(WWF)[r][c]
        assert got[r][c] == expect, (r, c)


def test_one_square_misread_is_not_a_layout():
    rows = _rows(SCRABBLE)
    plain = next(i for i in range(SIZE * SIZE) if rows[i // SIZE][i % SIZE] == ".")
    assert board_layout(_with(rows, plain, "T"), SCRABBLE) is None


def test_a_lopsided_difference_is_a_misread_not_a_layout():
    """As many squares differ as a layout would, but on one side only."""
    rows = _rows(SCRABBLE)
    plain = [i for i in range(SIZE * SIZE // 2) if rows[i // SIZE][i % SIZE] == "."]
    for square in plain[:MIN_DIFFERENT + 2]:
        rows = _with(rows, square, "d")
    assert board_layout(rows, SCRABBLE) is None


def test_a_grid_of_the_wrong_size_is_an_error_naming_the_sizes():
    with pytest.raises(ValueError, match="225"):
        board_layout(["." * 15] * 14, SCRABBLE)
