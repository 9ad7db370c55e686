"""Balda commands: list every legal move, pick the best one, and benchmark the engine.

``gamebot balda moves POSITION.txt``, ``gamebot balda best POSITION.txt [--time S] [--explain]``
and ``gamebot bench balda --games N --seed S [--json]``. Positions are state text files (see
``solvers/balda/state.py``); ``-`` reads standard input.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import TYPE_CHECKING

from bot.cli.options import (
    add_json,
    count,
    named_input,
    positive_float,
    positive_int,
    read_input,
)
from bot.cli.registry import Command
from solvers.words.alphabet import LANGUAGES

if TYPE_CHECKING:
    from bot.bench.balda import GameResult
    from solvers.balda import BaldaState, Lexicon


def _dictionary_options(parser: argparse.ArgumentParser, position: bool = True) -> None:
    default = (
        "inferred from the position's letters (Ґ Є І Ї: uk, Latin: en), else ru"
        if position
        else "ru"
    )
    parser.add_argument(
        "--lang",
        choices=LANGUAGES,
        default=None,
        help=f"language of the built-in noun list and of the letters the grid may hold "
        f"(default: {default})",
    )
    parser.add_argument(
        "--dictionary",
        metavar="FILE",
        help="word list to use instead of the built-in nouns: UTF-8, one word a line, "
        "'#' comments (a site's own dictionary decides what is legal)",
    )
    parser.add_argument(
        "--with-plurals",
        action="store_true",
        help="also accept plural-only nouns such as НОЖНИЦЫ (built-in ru/uk lists only)",
    )
    add_json(parser)


def _lexicon(args: argparse.Namespace, state: BaldaState | None = None) -> Lexicon:
    """The dictionary the options ask for; with a position, checked against its letters."""
    import gc

    from solvers.balda import Lexicon, check_position, position_language

    lang = args.lang or (position_language(state) if state is not None else "ru")
    if args.dictionary:
        # The file's own letters name its language when they can; else the grid's (or ru).
        lexicon = Lexicon.from_file(
            args.dictionary, alphabet=None, language=args.lang, default_language=lang
        )
    else:
        lexicon = Lexicon.for_language(lang, plural_only=args.with_plurals)
    if state is not None:
        with named_input(args.position):
            check_position(state, lexicon)
    # The trie is a quarter of a million dicts that live as long as the process; keep the
    # cyclic garbage collector from re-scanning them during search (about 20 % faster).
    gc.freeze()
    return lexicon


def _read_position(name: str) -> BaldaState:
    from solvers.balda import BaldaState

    text = read_input(name)
    with named_input(name):
        return BaldaState.from_text(text)


# ----- balda moves -------------------------------------------------------------------------
def _configure_moves(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("position", metavar="POSITION.txt", help="state text file, or - for stdin")
    parser.add_argument(
        "--limit", type=count, default=0, metavar="N", help="show only the first N moves"
    )
    _dictionary_options(parser)


def _run_moves(args: argparse.Namespace) -> int:
    from bot.cli.report import emit
    from bot.cli.timing import WallClock
    from solvers.balda import generate_moves

    clock = WallClock()
    with clock.part("position"):
        state = _read_position(args.position)
    with clock.part("dictionary"):
        lexicon = _lexicon(args, state)
    start = time.perf_counter()
    with clock.part("move generation"):
        moves = generate_moves(state, lexicon)
    ms = (time.perf_counter() - start) * 1000
    distinct = len({(m.cell, m.letter, m.word) for m in moves})
    shown = moves[: args.limit] if args.limit else moves
    lines = [
        f"{len(moves)} legal moves ({distinct} distinct cell+letter+word) in {ms:.1f} ms",
        *(f"{m.score:3d}  {m.to_text()}" for m in shown),
    ]
    if not moves:
        lines.append("no legal move: the player must pass")
    lines.append(clock.line())
    summary = {
        "count": len(moves),
        "distinct": distinct,
        "ms": round(ms, 3),
        "moves": [m.to_text() for m in shown],
        "seconds": clock.to_dict(),
    }
    emit(summary, lines, args.json)
    return 0


# ----- balda best --------------------------------------------------------------------------
def _configure_best(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("position", metavar="POSITION.txt", help="state text file, or - for stdin")
    parser.add_argument(
        "--time",
        type=positive_float,
        default=1.0,
        metavar="S",
        help="thinking time in seconds (default 1.0); depth 1 always completes",
    )
    parser.add_argument(
        "--depth",
        type=positive_int,
        default=None,
        metavar="D",
        help="stop after D plies (default: when the time is up)",
    )
    parser.add_argument(
        "--explain", action="store_true", help="say why: depth, nodes, best alternatives"
    )
    _dictionary_options(parser)


def _run_best(args: argparse.Namespace) -> int:
    from bot.cli.report import emit
    from bot.cli.timing import WallClock
    from solvers.balda import search_decision

    clock = WallClock()
    with clock.part("position"):
        state = _read_position(args.position)
    with clock.part("dictionary"):
        lexicon = _lexicon(args, state)
    with clock.part("search"):
        decision = search_decision(state, lexicon, seconds=args.time, max_depth=args.depth)
    lines = [decision.move.to_text()]
    if args.explain:
        lines.append(f"why: {decision.stage}: {decision.reason}")
        candidates = decision.extra.get("candidates")
        if isinstance(candidates, list | tuple) and candidates:
            lines.append("candidates (word@cell value; <= marks an upper bound):")
            lines.extend(f"  {c}" for c in candidates)
        lines.append(clock.line())
    emit({**decision.to_dict(), "seconds": clock.to_dict()}, lines, args.json)
    return 0


# ----- bench balda -------------------------------------------------------------------------
def _configure_bench(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--games", type=count, default=100, metavar="N", help="self-play games (default 100)"
    )
    parser.add_argument("--seed", type=int, default=1, metavar="S", help="random seed (default 1)")
    parser.add_argument(
        "--time",
        type=positive_float,
        default=0.25,
        metavar="S",
        help="search time per move in the games, seconds (default 0.25)",
    )
    parser.add_argument(
        "--size", type=int, default=5, choices=(5, 6, 7), help="grid size (default 5)"
    )
    parser.add_argument(
        "--positions",
        type=count,
        default=200,
        metavar="N",
        help="midgame positions to time move generation on (default 200)",
    )
    parser.add_argument(
        "--depth-positions",
        type=count,
        default=50,
        metavar="N",
        help="midgame positions to measure search depth on (default 50)",
    )
    parser.add_argument(
        "--depth-time",
        type=positive_float,
        default=1.0,
        metavar="S",
        help="search time per depth-probe position (default 1.0)",
    )
    parser.add_argument(
        "--cpu-clock",
        action="store_true",
        help="count the depth-probe budget in this process's CPU seconds instead of wall "
        "time (what a quiet machine would do when other jobs share the cores)",
    )
    parser.add_argument(
        "--oracle",
        type=count,
        default=0,
        metavar="N",
        help="also check move generation against the brute-force oracle on N midgame "
        "positions (about 0.5 s each; default 0)",
    )
    _dictionary_options(parser, position=False)


def _run_bench(args: argparse.Namespace) -> int:
    import os
    import random

    from bot.bench.balda import (
        depth_seconds,
        oracle_mismatches,
        probe_depth,
        self_play,
        time_movegen,
    )
    from bot.cli.interrupt import until_interrupted
    from bot.cli.progress import progress_bar
    from bot.cli.report import emit
    from bot.cli.timing import WallClock
    from bot.run.stats import median
    from solvers.balda import BaldaRules
    from solvers.balda.positions import midgame_positions

    clock = WallClock()
    load_before = os.getloadavg()[0]
    with clock.part("dictionary"):
        lexicon = _lexicon(args)
    rules = BaldaRules(size=args.size)
    needed = max(args.positions, args.depth_positions, args.oracle)
    rng = random.Random(args.seed)
    positions: list[BaldaState] = []
    timings: list[tuple[float, float, int]] = []
    bad: list[BaldaState] = []
    checked = 0
    depths: list[int] = []
    cpu3: list[float] = []
    results: list[GameResult] = []
    with until_interrupted() as stop:
        with clock.part("midgame positions"), progress_bar(needed, "midgame positions") as bar:
            for _ in range(needed):  # one at a time: the same positions as all at once
                positions += midgame_positions(lexicon, rng, 1, rules)
                bar.advance()
        with clock.part("move-generation timings"), progress_bar(
            min(args.positions, len(positions)), "move generation timings"
        ) as bar:
            for state in positions[: args.positions]:
                timings += time_movegen([state], lexicon)
                bar.advance()
        if args.oracle:
            with clock.part("oracle check"), progress_bar(args.oracle, "oracle check") as bar:
                for state in positions[: args.oracle]:
                    bad += oracle_mismatches([state], lexicon)
                    checked += 1
                    bar.advance()
        probe = positions[: args.depth_positions]
        with clock.part("search depth"), progress_bar(
            len(probe), f"search depth in {args.depth_time:g} s"
        ) as bar:
            for state in probe:
                depths += probe_depth([state], lexicon, args.depth_time, args.cpu_clock)
                bar.advance(status=f"median {median([float(d) for d in depths]):g}")
        with clock.part("time to 3 plies"), progress_bar(len(probe), "time to 3 plies") as bar:
            for state in probe:
                cpu3 += depth_seconds([state], lexicon, 3)
                bar.advance()
        if args.games:
            with clock.part("self-play games"), progress_bar(
                args.games, "self-play vs greedy"
            ) as bar:

                def seen(result: GameResult) -> None:
                    results.append(result)
                    won = sum(r.outcome == "win" for r in results)
                    bar.advance(status=f"won {won}/{len(results)}")

                self_play(lexicon, args.games, args.seed, args.time, rules, seen)
    summary: dict[str, object] = {
        "size": args.size,
        "seed": args.seed,
        "words": len(lexicon),
        "lang": lexicon.language,
    }
    lines = [
        f"Balda {args.size}x{args.size}, {len(lexicon)} words ({lexicon.language_name}), "
        f"seed {args.seed}"
    ]
    lines += _movegen_figures(timings, summary)
    for state in bad:
        print(f"generator and oracle disagree on:\n{state.to_text()}", file=sys.stderr)
    if args.oracle:
        lines.append(f"oracle: {checked} positions, {len(bad)} where the generator disagrees")
        summary.update(oracle_positions=checked, oracle_mismatches=len(bad))
    lines += _depth_figures(depths, cpu3, args, summary)
    lines += _game_figures(results, args, summary)
    load_after = os.getloadavg()[0]
    summary.update(stopped=stop.reason, seconds=clock.to_dict(), load_avg_start=load_before,
                   load_avg_end=load_after)
    summary["elapsed_s"] = round(summary["seconds"]["total"], 1)  # type: ignore[index]
    lines += stop.line()
    lines.append(clock.line("took"))
    lines.append(
        f"1-minute load average {load_before:.1f} at start, {load_after:.1f} at end"
        f" (on {os.cpu_count()} cores)"
    )
    emit(summary, lines, args.json)
    return stop.exit_code(1 if bad else 0)


def _movegen_figures(
    timings: list[tuple[float, float, int]], summary: dict[str, object]
) -> list[str]:
    from bot.run.stats import median, percentile

    ms = [wall for wall, _, _ in timings]
    cpu_ms = [cpu for _, cpu, _ in timings]
    counts = [float(n) for _, _, n in timings]
    summary.update(
        positions=len(timings),
        movegen_ms_median=round(median(ms), 3),
        movegen_ms_p95=round(percentile(ms, 95), 3),
        movegen_ms_max=round(max(ms, default=float("nan")), 3),
        movegen_cpu_ms_median=round(median(cpu_ms), 3),
        movegen_cpu_ms_p95=round(percentile(cpu_ms, 95), 3),
        moves_per_position_median=median(counts),
    )
    if not timings:
        return []
    return [
        f"move generation: {len(timings)} midgame positions, median "
        f"{median(ms):.2f} ms, p95 {percentile(ms, 95):.2f} ms, max {max(ms):.2f} ms wall "
        f"(CPU: median {median(cpu_ms):.2f} ms, p95 {percentile(cpu_ms, 95):.2f} ms); "
        f"{median(counts):.0f} moves per position (median)"
    ]


def _depth_figures(
    depths: list[int], cpu3: list[float], args: argparse.Namespace, summary: dict[str, object]
) -> list[str]:
    from bot.run.stats import median, percentile

    if not depths:
        return []
    clock = "CPU" if args.cpu_clock else "wall"
    at_least_3 = sum(1 for d in depths if d >= 3)
    lines = [
        f"search depth in {args.depth_time:g} s ({clock} clock): {len(depths)} midgame "
        f"positions, median {median([float(d) for d in depths]):g} plies, min "
        f"{min(depths)}, {at_least_3}/{len(depths)} reach 3 or more"
    ]
    summary.update(
        depth_positions=len(depths),
        depth_seconds=args.depth_time,
        depth_clock=clock.lower(),
        search_depth_median=median([float(d) for d in depths]),
        search_depth_min=min(depths),
        search_depth_at_least_3=at_least_3,
    )
    if cpu3:
        lines.append(
            f"CPU time to finish 3 plies: median {median(cpu3):.3f} s, p95 "
            f"{percentile(cpu3, 95):.3f} s, max {max(cpu3):.3f} s"
            + (f" ({len(cpu3)} positions)" if len(cpu3) < len(depths) else "")
        )
        summary.update(
            depth3_cpu_s_median=round(median(cpu3), 4),
            depth3_cpu_s_p95=round(percentile(cpu3, 95), 4),
            depth3_cpu_s_max=round(max(cpu3), 4),
        )
    return lines


def _game_figures(
    results: list[GameResult], args: argparse.Namespace, summary: dict[str, object]
) -> list[str]:
    from bot.run.stats import median, wilson_interval

    wins = sum(r.outcome == "win" for r in results)
    draws = sum(r.outcome == "draw" for r in results)
    low, high = wilson_interval(wins, len(results))
    game_depths = [float(d) for r in results for d in r.depths]
    margins = [float(r.search_score - r.greedy_score) for r in results]
    summary.update(
        games=len(results),
        wins=wins,
        draws=draws,
        losses=len(results) - wins - draws,
        win_rate=wins / len(results) if results else float("nan"),
        ci95_low=low if results else float("nan"),
        ci95_high=high if results else float("nan"),
        time_per_move=args.time,
        game_depth_median=median(game_depths),
        mean_margin=sum(margins) / len(margins) if margins else float("nan"),
    )
    summary.setdefault("search_depth_median", median(game_depths))
    if not results:
        return []
    return [
        f"self-play: {len(results)} games against greedy at {args.time:g} s a move: "
        f"{wins} won, {draws} drawn, {len(results) - wins - draws} lost; win rate "
        f"{wins / len(results):.1%} (95 % CI {low:.1%}-{high:.1%}); mean margin "
        f"{summary['mean_margin']:+.1f} points; median depth {median(game_depths):g}"
    ]


COMMANDS: list[Command] = [
    Command(
        "balda",
        "moves",
        "list every legal move of a position, longest words first",
        _configure_moves,
        _run_moves,
        description="List every legal move (cell, letter, path, word) of a Balda position "
        "given as state text, longest words first.",
    ),
    Command(
        "balda",
        "best",
        "the best move of a position by alpha-beta look-ahead",
        _configure_best,
        _run_best,
        description="Pick the best Balda move by alpha-beta search over the score difference, "
        "deepening while the time lasts; the endgame is solved exactly.",
    ),
    Command(
        "bench",
        "balda",
        "Balda: move generation speed, search depth, self-play win rate against greedy",
        _configure_bench,
        _run_bench,
        description="Time move generation on midgame positions, measure the search depth "
        "reached in --depth-time seconds, and play --games self-play games of the search "
        "against a greedy longest-word player (colours swapped, random start words).",
    ),
]
