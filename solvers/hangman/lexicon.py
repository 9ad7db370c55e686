"""A word list prepared for fast solving: per word length, numpy arrays of letter positions.

``posmask[c, i]`` has bit ``p`` set when word ``i`` has letter ``c`` at position ``p``. A guess
of ``c`` splits the candidates by that value (0 is a miss), which is all the solvers need.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from solvers.hangman.moves import ALPHABET
from solvers.hangman.state import UNKNOWN, State

MAX_LENGTH = 62  # position masks are int64


@dataclass(eq=False)
class WordClass:
    """The words of one length with their prior weights and letter-position masks."""

    length: int
    words: list[str]
    weights: np.ndarray
    posmask: np.ndarray = field(init=False, repr=False)  # (26, n) int64
    present: np.ndarray = field(init=False, repr=False)  # (n, 26) float64, 1.0 if letter in word
    by_word: np.ndarray = field(init=False, repr=False)  # (n, 26) posmask transposed
    letter_table: np.ndarray = field(init=False, repr=False)  # (n, 26) present times weight

    def __post_init__(self) -> None:
        codes = np.frombuffer("".join(self.words).encode("ascii"), dtype=np.uint8) - ord("a")
        codes = codes.reshape(len(self.words), self.length).astype(np.int64)
        posmask = np.zeros((26, len(self.words)), dtype=np.int64)
        for p in range(self.length):
            np.bitwise_or.at(posmask, (codes[:, p], np.arange(len(self.words))), 1 << p)
        self.posmask = posmask
        self.by_word = np.ascontiguousarray(posmask.T)
        self.present = (posmask.T != 0).astype(np.float64)
        # Equal weights: count in small integers (exact and several times faster to sum).
        self.uniform = bool(np.all(self.weights == self.weights[0]))
        if self.uniform:
            self.letter_table = (posmask.T != 0).astype(np.uint8)
        else:
            self.letter_table = self.present * self.weights[:, None]

    @property
    def size(self) -> int:
        return len(self.words)

    def candidates(self, state: State) -> np.ndarray:
        """Indices of the words consistent with ``state`` (same length assumed)."""
        keep = np.ones(self.size, dtype=bool)
        for letter in state.right:
            bits = sum(1 << p for p, ch in enumerate(state.pattern) if ch == letter)
            keep &= self.posmask[ALPHABET.index(letter)] == bits
        for letter in state.wrong:
            keep &= self.posmask[ALPHABET.index(letter)] == 0
        return np.flatnonzero(keep)


class Lexicon:
    """Every playable word grouped by length, each with a positive prior weight."""

    def __init__(self, words: Sequence[str], weights: np.ndarray | None = None) -> None:
        if weights is None:
            weights = np.ones(len(words), dtype=np.float64)
        weights = np.asarray(weights, dtype=np.float64)
        if weights.shape != (len(words),):
            raise ValueError(f"{len(words)} words but {weights.shape} weights")
        if len(set(words)) != len(words):
            raise ValueError("the word list repeats a word")
        for word in words:
            if not word or len(word) > MAX_LENGTH or any(ch not in ALPHABET for ch in word):
                raise ValueError(f"bad word {word!r}: expected 1-{MAX_LENGTH} letters a-z")
        positive = weights[weights > 0]
        # A word the prior deems impossible still gets a sliver, so no candidate set weighs 0.
        floor = positive.min() * 1e-6 if positive.size else 1.0
        weights = np.where(weights > 0, weights, floor)
        by_length: dict[int, list[int]] = {}
        for i, word in enumerate(words):
            by_length.setdefault(len(word), []).append(i)
        # Scaled to a mean of 1 within each length, so sums stay near 1 whatever the prior.
        self.classes: dict[int, WordClass] = {
            n: WordClass(n, [words[i] for i in idx], weights[idx] / weights[idx].mean())
            for n, idx in sorted(by_length.items())
        }

    @property
    def size(self) -> int:
        return sum(wc.size for wc in self.classes.values())

    def word_class(self, length: int) -> WordClass:
        wc = self.classes.get(length)
        if wc is None:
            raise ValueError(f"the dictionary has no word of {length} letters")
        return wc

    def candidates(self, state: State) -> tuple[WordClass, np.ndarray]:
        """The class of the state's length and the indices of the words it still allows."""
        wc = self.word_class(state.length)
        idx = wc.candidates(state)
        if idx.size == 0:
            shown = state.to_text()
            raise ValueError(f"no word of the dictionary fits {shown!r} ({UNKNOWN} = unknown)")
        return wc, idx
