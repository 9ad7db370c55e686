"""Hangman figures: a strategy over every word of a dictionary, and paired comparisons.

Every eligible word is played once (the uniform measure, as bsdgames' word list gives it), so
the win rate is exact for this dictionary; its Wilson interval speaks for a word drawn at random
from lists like it. Two strategies are compared word by word: McNemar's exact test on the words
only one of them wins, and the mean difference in misses with a normal 95 % interval.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from bot.run import stats
from solvers.hangman.evaluate import Outcomes, play_dictionary
from solvers.hangman.state import State
from solvers.hangman.strategies import Solver


@dataclass
class BenchRun:
    """One strategy over the whole dictionary, with its decision times."""

    strategy: str
    outcomes: Outcomes
    max_misses: int
    decision_ms: list[float]  # wall time of every decision
    decision_cpu_ms: list[float]  # CPU time of the same decisions
    full_dictionary_ms: dict[int, float]  # first decision (no letter known) per word length
    full_dictionary_cpu_ms: dict[int, float]  # the same in CPU time
    seconds: float

    @property
    def words(self) -> int:
        return len(self.outcomes)

    @property
    def wins(self) -> int:
        return int(self.outcomes.won(self.max_misses).sum())

    @property
    def mean_misses(self) -> float:
        return float(self.outcomes.misses_played(self.max_misses).mean())

    @property
    def mean_misses_to_solve(self) -> float:
        return float(self.outcomes.miss_array().mean())

    def weighted(self, weight: dict[str, float]) -> tuple[float, float]:
        """(win rate, mean misses) when each word counts ``weight[word]`` (a setter's odds)."""
        w = np.array([weight[word] for word in self.outcomes.words], dtype=np.float64)
        won = self.outcomes.won(self.max_misses)
        played = self.outcomes.misses_played(self.max_misses)
        return float(w @ won / w.sum()), float(w @ played / w.sum())

    def summary(self) -> dict[str, object]:
        low, high = stats.wilson_interval(self.wins, self.words)
        return {
            "strategy": self.strategy,
            "miss_limit": self.max_misses,
            "words": self.words,
            "wins": self.wins,
            "win_rate": self.wins / self.words if self.words else None,
            "win_rate_ci95": [low, high],
            "mean_misses": self.mean_misses,
            "mean_misses_to_solve": self.mean_misses_to_solve,
            "decisions": len(self.decision_ms),
            "ms_per_decision_median": stats.median(self.decision_ms),
            "ms_per_decision_p99": stats.percentile(self.decision_ms, 99),
            "ms_per_decision_max": max(self.decision_ms, default=math.nan),
            "cpu_ms_per_decision_median": stats.median(self.decision_cpu_ms),
            "cpu_ms_per_decision_max": max(self.decision_cpu_ms, default=math.nan),
            "ms_full_dictionary_decision_max": max(self.full_dictionary_ms.values(),
                                                   default=math.nan),
            "cpu_ms_full_dictionary_decision_max": max(self.full_dictionary_cpu_ms.values(),
                                                       default=math.nan),
            "seconds": round(self.seconds, 2),
        }


def run_bench(
    solver: Solver,
    on_words: Callable[[int], None] | None = None,
    keep: Callable[[BenchRun], None] | None = None,
) -> BenchRun:
    """Time the first decision of every word length cold, then play the whole dictionary.

    ``keep`` receives the run before any work, filled in place as words finish, so the
    figures so far survive a Ctrl+C.
    """
    run = BenchRun(solver.name, Outcomes(), solver.max_misses, [], [], {}, {}, 0.0)
    if keep is not None:
        keep(run)
    start = time.perf_counter()
    try:
        fresh = type(solver)(solver.lexicon, solver.max_misses)
        for length in solver.lexicon.classes:
            begin, cpu_start = time.perf_counter(), time.thread_time()
            fresh.decide(State.start(length))
            run.full_dictionary_ms[length] = (time.perf_counter() - begin) * 1000
            run.full_dictionary_cpu_ms[length] = (time.thread_time() - cpu_start) * 1000
        start = time.perf_counter()
        play_dictionary(solver, on_words=on_words, decision_ms=run.decision_ms,
                        decision_cpu_ms=run.decision_cpu_ms, out=run.outcomes)
    finally:
        run.seconds = time.perf_counter() - start
    return run


def mcnemar_p(only_a: int, only_b: int) -> float:
    """Two-sided exact McNemar p-value: how likely so lopsided a split is by chance."""
    n = only_a + only_b
    if n == 0:
        return 1.0
    tail = sum(math.comb(n, k) for k in range(min(only_a, only_b) + 1))
    return min(1.0, 2 * tail / 2**n)


@dataclass(frozen=True)
class Paired:
    """Word-by-word comparison of a run with a baseline run over the same words."""

    baseline: str
    only_this: int  # words this strategy wins and the baseline loses
    only_baseline: int
    words: int
    misses_difference: float  # mean of (this - baseline) misses played, per word
    misses_difference_ci95: tuple[float, float]
    solve_difference: float  # the same with no miss limit
    fewer_misses: int
    more_misses: int

    @property
    def p_value(self) -> float:
        return mcnemar_p(self.only_this, self.only_baseline)

    def to_dict(self) -> dict[str, object]:
        return {
            "baseline": self.baseline,
            "words_only_this_wins": self.only_this,
            "words_only_baseline_wins": self.only_baseline,
            "win_rate_difference": (self.only_this - self.only_baseline) / self.words,
            "mcnemar_p": self.p_value,
            "mean_misses_difference": self.misses_difference,
            "mean_misses_difference_ci95": list(self.misses_difference_ci95),
            "mean_misses_to_solve_difference": self.solve_difference,
            "words_fewer_misses": self.fewer_misses,
            "words_more_misses": self.more_misses,
        }


def paired(this: BenchRun, base: BenchRun) -> Paired:
    """Compare two runs word by word (they must cover the same words)."""
    base_index = {w: i for i, w in enumerate(base.outcomes.words)}
    missing = [w for w in this.outcomes.words if w not in base_index]
    if missing or len(base_index) != this.words:
        raise ValueError("the two runs did not play the same words")
    order = np.array([base_index[w] for w in this.outcomes.words])
    won_a = this.outcomes.won(this.max_misses)
    won_b = base.outcomes.won(base.max_misses)[order]
    played_b = base.outcomes.misses_played(base.max_misses)[order]
    diff = (this.outcomes.misses_played(this.max_misses) - played_b).astype(np.float64)
    solve = (this.outcomes.miss_array() - base.outcomes.miss_array()[order]).astype(np.float64)
    mean = float(diff.mean())
    half = 1.959963984540054 * float(diff.std(ddof=1)) / math.sqrt(diff.size)
    return Paired(
        base.strategy,
        int((won_a & ~won_b).sum()),
        int((~won_a & won_b).sum()),
        int(diff.size),
        mean,
        (mean - half, mean + half),
        float(solve.mean()),
        int((diff < 0).sum()),
        int((diff > 0).sum()),
    )


def by_length(run: BenchRun) -> list[tuple[int, int, int, float]]:
    """(length, words, wins, mean misses played) for each word length."""
    lengths = np.array([len(w) for w in run.outcomes.words])
    won = run.outcomes.won(run.max_misses)
    played = run.outcomes.misses_played(run.max_misses)
    rows = []
    for length in sorted(set(lengths.tolist())):
        sel = lengths == length
        rows.append((length, int(sel.sum()), int(won[sel].sum()), float(played[sel].mean())))
    return rows


def report_lines(run: BenchRun, compare: Paired | None) -> list[str]:
    """What ``gamebot bench hangman`` prints before its JSON line."""
    low, high = stats.wilson_interval(run.wins, run.words)
    ms = run.decision_ms
    first = max(run.full_dictionary_ms.values(), default=math.nan)
    first_cpu = max(run.full_dictionary_cpu_ms.values(), default=math.nan)
    if not run.words:
        return [f"strategy {run.strategy}: no word finished"]
    lines = [
        f"strategy {run.strategy}: {run.words} words, lost at miss {run.max_misses}",
        f"  won {run.wins} = {100 * run.wins / run.words:.2f} %"
        f" (95 % CI {100 * low:.2f}-{100 * high:.2f} %)",
        f"  mean misses {run.mean_misses:.4f} per word"
        f" (to solve, with no limit: {run.mean_misses_to_solve:.4f})",
        f"  {len(ms)} decisions: median {stats.median(ms):.3f} ms,"
        f" p99 {stats.percentile(ms, 99):.2f} ms, max {max(ms, default=math.nan):.1f} ms"
        f" (CPU time: max {max(run.decision_cpu_ms, default=math.nan):.1f} ms);"
        f" first decision on a whole word length: max {first:.1f} ms (CPU {first_cpu:.1f} ms)",
        "  length  words   wins   win %  mean misses",
    ]
    for length, n, wins, mean in by_length(run):
        lines.append(f"  {length:6d} {n:6d} {wins:6d} {100 * wins / n:7.2f} {mean:12.4f}")
    if compare is not None:
        lo, hi = compare.misses_difference_ci95
        lines += [
            f"  vs {compare.baseline}, word by word: {compare.only_this} words won only by"
            f" {run.strategy}, {compare.only_baseline} only by {compare.baseline}"
            f" (McNemar exact p = {compare.p_value:.2g})",
            f"  misses per word {compare.misses_difference:+.4f}"
            f" (95 % CI {lo:+.4f} to {hi:+.4f}); {compare.fewer_misses} words with fewer,"
            f" {compare.more_misses} with more",
        ]
    return lines
