"""Play every word of a dictionary with one solver, sharing the work along the decision tree.

Words that look the same so far share a node; a node is decided once and its candidates split
by what the guess reveals. Each word ends where it is the only candidate left: from there its
letters are free. Misses are counted to that point with no limit (the difficulty measure of
seed 001); a game is won when they stay under the miss limit.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

import numpy as np

from solvers.hangman.moves import ALPHABET
from solvers.hangman.strategies import Solver


@dataclass
class Outcomes:
    """Per word: misses until it is known (no limit) and the letters guessed until then.

    Plain lists and arrays rather than an object per word, so the garbage collector has
    little to walk while the solver is being timed.
    """

    words: list[str] = field(default_factory=list)
    misses: list[int] = field(default_factory=list)
    guesses: list[str] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.words)

    def add(self, word: str, misses: int, guesses: str) -> None:
        self.words.append(word)
        self.misses.append(misses)
        self.guesses.append(guesses)

    def miss_array(self) -> np.ndarray:
        return np.asarray(self.misses, dtype=np.int64)

    def won(self, max_misses: int) -> np.ndarray:
        """Bool per word: known before the ``max_misses``-th miss."""
        return self.miss_array() < max_misses

    def misses_played(self, max_misses: int) -> np.ndarray:
        """Misses in a real game, which stops at the limit."""
        return np.minimum(self.miss_array(), max_misses)

    def by_word(self) -> dict[str, tuple[int, str]]:
        return {w: (m, g) for w, m, g in zip(self.words, self.misses, self.guesses, strict=True)}


def play_dictionary(
    solver: Solver,
    lengths: Iterable[int] | None = None,
    on_words: Callable[[int], None] | None = None,
    decision_ms: list[float] | None = None,
    decision_cpu_ms: list[float] | None = None,
    out: Outcomes | None = None,
) -> Outcomes:
    """Outcomes for every word of the solver's lexicon (or of the given lengths).

    ``on_words(n)`` is called as ``n`` more words finish; ``decision_ms`` collects the wall
    time of every decision taken (each distinct node once), ``decision_cpu_ms`` its CPU time
    (steady when other programs load the machine). ``out``, filled word by word, keeps the
    words finished so far when the run is stopped early.
    """
    out = Outcomes() if out is None else out
    wanted = list(solver.lexicon.classes) if lengths is None else list(lengths)
    for length in wanted:
        wc = solver.lexicon.word_class(length)
        stack = [(np.arange(wc.size), np.zeros(26, dtype=bool), "", 0)]
        while stack:
            idx, guessed, seq, misses = stack.pop()
            if idx.size == 1:
                out.add(wc.words[int(idx[0])], misses, seq)
                if on_words is not None:
                    on_words(1)
                continue
            start, cpu = time.perf_counter(), time.thread_time()
            choice = solver.choose(wc, idx, guessed, solver.max_misses - misses)
            if decision_ms is not None:
                decision_ms.append((time.perf_counter() - start) * 1000.0)
            if decision_cpu_ms is not None:
                decision_cpu_ms.append((time.thread_time() - cpu) * 1000.0)
            c = choice.letter
            child_guessed = guessed.copy()
            child_guessed[c] = True
            pm = wc.posmask[c, idx]
            order = np.argsort(pm, kind="stable")
            values, starts = np.unique(pm[order], return_index=True)
            for value, group in zip(values, np.split(idx[order], starts[1:]), strict=True):
                stack.append((group, child_guessed, seq + ALPHABET[c], misses + int(value == 0)))
    return out
