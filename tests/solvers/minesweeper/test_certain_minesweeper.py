"""Stage 1 only ever finds true facts, and finds the textbook patterns."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from solvers.minesweeper import Board
from solvers.minesweeper.certain import certain_cells
from solvers.minesweeper.frontier import build_frontier
from tests.solvers.minesweeper.positions import random_position


@given(st.integers(0, 10**6))
@settings(max_examples=150, deadline=None)
def test_certain_cells_are_right_about_the_hidden_layout(seed):
    rng = random.Random(seed)
    rows, cols = rng.randint(4, 16), rng.randint(4, 30)
    mines = rng.randint(1, rows * cols // 4)
    pos = random_position(rng, rows, cols, mines, rng.randint(0, 10))
    if pos is None:
        return
    board, truth = pos
    mines = len(truth)
    safe, found = certain_cells(build_frontier(board, mines))
    cols = board.cols
    assert not {divmod(i, cols) for i in safe} & truth
    assert {divmod(i, cols) for i in found} <= truth


def _safe_and_mines(text: str, mines: int) -> tuple[set[tuple[int, int]], set[tuple[int, int]]]:
    board = Board.from_text(text)
    safe, found = certain_cells(build_frontier(board, mines))
    return {divmod(i, board.cols) for i in safe}, {divmod(i, board.cols) for i in found}


def test_one_one_pattern_against_a_wall():
    # a 1-1 on the wall: the third cell above the second 1 is safe (subset rule)
    safe, _ = _safe_and_mines("###\n11.\n...", 1)
    assert (0, 2) in safe


def test_one_two_one_pattern():
    safe, found = _safe_and_mines("###\n121\n...", 2)
    assert found == {(0, 0), (0, 2)}
    assert safe == {(0, 1)}
