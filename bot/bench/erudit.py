"""The measurements behind ``gamebot bench erudit``: equity against greedy in self-play, and
move-generation speed on the mid-game boards those games passed through.

Pure functions returning numbers and report lines; the command wires progress, Ctrl+C and
printing. The games themselves are :func:`solvers.erudit.selfplay.play_match`.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.run.stats import median, wilson_interval
from solvers.erudit.dictionary import WordGraph
from solvers.erudit.game import Chooser, GameRecord
from solvers.erudit.rules import Rules
from solvers.erudit.selfplay import MatchResult, play_match, time_movegen

#: Wildcards on the rack for each move-generation timing (none, one, three).
WILDCARDS = (0, 1, 3)


def self_play(
    player: Chooser, opponent: Chooser, rules: Rules, graph: WordGraph, games: int, seed: int,
    keep_boards: int, on_game: Callable[[int, GameRecord, MatchResult], None] | None = None,
    result: MatchResult | None = None,
) -> MatchResult:
    """``games`` seeded games of ``player`` against ``opponent`` (``result`` fills as they end,
    so an interrupted run keeps what it played)."""
    result = result if result is not None else MatchResult()
    play_match(player, opponent, rules, graph, games, seed, on_game, keep_boards=keep_boards,
               result=result)
    return result


def no_timings() -> dict[int, list[float]]:
    return {n: [] for n in WILDCARDS}


def movegen_timings(
    result: MatchResult, graph: WordGraph, rules: Rules, seed: int,
    timings: dict[int, list[float]], on_board: Callable[[], None] | None = None,
) -> dict[int, list[float]]:
    """CPU seconds to list every move of each kept board, for each number of wildcards
    (``timings``, from :func:`no_timings`, fills board by board: a stopped run keeps them)."""
    for n, times in timings.items():
        time_movegen(result.boards, graph, rules, n, seed, times, on_board)
    return timings


def report(
    rules: Rules, graph: WordGraph, result: MatchResult, timings: dict[int, list[float]],
    seed: int,
) -> tuple[dict[str, object], list[str]]:
    """The summary (``--json``) and the lines a person reads."""
    games = max(result.games, 1)
    low, high = wilson_interval(int(result.wins + 0.5 * result.ties), result.games)
    ms = {n: median(t) * 1000 for n, t in timings.items()}
    summary: dict[str, object] = {
        "rules": rules.name,
        "games": result.games,
        "wins": result.wins,
        "losses": result.losses,
        "ties": result.ties,
        "win_rate": round(result.win_rate, 4),
        "ci95_low": round(low, 4),
        "ci95_high": round(high, 4),
        "movegen_positions": len(timings[3]),
        "movegen_ms_median": round(ms[0], 2),
        "movegen_ms_median_1wild": round(ms[1], 2),
        "movegen_ms_median_3wild": round(ms[3], 2),
        "points_per_turn_equity": round(result.points_per_turn(0), 2),
        "points_per_turn_greedy": round(result.points_per_turn(1), 2),
        "exchanges_equity": result.exchanges[0],
        "exchanges_greedy": result.exchanges[1],
        "bingos_equity": result.bingos[0],
        "bingos_greedy": result.bingos[1],
        "mean_final_equity": round(result.final[0] / games, 1),
        "mean_final_greedy": round(result.final[1] / games, 1),
    }
    timed = ", ".join(f"{label} {ms[n]:.1f}" for n, label in ((0, "no wildcard"), (1, "one"),
                                                            (3, "three")) if timings[n])
    lines = [
        f"{rules.title}: {len(graph)} words, {result.games} games, seed {seed}",
        f"equity vs greedy: {result.wins} wins, {result.losses} losses, {result.ties} ties: "
        f"{result.win_rate:.1%} (95 % CI {low:.1%}-{high:.1%})",
        f"points a turn: equity {summary['points_per_turn_equity']}, "
        f"greedy {summary['points_per_turn_greedy']}; whole-rack turns {result.bingos[0]} vs "
        f"{result.bingos[1]}; exchanges {result.exchanges[0]} vs {result.exchanges[1]}",
        f"all moves of {len(timings[0])} mid-game boards (CPU ms, median): "
        + (timed or "not measured"),
    ]
    return summary, lines
