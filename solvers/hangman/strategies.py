"""The three Hangman players, one interface: ``decide(state)`` returns a ``Decision``.

- ``greedy``: seed 001's rule (fewest candidates lacking the letter).
- ``expected``: fewest expected misses until the word is known, under the prior. Exact search
  on small candidate sets; on larger ones each letter is priced by greedy's play after it.
- ``maxwin``: best chance to know the word before the misses run out (bsdgames: the 7th miss
  loses), ties broken by fewer expected misses; exact on small sets, rollout on large ones.

Every decision is memoised per state (pattern, wrong letters), and the exact searches per
candidate set, so replaying a dictionary or a long session repeats no work.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from solvers.decision import Decision
from solvers.hangman.exact import ExactSearch
from solvers.hangman.game import BSD_MAX_MISSES
from solvers.hangman.greedy import letter_mass
from solvers.hangman.lexicon import Lexicon, WordClass
from solvers.hangman.moves import ALPHABET, Guess
from solvers.hangman.rollout import rollout_misses
from solvers.hangman.state import State

STRATEGIES = ("greedy", "expected", "maxwin")
EXACT_SIZE = 8  # candidate sets up to this size are solved exactly
ROLLOUT_BUDGET = 8_000  # (letter, candidate) pairs a rollout may play out per decision
ROLLOUT_MAX = 4_000  # above this many candidates greedy's letter is taken as it is


@dataclass(frozen=True)
class Choice:
    """A chosen letter (0-25) with how it was found and its figures under the prior."""

    letter: int
    stage: str
    miss: float  # chance the guess misses
    expected: float | None = None  # expected misses from here until the word is known
    win: float | None = None  # chance to win from here


class Solver:
    """Shared frame: candidates from the state, memo, known words; subclasses pick letters."""

    name = "solver"

    def __init__(self, lexicon: Lexicon, max_misses: int = BSD_MAX_MISSES) -> None:
        self.lexicon = lexicon
        self.max_misses = max_misses
        self._memo: dict[tuple[str, frozenset[str]], Decision[Guess]] = {}
        self._exact: dict[int, ExactSearch] = {}

    def exact(self, wc: WordClass) -> ExactSearch:
        search = self._exact.get(wc.length)
        if search is None:
            search = self._exact[wc.length] = ExactSearch(wc)
        return search

    def decide(self, state: State) -> Decision[Guess]:
        """The guess for ``state``; an error if no dictionary word fits it or it is solved."""
        if state.solved:
            raise ValueError(f"state {state.to_text()!r} is solved: nothing to guess")
        key = (state.pattern, state.wrong)
        hit = self._memo.get(key)
        if hit is not None:
            return hit
        wc, idx = self.lexicon.candidates(state)
        guessed = np.zeros(26, dtype=bool)
        for letter in state.guessed:
            guessed[ALPHABET.index(letter)] = True
        choice = self.choose(wc, idx, guessed, self.max_misses - state.misses)
        extra: dict[str, object] = {"candidates": int(idx.size)}
        if idx.size <= 5:
            extra["words"] = [wc.words[i] for i in idx]
        if choice.expected is not None:
            extra["expected_misses"] = round(choice.expected, 4)
        if choice.win is not None:
            extra["win_probability"] = round(choice.win, 6)
        decision = Decision(
            move=Guess(ALPHABET[choice.letter]),
            stage=choice.stage,
            reason=_reason(choice, int(idx.size)),
            probability=choice.miss,
            extra=extra,
        )
        self._memo[key] = decision
        return decision

    def choose(self, wc: WordClass, idx: np.ndarray, guessed: np.ndarray, lives: int) -> Choice:
        """Pick a letter for candidates ``idx`` with ``guessed`` letters used, ``lives`` left."""
        if idx.size == 1:
            word = wc.words[int(idx[0])]
            letter = next(ALPHABET.index(ch) for ch in word if not guessed[ALPHABET.index(ch)])
            return Choice(letter, "known", 0.0, 0.0, 1.0 if lives > 0 else 0.0)
        mass = letter_mass(wc, idx)
        total = float(wc.weights[idx].sum())
        return self.pick(wc, idx, guessed, lives, mass, total)

    def pick(
        self,
        wc: WordClass,
        idx: np.ndarray,
        guessed: np.ndarray,
        lives: int,
        mass: np.ndarray,
        total: float,
    ) -> Choice:
        raise NotImplementedError


class GreedySolver(Solver):
    """Seed 001: the letter the least candidate mass lacks; alphabetical on ties."""

    name = "greedy"

    def pick(
        self,
        wc: WordClass,
        idx: np.ndarray,
        guessed: np.ndarray,
        lives: int,
        mass: np.ndarray,
        total: float,
    ) -> Choice:
        mass = mass.copy()
        mass[guessed] = -1.0
        letter = int(np.argmax(mass))
        return Choice(letter, "greedy", max(0.0, 1.0 - mass[letter] / total))


class LookaheadSolver(Solver):
    """Free informative letters first, exact search on small sets, greedy rollout on big ones."""

    def __init__(
        self,
        lexicon: Lexicon,
        max_misses: int = BSD_MAX_MISSES,
        exact_size: int = EXACT_SIZE,
        rollout_budget: int = ROLLOUT_BUDGET,
        rollout_max: int = ROLLOUT_MAX,
    ) -> None:
        super().__init__(lexicon, max_misses)
        self.exact_size = exact_size
        self.rollout_budget = rollout_budget
        self.rollout_max = rollout_max

    def pick(
        self,
        wc: WordClass,
        idx: np.ndarray,
        guessed: np.ndarray,
        lives: int,
        mass: np.ndarray,
        total: float,
    ) -> Choice:
        pm = wc.posmask[:, idx]
        splitting = (pm != pm[:, :1]).any(axis=1) & ~guessed
        miss = np.clip(1.0 - mass / total, 0.0, 1.0)
        free = np.flatnonzero(splitting & (mass >= total * (1 - 1e-12)))
        if free.size:
            # In every candidate but at different places: costs nothing and narrows the field.
            kinds = [np.unique(pm[c]).size for c in free]
            return Choice(int(free[int(np.argmax(kinds))]), "free", 0.0)
        if idx.size <= self.exact_size:
            return self.solve_exact(self.exact(wc), tuple(sorted(idx.tolist())), lives, miss)
        letters = np.flatnonzero(splitting)
        letters = letters[np.argsort(miss[letters], kind="stable")]
        if idx.size > self.rollout_max:
            # Too many to play out within the time limit; greedy's letter is the first of the
            # stable sort (on wamerican the look-ahead agrees with it above 3,200 candidates).
            letter = int(letters[0])
            return Choice(letter, "large", float(miss[letter]))
        keep = max(2, self.rollout_budget // idx.size)
        letters = letters[:keep]
        misses = rollout_misses(wc, idx, guessed, letters)
        weights = wc.weights[idx] / total
        return self.solve_rollout(letters, misses, weights, lives, miss)

    def solve_exact(
        self, search: ExactSearch, s: tuple[int, ...], lives: int, miss: np.ndarray
    ) -> Choice:
        raise NotImplementedError

    def solve_rollout(
        self,
        letters: np.ndarray,
        misses: np.ndarray,
        weights: np.ndarray,
        lives: int,
        miss: np.ndarray,
    ) -> Choice:
        raise NotImplementedError


class ExpectedSolver(LookaheadSolver):
    """Fewest expected misses until the word is known."""

    name = "expected"

    def solve_exact(
        self, search: ExactSearch, s: tuple[int, ...], lives: int, miss: np.ndarray
    ) -> Choice:
        value, letter = search.expected(s)
        return Choice(letter, "exact", float(miss[letter]), value)

    def solve_rollout(
        self,
        letters: np.ndarray,
        misses: np.ndarray,
        weights: np.ndarray,
        lives: int,
        miss: np.ndarray,
    ) -> Choice:
        mean = misses @ weights
        r = int(np.argmin(mean))
        letter = int(letters[r])
        return Choice(letter, "rollout", float(miss[letter]), float(mean[r]))


class MaxWinSolver(ExpectedSolver):
    """Best chance to win within the miss limit; fewer expected misses break ties.

    With no lives left (playing on after a lost game, as the difficulty table does) every
    letter loses alike, so it plays as ``expected`` (its parent) with a win chance of 0.
    """

    name = "maxwin"

    def solve_exact(
        self, search: ExactSearch, s: tuple[int, ...], lives: int, miss: np.ndarray
    ) -> Choice:
        if lives <= 0:
            return replace(super().solve_exact(search, s, lives, miss), win=0.0)
        win, value, letter = search.max_win(s, lives)
        return Choice(letter, "exact", float(miss[letter]), value, win)

    def solve_rollout(
        self,
        letters: np.ndarray,
        misses: np.ndarray,
        weights: np.ndarray,
        lives: int,
        miss: np.ndarray,
    ) -> Choice:
        if lives <= 0:
            return replace(super().solve_rollout(letters, misses, weights, lives, miss), win=0.0)
        win = (misses < lives) @ weights
        capped = np.minimum(misses, lives) @ weights
        # Lexicographic: the highest win chance, then the fewest misses (1e-12 absorbs rounding).
        best = np.flatnonzero(win >= win.max() - 1e-12)
        r = int(best[np.argmin(capped[best])])
        letter = int(letters[r])
        return Choice(letter, "rollout", float(miss[letter]), float(capped[r]), float(win[r]))


def make_solver(name: str, lexicon: Lexicon, max_misses: int = BSD_MAX_MISSES) -> Solver:
    """A fresh solver by strategy name (one of ``STRATEGIES``)."""
    if name == "greedy":
        return GreedySolver(lexicon, max_misses)
    if name == "expected":
        return ExpectedSolver(lexicon, max_misses)
    if name == "maxwin":
        return MaxWinSolver(lexicon, max_misses)
    raise ValueError(f"unknown strategy {name!r}: choose one of {', '.join(STRATEGIES)}")


def _reason(choice: Choice, candidates: int) -> str:
    figures = f"{candidates} candidates, miss chance {choice.miss:.3f}"
    if choice.stage == "known":
        return "only one word fits: its letters are free"
    if choice.stage == "free":
        return f"in every candidate at varying places: free and informative ({figures})"
    if choice.stage == "greedy":
        return f"fewest candidates lack it ({figures})"
    if choice.stage == "large":
        return f"too many to look ahead in time: greedy's letter ({figures})"
    more = []
    if choice.expected is not None:
        more.append(f"expected misses {choice.expected:.3f}")
    if choice.win is not None:
        more.append(f"win chance {choice.win:.4f}")
    how = "solved exactly" if choice.stage == "exact" else "priced by greedy play after it"
    return f"{how}: {', '.join(more)} ({figures})"
