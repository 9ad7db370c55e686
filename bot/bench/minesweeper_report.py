"""Figures of a Minesweeper benchmark run: win rate, speed, and the calibration table/plot."""

from __future__ import annotations

import argparse
import time
from contextlib import closing
from dataclasses import dataclass, replace

from bot.bench.minesweeper import BenchSpec, GameResult, ray_chunk, run_many
from bot.bench.minesweeper_paired import versus_figures
from bot.bench.saved_outcomes import load_outcomes, save_outcomes
from bot.cli.interrupt import until_interrupted
from bot.cli.progress import progress_bar
from bot.cli.report import emit
from bot.errors import GamebotError
from bot.run.pictures import check_output
from bot.run.stats import median, percentile, wilson_interval
from solvers.minesweeper.strength import Setting, parse_setting


@dataclass
class Decile:
    """Guesses whose predicted mine probability fell in [low, high), and how many were mines."""

    low: float
    high: float
    guesses: int
    mines: int
    predicted: float  # mean predicted mine probability

    @property
    def observed(self) -> float:
        return self.mines / self.guesses if self.guesses else float("nan")

    def to_dict(self) -> dict[str, object]:
        lo, hi = wilson_interval(self.mines, self.guesses)
        gap = abs(self.observed - self.predicted) if self.guesses else None
        return {
            "range": [self.low, self.high],
            "guesses": self.guesses,
            "predicted": self.predicted if self.guesses else None,
            "observed": self.observed if self.guesses else None,
            "observed_ci95": [lo, hi],
            "gap_pp": None if gap is None else round(gap * 100, 3),
        }


def calibration(guesses: list[tuple[float, bool]], bins: int = 10) -> list[Decile]:
    """Guesses grouped by predicted probability into ``bins`` equal ranges."""
    out = []
    for k in range(bins):
        lo, hi = k / bins, (k + 1) / bins
        inside = [(p, m) for p, m in guesses if lo <= p < hi or (k == bins - 1 and p == 1.0)]
        mean = sum(p for p, _ in inside) / len(inside) if inside else float("nan")
        out.append(Decile(lo, hi, len(inside), sum(1 for _, m in inside if m), mean))
    return out


def bench(args: argparse.Namespace) -> int:
    from solvers.minesweeper import engine
    from solvers.minesweeper.rules import FirstClick, Level

    level = Level.parse(args.level)
    setting, versus = engine_settings(args)
    spec = BenchSpec(level, FirstClick(args.rules), args.seed, args.first, setting,
                     args.first_cell)
    specs = (spec,) if versus is None else (spec, replace(spec, engine=versus))
    first = args.from_game
    if first < 0:
        raise GamebotError(f"--from-game must be 0 or more, not {first}")
    end = first + args.games  # game numbers first .. end - 1
    saved = None
    if args.versus_saved:
        if versus is not None:
            raise GamebotError("--versus and --versus-saved both name the reference: give one")
        saved = load_outcomes(args.versus_saved, spec, end)
    plot = check_output(args.calibration_plot, PLOT_SUFFIXES) if args.calibration_plot else None
    pairs: list[tuple[GameResult, ...]] = []
    chunk = ray_chunk(args.games) if args.ray else 20
    start = saved_at = time.perf_counter()
    with until_interrupted() as stop, progress_bar(args.games, f"{level.name} games") as bar, \
            closing(run_many(specs, args.games, args.jobs, chunk, args.ray, first)) as runs:
        for done in runs:
            pairs.extend(done)
            won = sum(p[0].won for p in pairs)
            bar.advance(len(done), status=f"{100 * won / len(pairs):.2f} % won")
            if time.perf_counter() - saved_at > SAVE_EVERY_S:
                _save(args, specs, end, pairs)
                saved_at = time.perf_counter()
    elapsed = time.perf_counter() - start
    results = [p[0] for p in pairs]
    wins = sum(r.won for r in results)
    n = len(results)
    if not n:
        emit({"level": level.name, "games": 0, "stopped": stop.reason},
             ["no game finished", *stop.line()], args.json)
        return stop.exit_code()
    low, high = wilson_interval(wins, n)
    calls = [ms for r in results for ms in r.call_ms]
    guesses = [g for r in results for g in r.guesses]
    size = f"{level.rows}x{level.cols}/{level.mines}"
    cpu_ms = 1000 * sum(r.cpu_s for r in results) / n
    summary: dict[str, object] = {
        "level": level.name,
        "size": size,
        "rules": args.rules,
        "seed": args.seed,
        "from_game": first,
        "jobs": args.jobs,
        "engine": "C" if engine.COMPILED else "python",
        "engine_setting": setting.name,
        "lookahead": setting.guess.lookahead,
        "ray": args.ray,
        "first_inset": args.first,
        "first_cell": list(args.first_cell) if args.first_cell else None,
        "games": n,
        "wins": wins,
        "win_rate": wins / n,
        "ci95_low": low,
        "ci95_high": high,
        "seconds": elapsed,
        "games_per_s": n / elapsed,
        "decisions": len(calls),
        "ms_per_decision_median": median(calls),
        "ms_per_decision_p99": percentile(calls, 99),
        "guesses": len(guesses),
        "cpu_ms_per_game": cpu_ms,
    }
    lines = [
        f"{level.name} ({size}), {args.rules} first click{_where(args)}, seed {args.seed}:"
        f" {wins} / {n} won = {100 * wins / n:.2f} %"
        f" (95 % CI {100 * low:.2f}-{100 * high:.2f} %)",
        f"speed: {n / elapsed:.2f} games/s with {args.jobs} job(s), {elapsed:.1f} s;"
        f" solver {median(calls):.3f} ms median, {percentile(calls, 99):.2f} ms p99"
        f" per decision ({len(calls)} decisions, {summary['engine']} engine)",
        f"CPU: {cpu_ms:.1f} ms a game (solver and simulator), i.e."
        f" {1000 / max(cpu_ms, 1e-9):.1f} games/s per free core",
    ]
    for path in _save(args, specs, end, pairs):
        lines.append(f"outcomes of the {n} games written to {path}")
    if saved is not None:  # read again: a run still saving them has added games meanwhile
        name, outcomes = load_outcomes(args.versus_saved, spec, end)
        pairs = [(r, o) for r in results if (o := outcomes[r.index]) is not None]
        versus = replace(setting, name=f"{name} (saved)")
    if versus is not None:
        fields, more = versus_figures(pairs, setting.name, versus.name)
        summary.update(fields)
        lines[0] += f", engine {setting.name}"
        lines += more
    if plot is not None:
        table = calibration(guesses)
        summary["calibration"] = [d.to_dict() for d in table]
        lines += _calibration_lines(table)
        _plot(table, str(plot), f"{level.name} {args.rules}, {n} games")
        lines.append(f"calibration plot written to {plot}")
    summary["stopped"] = stop.reason
    lines += stop.line()
    emit(summary, lines, args.json)
    return stop.exit_code()


def _save(
    args: argparse.Namespace,
    specs: tuple[BenchSpec, ...],
    end: int,
    pairs: list[tuple[GameResult, ...]],
) -> list[str]:
    """Write the outcomes asked for (``--save-outcomes``, ``--save-versus-outcomes``); the
    paths written."""
    written = []
    for k, path in enumerate((args.save_outcomes, args.save_versus_outcomes)):
        if path and k < len(specs):
            save_outcomes(path, specs[k], end, [p[k] for p in pairs])
            written.append(path)
    return written


PLOT_SUFFIXES = (".png", ".svg", ".pdf")
SAVE_EVERY_S = 60.0  # --save-outcomes rewrites its file this often during a run


def engine_settings(args: argparse.Namespace) -> tuple[Setting, Setting | None]:
    """The engine measured (``--engine``, or ``safest`` for ``--no-lookahead``) and the one it
    is paired against (``--versus``), read from their names."""
    name = args.engine
    if args.no_lookahead:
        if name not in (None, "safest"):
            raise GamebotError("--no-lookahead is --engine safest: give one of the two")
        name = "safest"
    try:
        setting = parse_setting(name or "default")
        versus = parse_setting(args.versus) if args.versus else None
    except ValueError as exc:
        raise GamebotError(str(exc)) from None
    return setting, versus


def _where(args: argparse.Namespace) -> str:
    if args.from_game:
        return f" (games {args.from_game} on)" + _where_first(args)
    return _where_first(args)


def _where_first(args: argparse.Namespace) -> str:
    if args.first_cell:
        return " at ({}, {})".format(*args.first_cell)
    return f" {args.first} in" if args.first is not None else ""


MIN_GUESSES = 100  # a decile with fewer guesses is reported as too small to judge


def _calibration_lines(table: list[Decile]) -> list[str]:
    lines = ["calibration of guesses (predicted mine probability vs how often it was a mine):"]
    lines.append("  range       guesses  predicted  observed  gap (pp)  verdict")
    for d in table:
        if not d.guesses:
            lines.append(f"  {d.low:.1f}-{d.high:.1f}    {0:7d}  no guesses in this range")
            continue
        gap = abs(d.observed - d.predicted) * 100
        if d.guesses < MIN_GUESSES:
            verdict = f"too few guesses (< {MIN_GUESSES}) to judge"
        else:
            verdict = "within 2 pp" if gap <= 2 else "OFF by more than 2 pp"
        lines.append(
            f"  {d.low:.1f}-{d.high:.1f}    {d.guesses:7d}  {100 * d.predicted:8.2f}%"
            f"  {100 * d.observed:7.2f}%  {gap:8.2f}  {verdict}"
        )
    return lines


def _plot(table: list[Decile], path: str, title: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    filled = [d for d in table if d.guesses]
    fig, ax = plt.subplots(figsize=(6, 6))
    ax.plot([0, 1], [0, 1], color="grey", linestyle="--", label="perfect calibration")
    xs = [d.predicted for d in filled]
    ys = [d.observed for d in filled]
    errs = []
    for d in filled:
        lo, hi = wilson_interval(d.mines, d.guesses)
        errs.append((d.observed - lo, hi - d.observed))
    ax.errorbar(
        xs,
        ys,
        yerr=list(zip(*errs, strict=True)) if errs else None,
        fmt="o",
        capsize=3,
        label="guesses by decile (95 % CI)",
    )
    for d in filled:
        ax.annotate(f"{d.guesses}", (d.predicted, d.observed), textcoords="offset points",
                    xytext=(6, -10), fontsize=7)
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.set_xlabel("predicted mine probability (mean in decile)")
    ax.set_ylabel("observed mine frequency")
    ax.set_title(f"Minesweeper guess calibration: {title}")
    ax.legend(loc="upper left")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
