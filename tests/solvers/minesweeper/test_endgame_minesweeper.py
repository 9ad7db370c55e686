"""The exhaustive endgame lists every layout and finds the best chance to win (vs an oracle)."""

import math
import random

import pytest

from solvers.minesweeper import Board
from solvers.minesweeper.endgame import enumerate_layouts, solve_endgame
from solvers.minesweeper.frontier import COVERED, KNOWN_MINE
from tests.solvers.minesweeper.brute import brute_force
from tests.solvers.minesweeper.game_tree import best_value
from tests.solvers.minesweeper.game_tree import layouts as all_layouts
from tests.solvers.minesweeper.positions import random_position


def test_layouts_are_listed_exactly():
    rng = random.Random(3)
    done = 0
    while done < 100:
        pos = random_position(rng, rng.randint(3, 5), rng.randint(3, 5), rng.randint(2, 5), 2)
        if pos is None:
            continue
        board, truth = pos
        mines = len(truth)
        listed = enumerate_layouts(board, mines, 10**6)
        assert listed is not None
        covered, masks = listed
        assert len(masks) == brute_force(board, mines)[1]
        sets = {frozenset(covered[k] for k in range(len(covered)) if m >> k & 1) for m in masks}
        flags = {i for i, v in enumerate(board.cells) if v in KNOWN_MINE}
        assert {s | flags for s in sets} == set(all_layouts(board, mines))
        done += 1


def test_endgame_win_chance_equals_the_oracle():
    rng = random.Random(8)
    done = 0
    while done < 60:
        pos = random_position(rng, rng.randint(2, 4), rng.randint(3, 4), rng.randint(2, 4), 1)
        if pos is None:
            continue
        board, truth = pos
        mines = len(truth)
        layouts = all_layouts(board, mines)
        if not 2 <= len(layouts) <= 40:
            continue
        covered = sum(1 for v in board.cells if v in COVERED)
        if covered > 9:
            continue
        decision = solve_endgame(board, mines)
        expected = best_value(board, layouts, frozenset())
        if decision is None:  # only when some cell is certainly safe: no guess to search
            continue
        assert math.isclose(decision.extra["win_chance"], expected, abs_tol=1e-12)
        done += 1


def test_endgame_gives_up_on_too_many_layouts():
    assert solve_endgame(Board.unknown(9, 9), 10) is None


def test_endgame_prefers_the_cell_that_decides_the_rest():
    board = Board.from_text("..1#\n..1#")  # a pure 50/50: the chance is one half
    decision = solve_endgame(board, 1)
    assert decision is not None
    assert decision.extra["win_chance"] == pytest.approx(0.5)
