"""The Minesweeper benchmark driver: seeded simulated games, in parallel, with the figures.

Game ``i`` of a run with seed ``S`` is laid out from the seed ``S * 10**7 + i``, so a run is
reproducible whatever the number of jobs. Each worker plays whole games with its own solver and
returns per-game results: won or lost, the time of every solver call, and every guess (its
predicted mine probability and whether it was a mine), which feeds the calibration table.
"""

from __future__ import annotations

import multiprocessing as mp
import time
from collections.abc import Generator, Iterator
from dataclasses import dataclass

from solvers.minesweeper.game import Game, Status
from solvers.minesweeper.rules import FirstClick, Level
from solvers.minesweeper.solver import Solver
from solvers.minesweeper.strength import DEFAULT, Setting


@dataclass(frozen=True)
class BenchSpec:
    """What a benchmark run plays: level, first-click rule, seed and solver settings."""

    level: Level
    rules: FirstClick
    seed: int
    first_inset: int | None = None
    engine: Setting = DEFAULT
    first_cell: tuple[int, int] | None = None  # the first click's cell (negative: from the end)


@dataclass
class GameResult:
    """One simulated game: won or lost, solver times, and each guess for calibration."""

    won: bool
    call_ms: list[float]  # solver time of each plan() call
    guesses: list[tuple[float, bool]]  # (predicted mine probability, was a mine)
    cpu_s: float = 0.0  # CPU time of the whole game (solver and simulator), load-independent
    index: int = -1  # the game's number in its run (its layout's seed is game_seed(seed, index))


def game_seed(seed: int, index: int) -> int:
    return seed * 10**7 + index


def play_game(spec: BenchSpec, index: int, solver: Solver | None = None) -> GameResult:
    """Play one seeded game to the end with the staged solver."""
    level = spec.level
    solver = solver or make_solver(spec)
    cpu_start = time.process_time()
    game = Game(level, spec.rules, seed=game_seed(spec.seed, index))
    calls: list[float] = []
    guesses: list[tuple[float, bool]] = []
    while not game.over:
        board = game.board()
        start = time.perf_counter()
        plan = solver.plan(board, level.mines)
        calls.append((time.perf_counter() - start) * 1000)
        for decision in plan:
            game.apply(decision.move)
            p = decision.probability
            if decision.stage not in ("first", "certain", "probability") and p is not None:
                guesses.append((p, game.status is Status.LOST))
            if game.over:
                break
    cpu = time.process_time() - cpu_start
    return GameResult(game.status is Status.WON, calls, guesses, cpu, index)


def make_solver(spec: BenchSpec) -> Solver:
    solver = Solver(spec.rules, seed=spec.seed)
    solver.first_inset = spec.first_inset
    solver.first_cell = spec.first_cell
    solver.use(spec.engine)
    return solver


def _work(args: tuple[tuple[BenchSpec, ...], range]) -> list[tuple[GameResult, ...]]:
    """Each game of ``indices`` played once by every spec (the same layout for each)."""
    specs, indices = args
    solvers = [make_solver(spec) for spec in specs]
    return [
        tuple(play_game(spec, i, solver) for spec, solver in zip(specs, solvers, strict=True))
        for i in indices
    ]


def chunks(games: int, chunk: int, start: int = 0) -> list[range]:
    """Game numbers ``start`` to ``start + games - 1`` in runs of ``chunk``: the unit of work of
    a pool or a Ray task."""
    end = start + games
    return [range(i, min(i + chunk, end)) for i in range(start, end, chunk)]


def ray_chunk(games: int) -> int:
    """Games a Ray task plays: enough that a task outlasts its scheduling, few enough that a
    run of 10**7 games keeps every node busy to the end (1000 chunks or more)."""
    return max(20, min(2000, games // 1000))


def run_games(
    spec: BenchSpec, games: int, jobs: int, chunk: int = 20
) -> Iterator[list[GameResult]]:
    """Results in chunks as they finish (order varies with ``jobs``; the set does not)."""
    for done in run_many((spec,), games, jobs, chunk):
        yield [results[0] for results in done]


def run_many(
    specs: tuple[BenchSpec, ...],
    games: int,
    jobs: int,
    chunk: int = 20,
    ray: str | None = None,
    start: int = 0,
) -> Generator[list[tuple[GameResult, ...]], None, None]:
    """Every game played by each spec in turn (paired results), chunk by chunk as they finish;
    on the Ray cluster at ``ray`` ("auto" or an address) when given, else in ``jobs``
    processes; games ``start`` on. Game ``i`` is the same whoever plays it, so the figures are
    the same too."""
    tasks = [(specs, indices) for indices in chunks(games, chunk, start)]
    if ray is not None:
        from bot.bench.ray_runner import run_on_ray

        yield from run_on_ray(ray, _work, tasks)
        return
    if jobs <= 1:
        for task in tasks:
            yield _work(task)
        return
    ctx = mp.get_context("fork")
    with ctx.Pool(jobs, initializer=_leave_ctrl_c_to_the_parent) as pool:
        yield from pool.imap_unordered(_work, tasks)


def _leave_ctrl_c_to_the_parent() -> None:
    """Workers ignore Ctrl+C: the parent stops the pool and prints the figures so far. The
    parent's SIGTERM handler (a kill ends a session as Ctrl+C does) is not theirs: the pool
    ends its workers with SIGTERM, which printed a traceback from each."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
