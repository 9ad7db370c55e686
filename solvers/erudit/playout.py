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
from solvers.erudit.lines import BoardLines, analyse
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

    def __init__(self, leaves: LeaveModel, graph: WordGraph, rules: Rules,
                 reuse_lines: bool = True) -> None:
        self.leaves = leaves
        self.graph = graph
        self.rules = rules
        self._leave: dict[str, float] = {}
        self._bound: dict[str, float] = {}
        self.reuse_lines = reuse_lines  # False when racks rarely repeat on a board
        self.lines: LineCache | None = {} if reuse_lines else None

    def forget_lines(self) -> None:
        """Drop the per-line moves (call between positions: they rarely recur)."""
        self.lines = {} if self.reuse_lines else None

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
        found = self._best(lines, board, rack, weight)
        if found is None:
            return Reply(0, rack, board, passed=True)
        _eq, m, tiles, kept = found
        return Reply(m[4], kept, board.place(tiles))

    def best_equity(self, lines: BoardLines, board: Board, rack: str, weight: float,
                    exchange: bool) -> float:
        """The equity of the best move of ``rack``: a placement, or (when ``exchange``) the
        best tiles to keep while changing the others; 0 for a pass."""
        found = self._best(lines, board, rack, weight)
        best = found[0] if found is not None else 0.0
        if exchange and rack:
            best = max(best, weight * self.bound(rack))
        return best

    def _best(self, lines: BoardLines, board: Board, rack: str, weight: float
              ) -> tuple[float, RawMove, list[tuple[int, str]], str] | None:
        moves = raw_moves(lines, rack, self.graph, self.rules, self.lines)
        if not moves:
            return None
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
        return best_eq, m, tiles, kept


def _rack_value(rack: str, rules: Rules) -> int:
    return sum(rules.values.get(ch, 0) for ch in rack)


def best_out(replier: Replier, lines: BoardLines, board: Board, rack: str, other: str) -> Reply:
    """The bag is empty: the placement best by its points, plus twice the other rack's value
    when it lays the last tile, minus the value of the tiles it keeps; a pass when none."""
    rules = replier.rules
    moves = raw_moves(lines, rack, replier.graph, rules)
    if not moves:
        return Reply(0, rack, board, passed=True)
    out_bonus = 2 * _rack_value(other, rules)
    best: tuple[float, RawMove, list[tuple[int, str]], str] | None = None
    moves.sort(key=lambda m: -m[4])
    for m in moves:
        if best is not None and m[4] + out_bonus <= best[0]:
            break  # keeping tiles never adds: no later move can do better
        tiles, used = laid(m, board)
        kept = _without(rack, used)
        eq = m[4] + (out_bonus if not kept else -_rack_value(kept, rules))
        if best is None or eq > best[0]:
            best = (eq, m, tiles, kept)
    assert best is not None
    _eq, m, tiles, kept = best
    return Reply(m[4], kept, board.place(tiles))


def play_to_end(replier: Replier, lines: BoardLines, board: Board, mover: str, other: str,
                bag: list[str], max_plies: int = 30) -> int:
    """The spread (mover minus other) from here to the end of the game, both sides playing the
    replier's best moves by equity while tiles remain in the bag, then :func:`best_out`; the
    end rules of :mod:`solvers.erudit.game` (going out, two passes in a row)."""
    rules = replier.rules
    racks = [mover, other]
    bag = list(bag)
    spread = 0
    passes = 0
    turn = 0
    size = rules.rack_size
    for _ in range(max_plies):
        rack = racks[turn]
        if bag:
            reply = replier.best(lines, board, rack, min(1.0, len(bag) / size))
        else:
            reply = best_out(replier, lines, board, rack, racks[1 - turn])
        sign = 1 if turn == 0 else -1
        if reply.passed:
            passes += 1
            if passes >= 2:
                break
        else:
            passes = 0
            spread += sign * reply.score
            need = size - len(reply.kept)
            racks[turn] = reply.kept + "".join(bag[:need])
            del bag[:need]
            board = reply.board
            if not racks[turn] and not bag:
                return spread + sign * 2 * _rack_value(racks[1 - turn], rules)
            lines = analyse(board, replier.graph, rules)
        turn = 1 - turn
    # two passes (or the ply limit): each side loses the value of its rack
    return spread - _rack_value(racks[0], rules) + _rack_value(racks[1], rules)
