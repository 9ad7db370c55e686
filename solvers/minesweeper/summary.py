"""What a look-ahead needs from an analysed board: the safest living cells, and dead cells.

A cell is *dead* when the number it would show is already decided, so opening it tells
nothing. The test is cheap and only sufficient: the cell has no covered neighbour, or its
covered neighbours (with or without the cell itself) are exactly the covered cells of one
number, whose mine count is known. Dead cells are left out of "the safest next guess": a safe
but useless click does not make a position better. Same rules as the C engine's summary.c.
"""

from __future__ import annotations

from dataclasses import dataclass

from solvers.minesweeper.frontier import COVERED, Frontier, neighbour_table
from solvers.minesweeper.state import Board


@dataclass(frozen=True)
class Outcome:
    """A what-if board, summarised: solutions and the safety of the best next guesses."""

    log_solutions: float
    best: float  # safety of the safest living covered cell (1.0 if one is certainly safe)
    second: float
    safe: int  # certainly safe covered cells
    watched: tuple[float, ...] = ()  # mine probabilities of the cells the caller asked about


def dead_cells(board: Board, frontier: Frontier, probs: list[float]) -> tuple[int, ...]:
    """Undecided covered cells whose number is already decided."""
    nbrs = neighbour_table(board.rows, board.cols)
    cells = board.cells
    witness_sets: dict[frozenset[int], bool] = {}
    for w in frontier.witnesses:
        witness_sets.setdefault(frozenset(w.cells), True)
    out = []
    for i, v in enumerate(cells):
        if v not in COVERED or not 0.0 < probs[i] < 1.0:
            continue
        around = frozenset(j for j in nbrs[i] if cells[j] in COVERED)
        if not around or around in witness_sets or around | {i} in witness_sets:
            out.append(i)
    return tuple(out)


def summarise(board: Board, probs: list[float], dead: tuple[int, ...], log: float) -> Outcome:
    """The two best living safeties (certainly safe cells count, dead or not)."""
    dead_set = set(dead)
    best = second = 0.0
    safe = 0
    for i, v in enumerate(board.cells):
        if v not in COVERED:
            continue
        p = probs[i]
        if p >= 1.0:
            continue
        if p == 0.0:
            safe += 1
        elif i in dead_set:
            continue
        safety = 1.0 - p
        if safety > second:
            if safety > best:
                best, second = safety, best
            else:
                second = safety
    if second == 0.0 and best > 0.0:
        second = best
    return Outcome(log, best, second, safe)
