"""A slow oracle of best play: every layout of a small board, and the game tree over them."""

from __future__ import annotations

from itertools import combinations

from solvers.minesweeper.frontier import COVERED, KNOWN_MINE, neighbour_table
from solvers.minesweeper.state import Board


def layouts(board: Board, mines: int) -> list[frozenset[int]]:
    """Every set of mine cells (flags included) that fits the board's numbers."""
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


def click_value(
    board: Board, layouts: list[frozenset[int]], revealed: frozenset[int], cell: int
) -> float:
    """Chance to win opening ``cell`` now and playing best after (layouts equally likely)."""
    nbrs = neighbour_table(board.rows, board.cols)
    groups: dict[int, list[frozenset[int]]] = {}
    for lay in layouts:
        if cell not in lay:
            groups.setdefault(sum(j in lay for j in nbrs[cell]), []).append(lay)
    return sum(
        len(g) * best_value(board, g, revealed | {cell}) for g in groups.values()
    ) / len(layouts)


def best_value(board: Board, layouts: list[frozenset[int]], revealed: frozenset[int]) -> float:
    """Best chance to win, by plain recursion over which cell to open next."""
    if len(layouts) == 1:
        return 1.0
    covered = [i for i, v in enumerate(board.cells) if v in COVERED and i not in revealed]
    free = [c for c in covered if all(c not in lay for lay in layouts)]
    if free:
        return click_value(board, layouts, revealed, free[0])
    undecided = [c for c in covered if any(c in lay for lay in layouts)]
    undecided = [c for c in undecided if not all(c in lay for lay in layouts)]
    return max(click_value(board, layouts, revealed, c) for c in undecided)
