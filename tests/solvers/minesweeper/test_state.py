"""Board and move text forms round-trip; bad text names the line and column."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from solvers.minesweeper import Board, BoardTextError, Cell, Move, MoveKind
from solvers.minesweeper.state import CELL_CHARS

boards_text = st.integers(1, 12).flatmap(
    lambda cols: st.lists(
        st.text(alphabet=CELL_CHARS, min_size=cols, max_size=cols), min_size=1, max_size=12
    )
).map("\n".join)


@given(boards_text)
def test_board_text_round_trips(text):
    assert Board.from_text(text).to_text() == text


def test_zero_is_read_as_empty():
    board = Board.from_text("0#\n1F")
    assert board[0, 0] is Cell.ZERO
    assert board.to_text() == ".#\n1F"


def test_bad_character_names_line_and_column():
    with pytest.raises(BoardTextError, match=r"line 2, column 3: unknown cell character 'z'"):
        Board.from_text("###\n##z\n###")


def test_ragged_rows_are_rejected():
    with pytest.raises(BoardTextError, match="line 2: 2 cells, expected 3"):
        Board.from_text("###\n##")


@given(st.sampled_from(list(MoveKind)), st.integers(0, 99), st.integers(0, 99))
def test_move_text_round_trips(kind, row, col):
    move = Move(kind, row, col)
    assert Move.from_text(move.to_text()) == move


@pytest.mark.parametrize("text", ["open 1", "jump 1 2", "open a 2", "open -1 2"])
def test_bad_moves_are_rejected(text):
    with pytest.raises(ValueError, match="bad move"):
        Move.from_text(text)
