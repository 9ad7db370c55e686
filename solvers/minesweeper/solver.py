"""The staged Minesweeper solver: what the bot and the benchmarks call.

Stages, in order: the first click (``opening``), certain moves by group reasoning
(``certain``), exact probabilities (``probability`` / ``engine``), the exhaustive endgame
(``endgame``) and the guess (``guess``). Each :class:`Decision` names its stage.
"""

from __future__ import annotations

import math
import random
from dataclasses import replace

import numpy as np

from solvers.decision import Decision
from solvers.minesweeper import engine
from solvers.minesweeper.certain import certain_cells
from solvers.minesweeper.endgame import MAX_LAYOUTS, MAX_NODES, solve_endgame
from solvers.minesweeper.fifty import find_fifty_fifty
from solvers.minesweeper.frontier import COVERED, KNOWN_MINE, build_frontier
from solvers.minesweeper.guess import GuessConfig, choose_guess
from solvers.minesweeper.moves import Move
from solvers.minesweeper.opening import first_click, place
from solvers.minesweeper.probability import Analysis
from solvers.minesweeper.relocation import is_open
from solvers.minesweeper.rules import FirstClick
from solvers.minesweeper.state import Board, BoardError, Cell
from solvers.minesweeper.strength import Setting
from solvers.minesweeper.traps import TrapCredit, hotspots, pseudo_fifties

_FIFTY_REASON = "an unavoidable 50/50: no number can ever tell these two cells apart"
_PSEUDO_REASON = "safe, or a 50/50 the game holds anyway: taken now, while its number helps most"


class Solver:
    """Picks moves for a board; ``mines`` is always the game's total mine count.

    Flags on the board are taken as mines (the bot only flags certain mines). A board whose
    numbers contradict each other or the mine count raises :class:`BoardError`. ``seed`` makes
    any random choice reproducible (today every stage is deterministic).
    """

    def __init__(self, rules: FirstClick = FirstClick.SAFE, seed: int | None = None) -> None:
        self.rules = rules
        self.rng = random.Random(seed)
        self.first_inset: int | None = None  # benchmarks try other first clicks with this
        self.first_cell: tuple[int, int] | None = None  # ... or this (negative: from the end)
        self._clicked: int | None = None  # flat index of this game's first click
        self.guess_config = GuessConfig()
        self.endgame_layouts = MAX_LAYOUTS  # exhaustive search below this many layouts
        self.endgame_nodes = MAX_NODES
        self.fifty = True  # take an unavoidable 50/50 at once (benchmarks switch it off)
        self.pseudo = False  # take a pseudo 50/50 (a cell safe or a would-be 50/50) at once

    def use(self, setting: Setting) -> None:
        """Play with the knobs of a named engine setting (``strength``)."""
        self.guess_config = setting.guess
        self.endgame_layouts = setting.endgame_layouts
        self.endgame_nodes = setting.endgame_nodes
        self.fifty = setting.fifty
        self.pseudo = setting.pseudo

    def decide(self, board: Board, mines: int) -> Decision[Move]:
        """One move: a certain-safe open if there is one, else the best guess."""
        return self.plan(board, mines)[0]

    def plan(self, board: Board, mines: int, flags: bool = False) -> list[Decision[Move]]:
        """Every certain move now (safe opens; certain-mine flags too when ``flags``), or
        failing that a one-element list with the best guess."""
        cells = board.cells
        if not any(v <= 8 for v in cells):
            if not any(v in COVERED for v in cells):
                raise BoardError("no covered cell left to open")
            return [self._first(board, mines)]
        if engine.COMPILED:
            # the C engine's exact count is cheaper than group reasoning in Python, and finds
            # every certain cell it would (and more): the board reached at the next guess is
            # the same, opened in fewer calls. A misread or contradictory board fails here,
            # naming the cells, before any move.
            safe: set[int] = set()
            found: set[int] = set()
        else:  # the pure-Python engine is only paid for when group reasoning finds nothing
            safe, found = certain_cells(build_frontier(board, mines))
            if safe & found:
                raise BoardError("the numbers contradict each other")
            if safe:
                reason = "group reasoning: no mine here"
                out = [_certain(c, board.cols, "certain", reason) for c in sorted(safe)]
                return out + self._flags(found, board, flags)
        marked = _with_mines(board, found)
        analysis = engine.analyse(marked, mines)
        probs = analysis.probs
        covered = COVERED
        # open cells are NaN and flags 1.0: only covered cells can be 0.0
        zero = [i for i, p in enumerate(probs) if p == 0.0] if 0.0 in probs else []
        sure = found | {i for i, p in enumerate(probs) if p == 1.0 and marked.cells[i] in covered}
        if zero:
            stage = "certain" if engine.COMPILED else "probability"
            reason = "exact count: no layout has a mine here"
            out = [_certain(c, board.cols, stage, reason) for c in zero]
            return out + self._flags(sure, board, flags)
        flag_moves = self._flags(sure, board, flags)
        if flag_moves:
            return flag_moves
        plain = self._refresh(marked, analysis, sure, mines)
        flagged = _with_mines(board, sure)
        if not any(v in COVERED for v in flagged.cells):
            return []  # every covered cell is a mine (flags not asked for): nothing to open
        # certainties are the same under every rule; the XP relocation only moves the odds
        xp = self.xp_click(flagged)
        analysis = plain if xp is None else engine.analyse(flagged, mines, xp)
        pair = find_fifty_fifty(flagged) if self.fifty else None
        if pair is not None and abs(analysis.probs[pair[0]] - 0.5) < 1e-9:
            move = Move.open(*divmod(pair[0], board.cols))
            return [Decision(move, "fifty-fifty", _FIFTY_REASON, analysis.probs[pair[0]])]
        if plain.log_solutions <= math.log(self.endgame_layouts + 0.5):
            end = solve_endgame(flagged, mines, self.endgame_layouts, self.endgame_nodes, xp)
            if end is not None:
                return [end]
        return [self._guess(flagged, mines, analysis, xp)]

    def _guess(
        self, board: Board, mines: int, analysis: Analysis, xp: int | None
    ) -> Decision[Move]:
        """The guess: a pseudo 50/50 if there is one (and they are taken), else the best cell
        by the guess stage, would-be 50/50s credited when asked (``traps``)."""
        config = self.guess_config
        if not (self.pseudo or config.traps or config.hotspots):
            return choose_guess(board, mines, analysis, config, xp)
        traps = TrapCredit(board, mines, analysis, xp, wide=config.trap_wide, credit=config.traps)
        if config.hotspots:
            traps.spots = hotspots(traps.scan, analysis)
        if self.pseudo:
            dead = set(analysis.dead)
            pseudo = [c for c in pseudo_fifties(traps.scan, analysis) if c not in dead]
            if pseudo:
                pick = choose_guess(board, mines, analysis, config, xp, only=pseudo)
                return replace(pick, stage="pseudo-fifty", reason=_PSEUDO_REASON)
        return choose_guess(board, mines, analysis, config, xp, traps)

    def xp_click(self, board: Board) -> int | None:
        """Under the XP rule, the flat index of this game's first click if the board shows it
        open (the one this solver made, else the rule's usual first cell); otherwise None."""
        if self.rules is not FirstClick.XP:
            return None
        usual = self._first_cell(board.rows, board.cols)
        for cell in (self._clicked, usual[0] * board.cols + usual[1]):
            if cell is not None and 0 <= cell < len(board.cells) and is_open(board.cells[cell]):
                return cell
        return None

    def _refresh(self, marked: Board, analysis: Analysis, sure: set[int], mines: int) -> Analysis:
        """The analysis of the board with every certain mine marked (same figures)."""
        if all(marked.cells[i] in KNOWN_MINE for i in sure):
            return analysis
        return engine.analyse(_with_mines(marked, sure), mines)

    def _first_cell(self, rows: int, cols: int) -> tuple[int, int]:
        if self.first_cell is not None:
            return place(self.first_cell, rows, cols)
        return first_click(rows, cols, self.rules, self.first_inset)

    def _first(self, board: Board, mines: int) -> Decision[Move]:
        r, c = self._first_cell(board.rows, board.cols)
        if board.cells[r * board.cols + c] not in COVERED:
            r, c = next(divmod(i, board.cols) for i, v in enumerate(board.cells) if v in COVERED)
        self._clicked = r * board.cols + c
        covered = board.count(Cell.UNKNOWN, Cell.QUESTION)
        left = mines - board.count(Cell.FLAG, Cell.MINE, Cell.EXPLODED)
        p = 0.0 if self.rules is not FirstClick.NONE else left / max(1, covered)
        reason = f"first click under the {self.rules.value} rule"
        return Decision(Move.open(r, c), "first", reason, p)

    @staticmethod
    def _flags(mines: set[int], board: Board, wanted: bool) -> list[Decision[Move]]:
        if not wanted:
            return []
        cols = board.cols
        return [
            Decision(Move.flag(*divmod(i, cols)), "certain", "a mine in every layout", 1.0)
            for i in sorted(mines)
            if board.cells[i] != Cell.FLAG
        ]


def _certain(cell: int, cols: int, stage: str, reason: str) -> Decision[Move]:
    return Decision(Move.open(*divmod(cell, cols)), stage, reason, 0.0)


def _with_mines(board: Board, cells: set[int]) -> Board:
    """The board with the given covered cells flagged (they are certain mines)."""
    if not cells:
        return board
    values = list(board.cells)
    for i in cells:
        if values[i] in COVERED:
            values[i] = int(Cell.FLAG)
    return Board(board.rows, board.cols, tuple(values))


def probabilities(board: Board, mines: int) -> np.ndarray:
    """Rows x cols mine probabilities; NaN for open cells, 1.0 for flags (see ``probability``)."""
    return engine.analyse(board, mines).grid()
