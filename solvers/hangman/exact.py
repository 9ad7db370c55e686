"""Exact Hangman search on small candidate sets, memoised by the set itself.

Only the candidate set matters, not the letters guessed so far: a guessed letter is in every
candidate or in none, so it can no longer split them. A letter that is in every candidate but
sits at different places ("free and splitting") is always taken first: it costs nothing and
only informs. Sets are sorted tuples of word indices into one ``WordClass``.

Two objectives:
- ``expected(S)``: the least expected number of misses until the word is known.
- ``max_win(S, lives)``: the greatest chance to know the word before ``lives`` misses run
  out; ties broken by the fewest expected misses (counted until the game ends).
"""

from __future__ import annotations

from collections.abc import Sequence

from solvers.hangman.lexicon import WordClass

EPS = 1e-12
Split = tuple[int, float, list[tuple[float, tuple[int, ...]]]]  # letter, miss mass, hit groups


class ExactSearch:
    """Memoised exact values and best letters for candidate sets of one word length."""

    def __init__(self, wc: WordClass) -> None:
        self.wc = wc
        self._rows: dict[int, tuple[int, ...]] = {}  # word -> its 26 position masks, as ints
        self._weights: list[float] = wc.weights.tolist()
        self._expected: dict[tuple[int, ...], tuple[float, int]] = {}
        self._win: dict[tuple[tuple[int, ...], int], tuple[float, float, int]] = {}

    def row(self, i: int) -> tuple[int, ...]:
        row = self._rows.get(i)
        if row is None:
            row = self._rows[i] = tuple(self.wc.by_word[i].tolist())
        return row

    def mass(self, s: Sequence[int]) -> float:
        weights = self._weights
        return sum(weights[i] for i in s)

    def splits(self, s: tuple[int, ...]) -> tuple[list[Split], Split | None]:
        """Every letter that splits ``s`` (most likely hit first), and a free one if any."""
        weights = self._weights
        rows = [self.row(i) for i in s]
        out: list[Split] = []
        free: Split | None = None
        for c in range(26):
            groups: dict[int, list[int]] = {}
            for i, row in zip(s, rows, strict=True):
                groups.setdefault(row[c], []).append(i)
            if len(groups) < 2:
                continue
            miss = groups.pop(0, None)
            miss_mass = sum(weights[i] for i in miss) if miss else 0.0
            hits = [(sum(weights[i] for i in g), tuple(g)) for g in groups.values()]
            hits.sort(key=lambda h: -h[0])
            if miss:
                hits.append((miss_mass, tuple(miss)))
            split = (c, miss_mass, hits)
            if not miss and (free is None or len(hits) > len(free[2])):
                free = split
            out.append(split)
        out.sort(key=lambda sp: sp[1])
        return out, free

    def expected(self, s: tuple[int, ...]) -> tuple[float, int]:
        """(least expected misses until the word is known, letter to guess; -1 if known)."""
        if len(s) <= 1:
            return 0.0, -1
        hit = self._expected.get(s)
        if hit is not None:
            return hit
        total = self.mass(s)
        splits, free = self.splits(s)
        if free is not None:
            value = sum(m * self.expected(g)[0] for m, g in free[2]) / total
            result = (value, free[0])
        else:
            best, best_letter = float("inf"), splits[0][0]
            for c, miss_mass, groups in splits:
                acc = miss_mass  # expected misses times total mass, built group by group
                if acc >= best * total - EPS:
                    break  # letters come sorted by miss mass: no later one can do better
                for m, g in groups:
                    acc += m * self.expected(g)[0]
                    if acc >= best * total - EPS:
                        break
                else:
                    best, best_letter = acc / total, c
            result = (best, best_letter)
        self._expected[s] = result
        return result

    def max_win(self, s: tuple[int, ...], lives: int) -> tuple[float, float, int]:
        """(best chance to know the word with ``lives`` misses left, expected misses until the
        game ends under that play, letter to guess; -1 if known or no lives left)."""
        if lives <= 0:
            return 0.0, 0.0, -1  # the last miss lost the game, even if it told the word
        if len(s) <= 1:
            return 1.0, 0.0, -1
        if lives >= len(s):
            # Every miss rules out at least one word, so the word is known before lives run out.
            value, letter = self.expected(s)
            return 1.0, value, letter
        key = (s, lives)
        hit = self._win.get(key)
        if hit is not None:
            return hit
        total = self.mass(s)
        splits, free = self.splits(s)
        if free is not None:
            win = misses = 0.0
            for m, g in free[2]:
                w, x, _ = self.max_win(g, lives)
                win, misses = win + m * w, misses + m * x
            result = (win / total, misses / total, free[0])
        else:
            best_win, best_misses, best_letter = -1.0, float("inf"), splits[0][0]
            for c, miss_mass, groups in splits:
                win = 0.0
                misses = miss_mass
                remaining = total
                pruned = False
                for m, g in groups:
                    is_miss = self.row(g[0])[c] == 0
                    w, x, _ = self.max_win(g, lives - 1 if is_miss else lives)
                    win += m * w
                    misses += m * x
                    remaining -= m
                    if win + remaining < best_win * total - EPS:
                        pruned = True  # even winning every remaining branch cannot catch up
                        break
                if pruned:
                    continue
                win, misses = win / total, misses / total
                if win > best_win + EPS or (win > best_win - EPS and misses < best_misses - EPS):
                    best_win, best_misses, best_letter = win, misses, c
            result = (best_win, best_misses, best_letter)
        self._win[key] = result
        return result
