"""Windows XP's first-click relocation as a prior on layouts: the XP rule's exact probabilities.

Under the XP rule the program draws its mines uniformly over all cells; if the first click ``c``
hits one, that mine moves to the first cell in reading order (row 0 from the left, then row 1,
...) that is not ``c`` and holds no mine. After the click nobody can tell whether a mine moved,
so the layouts are not uniform. Let ``p0, p1, ...`` be the cells in reading order without ``c``.
A final layout ``L`` (no mine on ``c``) whose mines start with a run ``p0 .. p(r-1)`` and miss
``p(r)`` is drawn in ``1 + r`` ways: as itself, or as ``L`` with one of ``p0 .. p(r-1)`` moved
back onto ``c`` (each leaves ``p(k)`` the first free cell). So ``P(L)`` is proportional to
``1 + r(L)``: a layout with a mine on ``p0`` is at least twice as likely as one without.

As counts, ``1 + r(L) = 1 + sum_k [p0 .. p(k) all mines]``: the weighted number of layouts is
the plain count plus, for each ``k``, the count with ``p0 .. p(k)`` forced to be mines. The
chain ``p0, p1, ...`` ends at the first open cell (no layout has a mine there); known mines on
it pass through. Forced frontier cells change the frontier, so each prefix of the chain's
frontier cells is its own *group* (a board with those cells flagged); forced interior cells do
not, so within a group the terms differ only in ``C(interior - j, left - j)``, summed here.
Same method as the C engine's ``solve_xp`` (``csrc/xp.c``); this is the exact reference.
"""

from __future__ import annotations

import math
from fractions import Fraction
from math import comb

from solvers.minesweeper.frontier import COVERED, KNOWN_MINE, Frontier, build_frontier
from solvers.minesweeper.probability import (
    Analysis,
    analyse_python,
    component_counts,
    convolve,
    convolve_all,
)
from solvers.minesweeper.state import Board, BoardError, Cell


def is_open(value: int) -> bool:
    """An opened cell: a number, or any other shown cell that cannot hold a mine."""
    return value not in COVERED and value not in KNOWN_MINE and value != Cell.WRONG_FLAG


def xp_chain(board: Board, click: int | None) -> tuple[int, ...]:
    """The cells a relocated mine may have passed over: reading order without ``click``, up to
    the first open one. Empty when ``click`` is None or not open (no XP first click known)."""
    cells = board.cells
    if click is None or not 0 <= click < len(cells) or not is_open(cells[click]):
        return ()
    chain = []
    for i, v in enumerate(cells):
        if i == click:
            continue
        if v in COVERED or v in KNOWN_MINE:
            chain.append(i)
        else:
            break
    return tuple(chain)


def xp_groups(board: Board, frontier: Frontier, chain: tuple[int, ...]) -> list[list[int]]:
    """The chain's terms by group: ``groups[g]`` lists, for each term whose forced cells include
    the first ``g`` frontier cells of the chain, how many interior chain cells it forces. Group 0
    starts with the plain count (nothing forced)."""
    interior = set(frontier.interior)
    groups: list[list[int]] = [[0]]
    j = 0
    for x in chain:
        if x in interior:
            j += 1
        elif board.cells[x] in COVERED:
            groups.append([])
        groups[-1].append(j)
    return groups


def analyse_xp_python(board: Board, mines: int, click: int | None) -> Analysis:
    """Exact probabilities under the XP rule after the first click at flat index ``click``."""
    base = build_frontier(board, mines)
    chain = xp_chain(board, click)
    if not chain:
        return analyse_python(board, mines, base)
    interior = set(base.interior)
    frontier_chain = [x for x in chain if x not in interior and board.cells[x] in COVERED]
    interior_chain = [x for x in chain if x in interior]
    groups = xp_groups(board, base, chain)
    n = board.rows * board.cols
    num = [Fraction(0)] * n
    total = 0
    values = list(board.cells)
    for g, terms in enumerate(groups):
        if g:
            values[frontier_chain[g - 1]] = int(Cell.FLAG)
        flagged = Board(board.rows, board.cols, tuple(values))
        try:
            f = base if g == 0 else build_frontier(flagged, mines)
            part, numerators = _group(f, terms, interior_chain)
        except BoardError:
            if g == 0:
                raise
            break  # more forced mines cannot fit either
        if part == 0:
            if g == 0:
                analyse_python(board, mines, base)  # raises, naming the problem
            break
        total += part
        for i, v in enumerate(flagged.cells):
            if v in KNOWN_MINE:
                num[i] += part
            elif v in COVERED:
                num[i] += numerators[i]
    probs = [math.nan] * n
    for i, v in enumerate(board.cells):
        if v in KNOWN_MINE:
            probs[i] = 1.0
        elif v in COVERED:
            probs[i] = float(num[i] / total)
    chain_set = set(chain)
    plain = [i for i in base.interior if i not in chain_set]
    interior_p = probs[plain[0]] if plain else math.nan
    from solvers.minesweeper.summary import dead_cells

    dead = dead_cells(board, base, probs)
    return Analysis(board.rows, board.cols, probs, math.log(total), interior_p, dead)


def _group(
    f: Frontier, terms: list[int], interior_chain: list[int]
) -> tuple[int, dict[int, Fraction]]:
    """One group's weighted count and each covered cell's weighted mine count. ``terms`` are the
    numbers of interior chain cells each term forces (the first ``j`` of ``interior_chain``)."""
    counts = component_counts(f)
    n_int, left = len(f.interior), f.mines_left
    prefix, suffix = convolve_all(counts)

    def fill(k: int) -> int:  # interior fillings for k frontier mines, over the group's terms
        return sum(_binom(n_int - j, left - k - j) for j in terms)

    frontier_total = prefix[-1]
    total = sum(w * fill(k) for k, w in frontier_total.items())
    out: dict[int, Fraction] = {}
    if total == 0:
        return 0, out
    for idx, (comp, c) in enumerate(zip(f.components, counts, strict=True)):
        others = convolve(prefix[idx], suffix[idx + 1])
        rest = {m: sum(w * fill(m + k) for k, w in others.items()) for m in c}
        for local, b in enumerate(comp.boxes):
            box_num = sum(t[local] * rest[m] for m, (_, t) in c.items())
            cells = f.boxes[b].cells
            for cell in cells:
                out[cell] = Fraction(box_num, len(cells))
    if n_int:
        # a cell not forced by a term is a mine in C(n - j - 1, l - j - 1) of its fillings
        free = sum(
            w * sum(_binom(n_int - j - 1, left - k - j - 1) for j in terms)
            for k, w in frontier_total.items()
        )
        for cell in f.interior:
            out[cell] = Fraction(free)
        # the i-th interior chain cell is forced by the terms with j >= i
        top = max(terms)
        mult = [terms.count(j) for j in range(top + 1)]
        forced = [0] * (top + 2)
        for k, w in frontier_total.items():
            lo = 0  # terms with j < i, where the cell is free
            hi = sum(mult[j] * _binom(n_int - j, left - k - j) for j in range(top + 1))
            for i in range(1, top + 1):
                lo += mult[i - 1] * _binom(n_int - i, left - k - i)
                hi -= mult[i - 1] * _binom(n_int - i + 1, left - k - i + 1)
                forced[i] += w * (hi + lo)
        for i, cell in enumerate(interior_chain[:top], start=1):
            out[cell] = Fraction(forced[i])
    return total, out


def _binom(n: int, k: int) -> int:
    return comb(n, k) if 0 <= k <= n else 0
