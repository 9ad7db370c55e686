"""Hangman commands: the hardest words, the best guess, the benchmark, reading and playing.

``gamebot hangman hardest``, ``gamebot solve hangman STATE``, ``gamebot bench hangman``,
``gamebot read hangman SHOT --calibration CAL`` and ``gamebot play hangman --games N`` (the real
bsdgames hangman in an xterm, on a private Xvfb when there is no display).
"""

from __future__ import annotations

import argparse
from typing import TypedDict

from bot.cli.hangman.common import PRIORS, STRATEGIES, lexicon_from_args, solver_options
from bot.cli.hangman.play import COMMANDS as PLAY_COMMANDS
from bot.cli.options import positive_int
from bot.cli.registry import Command
from bot.errors import GamebotError

# --- hangman hardest ------------------------------------------------------------------------



class HardWord(TypedDict):
    """One of the hardest words, as ``hangman hardest`` lists it (and its JSON)."""

    rank: int
    word: str
    misses: int
    guesses: int
    won: bool
    sequence: str
    known_after: int

def _configure_hardest(p: argparse.ArgumentParser) -> None:
    p.add_argument("--length", type=positive_int, default=6, help="word length (default: 6)")
    p.add_argument("--top", type=positive_int, default=10, help="how many words (default: 10)")
    p.add_argument("--easiest", action="store_true", help="list the easiest words instead")
    solver_options(p, "greedy", "uniform")


def full_sequence(word: str, decided: str) -> str:
    """The guesses until the word was known, then its letters not guessed yet (all hits)."""
    rest = "".join(dict.fromkeys(ch for ch in word if ch not in decided))
    return decided + rest


def _run_hardest(args: argparse.Namespace) -> int:
    from bot.cli.report import emit
    from solvers.hangman.evaluate import play_dictionary
    from solvers.hangman.strategies import make_solver

    lexicon = lexicon_from_args(args, 1, args.length)
    solver = make_solver(args.strategy, lexicon, args.misses)
    out = play_dictionary(solver)
    rows = sorted(
        zip(out.misses, map(len, out.guesses), out.words, out.guesses, strict=True),
        key=lambda r: (r[0], r[1], r[2]),
        reverse=not args.easiest,  # the hardest (or the easiest) word first
    )
    picked = rows[: args.top]
    which = "easiest" if args.easiest else "hardest"
    limit = args.misses
    table: list[HardWord] = []
    for rank, (misses, _known_at, word, decided) in enumerate(picked, 1):
        sequence = full_sequence(word, decided)
        table.append(
            HardWord(rank=rank, word=word, misses=misses, guesses=len(sequence),
                     won=misses < limit, sequence=sequence, known_after=len(decided))
        )
    lines = [
        f"{which} {len(picked)} of {len(rows)} words of {args.length} letters in"
        f" {args.dictionary} ({args.strategy} strategy, {args.prior} prior; the game is lost at"
        f" miss {limit})",
        f"{'#':>3}  {'word':<{args.length + 2}}{'misses':>6}  {'guesses':>7}  result  guesses in"
        " order (| = the word is known from here)",
    ]
    for row in table:
        seq, cut = row["sequence"], row["known_after"]
        result = "won " if row["won"] else "lost"
        lines.append(
            f"{row['rank']:>3}  {row['word']:<{args.length + 2}}{row['misses']:>6}"
            f"  {row['guesses']:>7}  {result:6}  {seq[:cut]}|{seq[cut:]}"
        )
    summary = {
        "dictionary": args.dictionary,
        "length": args.length,
        "strategy": args.strategy,
        "prior": args.prior,
        "miss_limit": limit,
        "words": len(rows),
        which: table,
    }
    emit(summary, lines, args.json)
    return 0


# --- solve hangman --------------------------------------------------------------------------


def _configure_solve(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "state",
        help="what is known: the word with '-' (or '_') for unknown letters, then the wrong "
        "letters, e.g. '__a--e wrong=st' (or put '--' before a text that starts with '-')",
    )
    p.add_argument("--min-length", type=positive_int, default=6, help="shortest word (default: 6)")
    solver_options(p, "maxwin", "uniform")


def _run_solve(args: argparse.Namespace) -> int:
    from bot.cli.report import emit
    from solvers.hangman.state import State
    from solvers.hangman.strategies import make_solver

    state = State.from_text(args.state)
    if state.misses >= args.misses:
        raise GamebotError(
            f"the game is already lost: {state.misses} wrong letters"
            f" ({''.join(sorted(state.wrong))}) and the game is lost at miss {args.misses}"
        )
    if state.solved:
        raise GamebotError(f"the word is already solved: {state.pattern}")
    solver = make_solver(args.strategy, lexicon_from_args(args, args.min_length), args.misses)
    decision = solver.decide(state)
    lines = [
        f"{decision.move.to_text()}  ({decision.stage}: {decision.reason})",
    ]
    emit({"state": state.to_text(), **decision.to_dict()}, lines, args.json)
    return 0


# --- bench hangman --------------------------------------------------------------------------


def _configure_bench(p: argparse.ArgumentParser) -> None:
    p.add_argument("--min-length", type=positive_int, default=6, help="shortest word (default: 6)")
    p.add_argument(
        "--baseline",
        choices=(*STRATEGIES, "none"),
        default="greedy",
        help="also run this strategy and compare word by word (default: %(default)s)",
    )
    p.add_argument(
        "--weigh-by",
        choices=PRIORS,
        default="uniform",
        help="also give the win rate and misses with words weighted by how likely a setter "
        "picks them (the figures per word are always printed) (default: %(default)s)",
    )
    solver_options(p, "maxwin", "uniform")


def _run_bench(args: argparse.Namespace) -> int:
    import gc

    from bot.bench.hangman import BenchRun, paired, report_lines, run_bench
    from bot.cli.interrupt import until_interrupted
    from bot.cli.progress import progress_bar
    from bot.cli.report import emit
    from solvers.hangman.strategies import make_solver

    lexicon = lexicon_from_args(args, args.min_length)
    gc.collect()
    gc.freeze()  # the word arrays are here for good: keep the collector from re-walking them
    runs: dict[str, BenchRun] = {}
    names = [args.strategy]
    if args.baseline not in ("none", args.strategy):
        names.append(args.baseline)
    with until_interrupted() as stop:
        for name in names:
            with progress_bar(lexicon.size, f"{name} over every word") as bar:
                def keep(run: BenchRun, name: str = name) -> None:
                    runs[name] = run

                run_bench(make_solver(name, lexicon, args.misses), bar.advance, keep)
    summary: dict[str, object] = {
        "dictionary": args.dictionary,
        "min_length": args.min_length,
        "prior": args.prior,
    }
    run = runs.get(args.strategy)
    if run is None:  # stopped before the first word
        summary["stopped"] = stop.reason
        emit(summary, [f"strategy {args.strategy}: no word finished", *stop.line()], args.json)
        return stop.exit_code()
    summary.update(run.summary())
    base = runs.get(names[1]) if len(names) > 1 else None
    finished = base is not None and base.words == run.words == lexicon.size
    compare = paired(run, base) if base is not None and finished else None
    if base is not None:
        summary["baseline_summary"] = base.summary()
    if compare is not None:
        summary["paired"] = compare.to_dict()
    lines = report_lines(run, compare)
    if base is not None and base.words:
        lines.append(
            f"  baseline {base.strategy}: won {base.wins} = {100 * base.wins / base.words:.2f} %,"
            f" mean misses {base.mean_misses:.4f}"
            + ("" if finished else f" ({base.words} words: no word-by-word comparison)")
        )
    if args.weigh_by != "uniform" and run.words:
        from solvers.hangman.priors import prior_weights

        words = run.outcomes.words  # every word any run finished (the baseline runs after)
        raw = prior_weights(args.weigh_by, words, args.dictionary, args.min_length)
        weight = dict(zip(words, raw.tolist(), strict=True))
        weighted: dict[str, object] = {"by": args.weigh_by}
        for name, one in runs.items():
            if not one.words:
                continue
            rate, misses = one.weighted(weight)
            weighted[name] = {"win_rate": rate, "mean_misses": misses}
            lines.append(
                f"  words weighted by {args.weigh_by}: {name} wins {100 * rate:.2f} %,"
                f" mean misses {misses:.4f}"
            )
        summary["weighted"] = weighted
    summary["stopped"] = stop.reason
    lines += stop.line()
    emit(summary, lines, args.json)
    return stop.exit_code()


COMMANDS: list[Command] = [
    Command(
        "hangman",
        "hardest",
        "the hardest (or easiest) words for a solver: misses, guesses, guess sequence",
        _configure_hardest,
        _run_hardest,
    ),
    Command(
        "solve",
        "hangman",
        "the best letter for a Hangman position such as '--a--e wrong=st'",
        _configure_solve,
        _run_solve,
    ),
    Command(
        "bench",
        "hangman",
        "play every word of a dictionary: win rate, mean misses, time per decision",
        _configure_bench,
        _run_bench,
    ),
    *PLAY_COMMANDS,  # read hangman, play hangman: the screen side, in their own module
]
