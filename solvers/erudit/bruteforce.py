"""The brute-force oracle: every placement found by trying every dictionary word on every span.

Slow and obvious on purpose (no anchors, no cross-check sets, no incremental scores): for each
line, each span of squares bounded by empty squares or the edge, and each word of that length
that agrees with the tiles already there, try every way the rack (wildcards included) can
supply the missing letters, then check and score the result with :mod:`scoring`. Use a small
dictionary; the move generator must give exactly the same set of moves and scores.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from solvers.erudit.board import EMPTY, Board
from solvers.erudit.dictionary import WordGraph
from solvers.erudit.moves import Placement, Play
from solvers.erudit.rules import SIZE, WILDCARD, Rules
from solvers.erudit.scoring import IllegalMoveError, check_placement

# a move is identified by the tiles it lays, so one tile read both ways is one move
TileKey = frozenset[tuple[int, str]]


def brute_force_moves(
    board: Board, rack: str, graph: WordGraph, rules: Rules
) -> dict[TileKey, int]:
    """Map each legal move (its set of new tiles) to its score."""
    have = Counter(ch for ch in rack if ch != WILDCARD)
    blanks = rack.count(WILDCARD)
    # (word, letters the rack cannot supply): those must come from the board or wildcards
    by_length: dict[int, list[tuple[str, int]]] = {}
    for word in graph.words():
        short = sum(max(0, n - have[ch]) for ch, n in Counter(word).items())
        by_length.setdefault(len(word), []).append((word, short))
    found: dict[TileKey, int] = {}
    cells = board.cells
    for across in (True, False):
        step = 1 if across else SIZE
        for k in range(SIZE):
            for start in range(SIZE):
                before = start - 1
                first = k * SIZE + start if across else start * SIZE + k
                if before >= 0 and cells[first - step] != EMPTY:
                    continue
                for end in range(start + 1, SIZE):
                    if end + 1 < SIZE and cells[first + (end + 1 - start) * step] != EMPTY:
                        continue
                    squares = [first + i * step for i in range(end - start + 1)]
                    empty = [i for i, s in enumerate(squares) if cells[s] == EMPTY]
                    if not 1 <= len(empty) <= len(rack):
                        continue
                    row, col = divmod(first, SIZE)
                    spare = len(squares) - len(empty) + blanks
                    for word, short in by_length.get(len(squares), ()):
                        if short > spare:
                            continue
                        if any(
                            cells[s] != EMPTY and cells[s].upper() != word[i]
                            for i, s in enumerate(squares)
                        ):
                            continue
                        need = [word[i] for i in empty]
                        for spelt in _spellings(word, empty, need, have, blanks):
                            placement = Placement(row, col, across, spelt)
                            try:
                                score, _ = check_placement(board, placement, rack, graph, rules)
                            except IllegalMoveError:
                                continue
                            key = frozenset(placement.new_tiles(board))
                            if key in found and found[key] != score:
                                raise AssertionError(f"{placement}: two scores for one move")
                            found[key] = score
    return found


def _spellings(
    word: str, empty: list[int], need: list[str], have: Counter, blanks: int
) -> list[str]:
    """Every way to spell ``word`` with the rack: which new letters are wildcards (lowercase)."""
    out = []
    for nb in range(min(blanks, len(need)) + 1):
        for chosen in combinations(range(len(need)), nb):
            real = Counter(need[i] for i in range(len(need)) if i not in chosen)
            if any(have[ch] < n for ch, n in real.items()):
                continue
            letters = list(word)
            for i in chosen:
                letters[empty[i]] = word[empty[i]].lower()
            out.append("".join(letters))
    return out


def generator_moves(plays: list[Play], board: Board) -> dict[TileKey, int]:
    """The generator's plays in the oracle's shape; raises if a move is listed twice."""
    out: dict[TileKey, int] = {}
    for play in plays:
        key = frozenset(play.placement.new_tiles(board))
        if key in out:
            raise AssertionError(f"{play.placement} is listed twice")
        out[key] = play.score
    return out
