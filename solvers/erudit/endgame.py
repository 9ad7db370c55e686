"""Exact endgame: the bag is empty, so both racks are known and the game is a perfect-information
tree. Negamax with alpha-beta, moves ordered by score, a transposition table, and iterative
deepening under a node budget: when the deepest search finishes without hitting its depth
limit the answer is exact; otherwise the last finished depth's choice is returned, marked
inexact. :func:`exhaustive_value` is the plain full minimax it is tested against.

Values are the spread (my points minus the opponent's) from now to the end of the game, with
the end rules of :mod:`game`: going out earns twice the opponent's rack value (they lose it,
you gain it), and two passes in a row end the game with each side losing its own rack.
"""

from __future__ import annotations

from dataclasses import dataclass

from solvers.erudit.board import Board
from solvers.erudit.dictionary import WordGraph
from solvers.erudit.lines import BoardLines, analyse
from solvers.erudit.movegen import RawMove, raw_moves, to_play
from solvers.erudit.moves import Move, Pass
from solvers.erudit.position import sort_tiles
from solvers.erudit.rules import Rules

INF = 10**9
FULL = 10**6  # depth recorded for a subtree searched to the end
EXACT, LOWER, UPPER = 0, 1, 2


class _OutOfBudget(Exception):
    pass


@dataclass(frozen=True)
class EndgameResult:
    """The endgame search's move, its value to the end, and how far the search got."""

    move: Move
    value: int  # spread to the end of the game for the player to move
    score: int  # points of the move itself
    exact: bool
    nodes: int
    depth: int


def _rack_value(rack: str, rules: Rules) -> int:
    return sum(rules.values.get(ch, 0) for ch in rack)


def _after(rack: str, board: Board, raw: RawMove) -> tuple[Board, str]:
    play = to_play(raw, board)
    left = list(rack)
    for ch in play.used:
        left.remove(ch)
    return board.place(play.placement.new_tiles(board)), "".join(left)


class EndgameSolver:
    """Search one endgame; ``node_budget`` bounds the work (nodes visited over all depths)."""

    def __init__(self, graph: WordGraph, rules: Rules, node_budget: int = 20000) -> None:
        self.graph = graph
        self.rules = rules
        self.node_budget = node_budget
        self.nodes = 0
        self._lines: dict[tuple[str, ...], BoardLines] = {}
        self._moves: dict[tuple[tuple[str, ...], str], list[RawMove]] = {}
        self._table: dict[tuple, tuple[int, int, int]] = {}

    def _plays(self, board: Board, rack: str) -> list[RawMove]:
        key = (board.cells, rack)
        hit = self._moves.get(key)
        if hit is None:
            lines = self._lines.get(board.cells)
            if lines is None:
                lines = analyse(board, self.graph, self.rules)
                self._lines[board.cells] = lines
            hit = sorted(raw_moves(lines, rack, self.graph, self.rules), key=lambda m: -m[4])
            self._moves[key] = hit
        return hit

    def solve(self, board: Board, me: str, opp: str, passes: int = 0) -> EndgameResult:
        me = sort_tiles(me, self.rules)
        opp = sort_tiles(opp, self.rules)
        best_move: Move = Pass()
        best_value = 0
        best_score = 0
        finished_depth = 0
        limit = len(me) + len(opp) + 2
        for depth in range(1, limit + 1):
            try:
                value, move, score, complete = self._root(board, me, opp, passes, depth)
            except _OutOfBudget:
                break
            best_move, best_value, best_score, finished_depth = move, value, score, depth
            if complete:
                return EndgameResult(best_move, best_value, best_score, True, self.nodes, depth)
        return EndgameResult(best_move, best_value, best_score, False, self.nodes, finished_depth)

    def _root(
        self, board: Board, me: str, opp: str, passes: int, depth: int
    ) -> tuple[int, Move, int, bool]:
        alpha, beta = -INF, INF
        best: tuple[int, Move, int] | None = None
        complete = True
        for raw in self._plays(board, me):
            value, c = self._value_of_play(board, me, opp, raw, depth, alpha, beta)
            complete &= c
            if best is None or value > best[0]:
                best = (value, to_play(raw, board).placement, raw[4])
                alpha = max(alpha, value)
        value, c = self._value_of_pass(board, me, opp, passes, depth, alpha, beta)
        complete &= c
        if best is None or value > best[0]:
            best = (value, Pass(), 0)
        return best[0], best[1], best[2], complete

    def _value_of_play(
        self, board: Board, me: str, opp: str, raw: RawMove, depth: int, alpha: int, beta: int
    ) -> tuple[int, bool]:
        new_board, left = _after(me, board, raw)
        if not left:
            return raw[4] + 2 * _rack_value(opp, self.rules), True
        v, c = self._search(new_board, opp, left, 0, depth - 1, -beta + raw[4], -alpha + raw[4])
        return raw[4] - v, c

    def _value_of_pass(
        self, board: Board, me: str, opp: str, passes: int, depth: int, alpha: int, beta: int
    ) -> tuple[int, bool]:
        if passes >= 1:
            return _rack_value(opp, self.rules) - _rack_value(me, self.rules), True
        v, c = self._search(board, opp, me, 1, depth - 1, -beta, -alpha)
        return -v, c

    def _search(
        self, board: Board, me: str, opp: str, passes: int, depth: int, alpha: int, beta: int
    ) -> tuple[int, bool]:
        self.nodes += 1
        if self.nodes > self.node_budget:
            raise _OutOfBudget
        key = (board.cells, me, opp, passes)
        hit = self._table.get(key)
        if hit is not None:
            d, flag, val = hit
            if d >= depth and (
                flag == EXACT or (flag == LOWER and val >= beta) or (flag == UPPER and val <= alpha)
            ):
                return val, d >= FULL
        if depth <= 0:
            return _rack_value(opp, self.rules) - _rack_value(me, self.rules), False
        alpha0 = alpha
        best = -INF
        complete = True
        for raw in self._plays(board, me):
            v, c = self._value_of_play(board, me, opp, raw, depth, alpha, beta)
            complete &= c
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        else:
            v, c = self._value_of_pass(board, me, opp, passes, depth, alpha, beta)
            complete &= c
            best = max(best, v)
        flag = EXACT if alpha0 < best < beta else (LOWER if best >= beta else UPPER)
        self._table[key] = (FULL if complete else depth, flag, best)
        return best, complete


def exhaustive_value(
    board: Board, me: str, opp: str, graph: WordGraph, rules: Rules, passes: int = 0
) -> int:
    """Full minimax without pruning or tables: the reference the solver is checked against."""
    lines = analyse(board, graph, rules)
    best = -INF
    for raw in raw_moves(lines, me, graph, rules):
        new_board, left = _after(me, board, raw)
        if not left:
            value = raw[4] + 2 * _rack_value(opp, rules)
        else:
            value = raw[4] - exhaustive_value(new_board, opp, left, graph, rules, 0)
        best = max(best, value)
    if passes >= 1:
        value = _rack_value(opp, rules) - _rack_value(me, rules)
    else:
        value = -exhaustive_value(board, opp, me, graph, rules, 1)
    return max(best, value)
