"""Stage 2: the exact mine probability of every covered cell.

Each frontier component is counted by mine total (``counting``); the components and the
interior (covered cells no number touches) are then combined so that the global mine count
holds exactly: a layout with ``k`` mines on the frontier leaves ``C(interior, left - k)`` ways
to fill the interior. The fast path is the C engine (``_engine``) when it is built; this module
is the exact pure-Python version (integer arithmetic) and the reference it is tested against.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from math import comb

import numpy as np

from solvers.minesweeper.counting import Counts, count_component
from solvers.minesweeper.frontier import KNOWN_MINE, Frontier, build_frontier
from solvers.minesweeper.state import Board, BoardError


@dataclass(frozen=True)
class Analysis:
    """Mine probabilities by flat cell index (NaN open, 1.0 known mine) and the solution count."""

    rows: int
    cols: int
    probs: list[float]
    log_solutions: float  # natural log of the number of layouts consistent with the board
    interior_probability: float  # NaN when there is no interior
    dead: tuple[int, ...] = ()  # undecided cells whose number is already decided (see summary)

    def grid(self) -> np.ndarray:
        return np.array(self.probs, dtype=float).reshape(self.rows, self.cols)


def analyse_python(board: Board, mines: int, frontier: Frontier | None = None) -> Analysis:
    """Exact probabilities in pure Python (big integers): slow on big boards, never wrong."""
    f = frontier if frontier is not None else build_frontier(board, mines)
    counts = component_counts(f)
    n_int = len(f.interior)
    left = f.mines_left
    # distribution of frontier mine totals over all components, convolved
    prefix, suffix = convolve_all(counts)

    def fill(k: int) -> int:
        return comb(n_int, left - k) if 0 <= left - k <= n_int else 0

    total = sum(w * fill(k) for k, w in prefix[-1].items())
    if total == 0:
        raise BoardError(
            f"no layout of {left} remaining mines fits this board"
            f" ({len(f.covered)} covered cells, {n_int} away from every number)"
        )
    probs = [math.nan] * (f.rows * f.cols)
    for i, v in enumerate(board.cells):
        if v in KNOWN_MINE:
            probs[i] = 1.0
    for idx, (comp, c) in enumerate(zip(f.components, counts, strict=True)):
        others = convolve(prefix[idx], suffix[idx + 1])
        rest = {m: sum(w * fill(m + k) for k, w in others.items()) for m in c}
        for local, b in enumerate(comp.boxes):
            num = sum(t[local] * rest[m] for m, (_, t) in c.items())
            size = len(f.boxes[b].cells)
            p = num / (total * size)
            for cell in f.boxes[b].cells:
                probs[cell] = p
    interior_p = math.nan
    if n_int:
        expected = sum(w * fill(k) * (left - k) for k, w in prefix[-1].items())
        interior_p = expected / (total * n_int)
        for cell in f.interior:
            probs[cell] = interior_p
    from solvers.minesweeper.summary import dead_cells

    dead = dead_cells(board, f, probs)
    return Analysis(f.rows, f.cols, probs, math.log(total), interior_p, dead)


def fits(board: Board, mines: int) -> bool:
    """Does some layout of ``mines`` mines in all fit ``board``? False too when its numbers
    contradict each other (then no total fits)."""
    try:
        f = build_frontier(board, mines)
        counts = component_counts(f)
    except BoardError:
        return False
    prefix, _suffix = convolve_all(counts)
    return any(0 <= f.mines_left - k <= len(f.interior) for k in prefix[-1])


def component_counts(f: Frontier) -> list[Counts]:
    """Each component's layouts by mine total; a component with none raises BoardError."""
    counts = []
    for comp in f.components:
        c = count_component(f, comp)
        if not c:
            cells = sorted({f.witnesses[w].cell for w in comp.witnesses})
            names = ", ".join(f.name(i) for i in cells)
            raise BoardError(
                f"the numbers at {names} contradict each other",
                tuple(divmod(i, f.cols) for i in cells),
            )
        counts.append(c)
    return counts


def convolve_all(counts: list[Counts]) -> tuple[list[dict[int, int]], list[dict[int, int]]]:
    """Prefix and suffix products of the components' mine-total distributions: ``prefix[i]``
    covers components before ``i``, ``suffix[i]`` those from ``i`` on."""
    prefix: list[dict[int, int]] = [{0: 1}]
    for c in counts:
        prefix.append(convolve(prefix[-1], {m: w for m, (w, _) in c.items()}))
    suffix: list[dict[int, int]] = [{0: 1}]
    for c in reversed(counts):
        suffix.append(convolve(suffix[-1], {m: w for m, (w, _) in c.items()}))
    suffix.reverse()
    return prefix, suffix


def convolve(a: dict[int, int], b: dict[int, int]) -> dict[int, int]:
    out: dict[int, int] = {}
    for i, x in a.items():
        for j, y in b.items():
            out[i + j] = out.get(i + j, 0) + x * y
    return out


def analyse(board: Board, mines: int) -> Analysis:
    """Exact probabilities, by the C engine when it is built, else in pure Python."""
    from solvers.minesweeper import engine

    return engine.analyse(board, mines)


def probabilities(board: Board, mines: int) -> np.ndarray:
    """Rows x cols mine probabilities: NaN for open cells, 1.0 for flags (taken as mines).

    ``mines`` is the game's total mine count. A board whose numbers contradict each other or
    the mine count raises :class:`BoardError` naming the cells.
    """
    return analyse(board, mines).grid()
