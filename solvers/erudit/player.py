"""Players: greedy (most points now) and equity (points + value of the tiles kept).

The equity player also exchanges when the best tiles it could keep are worth more than any
play, solves the endgame exactly once the bag is empty (both racks are then known), and, when
the rules allow several words a turn, searches those turns (see :mod:`multiword`).
"""

from __future__ import annotations

from itertools import combinations

from solvers.decision import Decision
from solvers.erudit.board import EMPTY
from solvers.erudit.endgame import EndgameSolver
from solvers.erudit.game import TurnView, remove_tiles
from solvers.erudit.leaves import LeaveModel
from solvers.erudit.lines import analyse
from solvers.erudit.movegen import RawMove, merge_wildcard_variants, raw_moves, to_play
from solvers.erudit.moves import Exchange, Move, MultiPlacement, Pass, Placement
from solvers.erudit.multiword import best_multiword
from solvers.erudit.rules import SIZE, WILDCARD


def used_tiles(raw: RawMove, view: TurnView) -> str:
    """Rack tiles a raw move lays (``*`` for a wildcard)."""
    across, k, start, word, _score, _n = raw
    cells = view.board.cells
    first, step = (k * SIZE + start, 1) if across else (start * SIZE + k, SIZE)
    return "".join(
        WILDCARD if ch.islower() else ch
        for i, ch in enumerate(word)
        if cells[first + i * step] == EMPTY
    )


def greedy(view: TurnView) -> Decision[Move]:
    """The highest-scoring placement; with none, change every tile if allowed, else pass.

    When the rules allow several words a turn it is seed 000's "maximum value" method: lay the
    best word, then the best word with the tiles left, and so on while one fits.
    """
    if view.rules.multiword:
        return _greedy_multi(view)
    moves = raw_moves(view.lines, view.rack, view.graph, view.rules)
    if moves:
        best = max(moves, key=lambda m: m[4])
        play = to_play(best, view.board)
        return Decision(
            play.placement, "greedy", "highest score", score=play.score, equity=play.score
        )
    return _no_placement(view)


def _no_placement(view: TurnView) -> Decision[Move]:
    """Greedy's turn when nothing can be laid: change every tile if allowed, else pass."""
    if view.bag_count >= view.rules.min_bag_to_exchange:
        return Decision(Exchange(view.rack), "greedy", "no placement: exchange all", score=0)
    return Decision(Pass(), "greedy", "no placement and the bag is too small to exchange")


def _greedy_multi(view: TurnView) -> Decision[Move]:
    board, rack = view.board, view.rack
    parts: list[Placement] = []
    total = 0
    while rack:
        moves = raw_moves(analyse(board, view.graph, view.rules), rack, view.graph, view.rules)
        if not moves:
            break
        best = max(moves, key=lambda m: m[4])
        play = to_play(best, board)
        parts.append(play.placement)
        total += best[4] - (view.rules.bingo_bonus if best[5] == view.rules.rack_size else 0)
        board = board.place(play.placement.new_tiles(board))
        rack = remove_tiles(rack, play.used)
    if not parts:
        return _no_placement(view)
    if not rack and len(view.rack) == view.rules.rack_size:
        total += view.rules.bingo_bonus
    move: Move = parts[0] if len(parts) == 1 else MultiPlacement(tuple(parts))
    return Decision(move, "greedy", "best word, then the best with the tiles left", score=total)


class EquityPlayer:
    """Choose by equity = score + leave value; exact endgame when the bag is empty."""

    def __init__(
        self,
        leaves: LeaveModel,
        endgame_budget: int = 4000,
        multiword_breadth: int | None = 12,
    ) -> None:
        self.leaves = leaves
        self.endgame_budget = endgame_budget
        self.multiword_breadth = multiword_breadth

    def __call__(self, view: TurnView) -> Decision[Move]:
        return self.choose(view)

    def ranked(
        self, view: TurnView, top: int = 10, moves: list[RawMove] | None = None
    ) -> list[Decision[Move]]:
        """The ``top`` placements by equity, then the best exchange, best first (``moves``:
        the view's raw moves when the caller generated them already)."""
        if moves is None:
            moves = raw_moves(view.lines, view.rack, view.graph, view.rules)
        weight = self._leave_weight(view)
        scored: list[tuple[float, int, RawMove, str, list[str]]] = []
        value = self.leaves.value
        cache: dict[str, float] = {}
        for raw, others in merge_wildcard_variants(moves):
            used = used_tiles(raw, view)
            kept = remove_tiles(view.rack, used)
            key = "".join(sorted(kept))
            lv = cache.get(key)
            if lv is None:
                lv = value(kept)
                cache[key] = lv
            scored.append((raw[4] + weight * lv, raw[4], raw, kept, others))
        scored.sort(key=lambda t: -t[0])
        out: list[Decision[Move]] = []
        for eq, points, raw, kept, others in scored[:top]:
            extra: dict[str, object] = {}
            if others:
                extra["same_with_wildcard_as"] = others[:8]
                extra["wildcard_variants"] = len(others) + 1
            out.append(
                Decision(
                    to_play(raw, view.board).placement,
                    "equity",
                    f"score {points} + leave {kept or '-'} {eq - points:+.1f}",
                    score=points,
                    equity=round(eq, 2),
                    extra=extra,
                )
            )
        swap = self._best_exchange(view)
        if swap is not None:
            out.append(swap)
            out.sort(key=lambda d: -(d.equity or 0.0))
        return out[:top]

    def choose(self, view: TurnView) -> Decision[Move]:
        if view.bag_count == 0 and view.opponent_rack is not None:
            return self._endgame(view)
        if view.rules.multiword:
            return self._multiword(view)
        ranked = self.ranked(view, top=1)
        if ranked:
            return ranked[0]
        return Decision(Pass(), "equity", "no placement and no exchange allowed")

    def _leave_weight(self, view: TurnView) -> float:
        # near the end fewer tiles are drawn to go with the leave, so it matters less
        return 1.0 if view.bag_count >= view.rules.rack_size else view.bag_count / 7.0

    def _best_exchange(self, view: TurnView) -> Decision[Move] | None:
        if view.bag_count < view.rules.min_bag_to_exchange or not view.rack:
            return None
        best: tuple[float, str] | None = None
        seen: set[str] = set()
        rack = "".join(sorted(view.rack))
        for k in range(len(rack)):
            for keep in combinations(rack, k):
                kept = "".join(keep)
                if kept in seen:
                    continue
                seen.add(kept)
                v = self.leaves.value(kept)
                if best is None or v > best[0]:
                    best = (v, kept)
        assert best is not None
        given = remove_tiles(rack, best[1])
        return Decision(
            Exchange(given),
            "exchange",
            f"keep {best[1] or '-'} {best[0]:+.1f}",
            score=0,
            equity=round(best[0], 2),
        )

    def _endgame(self, view: TurnView) -> Decision[Move]:
        assert view.opponent_rack is not None
        solver = EndgameSolver(view.graph, view.rules, self.endgame_budget)
        result = solver.solve(view.board, view.rack, view.opponent_rack, min(view.passes, 1))
        if not result.exact and result.depth == 0:
            moves = raw_moves(view.lines, view.rack, view.graph, view.rules)
            if moves:
                best = max(moves, key=lambda m: m[4])
                return Decision(
                    to_play(best, view.board).placement,
                    "endgame-greedy",
                    "endgame search had no time: highest score",
                    score=best[4],
                )
            return Decision(Pass(), "endgame-greedy", "no placement")
        how = "exact" if result.exact else f"depth {result.depth}"
        return Decision(
            result.move,
            "endgame",
            f"{how}, {result.nodes} nodes; equity = spread to the end",
            score=result.score,
            equity=result.value,
            extra={"exact": result.exact},
        )

    def _multiword(self, view: TurnView) -> Decision[Move]:
        weight = self._leave_weight(view)
        found = best_multiword(
            view.board,
            view.rack,
            view.graph,
            view.rules,
            lambda kept: weight * self.leaves.value(kept),
            self.multiword_breadth,
        )
        swap = self._best_exchange(view)
        if found is None:
            return swap or Decision(Pass(), "multiword", "no placement")
        if swap is not None and (swap.equity or 0.0) > found.value:
            return swap
        move: Move = found.parts[0] if len(found.parts) == 1 else MultiPlacement(found.parts)
        return Decision(
            move,
            "multiword",
            f"{len(found.parts)} word(s), {found.states} states",
            score=found.score,
            equity=round(found.value, 2),
        )
