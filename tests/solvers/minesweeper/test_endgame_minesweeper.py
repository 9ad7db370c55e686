"""The exhaustive endgame lists every layout and finds the best chance to win (vs an oracle)."""

import math
import random
from itertools import combinations

import pytest

from solvers.minesweeper import Board
from solvers.minesweeper.endgame import enumerate_layouts, solve_endgame
from solvers.minesweeper.frontier import COVERED, KNOWN_MINE, neighbour_table
from tests.solvers.minesweeper.brute import brute_force
from tests.solvers.minesweeper.positions import random_position


def _layouts(board: Board, mines: int) -> list[frozenset[int]]:
    nbrs = neighbour_table(board.rows, board.cols)
    cells = board.cells
    covered = [i for i, v in enumerate(cells) if v in COVERED]
    flags = {i for i, v in enumerate(cells) if v in KNOWN_MINE}
    out = []
    for chosen in combinations(covered, mines - len(flags)):
        mine = flags | set(chosen)
        if all(sum(j in mine for j in nbrs[i]) == v for i, v in enumerate(cells) if v <= 8):
            out.append(frozenset(mine))
    return out


def _oracle(board: Board, layouts: list[frozenset[int]], revealed: frozenset[int]) -> float:
    """Best chance to win, by plain recursion over which cell to open next."""
    if len(layouts) == 1:
        return 1.0
    nbrs = neighbour_table(board.rows, board.cols)
    covered = [i for i, v in enumerate(board.cells) if v in COVERED and i not in revealed]

    def after(cell: int) -> float:
        groups: dict[int, list[frozenset[int]]] = {}
        for lay in layouts:
            if cell not in lay:
                groups.setdefault(sum(j in lay for j in nbrs[cell]), []).append(lay)
        return sum(
            len(g) * _oracle(board, g, revealed | {cell}) for g in groups.values()
        ) / len(layouts)

    free = [c for c in covered if all(c not in lay for lay in layouts)]
    if free:
        return after(free[0])
    undecided = [c for c in covered if any(c in lay for lay in layouts)]
    undecided = [c for c in undecided if not all(c in lay for lay in layouts)]
    return max(after(c) for c in undecided)


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
        assert {s | flags for s in sets} == set(_layouts(board, mines))
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
        layouts = _layouts(board, mines)
        if not 2 <= len(layouts) <= 40:
            continue
        covered = sum(1 for v in board.cells if v in COVERED)
        if covered > 9:
            continue
        decision = solve_endgame(board, mines)
        expected = _oracle(board, layouts, frozenset())
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
