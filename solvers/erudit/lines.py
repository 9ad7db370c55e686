"""A board cut into 30 lines (15 across, 15 down) with what the generator needs per square.

For every empty square: may a tile go there (is it an anchor, i.e. next to a tile), which
letters the word across the line allows (the cross-check set, computed from the whole board so
arbitrary screen positions work), and what that crossing word already scores. A board's lines
do not depend on the rack, so one analysis serves both players and every rack.
"""

from __future__ import annotations

from dataclasses import dataclass

from solvers.erudit.board import EMPTY, Board
from solvers.erudit.dictionary import END, WordGraph
from solvers.erudit.rules import SIZE, Rules


@dataclass(slots=True)
class Line:
    """One row (across) or column (down). Lists are indexed by the position along the line."""

    across: bool
    index: int  # row number for across lines, column number for down lines
    squares: list[int]  # board index of each position
    letters: list[str]  # "" for empty, else the UPPERCASE letter the word graph sees
    chars: list[str]  # board characters ("." empty, lowercase = wildcard)
    values: list[int]  # points of the tile already there (0 if empty)
    cross: list[frozenset[str] | None]  # None: nothing crosses; else the allowed letters
    cross_score: list[int]  # points of the tiles of the crossing word already on the board
    letter_mult: list[int]
    word_mult: list[int]
    anchors: list[int]  # empty positions next to a tile (or the start square on an empty board)


@dataclass(slots=True)
class BoardLines:
    """A board cut into its 30 lines with their cross-checks, computed once per board."""

    board: Board
    lines: list[Line]  # 15 across then 15 down


def _cross_set(
    graph: WordGraph, before: str, after: str, cache: dict[tuple[str, str], frozenset[str]]
) -> frozenset[str]:
    key = (before, after)
    hit = cache.get(key)
    if hit is not None:
        return hit
    allowed: set[str] = set()
    node = graph.walk(before)
    if node is not None:
        for ch, child in node.items():
            if ch == END:
                continue
            end = graph.walk(after, child)
            if end is not None and END in end:
                allowed.add(ch)
    result = frozenset(allowed)
    cache[key] = result
    return result


def _neighbours() -> tuple[list[int], list[int], list[int], list[int]]:
    up = [s - SIZE if s >= SIZE else -1 for s in range(SIZE * SIZE)]
    down = [s + SIZE if s < SIZE * (SIZE - 1) else -1 for s in range(SIZE * SIZE)]
    left = [s - 1 if s % SIZE else -1 for s in range(SIZE * SIZE)]
    right = [s + 1 if s % SIZE != SIZE - 1 else -1 for s in range(SIZE * SIZE)]
    return up, down, left, right


UP, DOWN, LEFT, RIGHT = _neighbours()


def analyse(board: Board, graph: WordGraph, rules: Rules) -> BoardLines:
    """Cut ``board`` into lines with anchors, cross-checks and cross-scores."""
    cells = board.cells
    tv = rules.tile_values
    cache: dict = graph.__dict__.setdefault("_cross_cache", {})
    empty_board = board.is_empty
    lines: list[Line] = []
    for across in (True, False):
        step = 1 if across else SIZE
        back, fwd = (UP, DOWN) if across else (LEFT, RIGHT)
        for k in range(SIZE):
            first = k * SIZE if across else k
            squares = [first + i * step for i in range(SIZE)]
            chars = [cells[s] for s in squares]
            letters = ["" if ch == EMPTY else ch.upper() for ch in chars]
            values = [0 if ch == EMPTY else tv[ch] for ch in chars]
            cross: list[frozenset[str] | None] = [None] * SIZE
            cross_score = [0] * SIZE
            anchors: list[int] = []
            for i, s in enumerate(squares):
                if chars[i] != EMPTY:
                    continue
                b = back[s]
                f = fwd[s]
                has_before = b >= 0 and cells[b] != EMPTY
                has_after = f >= 0 and cells[f] != EMPTY
                if has_before or has_after:
                    # the perpendicular word through s: tiles before and after it
                    before: list[str] = []
                    while b >= 0 and cells[b] != EMPTY:
                        before.append(cells[b])
                        b = back[b]
                    after: list[str] = []
                    while f >= 0 and cells[f] != EMPTY:
                        after.append(cells[f])
                        f = fwd[f]
                    before.reverse()
                    cross_score[i] = sum(tv[ch] for ch in before) + sum(tv[ch] for ch in after)
                    up = "".join(before).upper()
                    down = "".join(after).upper()
                    cross[i] = _cross_set(graph, up, down, cache)
                    anchors.append(i)
                elif (i > 0 and chars[i - 1] != EMPTY) or (i < SIZE - 1 and chars[i + 1] != EMPTY):
                    anchors.append(i)
                elif empty_board and s == rules.start:
                    anchors.append(i)
            lines.append(
                Line(
                    across=across,
                    index=k,
                    squares=squares,
                    letters=letters,
                    chars=chars,
                    values=values,
                    cross=cross,
                    cross_score=cross_score,
                    letter_mult=[rules.letter_mult[s] for s in squares],
                    word_mult=[rules.word_mult[s] for s in squares],
                    anchors=anchors,
                )
            )
    return BoardLines(board, lines)
