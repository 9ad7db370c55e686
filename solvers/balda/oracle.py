"""A slow, obviously-correct move lister to check the fast generator against.

It shares nothing with the trie walk: it takes every dictionary word in turn and tries to
trace it on the board, letter by letter, through adjacent cells that are either filled with
that letter or the one empty cell (next to a filled one) that receives it.
"""

from __future__ import annotations

from collections.abc import Iterable

from solvers.balda.movegen import RawMove
from solvers.balda.state import BaldaState


def brute_force_moves(state: BaldaState, words: Iterable[str]) -> set[RawMove]:
    """Every legal move as ``(cell, letter, word, path)`` with flat cell indices."""
    if state.is_over:
        return set()
    grid = state.grid
    neighbours = state.rules.neighbours
    cells = range(len(grid))
    placeable = {i for i in cells if not grid[i] and any(grid[n] for n in neighbours[i])}
    found: set[RawMove] = set()

    def trace(word: str, k: int, cell: int, path: list[int], new: int) -> None:
        letter = grid[cell]
        if letter:
            if letter != word[k]:
                return
        elif new >= 0 or cell not in placeable:
            return
        else:
            new = cell
        path.append(cell)
        if k == len(word) - 1:
            if new >= 0:
                found.add((new, word[path.index(new)], word, tuple(path)))
        else:
            for n in neighbours[cell]:
                if n not in path:
                    trace(word, k + 1, n, path, new)
        path.pop()

    # A word starts on a cell holding its first letter or on a cell that can take it.
    starts: dict[str, list[int]] = {}
    for i in cells:
        if grid[i]:
            starts.setdefault(grid[i], []).append(i)
    longest = sum(1 for ch in grid if ch) + 1
    for word in words:
        if len(word) < state.rules.min_length or len(word) > longest:
            continue
        if word in state.used_words:
            continue
        for start in [*starts.get(word[0], ()), *placeable]:
            trace(word, 0, start, [], -1)
    return found
