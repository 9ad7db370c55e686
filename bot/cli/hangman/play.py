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

from bot.cli.hangman.common import solver_options
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
    from bot.cli.progress import progress_bar
    from bot.cli.report import emit
    from bot.games.hangman.session import HangmanConfig, lexicon
    from bot.games.hangman.spec import SPEC
    from bot.run import session, stats
    from solvers.hangman.strategies import make_solver

    cfg = HangmanConfig(
        games=args.games, log=args.log, record=args.record, dictionary=args.dictionary,
        min_length=args.min_length, strategy=args.strategy, prior=args.prior,
        misses=args.misses, font=args.font, font_size=args.font_size,
    )
    with progress_bar(args.games, "hangman words") as bar:

        def status(s: SessionStats) -> None:
            bar.advance(status=f"won {s.wins}/{len(s.games)}, misreads {s.misreads}")

        result = session.play(SPEC, cfg, status)
    summary, lines = result.summary, result.lines
    games = result.stats.finished
    low, high = stats.wilson_interval(result.stats.wins, result.stats.finished_count)
    if args.compare_sim and games:
        solver = make_solver(cfg.strategy, lexicon(cfg), cfg.misses)
        sim, as_simulated = _compare_with_simulation(
            solver, args.dictionary, args.min_length, result.stats
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
    stopped = result.stats.stopped
    return 1 if stopped and not stopped.startswith("interrupted") else 0


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
