"""Stage 3: the exhaustive endgame, when few layouts remain.

Every layout still consistent with the board is listed; the game from here is then searched
exactly. A position is the set of layouts still possible. Cells safe in all of them are opened
for free and what they show splits the set further; otherwise every undecided cell is tried:
its chance of being safe times, for each number it can show, the chance of winning from the
smaller set. The best cell maximises the chance of winning the whole game, not just the next
click, which matters most in the last few guesses. The search is bounded by a node budget and
gives up (returns None) rather than stall.
"""

from __future__ import annotations

import numpy as np

from solvers.decision import Decision
from solvers.minesweeper.frontier import COVERED, KNOWN_MINE, neighbour_table
from solvers.minesweeper.moves import Move
from solvers.minesweeper.state import Board

MAX_LAYOUTS = 1000
MAX_NODES = 20_000


class _Budget(Exception):
    """The search ran out of nodes."""


def enumerate_layouts(board: Board, mines: int, limit: int) -> tuple[list[int], list[int]] | None:
    """(covered cells, layouts as bitmasks over them), or None when more than ``limit``."""
    cells = board.cells
    nbrs = neighbour_table(board.rows, board.cols)
    covered = [i for i, v in enumerate(cells) if v in COVERED]
    left = mines - sum(1 for v in cells if v in KNOWN_MINE)
    wit_cells: list[list[int]] = []
    need: list[int] = []
    for i, v in enumerate(cells):
        if v <= 8:
            around = [j for j in nbrs[i] if cells[j] in COVERED]
            if around:
                wit_cells.append(around)
                need.append(v - sum(1 for j in nbrs[i] if cells[j] in KNOWN_MINE))
    # order: frontier cells in witness order first (tight pruning), then the rest
    order: list[int] = []
    seen: set[int] = set()
    for around in wit_cells:
        for j in around:
            if j not in seen:
                seen.add(j)
                order.append(j)
    order += [j for j in covered if j not in seen]
    pos = {j: k for k, j in enumerate(order)}
    bit = {j: 1 << k for k, j in enumerate(covered)}
    watch: list[list[int]] = [[] for _ in order]
    for w, around in enumerate(wit_cells):
        for j in around:
            watch[pos[j]].append(w)
    unassigned = [len(a) for a in wit_cells]
    out: list[int] = []
    n = len(order)

    def rec(k: int, placed: int, mask: int) -> None:
        if len(out) > limit:
            return
        if k == n:
            if placed == left:
                out.append(mask)
            return
        if placed > left or placed + (n - k) < left:
            return
        ws = watch[k]
        for w in ws:
            unassigned[w] -= 1
        # safe
        if all(need[w] <= unassigned[w] for w in ws):
            rec(k + 1, placed, mask)
        # mine
        if placed < left and all(need[w] >= 1 for w in ws):
            for w in ws:
                need[w] -= 1
            rec(k + 1, placed + 1, mask | bit[order[k]])
            for w in ws:
                need[w] += 1
        for w in ws:
            unassigned[w] += 1

    rec(0, 0, 0)
    if len(out) > limit:
        return None
    return covered, out


def xp_weights(board: Board, covered: list[int], layouts: list[int], click: int) -> list[int]:
    """Each layout's weight under the XP rule: 1 + its run of mines along the relocation chain
    (``relocation``); all 1 when the chain is empty."""
    from solvers.minesweeper.relocation import xp_chain

    chain = xp_chain(board, click)
    bit = {j: k for k, j in enumerate(covered)}
    steps = [bit.get(x) for x in chain]  # None: a known mine, always part of the run
    out = []
    for m in layouts:
        run = 0
        for k in steps:
            if k is not None and not m >> k & 1:
                break
            run += 1
        out.append(1 + run)
    return out


def solve_endgame(
    board: Board,
    mines: int,
    limit: int = MAX_LAYOUTS,
    max_nodes: int = MAX_NODES,
    xp_click: int | None = None,
) -> Decision[Move] | None:
    """The move that maximises the chance to win, or None if too big to search.

    ``xp_click``: the XP rule's first click; its relocation makes some layouts likelier.
    """
    listed = enumerate_layouts(board, mines, limit)
    if listed is None:
        return None
    covered, layouts = listed
    if len(layouts) < 2:
        return None
    weights = None
    if xp_click is not None:
        weights = xp_weights(board, covered, layouts, xp_click)
        if all(w == 1 for w in weights):
            weights = None
    search = _Search(board, covered, layouts, max_nodes, weights)
    every = (1 << len(layouts)) - 1
    try:
        win, cell = search.best(every)
    except _Budget:
        return None
    if cell is None:
        return None
    j = covered[cell]
    mine_share = search.size(every & search.mine[cell]) / search.size(every)
    return Decision(
        Move.open(*divmod(j, board.cols)),
        "endgame",
        f"exhaustive search of {len(layouts)} layouts: wins {100 * win:.1f} % from here",
        mine_share,
        extra={"win_chance": win, "layouts": len(layouts)},
    )


class _Search:
    """The game tree over a set of layouts, each set a bitmask over the layout list (bit s:
    layout s still possible), memoised by that mask."""

    def __init__(
        self,
        board: Board,
        covered: list[int],
        layouts: list[int],
        max_nodes: int,
        weights: list[int] | None = None,
    ):
        nbrs = neighbour_table(board.rows, board.cols)
        local = {j: k for k, j in enumerate(covered)}
        self.n = len(covered)
        self.nodes = max_nodes
        self.memo: dict[int, tuple[float, int | None]] = {}
        flagged = [sum(1 for j in nbrs[c] if board.cells[j] in KNOWN_MINE) for c in covered]
        near = [[local[j] for j in nbrs[c] if j in local] for c in covered]
        # mine[k]: the layouts with a mine at cell k; shows[k]: per number cell k shows when
        # safe, the layouts where it shows it
        self.mine = _transpose(layouts, self.n)
        every = (1 << len(layouts)) - 1
        self.shows: list[dict[int, int]] = []
        for k in range(self.n):
            safe = every & ~self.mine[k]
            planes = _count_planes([self.mine[q] for q in near[k]])
            shows = {}
            for v in range(1 << len(planes)):  # counts need no more digits than there are
                mask = safe
                for bit, plane in enumerate(planes):
                    mask &= plane if v >> bit & 1 else ~plane
                if mask:
                    shows[flagged[k] + v] = mask
            self.shows.append(shows)
        # weight classes (XP rule): the layouts of each weight; None: all weigh one
        self.classes: list[tuple[int, int]] | None = None
        if weights is not None:
            by_weight: dict[int, int] = {}
            for s, w in enumerate(weights):
                by_weight[w] = by_weight.get(w, 0) | 1 << s
            self.classes = sorted(by_weight.items())

    def size(self, sols: int) -> int:
        """How likely a set of layouts is, in layouts (weighted under the XP rule)."""
        if self.classes is None:
            return sols.bit_count()
        return sum(w * (sols & mask).bit_count() for w, mask in self.classes)

    def best(self, sols: int, known: int = 0) -> tuple[float, int | None]:
        """(chance to win from this set of layouts, cell to open now). ``known``: a bitmask of
        cells already open and split by (the same number in every layout of ``sols``): a
        hint that spares splitting by them again, not part of the position."""
        if sols & (sols - 1) == 0:  # one layout left: every safe cell is known
            return 1.0, None
        hit = self.memo.get(sols)
        if hit is not None:
            return hit
        self.nodes -= 1
        if self.nodes < 0:
            raise _Budget
        mine = self.mine
        free = [k for k in range(self.n) if not known >> k & 1 and not sols & mine[k]]
        parts = self._split(sols, free)
        size = self.size
        for k in free:
            known |= 1 << k
        if len(parts) > 1:
            total = sum(size(p) * self.best(p, known)[0] for p in parts) / size(sols)
            result: tuple[float, int | None] = (total, None)
            self.memo[sols] = result
            return result
        undecided = [k for k in range(self.n) if sols & mine[k] and sols & ~mine[k]]
        safe_of = {k: sols & ~mine[k] for k in undecided}
        safe_size = {k: size(safe_of[k]) for k in undecided}
        ranked = sorted(undecided, key=lambda k: -safe_size[k])
        best_win, best_cell = 0.0, ranked[0]
        whole = size(sols)
        for k in ranked:
            if safe_size[k] / whole <= best_win:
                break  # sorted by safety: no later cell can do better
            parts = self._split(safe_of[k], [k])
            win = sum(size(p) * self.best(p, known | 1 << k)[0] for p in parts) / whole
            if win > best_win:
                best_win, best_cell = win, k
        result = (best_win, best_cell)
        self.memo[sols] = result
        return result

    def _split(self, sols: int, cells: list[int]) -> list[int]:
        """Layouts grouped by the numbers the given (safe) cells show."""
        parts = [sols]
        for k in cells:
            masks = self.shows[k].values()
            finer = []
            for part in parts:
                for mask in masks:
                    piece = part & mask
                    if piece == part:  # the same number in every layout: no split
                        finer.append(part)
                        break
                    if piece:
                        finer.append(piece)
            parts = finer
        return parts


def _transpose(layouts: list[int], n: int) -> list[int]:
    """Per cell k < n, the bitmask of the layouts (bit s: layout s) with a mine at k."""
    if not layouts or n == 0:
        return [0] * n
    width = (n + 7) // 8
    raw = np.frombuffer(b"".join(m.to_bytes(width, "little") for m in layouts), np.uint8)
    bits = np.unpackbits(raw.reshape(len(layouts), width), axis=1, bitorder="little")[:, :n]
    columns = np.packbits(bits.T, axis=1, bitorder="little")
    return [int.from_bytes(row.tobytes(), "little") for row in columns]


def _count_planes(masks: list[int]) -> list[int]:
    """The binary digits, as bitmasks, of how many of ``masks`` hold each bit (a bit-sliced
    adder: digit d of layout s's count is bit s of the d-th mask)."""
    planes: list[int] = []
    for mask in masks:
        carry = mask
        for d, plane in enumerate(planes):
            planes[d], carry = plane ^ carry, plane & carry
            if not carry:
                break
        if carry:
            planes.append(carry)
    return planes
