"""The figures of ``gamebot bench erudit``: one player against another (seats alternated, the
deal shared by each pair of games), and move-generation speed on the mid-game boards those
games passed through.

Pure functions returning numbers and report lines; the command wires progress, Ctrl+C and
printing. The games are played by :mod:`bot.bench.erudit_match`.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.bench.erudit_match import HeadToHead, Record
from bot.run.stats import median
from solvers.erudit.board import Board
from solvers.erudit.dictionary import WordGraph
from solvers.erudit.rules import Rules
from solvers.erudit.selfplay import time_movegen

#: Wildcards on the rack for each move-generation timing (none, one, three).
WILDCARDS = (0, 1, 3)


def no_timings() -> dict[int, list[float]]:
    return {n: [] for n in WILDCARDS}


def movegen_timings(
    boards: list[tuple[Board, str]], graph: WordGraph, rules: Rules, seed: int,
    timings: dict[int, list[float]], on_board: Callable[[], None] | None = None,
) -> dict[int, list[float]]:
    """CPU seconds to list every move of each board, for each number of wildcards
    (``timings``, from :func:`no_timings`, fills board by board: a stopped run keeps them)."""
    for n, times in timings.items():
        time_movegen(boards, graph, rules, n, seed, times, on_board)
    return timings


def _record(r: Record) -> dict[str, object]:
    low, high = r.interval()
    return {"games": r.games, "wins": r.wins, "losses": r.losses, "ties": r.ties,
            "win_rate": round(r.rate, 4), "ci95_low": round(low, 4), "ci95_high": round(high, 4)}


def _wlt(r: Record) -> str:
    low, high = r.interval()
    return (f"{r.wins}-{r.losses}-{r.ties} of {r.games}: {r.rate:.1%} "
            f"(95 % CI {low:.1%}-{high:.1%})")


def _seconds(values: list[float]) -> dict[str, float]:
    if not values:
        return {"mean": 0.0, "median": 0.0, "max": 0.0}
    return {"mean": round(sum(values) / len(values), 4), "median": round(median(values), 4),
            "max": round(max(values), 4)}


def report(
    rules: Rules, graph: WordGraph, names: tuple[str, str], match: HeadToHead,
    timings: dict[int, list[float]], seed: int, think: float,
) -> tuple[dict[str, object], list[str]]:
    """The summary (``--json``) and the lines a person reads; ``names`` are (player, opponent)."""
    p, q = names
    ms = {n: median(t) * 1000 for n, t in timings.items()}
    secs = [_seconds(match.seconds[0]), _seconds(match.seconds[1])]
    summary: dict[str, object] = {
        "rules": rules.name,
        "player": p,
        "opponent": q,
        "think": think,
        **_record(match.overall),
        "player_first": _record(match.first),
        "player_second": _record(match.second),
        "first_mover": _record(match.first_mover),
        "mean_final_player": round(match.mean_final(0), 1),
        "mean_final_opponent": round(match.mean_final(1), 1),
        "points_per_turn_player": round(match.points_per_turn(0), 2),
        "points_per_turn_opponent": round(match.points_per_turn(1), 2),
        "exchanges_player": match.exchanges[0],
        "exchanges_opponent": match.exchanges[1],
        "bingos_player": match.bingos[0],
        "bingos_opponent": match.bingos[1],
        "move_seconds_player": secs[0],
        "move_seconds_opponent": secs[1],
        "movegen_positions": len(timings[3]),
        "movegen_ms_median": round(ms[0], 2),
        "movegen_ms_median_1wild": round(ms[1], 2),
        "movegen_ms_median_3wild": round(ms[3], 2),
    }
    timed = ", ".join(f"{label} {ms[n]:.1f}" for n, label in ((0, "no wildcard"), (1, "one"),
                                                            (3, "three")) if timings[n])
    lines = [
        f"{rules.title}: {len(graph)} words, {match.games} games (each pair of games shares a "
        f"deal, seats swapped), seed {seed}",
        f"{p} vs {q}: {_wlt(match.overall)}",
        f"  {p} moving first: {_wlt(match.first)}",
        f"  {p} moving second: {_wlt(match.second)}",
        f"first-player advantage: the side moving first won {_wlt(match.first_mover)}",
        f"mean final score: {p} {match.mean_final(0):.1f}, {q} {match.mean_final(1):.1f}; "
        f"points a turn {match.points_per_turn(0):.2f} vs {match.points_per_turn(1):.2f}; "
        f"whole-rack turns {match.bingos[0]} vs {match.bingos[1]}; "
        f"exchanges {match.exchanges[0]} vs {match.exchanges[1]}",
        f"CPU seconds a move (mean, median, max): {p} {secs[0]['mean']:.3f} "
        f"{secs[0]['median']:.3f} {secs[0]['max']:.3f}; {q} {secs[1]['mean']:.3f} "
        f"{secs[1]['median']:.3f} {secs[1]['max']:.3f}",
        f"all moves of {len(timings[0])} mid-game boards (CPU ms, median): "
        + (timed or "not measured"),
    ]
    return summary, lines
