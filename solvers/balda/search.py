"""Look-ahead for Balda: alpha-beta over the score difference, deepened while time lasts.

Values are *future* points: the side to move's points from here on minus the opponent's, so a
position's value does not depend on how the scores got where they are and transpositions
(the same grid and used words reached in another order) share one table entry.

* Depth 1 needs no move list: the value is the longest legal word. The nearest ancestor's
  move list gives a lower bound for free (its moves stay legal while their cell is empty and
  word unused); a trie walk then looks only for longer words, skipping every branch that
  cannot beat the bound, and stops at the beta bound.
* Deeper nodes first try the transposition table's move (often enough for a cutoff, and then
  no move list is built at all), then every distinct (cell, letter, word) move, longest
  first, recursing with the window shifted by the word's length.
* Iterative deepening runs depth 1, 2, 3, ... until the budget is spent; the answer is the best
  move of the deepest finished iteration (or of an unfinished one, once it has re-searched
  the previous best move and found something better). Once the depth covers every empty
  cell, each line ends the game and the result is exact: the endgame is solved.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from solvers.balda.lexicon import Lexicon
from solvers.balda.movegen import longest_move, raw_moves
from solvers.balda.state import BaldaState

# (cell index, letter, word): a move's effect; paths do not matter to the search.
Child = tuple[int, str, str]
EXACT, LOWER, UPPER = 0, 1, 2
INFINITY = 10_000


class _OutOfTime(Exception):
    pass


@dataclass
class SearchResult:
    """The outcome of :func:`search`: best move, its value and how deep the search went."""

    best: Child | None
    value: int  # future points difference for the side to move, at ``depth``
    depth: int
    exact: bool
    nodes: int
    seconds: float
    root: list[tuple[Child, int, str]] = field(default_factory=list)  # (child, value, bound)


class Searcher:
    """Holds the mutable board the search plays on; one instance per :func:`search` call."""

    def __init__(self, state: BaldaState, lexicon: Lexicon) -> None:
        self.grid = list(state.grid)
        self.used = set(state.used_words)
        self.used_hash = 0
        for word in self.used:
            self.used_hash ^= hash(word)
        self.empty = state.empty_count
        self.neighbours = state.rules.neighbours
        self.min_length = state.rules.min_length
        self.trie = lexicon.trie
        self.table: dict[tuple[str, int], tuple[int, int, int, Child | None]] = {}
        self.nodes = 0
        self.clock: Callable[[], float] = time.perf_counter
        self.deadline = float("inf")
        # Move lists of the positions on the current line, nearest last. A move listed at an
        # ancestor is still legal while its cell is empty and its word unused (the letters
        # it runs through never change), so the nearest list gives depth 1 a free lower bound.
        self.known: list[list[Child]] = []

    # ----- board ------------------------------------------------------------------------
    def key(self) -> tuple[str, int]:
        return ("".join(ch or "." for ch in self.grid), self.used_hash)

    def children(self) -> list[Child]:
        seen: dict[Child, None] = {}
        for cell, letter, word, _path in raw_moves(
            self.grid, self.neighbours, self.used, self.trie, self.min_length
        ):
            seen[(cell, letter, word)] = None
        return sorted(seen, key=lambda c: -len(c[2]))

    def make(self, child: Child) -> None:
        cell, letter, word = child
        self.grid[cell] = letter
        self.used.add(word)
        self.used_hash ^= hash(word)
        self.empty -= 1

    def unmake(self, child: Child) -> None:
        cell, _letter, word = child
        self.grid[cell] = ""
        self.used.discard(word)
        self.used_hash ^= hash(word)
        self.empty += 1

    # ----- search -----------------------------------------------------------------------
    def negamax(self, depth: int, alpha: int, beta: int) -> int:
        self.nodes += 1
        if self.empty == 0 or depth == 0:
            return 0
        if self.clock() > self.deadline:
            raise _OutOfTime
        key = self.key()
        entry = self.table.get(key)
        hint: Child | None = None
        if entry is not None:
            e_depth, e_value, e_flag, hint = entry
            if e_depth >= depth:
                if e_flag == EXACT:
                    return e_value
                if e_flag == LOWER and e_value >= beta:
                    return e_value
                if e_flag == UPPER and e_value <= alpha:
                    return e_value
        if depth == 1:
            value, hint = self._longest(alpha, beta)
            flag = LOWER if value >= beta else UPPER if value <= alpha else EXACT
            self.table[key] = (1, value, flag, hint)
            return value
        best, best_child = -INFINITY, hint
        original_alpha = alpha
        children: list[Child] = []
        if hint is not None:
            # The table's move first, before paying for a full move list: it often cuts off.
            best = self._try(hint, depth, alpha, beta)
            alpha = max(alpha, best)
        if best < beta:
            children = self.children()
            if not children:
                self.table[key] = (INFINITY, 0, EXACT, None)
                return 0
            self.known.append(children)
            try:
                for child in children:
                    if child == hint:
                        continue
                    value = self._try(child, depth, alpha, beta)
                    if value > best:
                        best, best_child = value, child
                        if value > alpha:
                            alpha = value
                            if alpha >= beta:
                                break
            finally:
                self.known.pop()
        flag = LOWER if best >= beta else UPPER if best <= original_alpha else EXACT
        self.table[key] = (depth, best, flag, best_child)
        return best

    def _try(self, child: Child, depth: int, alpha: int, beta: int) -> int:
        """Value of ``child`` for the side to move: its word now, minus the reply's value."""
        gain = len(child[2])
        self.make(child)
        try:
            return gain - self.negamax(depth - 1, gain - beta, gain - alpha)
        finally:
            self.unmake(child)

    def _longest(self, alpha: int, beta: int) -> tuple[int, Child | None]:
        """Depth-1 value: the longest word (0 if there is no move: the game ends)."""
        known: Child | None = None
        if self.known:
            grid, used = self.grid, self.used
            for child in self.known[-1]:
                if not grid[child[0]] and child[2] not in used:
                    known = child
                    break
        floor = max(self.min_length - 1, alpha)
        if known is not None:
            if len(known[2]) >= beta:
                return len(known[2]), known
            if len(known[2]) > floor:
                floor = len(known[2])
            else:
                known = None
        length, move = longest_move(self.grid, self.neighbours, self.used, self.trie, floor, beta)
        if move is not None:
            return length, move
        if known is not None:
            return floor, known
        return (0 if floor == self.min_length - 1 else alpha), None

    def root_search(
        self, children: list[Child], depth: int
    ) -> tuple[Child | None, int, list[tuple[Child, int, str]], bool]:
        """One iteration at the root; returns (best, value, per-move results, finished)."""
        alpha = -INFINITY
        best: Child | None = None
        results: list[tuple[Child, int, str]] = []
        self.known = [list(children)]
        try:
            for child in children:
                value = self._try(child, depth, alpha, INFINITY)
                bound = "=" if value > alpha else "<="
                results.append((child, value, bound))
                if value > alpha:
                    alpha, best = value, child
        except _OutOfTime:
            return best, alpha, results, False
        return best, alpha, results, True


def search(
    state: BaldaState,
    lexicon: Lexicon,
    seconds: float = 1.0,
    max_depth: int | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> SearchResult:
    """The best move within ``seconds`` of thinking (at least depth 1 is always finished).

    ``clock`` measures the budget: wall time by default; ``time.process_time`` counts only
    this process's CPU time, which makes depth measurements independent of machine load.
    """
    start = clock()
    searcher = Searcher(state, lexicon)
    searcher.clock = clock
    if max_depth is not None and max_depth < 1:
        raise ValueError(f"search depth {max_depth} must be at least 1")
    if state.is_over:
        return SearchResult(None, 0, 0, True, 0, 0.0)
    children = searcher.children()
    if not children:
        return SearchResult(None, 0, 0, True, 1, clock() - start)
    limit = state.empty_count if max_depth is None else min(max_depth, state.empty_count)
    searcher.deadline = start + seconds
    best, value, depth, exact = children[0], len(children[0][2]), 0, False
    results: list[tuple[Child, int, str]] = []
    # Depth 1 never looks at the clock (depth-0 nodes return first), so it always finishes.
    for d in range(1, limit + 1):
        found, found_value, found_results, finished = searcher.root_search(children, d)
        if not finished:
            # Usable only if the previous best was re-searched first and then beaten.
            if found is not None and found != children[0]:
                best, value, results = found, found_value, found_results
            break
        assert found is not None  # a finished iteration over some children has a best
        best, value, depth, results = found, found_value, d, found_results
        exact = d >= state.empty_count
        # Next iteration: best move first, the rest by this iteration's values.
        order = {c: (c != best, -v) for c, v, _ in found_results}
        children.sort(key=lambda c: order[c])
    assert best is not None
    return SearchResult(
        best=best,
        value=value,
        depth=depth,
        exact=exact,
        nodes=searcher.nodes,
        seconds=clock() - start,
        root=sorted(results, key=lambda r: -r[1]),
    )
