"""The static replies a simulation plays out: the best placement by equity, found fast.

A playout asks for many replies a move, so the search avoids ranking every placement:
moves are tried best score first, and it stops once a score plus the best leave the rack could
keep cannot beat the best equity found (the leave bound is cached per rack), and the moves of each
line are kept for the next board that has the line unchanged (see ``raw_moves``).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from solvers.erudit.board import EMPTY, Board
from solvers.erudit.dictionary import WordGraph
from solvers.erudit.leaves import LeaveModel
from solvers.erudit.lines import BoardLines
from solvers.erudit.movegen import LineCache, RawMove, raw_moves
from solvers.erudit.rules import SIZE, WILDCARD, Rules


@dataclass(frozen=True)
class Reply:
    """A reply's points, the tiles it keeps and the board after it (unchanged for a pass)."""

    score: int
    kept: str
    board: Board
    passed: bool = False


def laid(raw: RawMove, board: Board) -> tuple[list[tuple[int, str]], str]:
    """The ``(square, char)`` tiles a raw move lays and the rack tiles they use (``*``)."""
    across, k, start, word, _score, _n = raw
    first, step = (k * SIZE + start, 1) if across else (start * SIZE + k, SIZE)
    cells = board.cells
    tiles: list[tuple[int, str]] = []
    used: list[str] = []
    for i, ch in enumerate(word):
        s = first + i * step
        if cells[s] == EMPTY:
            tiles.append((s, ch))
            used.append(WILDCARD if ch.islower() else ch)
    return tiles, "".join(used)


def _without(rack: str, used: str) -> str:
    left = list(rack)
    for ch in used:
        left.remove(ch)
    return "".join(left)


class Replier:
    """Best static replies (score + weight x leave) with the leave values cached."""

    def __init__(self, leaves: LeaveModel, graph: WordGraph, rules: Rules) -> None:
        self.leaves = leaves
        self.graph = graph
        self.rules = rules
        self._leave: dict[str, float] = {}
        self._bound: dict[str, float] = {}
        self.lines: LineCache = {}

    def forget_lines(self) -> None:
        """Drop the per-line moves (call between positions: they rarely recur)."""
        self.lines = {}

    def leave(self, kept: str) -> float:
        key = "".join(sorted(kept))
        value = self._leave.get(key)
        if value is None:
            value = self.leaves.value(key)
            if len(self._leave) < 200_000:
                self._leave[key] = value
        return value

    def bound(self, rack: str) -> float:
        """The most any leave of ``rack`` (a placement keeps at most all but one) is worth."""
        key = "".join(sorted(rack))
        value = self._bound.get(key)
        if value is None:
            value = max(
                (self.leave("".join(keep)) for k in range(len(key))
                 for keep in set(combinations(key, k))),
                default=0.0,
            )
            if len(self._bound) < 50_000:
                self._bound[key] = value
        return value

    def best(self, lines: BoardLines, board: Board, rack: str, weight: float) -> Reply:
        """The best placement of ``rack`` by equity; a pass when there is none."""
        moves = raw_moves(lines, rack, self.graph, self.rules, self.lines)
        if not moves:
            return Reply(0, rack, board, passed=True)
        moves.sort(key=lambda m: -m[4])
        room = weight * self.bound(rack) if weight else 0.0
        best_eq = -1e18
        best: tuple[RawMove, list[tuple[int, str]], str] | None = None
        for m in moves:
            if m[4] + room <= best_eq:
                break
            tiles, used = laid(m, board)
            kept = _without(rack, used)
            eq = m[4] + (weight * self.leave(kept) if weight else 0.0)
            if eq > best_eq:
                best_eq, best = eq, (m, tiles, kept)
        assert best is not None
        m, tiles, kept = best
        return Reply(m[4], kept, board.place(tiles))
