"""Every legal Balda move, found by walking the board and the dictionary trie together.

A move's word is a path through filled cells plus exactly one empty cell, where the new letter
goes. The generator starts a path at every filled cell and at every empty cell next to one,
and extends it one neighbour at a time, following the trie: a step onto a filled cell must
match a trie edge, a step onto an empty cell (allowed once per path) tries every trie edge as
the new letter. Any branch whose letters are no word's prefix dies at once, so the walk only
visits paths that can still become a word. On a midgame 5×5 board that is about a millisecond
in CPython (measured by ``gamebot bench balda``); a reversed-prefix trie to grow paths from the
new cell both ways was measured at 3x slower here and costs 200 MB more.

The core works on flat lists (cell index = row * size + col) for speed; ``generate_moves``
turns the results into :class:`BaldaMove` values.
"""

from __future__ import annotations

from collections.abc import Container, Sequence

from solvers.balda.lexicon import LONGEST, WORD, Lexicon, Trie
from solvers.balda.moves import BaldaMove
from solvers.balda.state import BaldaState

# (new cell, new letter, word, path of cell indices)
RawMove = tuple[int, str, str, tuple[int, ...]]
Neighbours = Sequence[Sequence[int]]


def _with_root(grid: Sequence[str], neighbours: Neighbours) -> list[Sequence[int]]:
    """The neighbour table plus a virtual root cell (index ``len(grid)``) whose neighbours are
    the cells a word may begin on: filled ones and empty ones that touch a filled one.

    A walk that starts at the root with the whole trie takes its first step exactly as it takes
    every later one, so the first letter needs no code of its own.
    """
    starts = [i for i, ch in enumerate(grid) if ch or any(grid[n] for n in neighbours[i])]
    return [*neighbours, starts]


def raw_moves(
    grid: Sequence[str],
    neighbours: Neighbours,
    used: Container[str],
    trie: Trie,
    min_length: int,
) -> list[RawMove]:
    """All legal moves on a flat grid (``""`` = empty), one per (cell, letter, word, path)."""
    out: list[RawMove] = []
    table = _with_root(grid, neighbours)
    visited = [False] * len(table)
    path: list[int] = []

    def extend(cell: int, node: Trie, wild: int) -> None:
        if wild >= 0:
            word = node.get(WORD)
            if word is not None and len(word) >= min_length and word not in used:
                out.append((wild, word[path.index(wild)], word, tuple(path)))
        for n in table[cell]:
            if visited[n]:
                continue
            ch = grid[n]
            if ch:
                child = node.get(ch)
                if child is not None:
                    visited[n] = True
                    path.append(n)
                    extend(n, child, wild)
                    path.pop()
                    visited[n] = False
            elif wild < 0:
                visited[n] = True
                path.append(n)
                for key, child in node.items():
                    if key != WORD and key != LONGEST:
                        extend(n, child, n)
                path.pop()
                visited[n] = False

    extend(len(grid), trie, -1)
    return out


class _Enough(Exception):
    """Raised inside :func:`longest_move` once a word reaches the caller's target."""


# (new cell, new letter, word): what a move does, without the path.
Effect = tuple[int, str, str]


def longest_move(
    grid: Sequence[str],
    neighbours: Neighbours,
    used: Container[str],
    trie: Trie,
    floor: int,
    enough: int,
) -> tuple[int, Effect | None]:
    """The longest legal word's length and move, if longer than ``floor``; else ``(floor, None)``.

    Branches that cannot beat the best length so far are skipped (the trie knows the longest
    word below each node), and the walk stops as soon as a word of ``enough`` letters turns
    up. Pass ``floor = min_length - 1`` for the plain maximum.
    """
    table = _with_root(grid, neighbours)
    visited = [False] * len(table)
    best = floor
    found: Effect | None = None

    def extend(cell: int, node: Trie, wild: int, letter: str) -> None:
        # ``wild`` is the cell holding the new letter (-1 until one is placed).
        nonlocal best, found
        if wild >= 0:
            word = node.get(WORD)
            if word is not None and len(word) > best and word not in used:
                best = len(word)
                found = (wild, letter, word)
                if best >= enough:
                    raise _Enough
        for n in table[cell]:
            if visited[n]:
                continue
            ch = grid[n]
            if ch:
                child = node.get(ch)
                if child is not None and child[LONGEST] > best:
                    visited[n] = True
                    extend(n, child, wild, letter)
                    visited[n] = False
            elif wild < 0:
                visited[n] = True
                for key, child in node.items():
                    if key != WORD and key != LONGEST and child[LONGEST] > best:
                        extend(n, child, n, key)
                visited[n] = False

    try:
        extend(len(grid), trie, -1, "")
    except _Enough:
        pass
    return best, found


def to_move(state: BaldaState, raw: RawMove) -> BaldaMove:
    cell, letter, word, path = raw
    size = state.size
    return BaldaMove(
        cell=divmod(cell, size),
        letter=letter,
        path=tuple(divmod(i, size) for i in path),
        word=word,
    )


def state_raw_moves(state: BaldaState, lexicon: Lexicon) -> list[RawMove]:
    """:func:`raw_moves` of a position (whether or not the game is over), in generation order."""
    return raw_moves(
        state.grid, state.rules.neighbours, state.used_words, lexicon.trie, state.rules.min_length
    )


def generate_moves(state: BaldaState, lexicon: Lexicon) -> list[BaldaMove]:
    """Every legal move (cell, letter, path, word), longest words first, then by text.

    Empty when the game is over or nothing fits; the player must then pass.
    """
    if state.is_over:
        return []
    moves = [to_move(state, r) for r in state_raw_moves(state, lexicon)]
    moves.sort(key=lambda m: (-len(m.word), m.to_text()))
    return moves
