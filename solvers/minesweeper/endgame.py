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
    try:
        win, cell = search.best(frozenset(range(len(layouts))))
    except _Budget:
        return None
    if cell is None:
        return None
    j = covered[cell]
    every = frozenset(range(len(layouts)))
    mine_share = search.size(frozenset(s for s in every if layouts[s] >> cell & 1)) / search.size(
        every
    )
    return Decision(
        Move.open(*divmod(j, board.cols)),
        "endgame",
        f"exhaustive search of {len(layouts)} layouts: wins {100 * win:.1f} % from here",
        mine_share,
        extra={"win_chance": win, "layouts": len(layouts)},
    )


class _Search:
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
        self.layouts = layouts
        self.nodes = max_nodes
        self.memo: dict[frozenset[int], tuple[float, int | None]] = {}
        self.weights = weights  # None: every layout equally likely
        flagged = [sum(1 for j in nbrs[c] if board.cells[j] in KNOWN_MINE) for c in covered]
        near = [[local[j] for j in nbrs[c] if j in local] for c in covered]
        # value[k][s]: the number cell k shows in layout s (meaningless where k is a mine)
        self.value = [
            [flagged[k] + sum(m >> q & 1 for q in near[k]) for m in layouts]
            for k in range(self.n)
        ]

    def size(self, sols: frozenset[int]) -> int:
        """How likely a set of layouts is, in layouts (weighted under the XP rule)."""
        if self.weights is None:
            return len(sols)
        w = self.weights
        return sum(w[s] for s in sols)

    def _safe_size(self, sols: frozenset[int], k: int) -> int:
        layouts, w = self.layouts, self.weights
        if w is None:
            return sum(1 for s in sols if not layouts[s] >> k & 1)
        return sum(w[s] for s in sols if not layouts[s] >> k & 1)

    def best(self, sols: frozenset[int]) -> tuple[float, int | None]:
        """(chance to win from this set of layouts, cell to open now)."""
        if len(sols) == 1:
            return 1.0, None
        hit = self.memo.get(sols)
        if hit is not None:
            return hit
        self.nodes -= 1
        if self.nodes < 0:
            raise _Budget
        union = 0
        inter = -1
        for s in sols:
            union |= self.layouts[s]
            inter &= self.layouts[s]
        free = [k for k in range(self.n) if not union >> k & 1]
        parts = self._split(sols, free)
        size = self.size
        if len(parts) > 1:
            total = sum(size(p) * self.best(p)[0] for p in parts) / size(sols)
            result: tuple[float, int | None] = (total, None)
            self.memo[sols] = result
            return result
        undecided = [k for k in range(self.n) if union >> k & 1 and not inter >> k & 1]
        ranked = sorted(undecided, key=lambda k: -self._safe_size(sols, k))
        best_win, best_cell = 0.0, ranked[0]
        whole = size(sols)
        for k in ranked:
            safe = frozenset(s for s in sols if not self.layouts[s] >> k & 1)
            if size(safe) / whole <= best_win:
                break  # sorted by safety: no later cell can do better
            parts = self._split(safe, [k])
            win = sum(size(p) * self.best(p)[0] for p in parts) / whole
            if win > best_win:
                best_win, best_cell = win, k
        result = (best_win, best_cell)
        self.memo[sols] = result
        return result

    def _split(self, sols: frozenset[int], cells: list[int]) -> list[frozenset[int]]:
        """Layouts grouped by the numbers the given (safe) cells show."""
        parts = [sols]
        for k in cells:
            column = self.value[k]
            finer = []
            for part in parts:
                groups: dict[int, list[int]] = {}
                for s in part:
                    v = column[s]
                    if v in groups:
                        groups[v].append(s)
                    else:
                        groups[v] = [s]
                if len(groups) == 1:
                    finer.append(part)
                else:
                    finer.extend(frozenset(g) for g in groups.values())
            parts = finer
        return parts
