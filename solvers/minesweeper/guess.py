"""Stage 4: the guess, when no move is certain.

Plain "safest cell" play is not the best: among cells almost as safe as the safest, some reveal
a number that leads on to certain moves or to a safer next guess, others reveal nothing new.
So each near-safest candidate is looked at two moves deep: for every number it could show, the
board is re-solved exactly; the chance of that number times the safety of the best next guess
(blended with the second best) is summed into the candidate's score. Candidates whose number is
already decided ("dead": one possible value) give no information and are taken last. Unavoidable
50/50s are taken as soon as they are seen (``fifty``), and small endgames are searched
exhaustively (``endgame``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from solvers.decision import Decision
from solvers.minesweeper import engine
from solvers.minesweeper.frontier import COVERED, KNOWN_MINE, cover_counts, neighbour_table
from solvers.minesweeper.moves import Move
from solvers.minesweeper.probability import Analysis
from solvers.minesweeper.regions import region_sizes
from solvers.minesweeper.state import Board, BoardError, Cell
from solvers.minesweeper.traps import Hotspot, TrapCredit, survival


@dataclass(frozen=True)
class GuessConfig:
    """Knobs of the guess stage (the defaults are the measured best)."""

    lookahead: bool = True
    cutoff: float = 0.95  # candidates: safety at least this share of the best safety
    interior_ratio: float = 0.95  # interior cells join when this close to the best frontier cell
    max_candidates: int = 12
    blend: float = 0.8  # weight of the safest next guess against the second safest
    progress: float = 0.001  # tie-break towards guesses that lead to certain moves
    near_interior: bool = True  # interior candidates: near numbers or in corners only
    traps: bool = False  # credit a cell's share of would-be 50/50s to its safety (``traps``)
    trap_scale: float = 0.9  # how much of that share is credited
    trap_wide: int = 3  # a candidate's own traps may have up to this many enablers
    hotspots: bool = False  # weigh each outcome by the long-term survival of 50/50 hotspots
    space: int = 0  # guess in regions under this many cells only when nothing else (``regions``)
    dominance: bool = False  # a safer cell that is safe whenever the pick is: open it first


DEFAULT = GuessConfig()


@dataclass
class Candidate:
    cell: int
    safety: float
    covered_around: int
    score: float = 0.0
    progress: float = 0.0
    values: int = 0  # how many numbers it can show
    pruned: bool = False
    credit: float = 0.0  # chance of a loss here the game holds anyway (see ``traps``)

    @property
    def dead(self) -> bool:
        return self.values == 1


def choose_guess(
    board: Board,
    mines: int,
    analysis: Analysis,
    config: GuessConfig = DEFAULT,
    xp_click: int | None = None,
    traps: TrapCredit | None = None,
    only: list[int] | None = None,
) -> Decision[Move]:
    """The best guess on a board with every certain mine flagged and no certain-safe cell.

    ``xp_click``: the XP rule's first click, when ``analysis`` was weighted by its relocation
    (the what-if boards are weighted the same way, so their chances add up). ``traps``: per
    cell, a chance of losing there that the game would lose anyway (``traps.TrapCredit``),
    credited to its safety when ranking. ``only``: the cells to choose from (every covered cell
    if None).
    """
    credit = traps.pool if traps is not None else {}
    cells, probs = board.cells, analysis.probs
    nbrs = neighbour_table(board.rows, board.cols)
    covered = [i for i, v in enumerate(cells) if v in COVERED]
    best_safety = 1.0 - min(probs[i] for i in covered)
    around, near_number = cover_counts(board)
    frontier = {i for i in covered if near_number[i]}
    dead = set(analysis.dead)
    if only is not None:
        best_safety = 1.0 - min(probs[i] for i in only)
    # no cell below the cut can become a candidate: leave them out of the pool
    cut = best_safety * config.cutoff if config.lookahead else best_safety
    pool = [
        Candidate(i, 1.0 - probs[i], around[i], credit=config.trap_scale * credit.get(i, 0.0))
        for i in (covered if only is None else only)
        if 1.0 - probs[i] + config.trap_scale * credit.get(i, 0.0) >= cut
    ]
    pool.sort(key=lambda c: (-c.safety, c.covered_around, c.cell))
    if not config.lookahead:
        return _decision(pool[0], board.cols, "guess", "the safest cell")
    best_front = max((c.safety for c in pool if c.cell in frontier), default=0.0)
    cands: list[Candidate] = []
    for c in pool:
        if c.safety < best_safety * config.cutoff or len(cands) >= config.max_candidates:
            break
        if c.cell in frontier and c.cell not in dead:
            cands.append(c)
    chosen = {c.cell for c in cands}
    cands += [  # cells whose credited safety makes the cut
        c for c in pool
        if c.credit and c.cell not in chosen and c.cell not in dead
        and c.safety + c.credit >= best_safety * config.cutoff
    ]
    inner = [c for c in pool if c.cell not in frontier and c.cell not in dead]
    floor = max(best_front * config.interior_ratio, best_safety * config.cutoff)
    if inner and inner[0].safety >= floor:
        picks = {c.cell for c in inner}
        if config.near_interior:
            picks = _interior_picks(board, picks, nbrs)
        chosen = {c.cell for c in cands}
        cands += [c for c in inner if c.cell in picks and c.cell not in chosen][
            : config.max_candidates
        ]
    spots: list[Hotspot] = []
    if traps is not None:
        for c in cands:
            c.credit = config.trap_scale * traps.of(c.cell)
        spots = traps.spots
    cands.sort(key=lambda c: -(c.safety + c.credit))
    if config.space > 0:
        sizes = region_sizes(board)
        roomy = [c for c in cands if sizes[c.cell] >= config.space]
        cands = roomy or cands
    best: Candidate | None = None
    for c in cands:
        _look_ahead(board, mines, analysis, c, nbrs, config, best, xp_click, spots)
        if c.pruned or c.dead:
            continue
        if best is None or c.score > best.score:
            best = c
    if best is None:
        best = cands[0] if cands else pool[0]
        return _decision(best, board.cols, "guess", "every near-safest cell is dead: the safest")
    reason = (
        f"safety {best.safety:.3f}, next-guess safety {best.score / max(best.safety, 1e-12):.3f},"
        f" progress {best.progress:.2f}"
    )
    if config.dominance:
        cell = safer_first(board, mines, probs, best.cell, xp_click)
        if cell != best.cell:
            first = Candidate(cell, 1.0 - probs[cell], 0)
            why = f"safe whenever {divmod(best.cell, board.cols)} is, and safer ({reason})"
            return _decision(first, board.cols, "guess", why)
    return _decision(best, board.cols, "guess", reason)


def safer_first(
    board: Board, mines: int, probs: list[float], cell: int, xp_click: int | None, steps: int = 4
) -> int:
    """A safer cell that is safe in every layout where ``cell`` is, if there is one (else
    ``cell``): opening it first survives at least as often, and opening ``cell`` after it
    survives exactly as often as opening ``cell`` alone, with one more number seen."""
    for _ in range(steps):
        values = list(board.cells)
        values[cell] = int(Cell.OPENED)  # what must be safe if this cell is
        try:
            given = engine.analyse(Board(board.rows, board.cols, tuple(values)), mines, xp_click)
        except BoardError:
            return cell
        safer = [
            j for j, v in enumerate(board.cells)
            if v in COVERED and j != cell and given.probs[j] == 0.0
            and probs[j] < probs[cell] - 1e-12
        ]
        if not safer:
            return cell
        cell = min(safer, key=lambda j: (probs[j], j))
    return cell


def _interior_picks(board: Board, inner: set[int], nbrs: tuple[tuple[int, ...], ...]) -> set[int]:
    """Interior cells worth a look: two steps from a number (they may link up with it), or
    with few covered neighbours (likely to open up); all of them when there are few."""
    if len(inner) < 30:
        return inner
    cells, cols, rows = board.cells, board.cols, board.rows
    picks = set()
    for i, v in enumerate(cells):
        if v > 8 or not any(cells[j] in COVERED for j in nbrs[i]):
            continue
        r, c = divmod(i, cols)
        for rr, cc in ((r - 2, c), (r + 2, c), (r, c - 2), (r, c + 2)):
            if 0 <= rr < rows and 0 <= cc < cols and rr * cols + cc in inner:
                picks.add(rr * cols + cc)
    for i in inner:
        if 1 < sum(1 for j in nbrs[i] if cells[j] in COVERED) < 4:
            picks.add(i)
    return picks or inner


def _look_ahead(
    board: Board,
    mines: int,
    analysis: Analysis,
    cand: Candidate,
    nbrs: tuple[tuple[int, ...], ...],
    config: GuessConfig,
    best: Candidate | None,
    xp_click: int | None = None,
    spots: list[Hotspot] | None = None,
) -> None:
    """Score ``cand``: chance of each number it may show times the best next safety, scaled
    up by its credit (a share of its risk the game holds anyway) and its progress; with
    hotspots, each outcome also by how it changes their long-term survival (a cell that
    settles a hotspot takes no trap credit: that would count it twice)."""
    cells = list(board.cells)
    flagged = sum(1 for j in nbrs[cand.cell] if cells[j] in KNOWN_MINE)
    left = cand.safety  # probability mass of numbers not yet tried
    boost = (cand.safety + cand.credit) / cand.safety if cand.safety > 0 else 1.0
    spots = spots or []
    watch = tuple(s.enabler for s in spots)
    base = survival(spots, [analysis.probs[i] for i in watch])
    if any(cand.cell in s.exempt for s in spots):
        boost = 1.0
    ceiling = boost / base  # the most an outcome can weigh (the progress multiplier, under
    # 1.001, is left out of the bound)
    for value in range(flagged, flagged + cand.covered_around + 1):
        if best is not None and not best.dead and cand.score + left * ceiling < best.score:
            cand.pruned = True
            return
        cells[cand.cell] = value
        after = engine.outcome(
            Board(board.rows, board.cols, tuple(cells)), mines, xp_click=xp_click, watch=watch
        )
        if after is None:
            continue
        chance = math.exp(after.log_solutions - analysis.log_solutions)
        left -= chance
        cand.values += 1
        blended = config.blend * after.best + (1 - config.blend) * after.second
        weight = boost * survival(spots, after.watched, cand.cell) / base if spots else boost
        cand.score += chance * blended * weight
        if after.safe:
            cand.progress += chance
    cand.score *= 1 + config.progress * cand.progress


def _decision(c: Candidate, cols: int, stage: str, reason: str) -> Decision[Move]:
    return Decision(
        Move.open(*divmod(c.cell, cols)),
        stage,
        reason,
        1.0 - c.safety,
        score=c.score or None,
        extra={"dead": c.dead} if c.values else {},
    )
