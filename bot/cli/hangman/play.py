"""The screen side of Hangman: ``gamebot read hangman`` and ``gamebot play hangman``.

``play hangman`` starts bsdgames hangman in an xterm (on a private Xvfb when there is no
display), learns the terminal font from a calibration screen, and plays word after word with
pyautogui keystrokes, keeping a win log. ``--compare-sim`` then checks the real win rate against
the simulated one: the same solver over every word, weighted by the odds bsdgames picks words.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from bot.cli.hangman.common import lexicon_from_args, solver_options
from bot.cli.options import add_json, positive_int
from bot.cli.registry import Command

if TYPE_CHECKING:
    from bot.run.results import SessionStats
    from solvers.hangman.strategies import Solver

DEFAULT_LOG = Path("out/hangman/wins.jsonl")


def _configure_read(p: argparse.ArgumentParser) -> None:
    p.add_argument("image", type=Path, help="screenshot of the xterm window running hangman")
    p.add_argument(
        "--calibration",
        type=Path,
        required=True,
        help="screenshot of the same xterm showing the calibration screen (play --record saves"
        " one as calibration.png)",
    )
    add_json(p)


def _run_read(args: argparse.Namespace) -> int:
    from bot.cli.report import emit
    from vision.core.frame import Frame
    from vision.hangman.reader import read_hangman
    from vision.hangman.terminal import Glyphs

    glyphs = Glyphs.learn(Frame.from_file(args.calibration))
    try:
        view, lines = read_hangman(Frame.from_file(args.image), glyphs)
    except ValueError as exc:
        raise ValueError(f"{args.image}: {exc}") from None
    emit({"view": view.to_text(), "lines": lines}, [*lines, "", view.to_text()], args.json)
    return 0


def _configure_play(p: argparse.ArgumentParser) -> None:
    p.add_argument("--games", type=positive_int, default=10, help="words to play (default: 10)")
    p.add_argument("--min-length", type=positive_int, default=6, help="hangman -m (default: 6)")
    p.add_argument(
        "--log",
        type=Path,
        default=DEFAULT_LOG,
        help="win log, one JSON line a word (default: %(default)s)",
    )
    p.add_argument("--record", type=Path, metavar="DIR", help="save every frame read, labelled")
    p.add_argument(
        "--compare-sim",
        action="store_true",
        help="afterwards, compare the win rate with the simulated one (plays the dictionary)",
    )
    p.add_argument("--font", default="DejaVu Sans Mono", help="xterm font (default: %(default)s)")
    p.add_argument(
        "--font-size", type=positive_int, default=11, help="xterm font size (default: 11)"
    )
    solver_options(p, "maxwin", "bsdgames")


def _run_play(args: argparse.Namespace) -> int:
    import os
    import sys
    from contextlib import ExitStack

    from bot.cli.output_paths import check_file, check_folder
    from bot.cli.progress import progress_bar
    from bot.cli.report import emit
    from bot.games.hangman.adapter import HangmanAdapter, HangmanTarget
    from bot.games.hangman.xterm import HangmanXterm
    from bot.run import stats
    from bot.run.loop import Loop, LoopOptions
    from bot.run.recorder import JsonlWriter, Recorder
    from bot.run.safety import GuardedScreen
    from solvers.hangman.strategies import make_solver

    check_file(args.log, "--log")
    if args.record:
        check_folder(args.record, "--record")
    lexicon = lexicon_from_args(args, args.min_length)
    solver = make_solver(args.strategy, lexicon, args.misses)
    with ExitStack() as stack:
        if sys.platform.startswith("linux") and not os.environ.get("DISPLAY"):
            from bot.io.virtual_display import VirtualDisplay

            stack.enter_context(VirtualDisplay(1024, 768))
        from bot.io.screens.desktop import DesktopScreen

        screen = DesktopScreen()
        stack.callback(screen.close)
        terminal = HangmanXterm(
            screen, Path(args.dictionary), args.min_length, args.font, args.font_size
        )
        stack.callback(terminal.stop)
        log = JsonlWriter(args.log)
        stack.callback(log.close)
        recorder = stack.enter_context(Recorder(args.record)) if args.record else None
        terminal.start()
        if recorder is not None and terminal.calibration is not None:
            terminal.calibration.save(args.record / "calibration.png")
        bar = stack.enter_context(progress_bar(args.games, "hangman words"))

        def status(s: SessionStats) -> None:
            bar.advance(status=f"won {s.wins}/{len(s.games)}, misreads {s.misreads}")

        options = LoopOptions(games=args.games, problems_dir=Path("out/problems"))
        loop = Loop(
            GuardedScreen(screen),
            HangmanTarget(terminal),
            HangmanAdapter(terminal, solver),
            options,
            recorder,
            log,
            status,
        )
        session = loop.run()
    games = session.finished
    wins = session.wins
    low, high = stats.wilson_interval(wins, len(games))
    read_ms = session.read_times()
    decide_ms = session.decide_times()
    n = max(1, len(games))
    summary: dict[str, object] = {
        "games": len(games),
        "wins": wins,
        "win_rate": wins / len(games) if games else None,
        "win_rate_ci95": [low, high],
        "mean_misses": sum(int(g.details["misses"]) for g in games) / n,  # type: ignore[call-overload]
        "misreads": session.misreads,
        "stale_frames": session.stale_frames,
        "words_not_in_dictionary": sum(not g.details.get("in_dictionary") for g in games),
        "read_ms_median": stats.median(read_ms),
        "decide_ms_median": stats.median(decide_ms),
        "strategy": args.strategy,
        "prior": args.prior,
        "log": str(args.log),
        "recording": str(args.record) if args.record else None,
        "stopped": session.stopped,
    }
    lines = [
        f"played {len(games)} words of bsdgames hangman ({args.strategy}, {args.prior} prior)",
        f"  won {wins} = {100 * wins / n:.1f} %"
        f" (95 % CI {100 * low:.1f}-{100 * high:.1f} %)",
        f"  misreads {session.misreads}, stale frames {session.stale_frames},"
        f" words not in the dictionary {summary['words_not_in_dictionary']}",
        f"  median read {stats.median(read_ms):.1f} ms, decide {stats.median(decide_ms):.2f} ms",
        f"  win log: {args.log}",
    ]
    if session.stopped:
        lines.append(f"  stopped: {session.stopped}")
    if args.compare_sim and games:
        sim, as_simulated = _compare_with_simulation(
            solver, args.dictionary, args.min_length, session
        )
        inside = low <= sim <= high
        summary["simulated_win_rate"] = sim
        summary["simulated_within_ci"] = inside
        summary["words_played_as_simulated"] = as_simulated
        lines += [
            f"  simulated win rate under bsdgames' word odds: {100 * sim:.2f} %"
            f" ({'inside' if inside else 'OUTSIDE'} the 95 % CI of the real games)",
            f"  {as_simulated} of {len(games)} words played exactly as the simulator played them"
            " (same guesses, same outcome)",
        ]
    emit(summary, lines, args.json)
    return 1 if session.stopped and not session.stopped.startswith("interrupted") else 0


def _compare_with_simulation(
    solver: Solver, dictionary: str, min_length: int, session: SessionStats
) -> tuple[float, int]:
    """The solver's exact win rate against bsdgames' own odds of picking each word, and how
    many real words went guess for guess as in the simulation (a misread would break that)."""
    import numpy as np

    from solvers.hangman.evaluate import play_dictionary
    from solvers.hangman.priors import bsdgames_weights

    out = play_dictionary(solver)
    limit = solver.max_misses
    weights = bsdgames_weights(out.words, dictionary, min_length)
    rate = float(np.sum(weights * out.won(limit)) / np.sum(weights))
    simulated = out.by_word()
    same = 0
    for game in session.finished:
        word, played = str(game.details["word"]), str(game.details["guesses"])
        if word not in simulated:
            continue
        misses, guesses = simulated[word]
        n = min(len(guesses), len(played))
        if (
            played[:n] == guesses[:n]
            and game.details["misses"] == min(misses, limit)
            and (game.outcome == "won") == (misses < limit)
        ):
            same += 1
    return rate, same


COMMANDS: list[Command] = [
    Command(
        "read",
        "hangman",
        "read a screenshot of bsdgames hangman's xterm (needs its calibration screenshot)",
        _configure_read,
        _run_read,
    ),
    Command(
        "play",
        "hangman",
        "play bsdgames hangman in an xterm by itself, word after word, keeping a win log",
        _configure_play,
        _run_play,
    ),
]
