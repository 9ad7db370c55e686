"""Would-be 50/50s ("traps"): places where the layout may hide a coin flip nothing can settle.

Two covered cells side by side are told apart only by the cells beyond their two ends (the
*source* cells, three at each end, fewer at the border). If every source cell is a mine and one
of the two cells is too, no number ever revealed can say which: an unavoidable 50/50, found or
not. A 2x2 block is the same with its four diagonal corners as the sources and one diagonal
pair of mines. A *trap* is such a shape whose sources are all covered and all known mines but
at most ``max_missing`` (the *enablers*); its *share* is the exact chance, over the layouts
still possible, that the layout springs it (enablers and the shape's mine cells mines, the
other shape cells safe), counted by the engine on the board with those cells forced.

What that is worth, for a guess at a trap cell:

* if every layout with the cell a mine springs a trap, the cell is a *pseudo 50/50*: clicking
  it now loses exactly as often as the coin flip it would face later, and its number comes
  sooner (taken at once, like a plain 50/50);
* otherwise a loss there is partly a loss the game held anyway: a layout where the trap springs
  and the cell is its mine costs the flip later. Its *influence* (those layouts' chance, at
  most its mine chance) is credited to the cell's safety by the guess stage.

The shapes, the one-missing-source limit and the crediting follow JSMinesweeper's description
of its long-term-risk helper; the counting is our own exact engine.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

from solvers.minesweeper import engine
from solvers.minesweeper.frontier import COVERED, KNOWN_MINE
from solvers.minesweeper.probability import Analysis
from solvers.minesweeper.state import Board, Cell

ROW, COLUMN, BLOCK = "row", "column", "block"  # a pair side by side, one above the other


@dataclass(frozen=True)
class Trap:
    """A shape that springs into an unavoidable 50/50 in ``share`` of the layouts."""

    kind: str  # ROW, COLUMN (pairs) or BLOCK
    cells: tuple[int, ...]  # the shape, its sprung mines first: (A, B) or (A, D, B, C)
    enablers: tuple[int, ...]  # source cells not known to be mines
    share: float  # chance the layout springs it with these mines (equal to its mirror's)

    @property
    def mines(self) -> tuple[int, ...]:
        return self.cells[: 2 if self.kind == BLOCK else 1]


@lru_cache(maxsize=8)
def shapes(rows: int, cols: int) -> tuple[tuple[str, tuple[int, ...], tuple[int, ...]], ...]:
    """Every pair and 2x2 block of the board: (kind, cells sprung-mines first, sources)."""
    return tuple(_shapes(rows, cols))


def _shapes(rows: int, cols: int) -> Iterator[tuple[str, tuple[int, ...], tuple[int, ...]]]:

    def on(cells: list[tuple[int, int]]) -> tuple[int, ...]:
        return tuple(r * cols + c for r, c in cells if 0 <= r < rows and 0 <= c < cols)

    for r in range(rows):
        for c in range(cols):
            a = r * cols + c
            if c + 1 < cols:  # a row pair: told apart by the columns either side
                ends = [(r + d, c - 1) for d in (-1, 0, 1)] + [(r + d, c + 2) for d in (-1, 0, 1)]
                yield ROW, (a, a + 1), on(ends)
            if r + 1 < rows:
                ends = [(r - 1, c + d) for d in (-1, 0, 1)] + [(r + 2, c + d) for d in (-1, 0, 1)]
                yield COLUMN, (a, a + cols), on(ends)
            if r + 1 < rows and c + 1 < cols:
                corners = [(r - 1, c - 1), (r - 1, c + 2), (r + 2, c - 1), (r + 2, c + 2)]
                yield BLOCK, (a, a + cols + 1, a + 1, a + cols), on(corners)


@lru_cache(maxsize=8)
def shapes_of(rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    """Per flat cell, the indices (into ``shapes``) of the shapes that hold it."""
    out: list[list[int]] = [[] for _ in range(rows * cols)]
    for k, (_kind, cells, _sources) in enumerate(shapes(rows, cols)):
        for cell in cells:
            out[cell].append(k)
    return tuple(tuple(ks) for ks in out)


def find_traps(
    board: Board,
    mines: int,
    analysis: Analysis,
    xp_click: int | None = None,
    max_missing: int = 1,
    block_missing: int = 0,
    near: int | None = None,
) -> list[Trap]:
    """Every trap of ``board`` (certain mines flagged) with at most ``max_missing`` enablers
    (``block_missing`` for a 2x2 block), only those holding cell ``near`` if given;
    ``analysis`` is the board's own (the shares are relative to it)."""
    cells = board.cells
    probs = analysis.probs
    left = mines - sum(1 for v in cells if v in KNOWN_MINE)
    out: list[Trap] = []
    covered = [v in COVERED for v in cells]
    mine = [v in KNOWN_MINE or (c and probs[i] >= 1.0) for i, (v, c) in enumerate(
        zip(cells, covered, strict=True))]
    every = shapes(board.rows, board.cols)
    todo = every if near is None else [every[k] for k in shapes_of(board.rows, board.cols)[near]]
    for kind, shape, sources in todo:
        allowed = block_missing if kind == BLOCK else max_missing
        missing: list[int] = []
        for j in sources:
            if not mine[j]:
                missing.append(j)
                if len(missing) > allowed or not covered[j]:
                    break  # too many unknown, or an open source cell tells the shape apart
        else:
            sprung = 2 if kind == BLOCK else 1
            if len(missing) + sprung > left or not all(covered[i] for i in shape):
                continue
            found = tuple(missing)
            share = _share(board, mines, analysis, found + shape[:sprung], shape[sprung:], xp_click)
            if share > 0.0:
                out.append(Trap(kind, shape, found, share))
    return out


def _share(
    board: Board,
    mines: int,
    analysis: Analysis,
    forced_mines: tuple[int, ...],
    forced_safe: tuple[int, ...],
    xp_click: int | None,
) -> float:
    """The chance of the layouts with these cells mines and those safe."""
    values = list(board.cells)
    for i in forced_mines:
        values[i] = int(Cell.FLAG)
    for i in forced_safe:
        values[i] = int(Cell.OPENED)  # opened, number unknown: safe, constrains nothing
    out = engine.outcome(Board(board.rows, board.cols, tuple(values)), mines, xp_click=xp_click)
    if out is None:
        return 0.0
    return math.exp(out.log_solutions - analysis.log_solutions)


def pseudo_fifties(traps: list[Trap], analysis: Analysis, rel: float = 1e-9) -> list[int]:
    """Cells whose every mine layout springs one trap (their mine chance is that trap's share),
    in board order; dead cells are the caller's to leave out."""
    probs = analysis.probs
    out = set()
    for trap in traps:
        for cell in trap.cells:
            p = probs[cell]
            if 0.0 < p < 1.0 and abs(trap.share - p) <= rel * p:
                out.add(cell)
    return sorted(out)


def influence(traps: list[Trap], analysis: Analysis, min_share: float = 0.0) -> dict[int, float]:
    """Per cell, the summed shares of the traps (over ``min_share``) it is in or enables, at
    most its mine and its safe chance: what the whole-board scan credits."""
    out: dict[int, float] = {}
    for trap in traps:
        if trap.share > min_share:
            for cell in trap.cells + trap.enablers:
                out[cell] = out.get(cell, 0.0) + trap.share
    return {cell: _clamp(share, analysis.probs[cell]) for cell, share in out.items()}


def _clamp(share: float, p: float) -> float:
    """A loss the game holds anyway is no likelier than the cell's mine, or its safety."""
    return max(0.0, min(share, p, 1.0 - p))


class TrapCredit:
    """The trap credit of a board for the guess stage.

    ``scan``: every trap with at most one enabler (none for a block), which names the pseudo
    50/50s and, per cell, the credit that may bring it into the candidates (shares over
    ``min_share``). ``of(cell)``: a candidate's own credit, from the traps holding it with up
    to ``wide`` enablers: the best row pair, the best column pair and the best block, plus
    what it enables in the scan.
    """

    def __init__(
        self,
        board: Board,
        mines: int,
        analysis: Analysis,
        xp_click: int | None = None,
        min_share: float = 0.025,
        wide: int = 3,
        credit: bool = True,
    ) -> None:
        self.board, self.mines, self.analysis, self.xp = board, mines, analysis, xp_click
        self.wide = wide
        self.credit = credit  # False: the scan only (pseudo 50/50s, hotspots), no credit
        self.scan = find_traps(board, mines, analysis, xp_click)
        self.pool = influence(self.scan, analysis, min_share) if credit else {}
        self.enabled: dict[int, float] = {}
        for trap in self.scan:
            if trap.share > min_share:
                for cell in trap.enablers:
                    self.enabled[cell] = self.enabled.get(cell, 0.0) + trap.share
        self._own: dict[int, float] = {}
        self.spots: list[Hotspot] = []  # filled by the caller when hotspots are wanted

    def of(self, cell: int) -> float:
        if not self.credit:
            return 0.0
        if cell not in self._own:
            best: dict[str, float] = {}
            traps = find_traps(self.board, self.mines, self.analysis, self.xp, self.wide,
                               self.wide, near=cell)
            for trap in traps:
                best[trap.kind] = max(best.get(trap.kind, 0.0), trap.share)
            total = sum(best.values()) + self.enabled.get(cell, 0.0)
            self._own[cell] = _clamp(total, self.analysis.probs[cell])
        return self._own[cell]



@dataclass(frozen=True)
class Hotspot:
    """A pair that is a coin flip now and a 50/50 for good if its one enabler is a mine: the
    game's long-term survival there is ``(1 + P(enabler safe)) / 2``."""

    enabler: int
    exempt: frozenset[int]  # the pair and the enabler: opening one settles the hotspot itself


def hotspots(traps: list[Trap], analysis: Analysis, limit: float = 0.9) -> list[Hotspot]:
    """The hotspots among the scan's traps: pairs at exactly one half with one enabler whose
    safety is under ``limit`` (JSMinesweeper's Java solver's threshold)."""
    probs = analysis.probs
    out = []
    for trap in traps:
        if trap.kind == BLOCK or len(trap.enablers) != 1:
            continue
        (enabler,) = trap.enablers
        if abs(probs[trap.cells[0]] - 0.5) <= 1e-9 and 1.0 - probs[enabler] < limit:
            out.append(Hotspot(enabler, frozenset(trap.cells + trap.enablers)))
    return out


def survival(spots: list[Hotspot], enabler_probs: tuple[float, ...] | list[float],
             skip: int | None = None) -> float:
    """The product of the hotspots' long-term survival, the i-th enabler's mine chance being
    ``enabler_probs[i]``; hotspots that ``skip`` settles are left out."""
    out = 1.0
    for spot, p in zip(spots, enabler_probs, strict=True):
        if skip is None or skip not in spot.exempt:
            out *= (2.0 - p) / 2.0
    return out
