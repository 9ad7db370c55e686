"""Which cell a guess opens first: safer cells it implies, and walled-off regions."""

import math
import random

from solvers.minesweeper import Board, engine
from solvers.minesweeper.frontier import COVERED
from solvers.minesweeper.guess import safer_first
from solvers.minesweeper.regions import region_sizes
from tests.solvers.minesweeper.game_tree import click_value, layouts
from tests.solvers.minesweeper.positions import random_position


def test_a_safer_cell_implied_safe_is_opened_first_and_never_worse():
    """Against every layout and the game tree: the cell opened instead is safe whenever the
    pick is, safer, and best play after opening it wins at least as often."""
    rng = random.Random(41)
    swapped = tried = 0
    while swapped < 25:
        pos = random_position(rng, rng.randint(3, 4), rng.randint(3, 5), rng.randint(3, 6),
                              rng.randint(1, 3), flag_share=0.3)
        if pos is None:
            continue
        board, truth = pos
        every = layouts(board, len(truth))
        covered = [i for i, v in enumerate(board.cells) if v in COVERED]
        if not 2 <= len(every) <= 30 or len(covered) > 9:
            continue
        if any(all(c not in lay for lay in every) for c in covered):
            continue  # a certainly safe cell: no guess to make
        probs = engine.analyse(board, len(truth)).probs
        for cell in covered:
            if probs[cell] >= 1.0:
                continue
            tried += 1
            first = safer_first(board, len(truth), probs, cell, None)
            if first == cell:
                continue
            swapped += 1
            assert all(first not in lay for lay in every if cell not in lay)
            assert probs[first] < probs[cell]
            assert click_value(board, every, frozenset(), first) >= click_value(
                board, every, frozenset(), cell) - 1e-12
    assert tried > swapped


def test_a_cell_with_no_safer_implied_cell_stays():
    board = Board.from_text("..1#\n..1#")
    probs = engine.analyse(board, 1).probs
    assert safer_first(board, 1, probs, 3, None) == 3
    assert math.isclose(probs[3], 0.5)


def test_regions_are_linked_by_touch_and_by_shared_numbers():
    board = Board.from_text(
        "##1.1#\n"
        "##2.2#\n"
        "FF1.1#\n"
        "......\n"
    )
    sizes = region_sizes(board)
    cols = board.cols
    assert sizes[0] == 4 and sizes[cols + 1] == 4  # the left pocket, behind its mines
    assert sizes[5] == 3 and sizes[2 * cols + 5] == 3  # the right column
    assert region_sizes(Board.from_text("#1#\n.1.")) == {0: 2, 2: 2}  # one number links both
    assert region_sizes(Board.from_text("#F#\n.F.")) == {0: 1, 2: 1}  # mines wall them off
