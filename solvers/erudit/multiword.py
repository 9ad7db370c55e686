"""Erudit's house rule (seed 000): several words in one turn, each laid like a normal move on
the board the previous ones left, all from one rack. The turn scores the sum of its words, and
the bonus for laying the whole rack once if the turn uses every tile.

The search is seed 000's full search with memoisation: a state is the set of tiles laid so far
in the turn plus the rack left, so the same words laid in another order are searched once.
``breadth`` (optional) keeps only the best-scoring placements at each step, for fast play.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from solvers.erudit.board import Board
from solvers.erudit.dictionary import WordGraph
from solvers.erudit.lines import analyse
from solvers.erudit.movegen import raw_moves, to_play
from solvers.erudit.moves import Placement
from solvers.erudit.position import sort_tiles
from solvers.erudit.rules import Rules


@dataclass(frozen=True)
class MultiResult:
    """The best several-word turn found: its placements in order and what it is worth."""

    parts: tuple[Placement, ...]
    score: int  # points of the whole turn, bonus included
    value: float  # score plus the value of the tiles kept
    leave: str
    states: int  # distinct (tiles laid, rack) states searched


def best_multiword(
    board: Board,
    rack: str,
    graph: WordGraph,
    rules: Rules,
    leave_value: Callable[[str], float] = lambda leave: 0.0,
    breadth: int | None = None,
) -> MultiResult | None:
    """The turn of one or more words that maximises points + ``leave_value(kept)``."""
    rack = sort_tiles(rack, rules)
    full = len(rack) == rules.rack_size
    memo: dict[tuple[frozenset, str], tuple[float, int, tuple[Placement, ...]]] = {}

    def search(
        current: Board, left: str, laid: frozenset
    ) -> tuple[float, int, tuple[Placement, ...]]:
        """Best (value, points, further placements) from here; stopping is always allowed."""
        key = (laid, left)
        hit = memo.get(key)
        if hit is not None:
            return hit
        used_all = full and not left
        stop_points = rules.bingo_bonus if used_all else 0
        best: tuple[float, int, tuple[Placement, ...]] = (
            leave_value(left) + stop_points, stop_points, ())
        if left:
            moves = raw_moves(analyse(current, graph, rules), left, graph, rules)
            if breadth is not None:
                moves = sorted(moves, key=lambda m: -m[4])[:breadth]
            for raw in moves:
                play = to_play(raw, current)
                points = raw[4] - (rules.bingo_bonus if raw[5] == rules.rack_size else 0)
                tiles = play.placement.new_tiles(current)
                rest = list(left)
                for ch in play.used:
                    rest.remove(ch)
                value, more, parts = search(
                    current.place(tiles), "".join(rest), laid | frozenset(tiles)
                )
                if value + points > best[0]:
                    best = (value + points, more + points, (play.placement, *parts))
        memo[key] = best
        return best

    value, points, parts = search(board, rack, frozenset())
    if not parts:
        return None
    kept = rack
    for part in parts:
        for _index, ch in part.new_tiles(board):
            kept = kept.replace("*" if ch.islower() else ch, "", 1)
        board = board.place(part.new_tiles(board))
    return MultiResult(parts, points, value, kept, len(memo))
