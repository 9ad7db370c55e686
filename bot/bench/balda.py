"""The measurements behind ``gamebot bench balda``: generator speed, search depth, self-play.

Pure functions returning numbers; the command prints them. Self-play pits the search against
a greedy longest-word player in pairs of games from the same random start word, once with
each colour, so neither the start word nor moving first favours one side.
"""

from __future__ import annotations

import functools
import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from solvers.balda.lexicon import Lexicon
from solvers.balda.movegen import generate_moves, state_raw_moves
from solvers.balda.oracle import brute_force_moves
from solvers.balda.players import greedy_decision, search_decision
from solvers.balda.positions import random_start
from solvers.balda.rules import BaldaRules
from solvers.balda.search import search
from solvers.balda.selfplay import Chooser, play_game
from solvers.balda.state import BaldaState


def time_movegen(positions: list[BaldaState], lexicon: Lexicon) -> list[tuple[float, float, int]]:
    """(wall ms, CPU ms, number of moves) of :func:`generate_moves` on each position.

    CPU time counts only this process, so it shows what a quiet machine would do.
    """
    out = []
    for state in positions:
        wall, cpu = time.perf_counter(), time.process_time()
        moves = generate_moves(state, lexicon)
        out.append(
            (
                (time.perf_counter() - wall) * 1000,
                (time.process_time() - cpu) * 1000,
                len(moves),
            )
        )
    return out


def oracle_mismatches(positions: list[BaldaState], lexicon: Lexicon) -> list[BaldaState]:
    """Positions where the generator and the brute-force oracle disagree (should be none)."""
    bad = []
    for state in positions:
        fast = state_raw_moves(state, lexicon)
        if len(set(fast)) != len(fast) or set(fast) != brute_force_moves(state, lexicon.words):
            bad.append(state)
    return bad


def probe_depth(
    positions: list[BaldaState], lexicon: Lexicon, seconds: float, cpu_clock: bool = False
) -> list[int]:
    """Plies the search completes within ``seconds`` (wall, or this process's CPU time)."""
    clock = time.process_time if cpu_clock else time.perf_counter
    return [search(state, lexicon, seconds=seconds, clock=clock).depth for state in positions]


def depth_seconds(positions: list[BaldaState], lexicon: Lexicon, depth: int) -> list[float]:
    """CPU seconds the search needs to finish ``depth`` plies on each position (load-proof)."""
    out = []
    for state in positions:
        start = time.process_time()
        search(state, lexicon, seconds=float("inf"), max_depth=depth)
        out.append(time.process_time() - start)
    return out


@dataclass(frozen=True)
class GameResult:
    """One self-play game seen from the search's side."""

    start_word: str
    search_first: bool
    search_score: int
    greedy_score: int
    depths: tuple[int, ...]  # plies reached on each search move

    @property
    def outcome(self) -> str:
        if self.search_score > self.greedy_score:
            return "win"
        return "draw" if self.search_score == self.greedy_score else "loss"


def self_play(
    lexicon: Lexicon,
    games: int,
    seed: int,
    seconds: float,
    rules: BaldaRules | None = None,
    on_game: Callable[[GameResult], None] | None = None,
) -> list[GameResult]:
    """``games`` games of search vs greedy; game 2k and 2k+1 share a start word, colours swapped."""
    rules = rules or BaldaRules()
    rng = random.Random(seed)
    results: list[GameResult] = []
    ours: Chooser = functools.partial(
        search_decision, lexicon=lexicon, seconds=seconds, alternatives=0
    )
    for game in range(games):
        if game % 2 == 0:
            start = random_start(lexicon, rng, rules)
        search_first = game % 2 == 0
        greedy: Chooser = functools.partial(
            greedy_decision, lexicon=lexicon, rng=random.Random(rng.random())
        )
        first, second = (ours, greedy) if search_first else (greedy, ours)
        record = play_game(start, first, second)
        me = 0 if search_first else 1
        depths = tuple(
            int(str(d.extra["depth"]))
            for i, d in enumerate(record.decisions)
            if i % 2 == me and "depth" in d.extra
        )
        result = GameResult(
            start_word=start.used[0],
            search_first=search_first,
            search_score=record.final.scores[me],
            greedy_score=record.final.scores[1 - me],
            depths=depths,
        )
        results.append(result)
        if on_game is not None:
            on_game(result)
    return results
